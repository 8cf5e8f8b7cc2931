package org.wireshootout.codec;

import org.junit.jupiter.api.Test;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Golden sizes, each derived by hand from the format's layout (the derivation is beside each number), so that a
 * change in what a row writes shows up here.
 */
class IexSizesTest {

    private static int size(IexFormat f, IexMessage m) {
        return f.held().encode(m);
    }

    /** The first TSLA trade of the DEEP sample (flags 0x60, ts 1696248001047749383, 10 @ 2506400, id 1477663). */
    @Test
    void tradeReportInEveryFormat() {
        IexMessage t = IexSamples.tslaTrade();
        Map<IexFormat, Integer> expected = new EnumMap<>(IexFormat.class);
        // IEX's own layout: type 1, flags 1, timestamp 8, symbol 8, size 4, price 8, trade id 8
        expected.put(IexFormat.iexWire, 38);
        expected.put(IexFormat.limit, 38);
        // the same 38 bytes behind Chronicle's 4-byte document header
        expected.put(IexFormat.bytesMarshallable, 42);
        // 8-byte message header + block: timestamp, symbol, price, trade id 4 x 8, size 4, flags 1
        expected.put(IexFormat.sbe, 45);
        // root offset 4 + 4 alignment padding; Message vtable 8 (size, table size, 2 slots) + Message table 12
        // (soffset 4, 3 padding, union type 1, offset 4); TradeReport vtable 16 (4 + 6 slots x 2) + table 44
        // (soffset 4, 3 padding, flags 1, size 4, then 4 longs x 8)
        expected.put(IexFormat.flatbuffers, 88);
        // segment table 8, root pointer 8, Message (1 data word: the discriminant; 1 pointer) 16,
        // Trade struct 5 words: flags + size share word 0, then timestamp, symbol, price, trade id
        expected.put(IexFormat.capnp, 72);
        // packing those 9 words (tag byte + the non-zero bytes; a word with no zero byte as 0xFF + 8 bytes + a
        // count of raw words that follow): table 2, root pointer 3, discriminant 2, member pointer 2,
        // flags+size 3, timestamp 0xFF+8+count 1 then the symbol raw 8, price 1+3, trade id 1+3
        expected.put(IexFormat.capnpPacked, 38);
        // outer field 11 tag 1 + length 1; inner: flags tag+1, timestamp tag+8, symbol tag+8, size tag+1,
        // price tag + 4-byte varint (2506400 < 2^28), trade id tag + 3-byte varint (1477663 < 2^21)
        expected.put(IexFormat.protobuf, 2 + 2 + 9 + 9 + 2 + 5 + 4);
        // fixmap 1; names with their fixstr headers: messageType 12, flags 6, timestamp 10, symbol 7, size 5,
        // price 6, tradeId 8; values: "T" 2, 96 fixint 1, timestamp uint64 9, "TSLA" 5, 10 fixint 1,
        // price uint32 5, trade id uint32 5
        expected.put(IexFormat.msgpack, 1 + (12 + 6 + 10 + 7 + 5 + 6 + 8) + (2 + 1 + 9 + 5 + 1 + 5 + 5));
        expected.put(IexFormat.jackson, JSON.length());
        // header 4; each name is a length code + its chars, each value a type code + its bytes: messageType
        // 1+11 + text 1+1, flags 1+5 + uint8 1+1, timestamp 1+9 + int64 1+8, symbol 1+6 + text 1+4,
        // size 1+4 + uint8 1+1, price 1+5 + int32 1+4, tradeId 1+7 + int32 1+4
        expected.put(IexFormat.binaryWire, 4 + 14 + 8 + 19 + 12 + 7 + 11 + 13);
        // Fory, schema consistent: header bitmap 1, not-null flag 1, type id 2 (struct + registered id); fields:
        // the five longs tagged (4 bytes when within +-2^30, else a marker byte + 8): timestamp 9, symbol 9,
        // size 4, price 4, trade id 4; flags an int as a zigzag varint (96 -> 192) 2
        expected.put(IexFormat.fory, 4 + 9 + 9 + 4 + 4 + 4 + 2);
        // compatible mode writes the same field bytes after the class's type definition (checked in ForyCodecTest)
        expected.put(IexFormat.foryCompatible, 159);
        // Kryo: type byte 1, flags 1, timestamp 8, symbol 8, size varint 1, price zigzag varint 4 (5012800 < 2^28),
        // trade id zigzag varint 4 (2955326 < 2^28)
        expected.put(IexFormat.kryo, 1 + 1 + 8 + 8 + 1 + 4 + 4);
        // Avro: union branch 10 zigzag 1, flags int zigzag (192) 2, timestamp long zigzag 9 (3.4e18 < 2^63),
        // symbol fixed 8, size 1, price 4, trade id 4
        expected.put(IexFormat.avro, 1 + 2 + 9 + 8 + 1 + 4 + 4);
        for (IexFormat f : IexFormat.values()) {
            assertEquals(expected.get(f), size(f, t), f + ": trade report size");
        }
    }

    private static final String JSON = "{\"messageType\":\"T\",\"flags\":96,\"timestamp\":1696248001047749383,"
            + "\"symbol\":\"TSLA\",\"size\":10,\"price\":2506400,\"tradeId\":1477663}";

    @Test
    void jacksonWritesTheExpectedJson() {
        HeldMessage<IexMessage> c = IexFormat.jackson.held();
        c.encode(IexSamples.tslaTrade());
        assertEquals(JSON, new String(c.bytes(), StandardCharsets.UTF_8));
    }

    /** The fixed-width rows, every type: their sizes follow from the field widths alone. */
    @Test
    void fixedWidthRowsEveryType() {
        // SBE block: 8-byte fields, then 4-byte, then 1-byte (see schemas/sbe/iex.xml)
        Map<IexMessageType, Integer> sbeBlock = new EnumMap<>(IexMessageType.class);
        sbeBlock.put(IexMessageType.SYSTEM_EVENT, 8 + 1);
        sbeBlock.put(IexMessageType.SECURITY_DIRECTORY, 3 * 8 + 4 + 1 + 1);
        sbeBlock.put(IexMessageType.TRADING_STATUS, 2 * 8 + 4 + 1);
        sbeBlock.put(IexMessageType.RETAIL_LIQUIDITY_INDICATOR, 2 * 8 + 1);
        sbeBlock.put(IexMessageType.OPERATIONAL_HALT_STATUS, 2 * 8 + 1);
        sbeBlock.put(IexMessageType.SHORT_SALE_PRICE_TEST_STATUS, 2 * 8 + 1 + 1);
        sbeBlock.put(IexMessageType.SECURITY_EVENT, 2 * 8 + 1);
        sbeBlock.put(IexMessageType.PRICE_LEVEL_UPDATE_BUY, 3 * 8 + 4 + 1);
        sbeBlock.put(IexMessageType.PRICE_LEVEL_UPDATE_SELL, 3 * 8 + 4 + 1);
        sbeBlock.put(IexMessageType.QUOTE_UPDATE, 4 * 8 + 2 * 4 + 1);
        sbeBlock.put(IexMessageType.TRADE_REPORT, 4 * 8 + 4 + 1);
        sbeBlock.put(IexMessageType.TRADE_BREAK, 4 * 8 + 4 + 1);
        sbeBlock.put(IexMessageType.OFFICIAL_PRICE, 3 * 8 + 1);
        sbeBlock.put(IexMessageType.AUCTION_INFORMATION, 8 * 8 + 3 * 4 + 3);
        // Cap'n Proto struct data words: 8-byte fields one word each, the small ones packed into shared words
        Map<IexMessageType, Integer> capnpWords = new EnumMap<>(IexMessageType.class);
        capnpWords.put(IexMessageType.SYSTEM_EVENT, 2);                // code | timestamp
        capnpWords.put(IexMessageType.SECURITY_DIRECTORY, 4);          // flags luldTier roundLotSize | ts | sym | poc
        capnpWords.put(IexMessageType.TRADING_STATUS, 3);              // code reason | ts | sym
        capnpWords.put(IexMessageType.RETAIL_LIQUIDITY_INDICATOR, 3);
        capnpWords.put(IexMessageType.OPERATIONAL_HALT_STATUS, 3);
        capnpWords.put(IexMessageType.SHORT_SALE_PRICE_TEST_STATUS, 3); // flags detail | ts | sym
        capnpWords.put(IexMessageType.SECURITY_EVENT, 3);
        capnpWords.put(IexMessageType.PRICE_LEVEL_UPDATE_BUY, 4);      // flags size | ts | sym | price
        capnpWords.put(IexMessageType.PRICE_LEVEL_UPDATE_SELL, 4);
        capnpWords.put(IexMessageType.QUOTE_UPDATE, 6);                // flags bidSize | ts | sym | bid | ask | askSize
        capnpWords.put(IexMessageType.TRADE_REPORT, 5);
        capnpWords.put(IexMessageType.TRADE_BREAK, 5);
        capnpWords.put(IexMessageType.OFFICIAL_PRICE, 4);
        capnpWords.put(IexMessageType.AUCTION_INFORMATION, 10);        // code side ext paired | ts | sym | 2 prices
                                                                        // | imbalance sched | 4 prices
        for (IexMessage m : IexSamples.ordinary()) {
            IexMessageType t = m.type();
            assertEquals(t.wireLength(), size(IexFormat.iexWire, m), t + " iexWire");
            assertEquals(t.wireLength(), size(IexFormat.limit, m), t + " limit");
            assertEquals(4 + t.wireLength(), size(IexFormat.bytesMarshallable, m), t + " bytesMarshallable");
            assertEquals(8 + sbeBlock.get(t), size(IexFormat.sbe, m), t + " sbe");
            // segment table 8 + root pointer 8 + Message 16 + the member struct
            assertEquals(8 + 8 + 16 + 8 * capnpWords.get(t), size(IexFormat.capnp, m), t + " capnp");
        }
    }

    /** limit and BytesMarshallable write IEX's own layout: byte for byte the iexWire row (after Chronicle's header). */
    @Test
    void handWrittenRowsWriteTheIexLayout() {
        HeldMessage<IexMessage> wire = IexFormat.iexWire.held();
        HeldMessage<IexMessage> limit = IexFormat.limit.held();
        HeldMessage<IexMessage> bm = IexFormat.bytesMarshallable.held();
        for (IexMessage m : IexSamples.handMade()) {
            wire.encode(m);
            limit.encode(m);
            bm.encode(m);
            assertArrayEquals(wire.bytes(), limit.bytes(), m.toString());
            byte[] b = bm.bytes();
            assertArrayEquals(wire.bytes(), Arrays.copyOfRange(b, bm.headerLength(), b.length), m.toString());
        }
    }
}
