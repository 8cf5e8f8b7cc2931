package org.wireshootout.codec.sbe;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.Schemas;

import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SBE codecs the build generated from {@code schemas/messages/}: the {@code data} row writes the hand-written
 * {@code sbe} row's bytes, and the generated readers refuse what their writer cannot have written, at its offset.
 */
class SbeGeneratedTest {
    private static final String FLYWEIGHTS = "org.wireshootout.gen.codecs.%s.sbe.flyweights.";

    private static <M extends GeneratedMessage<M>> BufferCodec<M> codec(String key) {
        return GeneratedMessages.of(key).newCodec(MessageFormat.sbe);
    }

    private static int constant(String schema, String cls, String method) throws Exception {
        return ((Number) Class.forName(FLYWEIGHTS.formatted(schema) + cls).getMethod(method).invoke(null)).intValue();
    }

    private static int blockLength(String schema, String cls) throws Exception {
        return Class.forName(FLYWEIGHTS.formatted(schema) + cls).getField("BLOCK_LENGTH").getInt(null);
    }

    private static byte[] bytes(UnsafeBuffer b, int offset, int length) {
        byte[] out = new byte[length];
        b.getBytes(offset, out, 0, length);
        return out;
    }

    /** Same field order and widths as schemas/sbe/data.xml, same header: the very bytes of Format.sbe. */
    @Test
    <M extends GeneratedMessage<M>> void dataIsTheHandWrittenRowsBytes() {
        BufferCodec<Data> handWritten = Format.sbe.newCodec();
        UnsafeBuffer hb = new UnsafeBuffer(new byte[1024]);
        int hl = handWritten.encode(Data.canonical(), hb, 3);
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        M sample = GeneratedSamples.of(entry);
        BufferCodec<M> generated = entry.newCodec(MessageFormat.sbe);
        UnsafeBuffer gb = new UnsafeBuffer(new byte[1024]);
        int gl = generated.encode(sample, gb, 5);
        assertEquals(hl, gl, "bytes per message");
        assertArrayEquals(bytes(hb, 3, hl), bytes(gb, 5, gl));
        // and each reads the other's
        M back = entry.newMessage();
        generated.decode(hb, 3, hl, back);
        assertNull(sample.firstDifference(back));
    }

    /** A text the hand-written row writes beyond data.schema's text(255) is refused by the generated reader, at the length. */
    @Test
    <M extends GeneratedMessage<M>> void textBeyondItsBoundIsRefused() throws Exception {
        Data d = Data.canonical();
        d.setText("x".repeat(256));
        UnsafeBuffer b = new UnsafeBuffer(new byte[1024]);
        int length = Format.sbe.newCodec().encode(d, b, 0);
        BufferCodec<M> codec = codec("data");
        DecodeException e = assertThrows(DecodeException.class,
                () -> codec.decode(b, 0, length, GeneratedMessages.of("data").<M>newMessage()));
        assertEquals(8 + blockLength("data", "DataDecoder"), e.offset());
        assertTrue(e.getMessage().contains("bound 255"), e.getMessage());
    }

    /** A bool byte other than 0 or 1, and an enum number no value has, are refused where they lie. */
    @Test
    <M extends GeneratedMessage<M>> void strictBoolAndEnum() throws Exception {
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        BufferCodec<M> codec = entry.newCodec(MessageFormat.sbe);
        UnsafeBuffer b = new UnsafeBuffer(new byte[1024]);
        int length = codec.encode(GeneratedSamples.of(entry), b, 0);
        int flag = 8 + constant("data", "DataDecoder", "flagEncodingOffset");
        int side = 8 + constant("data", "DataDecoder", "sideEncodingOffset");
        b.putByte(flag, (byte) 2);
        assertEquals(flag, assertThrows(DecodeException.class, () -> codec.decode(b, 0, length, entry.<M>newMessage())).offset());
        b.putByte(flag, (byte) 1);
        b.putByte(side, (byte) 7);
        assertEquals(side, assertThrows(DecodeException.class, () -> codec.decode(b, 0, length, entry.<M>newMessage())).offset());
    }

    /** Another template id, a short block, a byte past the fields: refused. A buffer too small: refused before writing. */
    @Test
    <M extends GeneratedMessage<M>> void headerAndEndAreChecked() {
        GeneratedMessages.Entry entry = GeneratedMessages.of("quote");
        BufferCodec<M> codec = entry.newCodec(MessageFormat.sbe);
        UnsafeBuffer b = new UnsafeBuffer(new byte[1024]);
        int length = codec.encode(entry.<M>sample(1), b, 0);
        DecodeException extra = assertThrows(DecodeException.class, () -> codec.decode(b, 0, length + 1, entry.<M>newMessage()));
        assertEquals(length, extra.offset(), extra.getMessage());
        int template = b.getShort(2);
        b.putShort(2, (short) (template + 1));
        assertEquals(2, assertThrows(DecodeException.class, () -> codec.decode(b, 0, length, entry.<M>newMessage())).offset());
        b.putShort(2, (short) template);
        int block = b.getShort(0);
        b.putShort(0, (short) (block - 1));
        assertEquals(0, assertThrows(DecodeException.class, () -> codec.decode(b, 0, length, entry.<M>newMessage())).offset());
        b.putShort(0, (short) block);
        UnsafeBuffer small = new UnsafeBuffer(new byte[length - 1]);
        assertThrows(EncodeOverflowException.class, () -> codec.encode(entry.<M>sample(1), small, 0));
        assertTrue(small.getLong(0) == 0 && small.getShort(8) == 0, "nothing written into a buffer too small");
    }

    /** A group count beyond the schema's bound (Level[10]) is refused at the count, though the bytes would be there. */
    @Test
    <M extends GeneratedMessage<M>> void groupCountBeyondItsBoundIsRefused() throws Exception {
        GeneratedMessages.Entry entry = GeneratedMessages.of("booksnapshot");
        BufferCodec<M> codec = entry.newCodec(MessageFormat.sbe);
        UnsafeBuffer b = new UnsafeBuffer(new byte[4096]);
        int length = codec.encode(entry.<M>sample(1), b, 0);
        int bids = 8 + blockLength("booksnapshot", "BookSnapshotDecoder");
        assertEquals(10, b.getShort(bids + 2), "the sample fills its 10 bids");
        b.putShort(bids + 2, (short) 11);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(b, 0, length, entry.<M>newMessage()));
        assertEquals(bids + 2, e.offset(), e.getMessage());
        b.putShort(bids + 2, (short) 10);
        b.putShort(bids, (short) 1); // an entry block shorter than a Level's fields
        assertEquals(bids, assertThrows(DecodeException.class, () -> codec.decode(b, 0, length, entry.<M>newMessage())).offset());
    }

    /** An absent optional timestamp is SBE's int64 null value on the wire, and reads back absent; a present one present. */
    @Test
    <M extends GeneratedMessage<M>> void optionalIsTheNullValue() throws Exception {
        GeneratedMessages.Entry entry = GeneratedMessages.of("orderentry");
        BufferCodec<M> codec = entry.newCodec(MessageFormat.sbe);
        UnsafeBuffer b = new UnsafeBuffer(new byte[1024]);
        M absent = entry.<M>newMessage().edge(0);
        int length = codec.encode(absent, b, 0);
        int at = 8 + constant("orderentry", "NewOrderDecoder", "expireTimeEncodingOffset");
        assertEquals(Long.MIN_VALUE, b.getLong(at));
        M back = entry.<M>newMessage().fill(new SplittableRandom(9));
        codec.decode(b, 0, length, back);
        assertFalse((Boolean) back.getClass().getMethod("hasExpireTime").invoke(back));
        M present = entry.<M>newMessage().edge(1);
        codec.encode(present, b, 0);
        assertEquals(Long.MAX_VALUE, b.getLong(at));
    }

    /** What SBE cannot carry is named; optional values that are SBE's null values are declared. */
    @Test
    void refusalsAndEdgesNameTheField() throws Exception {
        SbeGenerator gen = new SbeGenerator();
        Schema er = Schemas.load(Path.of("schemas/messages/execution-report.schema"));
        String why = gen.cannotCarry(er, er.message("ExecutionReport"));
        assertNotNull(why);
        assertTrue(why.contains("Party.traderId"), why);
        assertEquals(why, GeneratedMessages.of("executionreport").cannot().get("sbe"));
        Schema oe = Schemas.load(Path.of("schemas/messages/order-entry.schema"));
        assertEquals(Map.of(), gen.edgesNotCarried(oe, oe.message("NewOrder")), "an optional timestamp's null value is no edge value");
    }

    /** On {@code data}, the generated row allocates no more per encode and per decode than its hand-written row ({@link DataAllocation}). */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.sbe, DataAllocation.Measure.encode, DataAllocation.Measure.decode);
    }
}
