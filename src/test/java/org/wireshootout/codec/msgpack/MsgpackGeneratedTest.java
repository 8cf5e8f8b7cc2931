package org.wireshootout.codec.msgpack;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated MessagePack codecs ({@link MsgpackGenerator}) against the hand-written {@code msgpack} row on
 * {@code Data}, and the rules the generated reader holds a map to, on bytes packed here: entries in any order; an
 * unknown, repeated or missing key, a value of the wrong type or outside its schema type, a group beyond its bound and
 * bytes after the map refused with a DecodeException naming the row and an offset within the message.
 */
class MsgpackGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.msgpack);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, byte[] b) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.msgpack);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(5, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 5, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, byte[] b) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, b));
        assertTrue(e.getMessage().contains("msgpack/" + key), e.getMessage());
        assertTrue(e.offset() >= 0 && e.offset() <= b.length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    /** Data.canonical()'s fields packed as a map, in the order and with the entries given (name, value) pairs. */
    private static byte[] dataMap(Object... entries) throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packMapHeader(entries.length / 2);
        for (int i = 0; i < entries.length; i += 2) {
            p.packString((String) entries[i]);
            Object v = entries[i + 1];
            if (v instanceof Double d) p.packDouble(d);
            else if (v instanceof Boolean x) p.packBoolean(x);
            else if (v instanceof String s) p.packString(s);
            else if (v instanceof Integer n) p.packInt(n);
            else if (v instanceof Long n) p.packLong(n);
            else throw new IllegalArgumentException(String.valueOf(v));
        }
        return p.toByteArray();
    }

    private static final Data D = Data.canonical();

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.msgpack.newCodec());
        hand.encode(Data.canonical());
        assertArrayEquals(hand.bytes(), bytes("data", GeneratedSamples.<M>of(entry("data"))));
    }

    @Test
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytes() {
        byte[] generated = bytes("data", GeneratedSamples.<M>of(entry("data")));
        HeldMessage<Data> hand = HeldMessage.of(Format.msgpack.newCodec());
        hand.load(generated, 0, generated.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void entriesAreReadInAnyOrder() throws IOException {
        byte[] reversed = dataMap("longInt", D.getLongInt(), "smallInt", D.getSmallInt(), "side", D.getSide().name(),
                "text", D.getText().toString(), "flag", D.isFlag(), "price", D.getPrice());
        M sample = GeneratedSamples.of(entry("data"));
        assertNull(sample.firstDifference(decode("data", reversed)));
    }

    @Test
    void badMapsAreRefused() throws IOException {
        String text = D.getText().toString();
        String side = D.getSide().name();
        assertTrue(refused("data", dataMap("price", D.getPrice(), "flag", D.isFlag(), "text", text, "side", side, "smallInt", D.getSmallInt(),
                "venue", 1)).getMessage().contains("unknown field 'venue'"));
        assertTrue(refused("data", dataMap("price", D.getPrice(), "flag", D.isFlag(), "text", text, "side", side, "smallInt", D.getSmallInt(),
                "flag", true)).getMessage().contains("appears twice"));
        assertTrue(refused("data", dataMap("price", D.getPrice(), "flag", D.isFlag(), "text", text, "side", side, "smallInt", D.getSmallInt()))
                .getMessage().contains("a map of 5 entries"));
        assertTrue(refused("data", dataMap("price", D.getPrice(), "flag", 1, "text", text, "side", side, "smallInt", D.getSmallInt(),
                "longInt", D.getLongInt())).getMessage().contains("flag must be BOOLEAN"));
        assertTrue(refused("data", dataMap("price", D.getPrice(), "flag", D.isFlag(), "text", text, "side", "Hold", "smallInt", D.getSmallInt(),
                "longInt", D.getLongInt())).getMessage().contains("names no value"));
        refused("data", dataMap("price", D.getPrice(), "flag", D.isFlag(), "text", text, "side", side, "smallInt", 1L << 31,
                "longInt", D.getLongInt()));
        byte[] good = dataMap("price", D.getPrice(), "flag", D.isFlag(), "text", text, "side", side, "smallInt", D.getSmallInt(),
                "longInt", D.getLongInt());
        byte[] longer = Arrays.copyOf(good, good.length + 1);
        refused("data", longer);
        refused("data", Arrays.copyOf(good, good.length - 1));
    }

    /** Where {@code what} first occurs in {@code b}. */
    private static int indexOf(byte[] b, byte... what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int j = 0; j < what.length; j++) if (b[i + j] != what[j]) continue outer;
            return i;
        }
        throw new AssertionError("not found: " + Arrays.toString(what));
    }

    @Test
    <M extends GeneratedMessage<M>> void unsigned64BitsAreWrittenAsUint64AndRangeChecked() {
        M highest = entry("tradebatch").<M>newMessage().edge(1);
        byte[] b = bytes("tradebatch", highest);
        byte[] uint64Max = {(byte) 0xcf, -1, -1, -1, -1, -1, -1, -1, -1};
        int at = indexOf(b, uint64Max);
        assertNull(highest.firstDifference(decode("tradebatch", b)));
        // the same bits as an int64 (-1) are refused for a u64
        byte[] negative = b.clone();
        negative[at] = (byte) 0xd3;
        refused("tradebatch", negative);
        // u32 one beyond its range: 0xce ffffffff (uint32) as 0xcf 00000001 00000000 would be longer; a uint64 of 2^32 instead
        byte[] u32 = {(byte) 0xce, -1, -1, -1, -1};
        int v = indexOf(b, u32);
        byte[] beyond = new byte[b.length + 4];
        System.arraycopy(b, 0, beyond, 0, v);
        byte[] twoTo32 = {(byte) 0xcf, 0, 0, 0, 1, 0, 0, 0, 0};
        System.arraycopy(twoTo32, 0, beyond, v, 9);
        System.arraycopy(b, v + 5, beyond, v + 9, b.length - v - 5);
        assertTrue(refused("tradebatch", beyond).getMessage().contains("outside 0..4294967295"));
    }

    @Test
    <M extends GeneratedMessage<M>> void aGroupBeyondItsBoundIsRefused() {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        byte[] b = bytes("tradebatch", full);
        assertNull(full.firstDifference(decode("tradebatch", b)), "the full group is read");
        int at = indexOf(b, (byte) 0xdc, (byte) 0, (byte) 100); // array16 of 100 entries
        b[at + 2] = 101;
        assertTrue(refused("tradebatch", b).getMessage().contains("more than its bound 100"));
    }

    @Test
    <M extends GeneratedMessage<M>> void anAbsentOptionalFieldIsLeftOutOfTheMap() {
        M absent = entry("executionreport").<M>newMessage().edge(0);
        M present = entry("executionreport").<M>newMessage().edge(1);
        byte[] a = bytes("executionreport", absent);
        byte[] p = bytes("executionreport", present);
        // map16 headers: 24 entries without rejectReason, 25 with it
        assertArrayEquals(new byte[] {(byte) 0xde, 0, 24}, Arrays.copyOf(a, 3));
        assertArrayEquals(new byte[] {(byte) 0xde, 0, 25}, Arrays.copyOf(p, 3));
        assertNull(absent.firstDifference(decode("executionreport", a)));
        assertNull(present.firstDifference(decode("executionreport", p)));
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.msgpack, DataAllocation.Measure.pair);
    }
}
