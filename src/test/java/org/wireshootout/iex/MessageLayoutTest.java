package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;
import static org.wireshootout.iex.HandBuilt.le;
import static org.wireshootout.iex.HandBuilt.sym;

/**
 * Every message type's byte layout, built by hand from the table in docs/iex-tp.md with distinct values in every
 * field: the decoder must read each field from its offset, the encoder must write the same bytes back.
 */
class MessageLayoutTest {
    private static final long TS = 1_696_248_001_047_749_383L;

    /** Hand-built bytes and the message they must decode to, per type. */
    private static Map<byte[], IexMessage> cases() {
        Map<byte[], IexMessage> c = new LinkedHashMap<>();
        c.put(le(10).put((byte) 'S').put((byte) 'R').putLong(TS).array(),
                new IexMessage().setType(IexMessageType.SYSTEM_EVENT).setCode('R').setTimestamp(TS));
        c.put(le(31).put((byte) 'D').put((byte) 0xA0).putLong(TS).put(sym("ZIEXT")).putInt(100).putLong(1_234_500)
                        .put((byte) 2).array(),
                new IexMessage().setType(IexMessageType.SECURITY_DIRECTORY).setFlags(0xA0).setTimestamp(TS)
                        .setSymbol("ZIEXT").setRoundLotSize(100).setAdjustedPocPrice(1_234_500).setLuldTier(2));
        c.put(le(22).put((byte) 'H').put((byte) 'H').putLong(TS).put(sym("AAPL")).put("IPO1".getBytes()).array(),
                new IexMessage().setType(IexMessageType.TRADING_STATUS).setCode('H').setTimestamp(TS).setSymbol("AAPL")
                        .setReason("IPO1"));
        c.put(le(18).put((byte) 'I').put((byte) 'C').putLong(TS).put(sym("MSFT")).array(),
                new IexMessage().setType(IexMessageType.RETAIL_LIQUIDITY_INDICATOR).setCode('C').setTimestamp(TS).setSymbol("MSFT"));
        c.put(le(18).put((byte) 'O').put((byte) 'O').putLong(TS).put(sym("F")).array(),
                new IexMessage().setType(IexMessageType.OPERATIONAL_HALT_STATUS).setCode('O').setTimestamp(TS).setSymbol("F"));
        c.put(le(19).put((byte) 'P').put((byte) 1).putLong(TS).put(sym("BRK.B")).put((byte) 'A').array(),
                new IexMessage().setType(IexMessageType.SHORT_SALE_PRICE_TEST_STATUS).setFlags(1).setTimestamp(TS)
                        .setSymbol("BRK.B").setDetail('A'));
        c.put(le(18).put((byte) 'E').put((byte) 'C').putLong(TS).put(sym("IEXG")).array(),
                new IexMessage().setType(IexMessageType.SECURITY_EVENT).setCode('C').setTimestamp(TS).setSymbol("IEXG"));
        c.put(le(30).put((byte) '8').put((byte) 1).putLong(TS).put(sym("SPY")).putInt(4_200).putLong(4_271_300).array(),
                new IexMessage().setType(IexMessageType.PRICE_LEVEL_UPDATE_BUY).setFlags(1).setTimestamp(TS).setSymbol("SPY")
                        .setSize(4_200).setPrice(4_271_300));
        c.put(le(30).put((byte) '5').put((byte) 0).putLong(TS).put(sym("QQQ")).putInt(-1).putLong(-5).array(),
                new IexMessage().setType(IexMessageType.PRICE_LEVEL_UPDATE_SELL).setFlags(0).setTimestamp(TS).setSymbol("QQQ")
                        .setSize(0xFFFF_FFFFL).setPrice(-5));
        c.put(le(42).put((byte) 'Q').put((byte) 0xC0).putLong(TS).put(sym("TSLA")).putInt(300).putLong(2_506_300)
                        .putLong(2_506_500).putInt(700).array(),
                new IexMessage().setType(IexMessageType.QUOTE_UPDATE).setFlags(0xC0).setTimestamp(TS).setSymbol("TSLA")
                        .setBidSize(300).setBidPrice(2_506_300).setAskPrice(2_506_500).setAskSize(700));
        c.put(le(38).put((byte) 'T').put((byte) 0x68).putLong(TS).put(sym("TSLA")).putInt(10).putLong(2_506_400)
                        .putLong(1_477_663).array(),
                new IexMessage().setType(IexMessageType.TRADE_REPORT).setFlags(0x68).setTimestamp(TS).setSymbol("TSLA")
                        .setSize(10).setPrice(2_506_400).setTradeId(1_477_663));
        c.put(le(38).put((byte) 'B').put((byte) 0x10).putLong(TS).put(sym("TSLA")).putInt(11).putLong(2_506_401)
                        .putLong(Long.MAX_VALUE).array(),
                new IexMessage().setType(IexMessageType.TRADE_BREAK).setFlags(0x10).setTimestamp(TS).setSymbol("TSLA")
                        .setSize(11).setPrice(2_506_401).setTradeId(Long.MAX_VALUE));
        c.put(le(26).put((byte) 'X').put((byte) 'M').putLong(TS).put(sym("IEXG")).putLong(987_654).array(),
                new IexMessage().setType(IexMessageType.OFFICIAL_PRICE).setCode('M').setTimestamp(TS).setSymbol("IEXG")
                        .setPrice(987_654));
        c.put(le(80).put((byte) 'A').put((byte) 'C').putLong(TS).put(sym("ZIEXT")).putInt(12_000).putLong(1_000_100)
                        .putLong(1_000_200).putInt(3_400).put((byte) 'S').put((byte) 2).putInt(1_696_276_800)
                        .putLong(1_000_300).putLong(1_000_400).putLong(900_000).putLong(1_100_000).array(),
                new IexMessage().setType(IexMessageType.AUCTION_INFORMATION).setCode('C').setTimestamp(TS).setSymbol("ZIEXT")
                        .setPairedShares(12_000).setReferencePrice(1_000_100).setIndicativeClearingPrice(1_000_200)
                        .setImbalanceShares(3_400).setImbalanceSide('S').setExtensionNumber(2)
                        .setScheduledAuctionTime(1_696_276_800).setAuctionBookClearingPrice(1_000_300)
                        .setCollarReferencePrice(1_000_400).setLowerAuctionCollar(900_000).setUpperAuctionCollar(1_100_000));
        return c;
    }

    @Test
    void everyTypeIsCovered() {
        Set<IexMessageType> seen = EnumSet.noneOf(IexMessageType.class);
        for (IexMessage m : cases().values()) seen.add(m.type());
        assertEquals(EnumSet.allOf(IexMessageType.class), seen);
        for (Map.Entry<byte[], IexMessage> e : cases().entrySet()) {
            assertEquals(e.getValue().type().wireLength(), e.getKey().length, "table length of " + e.getValue().type());
        }
    }

    @Test
    void decoderReadsEveryFieldFromItsOffset() {
        for (Map.Entry<byte[], IexMessage> e : cases().entrySet()) {
            byte[] wire = e.getKey();
            // at a non-zero offset inside a bigger array, as in a segment
            byte[] padded = new byte[wire.length + 7];
            System.arraycopy(wire, 0, padded, 3, wire.length);
            IexMessage decoded = new IexMessage().setType(IexMessageType.AUCTION_INFORMATION); // stale state on purpose
            assertEquals(e.getValue().type(), IexTpDecoder.decodeMessage(padded, 3, wire.length, decoded));
            assertNull(e.getValue().firstDifference(decoded), () -> "expected " + e.getValue() + "\n but was " + decoded);
            assertEquals(e.getValue(), decoded);
            assertEquals(e.getValue().hashCode(), decoded.hashCode());
        }
    }

    @Test
    void encoderWritesTheSameBytes() {
        for (Map.Entry<byte[], IexMessage> e : cases().entrySet()) {
            byte[] out = new byte[IexTpEncoder.MAX_MESSAGE_LENGTH + 5];
            int n = IexTpEncoder.encodeMessage(e.getValue(), out, 5);
            assertArrayEquals(e.getKey(), Arrays.copyOfRange(out, 5, 5 + n), e.getValue().type().toString());
        }
    }

    @Test
    void shorterThanTheTypeIsRefusedLongerIsReadToItsLength() {
        for (Map.Entry<byte[], IexMessage> e : cases().entrySet()) {
            byte[] wire = e.getKey();
            IexMessage target = new IexMessage();
            assertNull(IexTpDecoder.decodeMessage(wire, 0, wire.length - 1, target), e.getValue().type().toString());
            byte[] longer = Arrays.copyOf(wire, wire.length + 9);
            assertNotNull(IexTpDecoder.decodeMessage(longer, 0, longer.length, target));
            assertEquals(e.getValue(), target);
        }
        assertNull(IexTpDecoder.decodeMessage(new byte[]{'Z', 0, 0}, 0, 3, new IexMessage()), "unknown type");
        assertNull(IexTpDecoder.decodeMessage(new byte[0], 0, 0, new IexMessage()), "empty");
        assertNull(IexTpDecoder.decodeMessage(new byte[10], 5, 10, new IexMessage()), "runs past the array");
    }

    @Test
    void reasonAndSymbolKeepTheirPadding() {
        ByteBuffer b = le(22).put((byte) 'H').put((byte) 'T').putLong(TS).put(sym("A")).put("    ".getBytes());
        IexMessage m = new IexMessage();
        IexTpDecoder.decodeMessage(b.array(), 0, 22, m);
        assertEquals("A", m.symbol().toString());
        assertEquals(1, m.symbol().length());
        assertEquals("", m.reason().toString());
        assertEquals(IexMessage.BLANK_REASON, m.reasonBits());
    }
}
