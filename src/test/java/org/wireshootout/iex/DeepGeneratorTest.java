package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.IOException;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The synthetic DEEP day: deterministic, well-formed, and with the mix the benchmarks rely on. */
class DeepGeneratorTest {

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes() throws IOException {
        for (boolean gzip : new boolean[]{false, true}) {
            CaptureWriter.Options o = new CaptureWriter.Options().gzip(gzip);
            byte[] a = IexTestData.generate(new DeepGenerator(11, 4_000), o);
            byte[] b = IexTestData.generate(new DeepGenerator(11, 4_000), o);
            byte[] c = IexTestData.generate(new DeepGenerator(12, 4_000), o);
            assertArrayEquals(a, b, "gzip " + gzip);
            assertFalse(java.util.Arrays.equals(a, c), "gzip " + gzip);
        }
        assertEquals(new DeepGenerator(5, 1_000).messages(), new DeepGenerator(5, 1_000).messages());
    }

    @Test
    void aRealisticDay() {
        DeepGenerator g = new DeepGenerator(DeepGenerator.DEFAULT_SEED, 50_000, 16);
        List<IexMessage> ms = g.messages();
        assertEquals(50_000, ms.size());
        Map<IexMessageType, Integer> n = new EnumMap<>(IexMessageType.class);
        for (IexMessage m : ms) n.merge(m.type(), 1, Integer::sum);
        EnumSet<IexMessageType> deep = EnumSet.noneOf(IexMessageType.class);
        for (IexMessageType t : IexMessageType.values()) if (t.inDeep()) deep.add(t);
        assertEquals(deep, n.keySet(), "every DEEP type and nothing else: " + n);
        int levels = n.get(IexMessageType.PRICE_LEVEL_UPDATE_BUY) + n.get(IexMessageType.PRICE_LEVEL_UPDATE_SELL);
        assertTrue(levels > ms.size() / 2, "price level updates dominate: " + n);
        assertTrue(n.get(IexMessageType.PRICE_LEVEL_UPDATE_BUY) > levels / 3 && n.get(IexMessageType.PRICE_LEVEL_UPDATE_SELL) > levels / 3,
                "both sides: " + n);
        assertTrue(n.get(IexMessageType.TRADE_REPORT) > n.get(IexMessageType.TRADE_BREAK) * 10, "breaks are occasional: " + n);

        StringBuilder events = new StringBuilder();
        for (IexMessage m : ms) if (m.type() == IexMessageType.SYSTEM_EVENT) events.append(m.code());
        assertEquals("OSRMEC", events.toString());
        assertEquals('O', ms.get(0).code());
        assertEquals('C', ms.get(ms.size() - 1).code());

        long symbols = ms.stream().filter(m -> m.type() != IexMessageType.SYSTEM_EVENT).map(IexMessage::symbolBits).distinct().count();
        assertEquals(16, symbols);
        for (int i = 1; i < ms.size(); i++) {
            assertTrue(ms.get(i).timestamp() >= ms.get(i - 1).timestamp(), "timestamps never go back at " + i);
        }
        for (IexMessage m : ms) {
            if (m.type() == IexMessageType.TRADE_REPORT) {
                assertTrue(m.size() > 0 && m.price() > 0, m::toString);
                assertEquals(m.size() < 100, (m.flags() & 0x20) != 0, () -> "odd-lot flag: " + m);
            }
        }
    }

    @Test
    void segmentsAreConsecutiveAndSmall() {
        DeepGenerator g = new DeepGenerator(1, 20_000);
        long sequence = 1;
        long offset = 0;
        long lastSend = Long.MIN_VALUE;
        int expectedFrom = 0;
        int heartbeats = 0;
        for (DeepGenerator.Segment s : g.segments()) {
            assertEquals(sequence, s.firstSequence);
            assertEquals(offset, s.streamOffset);
            assertEquals(expectedFrom, s.from);
            assertTrue(s.messageCount() <= 8);
            assertTrue(s.sendTime > lastSend, "send times increase");
            for (int i = s.from; i < s.to; i++) {
                assertTrue(g.messages().get(i).timestamp() <= s.sendTime, "sent after it happened");
                offset += 2 + g.messages().get(i).type().wireLength();
            }
            if (s.messageCount() == 0) heartbeats++;
            sequence += s.messageCount();
            expectedFrom = s.to;
            lastSend = s.sendTime;
        }
        assertEquals(g.messages().size(), expectedFrom);
        assertTrue(heartbeats > 0);
        double perSegment = 20_000.0 / (g.segments().size() - heartbeats);
        assertTrue(perSegment > 2, "several messages per segment: " + perSegment);
    }

    @Test
    void tinyCountsCutTheDayShort() throws IOException {
        for (int count : new int[]{0, 1, 2, 10, 85, 200}) {
            DeepGenerator g = new DeepGenerator(9, count);
            assertEquals(count, g.messages().size());
            IexTestData.Outcome o = IexTestData.read(IexTestData.generate(g, new CaptureWriter.Options()), "tiny" + count);
            IexTestData.assertNoFault(o);
            IexTestData.assertSameMessages(g.messages(), o.messages);
            if (count > 0) assertEquals('O', g.messages().get(0).code());
        }
    }

    @Test
    void defaultDataSetIsTheDocumentedOne() {
        List<IexMessage> d = DeepGenerator.defaultDataSet();
        assertEquals(DeepGenerator.DEFAULT_MESSAGES, d.size());
        assertEquals(new DeepGenerator(DeepGenerator.DEFAULT_SEED, DeepGenerator.DEFAULT_MESSAGES).messages(), d);
        assertThrows(UnsupportedOperationException.class, () -> d.remove(0));
    }
}
