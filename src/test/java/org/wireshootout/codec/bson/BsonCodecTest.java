package org.wireshootout.codec.bson;

import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BsonCodecTest {

    /** int32 length 4 + price 1+6+8 + flag 1+5+1 + text 1+5+4+13 + side 1+5+4+5 + smallInt 1+9+4 + longInt 1+8+8 + terminator 1. */
    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"bson", "bsonCBytes"})
    void canonicalMessageIsNinetySixBytes(Format format) {
        assertEquals(GoldenSizes.bytes(format), format.held().encode(Data.canonical()));
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"bson", "bsonCBytes"})
    void rawBsonDocumentReadsTheBytes(Format format) {
        HeldMessage<Data> codec = format.held();
        codec.encode(new Data(-0.25, true, "Grüße 😀", Side.Buy, Integer.MIN_VALUE, 42));
        RawBsonDocument doc = new RawBsonDocument(codec.bytes());
        assertEquals(List.of("price", "flag", "text", "side", "smallInt", "longInt"), new ArrayList<>(doc.keySet()));
        assertEquals(-0.25, doc.getDouble("price").getValue());
        assertEquals(true, doc.getBoolean("flag").getValue());
        assertEquals("Grüße 😀", doc.getString("text").getValue());
        assertEquals("Buy", doc.getString("side").getValue());
        assertEquals(Integer.MIN_VALUE, doc.getInt32("smallInt").getValue());
        assertEquals(42L, doc.getInt64("longInt").getValue()); // int64 even when the value is small
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"bson", "bsonCBytes"})
    void bothRowsWriteTheSameBytesAsTheLibrarysOwnBuffer(Format format) {
        for (Data v : List.of(Data.canonical(), new Data(1e-300, false, "é€😀", Side.Sell, 7, -8))) {
            assertArrayEquals(libraryBytes(v), encoded(format, v));
        }
    }

    /**
     * The caller owns the bytes: the row's codec writes at the caller's offset into heap or direct memory alike (the
     * bytes the row's own buffer gets), touches nothing around the message, reads it back from there, and refuses a
     * room one byte short with the row's name ({@link CallerBufferRoundTrip}); both rows. There is no IEX BSON row.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        BsonCodec codec = new BsonCodec("bson");
        BsonChronicleBytesCodec cbytes = new BsonChronicleBytesCodec("bsonCBytes");
        for (Data v : List.of(Data.canonical(), new Data(-0.0, true, "Grüße 😀".repeat(40), Side.Buy, Integer.MIN_VALUE, Long.MAX_VALUE))) {
            CallerBufferRoundTrip.check("bson", codec, RoundTrip.DATA, v, ownBytes(Format.bson.held(), v));
            CallerBufferRoundTrip.check("bsonCBytes", cbytes, RoundTrip.DATA, v, ownBytes(Format.bsonCBytes.held(), v));
        }
    }

    /** What the library's own output, {@code BasicOutputBuffer}, holds after the row's writer calls. */
    private static byte[] libraryBytes(Data v) {
        BasicOutputBuffer out = new BasicOutputBuffer();
        new BsonDataMapping("bson").write(new BsonBinaryWriter(out), v);
        return out.toByteArray();
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"bson", "bsonCBytes"})
    void acceptsFieldsInAnyOrder(Format format) {
        BsonDocument d = new BsonDocument("longInt", new BsonInt32(5)).append("side", new BsonString("Sell"))
                .append("text", new BsonString("t€")).append("smallInt", new BsonInt32(4))
                .append("flag", BsonBoolean.FALSE).append("price", new BsonDouble(2.5));
        assertEquals(new Data(2.5, false, "t€", Side.Sell, 4, 5), decode(format.held(), bytes(d)));
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"bson", "bsonCBytes"})
    void rejectsWhatIsNotTheMessage(Format format) {
        HeldMessage<Data> codec = format.held();
        BsonDocument ok = new BsonDocument("price", new BsonDouble(1.5)).append("flag", BsonBoolean.TRUE)
                .append("text", new BsonString("t")).append("side", new BsonString("Sell"))
                .append("smallInt", new BsonInt32(1)).append("longInt", new BsonInt64(2));
        Data expected = new Data(1.5, true, "t", Side.Sell, 1, 2);
        assertEquals(expected, decode(codec, bytes(ok)));
        List<byte[]> bad = new ArrayList<>();
        bad.add(bytes(ok.clone().append("extra", new BsonInt32(1))));
        BsonDocument missing = ok.clone();
        missing.remove("flag");
        bad.add(bytes(missing));
        bad.add(bytes(with(ok, "flag", new BsonInt32(1))));
        bad.add(bytes(with(ok, "price", new BsonInt32(1))));
        bad.add(bytes(with(ok, "smallInt", new BsonInt64(1))));
        bad.add(bytes(with(ok, "side", new BsonString("Hold"))));
        byte[] whole = bytes(ok);
        bad.add(Arrays.copyOf(whole, whole.length - 1));             // cut short
        byte[] lying = whole.clone();
        int textLength = indexOf(whole, "text".getBytes()) + 5;      // the int32 after the name "text\0"
        lying[textLength + 3] = 0x7F;                                 // claims ~2 GB
        bad.add(lying);
        byte[] docLength = whole.clone();
        docLength[0] += 8;                                            // document length beyond the message
        bad.add(docLength);
        for (byte[] b : bad) assertThrows(DecodeException.class, () -> decode(codec, b));
        assertEquals(expected, decode(codec, bytes(ok)));
    }

    /**
     * The text's UTF-8 is checked before the library decodes it ({@link StrictBsonText}): every well-formed text reads
     * back, from empty to four-byte sequences, and each kind of malformed sequence is refused at the byte that
     * breaks it, which the library read as U+FFFD.
     */
    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"bson", "bsonCBytes"})
    void theTextMustBeStrictUtf8(Format format) {
        HeldMessage<Data> codec = format.held();
        for (String text : List.of("", "a", "caf\u00e9", "\u00e9", "\u20ac", "\ud83d\ude00", "x\ud83d\ude00y",
                "Gr\u00fc\u00dfe, \u6771\u4eac", "\u007f", "\u0080", "\u07ff", "\u0800", "\uffff", "\udbff\udfff")) {
            Data sent = new Data(1.5, true, text, Side.Buy, 1, 2);
            assertEquals(sent, decode(codec, encoded(format, sent)), text);
        }
        // "ab" + the replacement at 'a', then what each malformed string is refused at (index into the text)
        byte[][] malformed = {
                {(byte) 0xC3, 0x28}, {(byte) 0x80, 0x61}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xFF, 0x61}, {0x61, (byte) 0xE2, (byte) 0x82}};
        int[] refusedAt = {1, 0, 0, 0, 0, 0, 1};
        for (int m = 0; m < malformed.length; m++) {
            byte[] text = malformed[m];
            String placeholder = "#".repeat(text.length);
            byte[] b = encoded(format, new Data(1.5, true, placeholder, Side.Buy, 1, 2));
            int at = indexOf(b, placeholder.getBytes());
            System.arraycopy(text, 0, b, at, text.length);
            long offset = at + refusedAt[m];
            DecodeException e = assertThrows(DecodeException.class, () -> decode(codec, b), Arrays.toString(text));
            assertEquals(offset, e.offset(), e.getMessage());
            assertTrue(e.getMessage().startsWith(format.name() + ": at offset " + offset + ": "), e.getMessage());
        }
        Data sent = new Data(1.5, true, "caf\u00e9", Side.Buy, 1, 2);
        assertEquals(sent, decode(codec, encoded(format, sent)), "the codec reads again after a refusal");
    }

    private static byte[] encoded(Format f, Data v) {
        HeldMessage<Data> c = f.held();
        c.encode(v);
        return c.bytes();
    }

    private static BsonDocument with(BsonDocument d, String key, BsonValue v) {
        BsonDocument copy = d.clone();
        copy.put(key, v);
        return copy;
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i <= hay.length - needle.length; i++) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return i;
        }
        throw new AssertionError("not found");
    }

    private static byte[] bytes(BsonDocument d) {
        ByteBuffer b = new RawBsonDocument(d, new BsonDocumentCodec()).getByteBuffer().asNIO();
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

    private static Data decode(HeldMessage<Data> codec, byte[] b) {
        codec.load(b, 0, b.length);
        Data d = new Data();
        codec.decode(d);
        return d;
    }

    /** The bytes the row's own buffer gets for {@code value}: what the caller's buffer must receive. */
    private static <T> byte[] ownBytes(HeldMessage<T> own, T value) {
        own.encode(value);
        return own.bytes();
    }
}
