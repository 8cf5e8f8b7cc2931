package org.wireshootout.codec.bson;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.ByteBufNIO;
import org.bson.io.ByteBufferBsonInput;
import org.bson.types.Decimal128;
import org.wireshootout.codec.CallerBytes;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.generator.spi.SchemaChecks;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * What the codecs generated from a message schema ({@link BsonGenerator}) extend: the plumbing of the hand-written
 * {@code bson} row ({@link BsonHeapCodec}, {@link BsonDocumentReader}) for a message of any shape, and the reads a
 * generated reader makes of each schema type, each checked against the schema.
 *
 * <p>Writing: the library's {@link BsonBinaryWriter} over the caller's buffer ({@link CallerBsonOutput}), made once and
 * made again only after a failure; for the {@code bsonCBytes} row, over a Chronicle {@code Bytes} on the caller's memory
 * ({@link ChronicleBytesBsonOutput}), as that row's {@link BsonBytesCodec} writes. Reading: the library's {@link BsonBinaryReader} over a {@link ByteBuffer} view of the
 * caller's memory from the message's first byte ({@link CallerBsonInput}), made again only when that memory changes or
 * after a failure; each message is the next top-level document, and bytes after it are refused. Text is checked for
 * strict UTF-8 as the row checks its text ({@link StrictBsonText}). Every error is a {@link DecodeException} naming the
 * row and the reader's offset in the message.
 *
 * @param <T> the generated message class
 */
public abstract class BsonGenerated<T> extends NamedCodec<T> {
    /** The exponent bias of IEEE 754-2008 decimal128 (its exponents run from -6176 to 6111). */
    private static final int DECIMAL128_BIAS = 6176;

    private final org.bson.io.BsonOutput out;
    /** The {@code bsonCBytes} way's Chronicle {@code Bytes} over the caller's memory, or null for the {@code bson} way. */
    private final CallerBytes caller;
    private BsonBinaryWriter writer;
    private final CallerBsonInput callerInput = new CallerBsonInput();
    private final StrictBsonText strict;
    private ByteBuffer memory;
    private ByteBufNIO inputBuf;
    private ByteBufferBsonInput input;
    private BsonBinaryReader reader;

    private long mantissa;
    private int exponent;

    /** The {@code bson} row's way: the writer over the caller's buffer ({@link CallerBsonOutput}). */
    protected BsonGenerated(String name) {
        this(name, false);
    }

    /**
     * @param chronicleBytes the {@code bsonCBytes} row's way ({@link BsonBytesCodec}): the writer writes through
     *                       {@link ChronicleBytesBsonOutput} into one bounds-checked Chronicle {@code Bytes} kept for
     *                       the codec's life and pointed at each call's memory ({@link CallerBytes}), native memory
     *                       in place and heap memory through its scratch area; an encoding past the room is an
     *                       {@link EncodeOverflowException}. Reading is the same either way.
     */
    protected BsonGenerated(String name, boolean chronicleBytes) {
        super(name);
        if (chronicleBytes) {
            this.caller = CallerBytes.checked();
            this.out = new ChronicleBytesBsonOutput(caller.bytes());
        } else {
            this.caller = null;
            this.out = new CallerBsonOutput(name);
        }
        this.writer = new BsonBinaryWriter(out);
        this.strict = new StrictBsonText(name);
    }

    /** Writes {@code value} as one top-level document, from {@code writeStartDocument()} to {@code writeEndDocument()}. */
    protected abstract void writeMessage(BsonWriter w, T value);

    /** Reads one document, from {@code readStartDocument()} to {@code readEndDocument()}, into {@code target}. */
    protected abstract void readMessage(BsonReader r, T target);

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
        if (caller != null) return encodeChronicle(value, dst, offset);
        ((CallerBsonOutput) out).wrap(dst, offset);
        try {
            writeMessage(writer, value);
        } catch (RuntimeException e) {
            writer = new BsonBinaryWriter(out); // its state is unknown after a failure
            throw e;
        }
        return out.getPosition();
    }

    private int encodeChronicle(T value, MutableDirectBuffer dst, int offset) {
        caller.forWrite(dst, offset);
        try {
            writeMessage(writer, value);
        } catch (BufferOverflowException e) {
            writer = new BsonBinaryWriter(out);
            throw new EncodeOverflowException(name, caller.room(), e);
        } catch (RuntimeException e) {
            writer = new BsonBinaryWriter(out);
            throw e;
        }
        return caller.written(dst, offset);
    }

    @Override
    public final Labels.Memory memory() {
        return caller != null ? Labels.Memory.DIRECT : Labels.Memory.HEAP;
    }

    @Override
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        ByteBuffer m = callerInput.over(src, offset, length);
        if (m != memory || reader == null) {
            memory = m;
            inputBuf = new ByteBufNIO(m);
            input = new ByteBufferBsonInput(inputBuf);
            reader = new BsonBinaryReader(input);
            strict.bind(inputBuf, input);
        }
        inputBuf.limit(length);
        inputBuf.position(0);
        try {
            // a reader that finished a document is in state DONE; readBsonType moves it on to the next top-level one
            reader.readBsonType();
            readMessage(reader, target);
        } catch (RuntimeException e) {
            reader = null; // rebuilt on the next decode: a failed reader is mid-document
            throw e instanceof DecodeException ? e : new DecodeException(name, input.getPosition(), e.toString(), e);
        }
        int end = input.getPosition();
        if (end != length) {
            reader = null;
            throw new DecodeException(name, end, (length - end) + " bytes after the document, which ends the message");
        }
    }

    @Override
    public final String render(DirectBuffer src, int offset, int length) {
        return BsonHeapCodec.json(src, offset, length);
    }

    // ---- writing

    /** An {@code ascii(N)} value as a string, refused unless exactly {@code length} ASCII chars. */
    protected static void writeAscii(BsonWriter w, String name, CharSequence s, int length, String field) {
        SchemaChecks.ascii(s, length, field);
        w.writeString(name, s.toString());
    }

    /** A {@code decimal} as a decimal128 of the mantissa's digits and the exponent, as its IEEE 754 BID encoding. */
    protected static void writeDecimal(BsonWriter w, String name, long mantissa, int exponent) {
        long high = (mantissa < 0 ? Long.MIN_VALUE : 0) | (long) (exponent + DECIMAL128_BIAS) << 49;
        // the magnitude as 64 unsigned bits (Long.MIN_VALUE's is 2^63); the coefficient's upper 49 bits stay 0
        w.writeDecimal128(name, Decimal128.fromIEEE754BIDEncoding(high, mantissa < 0 ? -mantissa : mantissa));
    }

    /** {@code length} bytes of {@code data} as binary of the generic subtype (the library takes an array of their length). */
    protected static void writeBinary(BsonWriter w, String name, byte[] data, int length) {
        w.writeBinaryData(name, new BsonBinary(java.util.Arrays.copyOf(data, length)));
    }

    // ---- reading

    /** A {@link DecodeException} at the reader's position. */
    protected final DecodeException error(String what) {
        return new DecodeException(name, input.getPosition(), what);
    }

    protected final void expect(BsonType actual, BsonType wanted, String field) {
        if (actual != wanted) throw error(field + " must be " + wanted + ", found " + actual);
    }

    /** An int32 within {@code [min, max]}. */
    protected final int int32(BsonReader r, BsonType type, int min, int max, String field) {
        expect(type, BsonType.INT32, field);
        int v = r.readInt32();
        if (v < min || v > max) throw error(field + ": " + v + " is outside " + min + ".." + max);
        return v;
    }

    /** An int64 within {@code [min, max]}, or an int32, which carries the same value (as the row reads its longInt). */
    protected final long int64(BsonReader r, BsonType type, long min, long max, String field) {
        long v;
        if (type == BsonType.INT32) {
            v = r.readInt32();
        } else {
            expect(type, BsonType.INT64, field);
            v = r.readInt64();
        }
        if (v < min || v > max) throw error(field + ": " + v + " is outside " + min + ".." + max);
        return v;
    }

    /** A set's bits as an int64, refused when it has bits outside {@code allowed}. */
    protected final long set(BsonReader r, BsonType type, long allowed, String field) {
        expect(type, BsonType.INT64, field);
        long v = r.readInt64();
        if ((v & ~allowed) != 0) throw error(field + ": bits 0x" + Long.toHexString(v & ~allowed) + " name no choice");
        return v;
    }

    protected final double f64(BsonReader r, BsonType type, String field) {
        expect(type, BsonType.DOUBLE, field);
        return r.readDouble();
    }

    /** An {@code f32}, carried as a double: refused unless the double is a float's value. */
    protected final float f32(BsonReader r, BsonType type, String field) {
        expect(type, BsonType.DOUBLE, field);
        double d = r.readDouble();
        float f = (float) d;
        if (f != d && !Double.isNaN(d)) throw error(field + ": " + d + " is not a float's value");
        return f;
    }

    protected final boolean bool(BsonReader r, BsonType type, String field) {
        expect(type, BsonType.BOOLEAN, field);
        return r.readBoolean(); // the library refuses a byte other than 0 and 1
    }

    /** The index in {@code names} of the string read, refused when it names no value. */
    protected final int enumIndex(BsonReader r, BsonType type, String[] names, String field) {
        expect(type, BsonType.STRING, field);
        String s = r.readString();
        for (int i = 0; i < names.length; i++) if (names[i].equals(s)) return i;
        throw error(field + ": \"" + s + "\" names no value");
    }

    /** An {@code ascii(length)} string into {@code to}: exactly {@code length} chars, each ASCII. */
    protected final void ascii(BsonReader r, BsonType type, StringBuilder to, int length, String field) {
        expect(type, BsonType.STRING, field);
        String s = r.readString();
        if (s.length() != length) throw error(field + " holds " + s.length() + " chars; ascii(" + length + ") takes exactly " + length);
        for (int i = 0; i < length; i++) if (s.charAt(i) > 127) throw error(field + " holds a non-ASCII char at " + i);
        to.setLength(0);
        to.append(s);
    }

    /** A {@code text(maxBytes)} string into {@code to}: strict UTF-8, at most {@code maxBytes} bytes of it. */
    protected final void text(BsonReader r, BsonType type, StringBuilder to, int maxBytes, String field) {
        expect(type, BsonType.STRING, field);
        int at = strict.position();
        String s = r.readString();
        strict.check(at, s);
        int bytes = strict.position() - at - 5; // the int32 length and the NUL
        if (bytes > maxBytes) throw new DecodeException(name, at, field + " holds " + bytes + " bytes of UTF-8, more than its bound " + maxBytes);
        to.setLength(0);
        to.append(s);
    }

    /** Binary of the generic subtype, at most {@code max} bytes, checked before the library makes an array of its size. */
    protected final byte[] binary(BsonReader r, BsonType type, int max, String field) {
        expect(type, BsonType.BINARY, field);
        int size = r.peekBinarySize();
        if (size < 0 || size > max) throw error(field + ": " + size + " bytes, beyond its bound " + max);
        if (size > inputBuf.remaining()) throw error(field + ": " + size + " bytes, fewer left");
        byte subtype = r.peekBinarySubType();
        if (subtype != 0) throw error(field + ": binary subtype " + subtype + ", not the generic 0");
        return r.readBinaryData().getData();
    }

    /**
     * A decimal128 that a {@code decimal} was written as: finite, its coefficient within a signed 64-bit mantissa
     * and its exponent within -128..127; {@link #mantissa()} and {@link #exponent()} then hold them.
     */
    protected final void decimal(BsonReader r, BsonType type, String field) {
        expect(type, BsonType.DECIMAL128, field);
        Decimal128 d = r.readDecimal128();
        long high = d.getHigh();
        long low = d.getLow();
        boolean negative = high < 0;
        if ((high & 0x6000_0000_0000_0000L) == 0x6000_0000_0000_0000L) throw error(field + ": " + d + " is not in the form a mantissa is written in");
        if ((high & 0x0001_FFFF_FFFF_FFFFL) != 0) throw error(field + ": the coefficient is beyond 64 bits");
        int e = (int) ((high >>> 49) & 0x3FFF) - DECIMAL128_BIAS;
        if (e < -128 || e > 127) throw error(field + ": exponent " + e + " is outside -128..127");
        // the magnitude as unsigned: at most 2^63 for a negative mantissa, 2^63-1 for a positive one; no negative zero
        if (negative ? (low == 0 || Long.compareUnsigned(low, Long.MIN_VALUE) > 0) : low < 0) {
            throw error(field + ": " + d + " is beyond a signed 64-bit mantissa");
        }
        mantissa = negative ? -low : low;
        exponent = e;
    }

    protected final long mantissa() {
        return mantissa;
    }

    protected final byte exponent() {
        return (byte) exponent;
    }

    /** Refuses a group entry beyond {@code max}, when {@code count} are read already. */
    protected final void count(int count, int max, String field) {
        if (count >= max) throw error(field + " holds more than its bound " + max);
    }

    /** The names of the bits of {@code required} missing from {@code seen}, from {@code names[base]}. */
    protected static String missing(long seen, long required, String[] names, int base) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 64 && base + i < names.length; i++) {
            if ((required & ~seen & (1L << i)) != 0) sb.append(sb.length() == 0 ? "" : ", ").append(names[base + i]);
        }
        return sb.toString();
    }
}
