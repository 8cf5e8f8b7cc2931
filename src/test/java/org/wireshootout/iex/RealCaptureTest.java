package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;
import org.wireshootout.model.iex.IexProtocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.*;

/** The two real captures read exactly as their README says. */
class RealCaptureTest {

    private static Map<Character, Long> counts(Object... pairs) {
        Map<Character, Long> m = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) m.put((Character) pairs[i], ((Number) pairs[i + 1]).longValue());
        return m;
    }

    private static final Map<Character, Long> DEEP_TYPES = counts('P', 11594, 'O', 11317, 'H', 11311, 'I', 11309,
            '8', 1526, '5', 1226, 'T', 37, 'D', 3, 'S', 2);

    private static void assertDeepStats(IexCaptureStats s) {
        assertEquals(IexProtocol.DEEP_1_0, s.protocol());
        assertFalse(s.mixedProtocols());
        assertEquals(1, s.channelId());
        assertEquals(1286602752L, s.sessionId());
        assertEquals(5000, s.packets());
        assertEquals(1264, s.heartbeats());
        assertEquals(48325, s.messages());
        assertEquals(DEEP_TYPES, s.messagesByType());
        assertEquals(0, s.unknownMessages());
        assertEquals(0, s.shortMessages());
        assertEquals(0, s.otherPackets());
        assertEquals(0, s.sequenceGaps(), "the README says: no sequence gaps");
        assertEquals(0, s.sequenceRestarts());
        assertNull(s.truncatedTail());
        assertNull(s.error());
        assertFalse(s.compressedStreamCutShort());
        assertEquals(0, s.sessionChanges());
    }

    @Test
    void deepSampleCountsMatchTheReadme() throws IOException {
        IexCaptureStats s = IexCaptureReader.read(IexTestData.deep(), m -> { });
        assertDeepStats(s);
        assertTrue(s.compressed());
        assertEquals("pcap (little-endian, microsecond timestamps, gzip)", s.container());
        assertEquals(1_547_149, s.bytesRead(), "uncompressed size");
    }

    @Test
    void deepSampleUncompressedReadsTheSameMessages(@TempDir Path dir) throws IOException {
        Path plain = dir.resolve("deep-but-named.gz"); // names lie: the magic number decides
        Files.write(plain, IexTestData.gunzip(IexTestData.deep()));
        List<IexMessage> fromGzip = IexCaptureReader.readAll(IexTestData.deep());
        List<IexMessage> fromPlain = IexCaptureReader.readAll(plain);
        IexTestData.assertSameMessages(fromGzip, fromPlain);
        IexCaptureStats s = IexCaptureReader.read(plain, m -> { });
        assertDeepStats(s);
        assertFalse(s.compressed());
    }

    @Test
    void firstTslaTradeReport() throws IOException {
        IexMessage trade = null;
        for (IexMessage m : IexCaptureReader.readAll(IexTestData.deep())) {
            if (m.type() == IexMessageType.TRADE_REPORT && m.symbol().toString().equals("TSLA")) {
                trade = m;
                break;
            }
        }
        assertNotNull(trade, "no TSLA trade report");
        assertEquals(10, trade.size());
        assertEquals(2506400, trade.price());
        assertEquals(1477663, trade.tradeId());
        assertEquals(1696248001047749383L, trade.timestamp());
        assertEquals(IexMessage.packSymbol("TSLA"), trade.symbolBits());
    }

    @Test
    void deepSystemEventsAreStartOfMessagesThenStartOfSystemHours() throws IOException {
        StringBuilder events = new StringBuilder();
        IexCaptureReader.read(IexTestData.deep(), m -> {
            if (m.type() == IexMessageType.SYSTEM_EVENT) events.append(m.code());
        });
        assertEquals("OS", events.toString());
    }

    @Test
    void topsSampleCountsCompletePacketsAndReportsTheCutOffThirdPacket() throws IOException {
        IexCaptureStats s = IexCaptureReader.read(IexTestData.tops(), m -> { });
        assertEquals(IexProtocol.TOPS_1_6, s.protocol());
        assertEquals(1149108224L, s.sessionId());
        assertEquals("pcapng (little-endian section)", s.container());
        assertEquals(2, s.packets());
        assertEquals(1, s.heartbeats());
        assertEquals(53, s.messages());
        assertEquals(counts('S', 1, 'H', 13, 'O', 13, 'P', 13, 'Q', 13), s.messagesByType());
        TruncatedRecord t = s.truncatedTail();
        assertNotNull(t, "the cut-off third packet must be reported");
        assertEquals(3480, t.offset());
        assertEquals(1486, t.bytesPresent());
        assertEquals(1532, t.bytesDeclared());
        assertEquals("Enhanced Packet Block", t.kind());
        assertEquals(52, t.messagesDeclared());
        assertEquals(51, t.messagesRecovered());
        assertEquals(counts('H', 13, 'O', 13, 'P', 13, 'Q', 12), s.recoveredByType());
        assertNull(s.error());
        assertEquals(4966, s.bytesRead());
    }

    @Test
    void topsSampleYieldsAll104CompleteMessages() throws IOException {
        List<IexMessage> all = IexCaptureReader.readAll(IexTestData.tops());
        assertEquals(104, all.size());
        Map<Character, Long> byType = new TreeMap<>();
        for (IexMessage m : all) byType.merge(m.typeCode(), 1L, Long::sum);
        assertEquals(counts('P', 26, 'O', 26, 'H', 26, 'Q', 25, 'S', 1), byType);
        IexMessage first = all.get(0);
        assertEquals(IexMessageType.SYSTEM_EVENT, first.type());
        // every quote of a real feed has a non-negative spread or an empty side
        for (IexMessage m : all) {
            if (m.type() != IexMessageType.QUOTE_UPDATE) continue;
            if (m.bidSize() > 0 && m.askSize() > 0) assertTrue(m.bidPrice() <= m.askPrice(), m.toString());
        }
    }
}
