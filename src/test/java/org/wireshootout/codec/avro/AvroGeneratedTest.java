package org.wireshootout.codec.avro;

import org.agrona.concurrent.UnsafeBuffer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;
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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated Avro codecs ({@link AvroGenerator}): on {@code Data} against the hand-written {@code avro} row; on
 * every message they carry, that their bytes are the Avro binary encoding of the schema they embed (Avro's own
 * generic reader reads them to the end and its generic writer writes the same bytes back); and the refusals of bytes
 * Avro's writer cannot have written, each a DecodeException naming the row and an offset within the message.
 */
class AvroGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.avro);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, byte[] b) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.avro);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(5, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 5, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, byte[] b) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, b));
        assertTrue(e.getMessage().contains("avro/" + key), e.getMessage());
        assertTrue(e.offset() >= 0 && e.offset() <= b.length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    /** The Avro schema the generated codec of {@code key} embeds. */
    private static Schema schemaOf(String key) throws ReflectiveOperationException {
        String cls = entry(key).codecs().get(MessageFormat.avro.name());
        return new Schema.Parser().parse((String) Class.forName(cls).getField("SCHEMA").get(null));
    }

    private static GenericRecord generic(Schema schema, byte[] b) throws IOException {
        BinaryDecoder d = DecoderFactory.get().binaryDecoder(b, null);
        GenericRecord r = new GenericDatumReader<GenericRecord>(schema).read(null, d);
        assertTrue(d.isEnd(), "Avro's generic reader reads the whole message");
        return r;
    }

    private static byte[] generic(Schema schema, GenericRecord r) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder e = EncoderFactory.get().binaryEncoder(out, null);
        new GenericDatumWriter<GenericRecord>(schema).write(r, e);
        e.flush();
        return out.toByteArray();
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.avro.newCodec());
        hand.encode(Data.canonical());
        byte[] generated = bytes("data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated);
        assertEquals(hand.bytes().length, generated.length);
    }

    @Test
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytes() {
        byte[] generated = bytes("data", GeneratedSamples.<M>of(entry("data")));
        HeldMessage<Data> hand = HeldMessage.of(Format.avro.newCodec());
        hand.load(generated, 0, generated.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void everyMessageIsTheAvroBinaryOfItsSchema() throws Exception {
        int checked = 0;
        for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
            if (!e.carriedBy(MessageFormat.avro)) continue;
            Schema schema = schemaOf(e.key());
            for (int i = 0; i < 4 + GeneratedMessage.EDGES; i++) {
                M value = i < 4 ? e.<M>newMessage().fill(new SplittableRandom(i)) : e.<M>newMessage().edge(i - 4);
                byte[] b = bytes(e.key(), value);
                assertArrayEquals(b, generic(schema, generic(schema, b)), e.key() + " value " + i + ": Avro writes back the same bytes");
                assertNull(value.firstDifference(decode(e.key(), b)), e.key() + " value " + i);
            }
            checked++;
        }
        assertTrue(checked >= 8, "the shapes' messages are carried: " + checked);
    }

    @Test
    <M extends GeneratedMessage<M>> void dataBadBytesAreRefused() {
        byte[] good = bytes("data", GeneratedSamples.<M>of(entry("data")));
        // price (8 bytes), flag (1), text (length, bytes), side, smallInt, longInt
        byte[] flag = good.clone();
        flag[8] = 2;
        DecodeException e = refused("data", flag);
        assertTrue(e.getMessage().contains("Data.flag"), e.getMessage());
        assertEquals(8, e.offset());
        int textLength = good[9] >> 1; // a short text: one varint byte
        int sideAt = 10 + textLength;
        byte[] side = good.clone();
        side[sideAt] = 4; // index 2 of a two-symbol enum
        e = refused("data", side);
        assertTrue(e.getMessage().contains("names no symbol"), e.getMessage());
        assertEquals(sideAt, e.offset());
        byte[] text = good.clone();
        text[10] = (byte) 0xC0; // an overlong sequence
        refused("data", text);
        byte[] tooLong = good.clone();
        tooLong[9] = 0x7E; // 63 bytes claimed, fewer left
        refused("data", tooLong);
        refused("data", Arrays.copyOf(good, good.length + 1));
        for (int len = 0; len < good.length; len++) refused("data", Arrays.copyOf(good, len));
    }

    @Test
    <M extends GeneratedMessage<M>> void aGroupBeyondItsBoundIsRefused() throws Exception {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        byte[] b = bytes("tradebatch", full);
        Schema schema = schemaOf("tradebatch");
        GenericRecord r = generic(schema, b);
        @SuppressWarnings("unchecked")
        List<Object> trades = (List<Object>) r.get("trades");
        assertEquals(100, trades.size(), "seed 7 fills the group to its bound");
        assertNull(full.firstDifference(decode("tradebatch", b)), "the full group is read");
        trades.add(trades.get(0));
        assertTrue(refused("tradebatch", generic(schema, r)).getMessage().contains("more than its bound 100"));
    }

    @Test
    <M extends GeneratedMessage<M>> void integersOutsideTheirSchemaTypeAreRefused() throws Exception {
        M value = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(3));
        Schema schema = schemaOf("tradebatch");
        GenericRecord r = generic(schema, bytes("tradebatch", value));
        @SuppressWarnings("unchecked")
        GenericRecord trade = (GenericRecord) ((List<Object>) r.get("trades")).get(0);
        trade.put("quantity", 1L << 32); // u32
        assertTrue(refused("tradebatch", generic(schema, r)).getMessage().contains("Trade.quantity"));
        trade.put("quantity", -1L);
        refused("tradebatch", generic(schema, r));
    }

    @Test
    <M extends GeneratedMessage<M>> void anOptionalFieldIsAUnionWithNull() throws Exception {
        Schema schema = schemaOf("executionreport");
        Schema reason = schema.getField("rejectReason").schema();
        assertEquals(Schema.Type.UNION, reason.getType());
        assertEquals(List.of(Schema.Type.NULL, Schema.Type.INT), reason.getTypes().stream().map(Schema::getType).toList());
        M absent = entry("executionreport").<M>newMessage().edge(0);
        M present = entry("executionreport").<M>newMessage().edge(1);
        assertNull(generic(schema, bytes("executionreport", absent)).get("rejectReason"));
        assertEquals(Integer.MAX_VALUE, generic(schema, bytes("executionreport", present)).get("rejectReason"));
        assertNull(absent.firstDifference(decode("executionreport", bytes("executionreport", absent))));
        assertNull(present.firstDifference(decode("executionreport", bytes("executionreport", present))));
    }

    @Test
    <M extends GeneratedMessage<M>> void aFailedWriteLeavesNothingForTheNext() {
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.avro);
        M value = GeneratedSamples.of(entry("data"));
        byte[] alone = bytes("data", value);
        UnsafeBuffer tiny = new UnsafeBuffer(new byte[alone.length - 1]);
        assertThrows(org.wireshootout.codec.EncodeOverflowException.class, () -> codec.encode(value, tiny, 0));
        UnsafeBuffer room = new UnsafeBuffer(new byte[256]);
        int n = codec.encode(value, room, 3);
        byte[] after = new byte[n];
        room.getBytes(3, after);
        assertArrayEquals(alone, after);
        assertFalse(n == 0);
    }

    @Test
    <M extends GeneratedMessage<M>> void aValueTheSchemaRefusesLeavesNothingForTheNextMessage() throws Exception {
        BufferCodec<M> codec = entry("executionreport").newCodec(MessageFormat.avro);
        M good = entry("executionreport").<M>newMessage().fill(new SplittableRandom(5));
        byte[] alone = bytes("executionreport", good);
        M bad = entry("executionreport").<M>newMessage().fill(new SplittableRandom(5));
        bad.getClass().getMethod("origClOrdId", CharSequence.class).invoke(bad, "short"); // ascii(20), after fields already written
        UnsafeBuffer room = new UnsafeBuffer(new byte[1 << 12]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.encode(bad, room, 0));
        assertTrue(e.getMessage().contains("origClOrdId"), e.getMessage());
        int n = codec.encode(good, room, 0);
        byte[] after = new byte[n];
        room.getBytes(0, after);
        assertArrayEquals(alone, after);
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.avro, DataAllocation.Measure.pair);
    }
}
