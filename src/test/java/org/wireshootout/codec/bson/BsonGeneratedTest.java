package org.wireshootout.codec.bson;

import org.agrona.concurrent.UnsafeBuffer;
import org.bson.BsonBinaryWriter;
import org.bson.BsonWriter;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Decimal128;
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

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated BSON codecs ({@link BsonGenerator}) against the hand-written {@code bson} row on {@code Data}, what the
 * library's own document view reads in their bytes, and the rules the generated reader holds a document to, on
 * documents written here with the library's writer: fields in any order; an unknown, repeated or missing field, a
 * value of another BSON type or outside its schema type, a group beyond its bound and bytes after the document refused
 * with a DecodeException naming the row and an offset within the message.
 */
class BsonGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.bson);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, byte[] b) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.bson);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(5, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 5, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, byte[] b) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, b));
        assertTrue(e.getMessage().contains("bson/" + key), e.getMessage());
        assertTrue(e.offset() >= 0 && e.offset() <= b.length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    /** A document written with the library's writer. */
    private static byte[] document(Consumer<BsonWriter> fields) {
        BasicOutputBuffer out = new BasicOutputBuffer();
        BsonBinaryWriter w = new BsonBinaryWriter(out);
        w.writeStartDocument();
        fields.accept(w);
        w.writeEndDocument();
        return out.toByteArray();
    }

    private static final Data D = Data.canonical();

    /** Data.canonical() with its fields in the row's order, {@code last} in place of longInt. */
    private static byte[] data(Consumer<BsonWriter> last) {
        return document(w -> {
            w.writeDouble("price", D.getPrice());
            w.writeBoolean("flag", D.isFlag());
            w.writeString("text", D.getText().toString());
            w.writeString("side", D.getSide().name());
            w.writeInt32("smallInt", D.getSmallInt());
            last.accept(w);
        });
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.bson.newCodec());
        hand.encode(Data.canonical());
        assertArrayEquals(hand.bytes(), bytes("data", GeneratedSamples.<M>of(entry("data"))));
    }

    @Test
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytes() {
        byte[] generated = bytes("data", GeneratedSamples.<M>of(entry("data")));
        HeldMessage<Data> hand = HeldMessage.of(Format.bson.newCodec());
        hand.load(generated, 0, generated.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void fieldsAreReadInAnyOrder() {
        byte[] reversed = document(w -> {
            w.writeInt64("longInt", D.getLongInt());
            w.writeInt32("smallInt", D.getSmallInt());
            w.writeString("side", D.getSide().name());
            w.writeString("text", D.getText().toString());
            w.writeBoolean("flag", D.isFlag());
            w.writeDouble("price", D.getPrice());
        });
        M sample = GeneratedSamples.of(entry("data"));
        assertNull(sample.firstDifference(decode("data", reversed)));
    }

    @Test
    <M extends GeneratedMessage<M>> void badDocumentsAreRefused() {
        assertTrue(refused("data", data(w -> {
            w.writeInt64("longInt", 1);
            w.writeInt32("venue", 1);
        })).getMessage().contains("unknown field 'venue'"));
        assertTrue(refused("data", data(w -> {
            w.writeInt64("longInt", 1);
            w.writeBoolean("flag", true);
        })).getMessage().contains("appears twice"));
        assertTrue(refused("data", data(w -> { })).getMessage().contains("missing field(s) longInt"));
        assertTrue(refused("data", data(w -> w.writeString("longInt", "1"))).getMessage().contains("longInt must be INT64"));
        assertTrue(refused("data", document(w -> {
            w.writeDouble("price", D.getPrice());
            w.writeInt32("flag", 1);
        })).getMessage().contains("flag must be BOOLEAN"));
        assertTrue(refused("data", document(w -> w.writeString("side", "Hold"))).getMessage().contains("names no value"));
        byte[] good = data(w -> w.writeInt64("longInt", D.getLongInt()));
        M sample = GeneratedSamples.of(entry("data"));
        assertNull(sample.firstDifference(decode("data", good)));
        refused("data", Arrays.copyOf(good, good.length + 1));
        refused("data", Arrays.copyOf(good, good.length - 1));
    }

    @Test
    void malformedUtf8InTextIsRefusedAtItsByte() {
        byte[] b = data(w -> w.writeInt64("longInt", D.getLongInt()));
        String text = D.getText().toString();
        int at = indexOf(b, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        b[at] = (byte) 0xC3; // a lead byte followed by an ASCII byte, which breaks the sequence
        DecodeException e = refused("data", b);
        assertEquals(at + 1, e.offset(), e.getMessage());
        // the hand-written row, reading the same bytes at an offset in the caller's array, names the same byte
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(5, b);
        DecodeException hand = assertThrows(DecodeException.class, () -> Format.bson.newCodec().decode(buffer, 5, b.length, new Data()));
        assertEquals(at + 1, hand.offset(), hand.getMessage());
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
    <M extends GeneratedMessage<M>> void theLibrarysDocumentViewReadsWhatIsWritten() {
        M report = entry("executionreport").<M>newMessage().fill(new SplittableRandom(3));
        RawBsonDocument doc = new RawBsonDocument(bytes("executionreport", report));
        assertTrue(doc.isInt64("orderId"));
        assertTrue(doc.isDocument("contraParty"));
        assertTrue(doc.getDocument("contraParty").isString("firmId"));
        assertTrue(doc.isString("execType"));
        assertTrue(doc.isInt64("flags") && doc.isInt64("instrumentId") && doc.isInt64("transactTime"));
        // avgPx, a decimal with its own exponent, is BSON's decimal128 of the same value
        assertTrue(doc.isDecimal128("avgPx"));
        Decimal128 avg = doc.getDecimal128("avgPx").getValue();
        BigDecimal expected = BigDecimal.valueOf(mantissa(report), -exponent(report));
        assertEquals(expected, avg.bigDecimalValue());
    }

    private static long mantissa(Object report) {
        return (long) call(report, "avgPx");
    }

    private static int exponent(Object report) {
        return (byte) call(report, "avgPxExponent");
    }

    private static Object call(Object o, String method) {
        try {
            return o.getClass().getMethod(method).invoke(o);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    <M extends GeneratedMessage<M>> void decimalsTheWriterCannotWriteAreRefused() {
        M report = entry("executionreport").<M>newMessage().fill(new SplittableRandom(3));
        byte[] b = bytes("executionreport", report);
        Decimal128 written = new RawBsonDocument(b).getDecimal128("avgPx").getValue();
        int at = indexOf(b, longLE(written.getLow()));
        assertNull(report.firstDifference(decode("executionreport", b)));
        for (Decimal128 d : new Decimal128[] {Decimal128.NaN, Decimal128.POSITIVE_INFINITY, Decimal128.NEGATIVE_ZERO,
                Decimal128.parse("1E+200"), Decimal128.parse("18446744073709551616"), Decimal128.parse("9223372036854775808")}) {
            byte[] bad = b.clone();
            System.arraycopy(longLE(d.getLow()), 0, bad, at, 8);
            System.arraycopy(longLE(d.getHigh()), 0, bad, at + 8, 8);
            refused("executionreport", bad);
        }
        byte[] lowest = b.clone();
        Decimal128 min = Decimal128.parse("-9223372036854775808");
        System.arraycopy(longLE(min.getLow()), 0, lowest, at, 8);
        System.arraycopy(longLE(min.getHigh()), 0, lowest, at + 8, 8);
        assertEquals(Long.MIN_VALUE, mantissa(decode("executionreport", lowest)));
    }

    private static byte[] longLE(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) (v >>> (8 * i));
        return b;
    }

    @Test
    <M extends GeneratedMessage<M>> void integersOutsideTheirSchemaTypeAreRefused() {
        M batch = entry("tradebatch").<M>newMessage().edge(1);
        byte[] b = bytes("tradebatch", batch);
        assertNull(batch.firstDifference(decode("tradebatch", b)));
        // the first trade's instrumentId, a u32 at its maximum, as an int64; one more is refused
        byte[] max = longLE(0xFFFFFFFFL);
        int at = indexOf(b, max);
        byte[] beyond = b.clone();
        System.arraycopy(longLE(0x1_0000_0000L), 0, beyond, at, 8);
        assertTrue(refused("tradebatch", beyond).getMessage().contains("outside 0..4294967295"));
    }

    @Test
    <M extends GeneratedMessage<M>> void aGroupBeyondItsBoundIsRefused() {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        byte[] b = bytes("tradebatch", full);
        assertNull(full.firstDifference(decode("tradebatch", b)), "the full group is read");
        RawBsonDocument doc = new RawBsonDocument(b);
        assertEquals(100, doc.getArray("trades").size());
        byte[] more = document(w -> {
            w.writeInt64("batchId", 1);
            w.writeInt64("sendingTime", 2);
            w.writeStartArray("trades");
            for (int i = 0; i < 101; i++) {
                w.writeStartDocument();
                w.writeInt64("tradeId", i);
                w.writeInt64("instrumentId", 1);
                w.writeInt64("price", 1);
                w.writeInt64("quantity", 1);
                w.writeString("aggressor", "Buyer");
                w.writeInt64("tradeTime", 1);
                w.writeEndDocument();
            }
            w.writeEndArray();
        });
        assertTrue(refused("tradebatch", more).getMessage().contains("more than its bound 100"));
    }

    @Test
    <M extends GeneratedMessage<M>> void anAbsentOptionalFieldIsLeftOut() {
        M absent = entry("executionreport").<M>newMessage().edge(0);
        M present = entry("executionreport").<M>newMessage().edge(1);
        assertFalse(new RawBsonDocument(bytes("executionreport", absent)).containsKey("rejectReason"));
        assertTrue(new RawBsonDocument(bytes("executionreport", present)).containsKey("rejectReason"));
        assertNull(absent.firstDifference(decode("executionreport", bytes("executionreport", absent))));
        M stale = entry("executionreport").<M>newMessage().edge(1);
        BufferCodec<M> codec = entry("executionreport").newCodec(MessageFormat.bson);
        byte[] a = bytes("executionreport", absent);
        codec.decode(new UnsafeBuffer(a), 0, a.length, stale);
        assertNull(absent.firstDifference(stale), "a target holding the field is cleared");
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.bson, DataAllocation.Measure.pair);
    }
}
