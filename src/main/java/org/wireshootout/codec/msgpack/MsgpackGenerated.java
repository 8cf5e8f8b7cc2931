package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.utf8.StrictUtf8;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What the codecs generated from a message schema ({@link MsgpackGenerator}) run on: the plumbing of the hand-written
 * {@code msgpack} row ({@link MsgpackMapCodec}: one packer writing in place into the caller's heap array, one unpacker
 * reset onto it for every decode, the map required to end at exactly the message's length) and the reads and writes
 * of each schema type, allocation-free as the hand-written row is: names and enum values pre-encoded and compared as
 * bytes, text encoded into and decoded from a reused array ({@link StrictUtf8}), bytes read straight into the
 * message's own buffer.
 *
 * <p>A generated codec is a subclass that supplies the message's body in {@code writeMap} and {@code readMap}, the
 * message's own fields written in them directly, as the hand-written row's are, so that msgpack-core's calls sit no
 * deeper below the codec's {@code encode} and {@code decode} than the hand-written row's, within the depth C2 inlines
 * to. It packs the map and reads it back, entries in any order, refusing an unknown, repeated or missing key; the
 * helpers here refuse a value of the wrong msgpack type, out of its schema type's range or reaching past the message,
 * each with a {@link DecodeException} naming the row and the offset in the message.
 *
 * @param <M> the generated message class
 */
public abstract class MsgpackGenerated<M> extends MsgpackMapCodec<M> {

    private static final byte[] MANTISSA = "mantissa".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EXPONENT = "exponent".getBytes(StandardCharsets.US_ASCII);
    private static final byte[][] DECIMAL = {MANTISSA, EXPONENT};

    /** The length of the message being read. */
    private int size;
    /** Where a uint64 is assembled, its format byte first. */
    private final byte[] u64 = new byte[9];
    private long mantissa;
    private byte exponent;

    protected MsgpackGenerated(String name) {
        super(name);
    }

    /** Pre-encoded names (field names, enum values' names) as UTF-8. */
    public static byte[][] names(String... names) {
        byte[][] b = new byte[names.length][];
        for (int i = 0; i < names.length; i++) b[i] = names[i].getBytes(StandardCharsets.UTF_8);
        return b;
    }

    /** What a generated {@code readMap} calls first: the length of the message it reads, for the checks below. */
    protected final void begin(int size) {
        this.size = size;
    }

    // ---- writing

    /** Text as a msgpack str, encoded into a reused array. */
    public void text(MessagePacker p, CharSequence s) throws IOException {
        packText(p, s);
    }

    /** Exactly {@code length} ASCII characters as a str, or an IllegalArgumentException naming the field. */
    public void ascii(MessagePacker p, CharSequence s, int length, String field) throws IOException {
        org.wireshootout.generator.spi.SchemaChecks.ascii(s, length, field);
        packText(p, s);
    }

    /** The 64 bits of {@code v} as an unsigned integer: msgpack's smallest form, uint64 from 2^63 on. */
    public void unsigned(MessagePacker p, long v) throws IOException {
        if (v >= 0) {
            p.packLong(v);
            return;
        }
        u64[0] = (byte) 0xcf; // uint64: packLong would write a negative int64, packBigInteger a BigInteger
        for (int i = 0; i < 8; i++) u64[1 + i] = (byte) (v >>> (56 - 8 * i));
        p.writePayload(u64, 0, 9);
    }

    /** Bytes as a msgpack bin. */
    public void bytes(MessagePacker p, byte[] b, int length) throws IOException {
        p.packBinaryHeader(length);
        p.writePayload(b, 0, length);
    }

    /** A decimal with its own exponent: a map of {@code mantissa} and {@code exponent}. */
    public void decimal(MessagePacker p, long mantissa, byte exponent) throws IOException {
        p.packMapHeader(2);
        packString(p, MANTISSA);
        p.packLong(mantissa);
        packString(p, EXPONENT);
        p.packByte(exponent);
    }

    // ---- reading

    /** A DecodeException naming the row and the offset in the message. */
    public DecodeException error(MessageUnpacker u, String what) {
        return fail(u, what);
    }

    /** A map header of {@code min} to {@code max} entries. */
    public int map(MessageUnpacker u, int min, int max, String field) throws IOException {
        expect(u, ValueType.MAP, field);
        int n = u.unpackMapHeader();
        if (n < min || n > max) throw fail(u, field + ": a map of " + n + " entries, not " + min + (min == max ? "" : " to " + max));
        return n;
    }

    /** An array header of at most {@code max} entries. */
    public int array(MessageUnpacker u, int max, String field) throws IOException {
        expect(u, ValueType.ARRAY, field);
        int n = u.unpackArrayHeader();
        if (n < 0 || n > max) throw fail(u, field + " holds " + Integer.toUnsignedString(n) + " entries, more than its bound " + max);
        if (n > size - u.getTotalReadBytes()) throw fail(u, field + ": " + n + " entries cannot fit in what is left of the message");
        return n;
    }

    /** The index in {@code keys} of the next key, compared as bytes; an unknown key is refused. */
    public int key(MessageUnpacker u, byte[][] keys, String owner) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f.getValueType() != ValueType.STRING) throw fail(u, owner + ": a key must be a str, found " + f);
        int n = stringPayload(u, size, owner); // no label made per key: a String built here would be garbage per entry
        for (int i = 0; i < keys.length; i++) {
            if (Arrays.equals(scratch, 0, n, keys[i], 0, keys[i].length)) return i;
        }
        throw fail(u, owner + ": unknown field '" + new String(scratch, 0, n, StandardCharsets.UTF_8) + "'");
    }

    /** An integer within {@code [min, max]} (beyond a long: msgpack-core's own exception). */
    public long integer(MessageUnpacker u, long min, long max, String field) throws IOException {
        return integer(u, min, max, field, "");
    }

    private long integer(MessageUnpacker u, long min, long max, String field, String part) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f.getValueType() != ValueType.INTEGER) throw fail(u, field + part + " must be INTEGER, found " + f);
        long v = u.unpackLong();
        if (v < min || v > max) throw fail(u, field + part + ": " + v + " is outside " + min + ".." + max);
        return v;
    }

    /** An integer from 0 to 2^64-1 as the 64 bits of a long (a uint64 read from its bytes, no BigInteger). */
    public long unsigned(MessageUnpacker u, String field) throws IOException {
        expect(u, ValueType.INTEGER, field);
        if (u.getNextFormat() == MessageFormat.UINT64) {
            if (size - u.getTotalReadBytes() < 9) throw fail(u, field + ": a uint64 cut short");
            u.readPayload(u64, 0, 9);
            long v = 0;
            for (int i = 1; i < 9; i++) v = v << 8 | (u64[i] & 0xFF);
            return v;
        }
        long v = u.unpackLong();
        if (v < 0) throw fail(u, field + ": " + v + " is negative");
        return v;
    }

    /** A set's bits, refused when any bit names no choice. */
    public long set(MessageUnpacker u, long allowed, String field) throws IOException {
        long at = u.getTotalReadBytes();
        long v = unsigned(u, field);
        if ((v & ~allowed) != 0) throw new DecodeException(name, at, field + ": bits 0x" + Long.toHexString(v & ~allowed) + " name no choice");
        return v;
    }

    /** A float64 (or a float32, as the hand-written row reads its price). */
    public double f64(MessageUnpacker u, String field) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f != MessageFormat.FLOAT64 && f != MessageFormat.FLOAT32) throw fail(u, field + " must be a float, found " + f);
        return u.unpackDouble();
    }

    /** A float32. */
    public float f32(MessageUnpacker u, String field) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f != MessageFormat.FLOAT32) throw fail(u, field + " must be a float32, found " + f);
        return u.unpackFloat();
    }

    public boolean bool(MessageUnpacker u, String field) throws IOException {
        return readFlag(u, field);
    }

    /** A str into {@code to}, strict UTF-8, refused beyond {@code maxBytes}. */
    public void text(MessageUnpacker u, StringBuilder to, int maxBytes, String field) throws IOException {
        long at = u.getTotalReadBytes();
        int n = stringPayload(u, size, field);
        if (n > maxBytes) throw new DecodeException(name, at, field + " holds " + n + " bytes, more than its bound " + maxBytes);
        to.setLength(0);
        StrictUtf8.decode(scratch, 0, n, to, name, u.getTotalReadBytes() - n);
    }

    /** A str of exactly {@code length} ASCII bytes into {@code to}. */
    public void ascii(MessageUnpacker u, StringBuilder to, int length, String field) throws IOException {
        long at = u.getTotalReadBytes();
        int n = stringPayload(u, size, field);
        if (n != length) throw new DecodeException(name, at, field + " holds " + n + " bytes; ascii(" + length + ") takes exactly " + length);
        to.setLength(0);
        for (int i = 0; i < n; i++) {
            byte c = scratch[i];
            if (c < 0) throw new DecodeException(name, u.getTotalReadBytes() - n + i, field + ": byte " + (c & 0xFF) + " is not ASCII");
            to.append((char) c);
        }
    }

    /** A bin's length, refused beyond {@code maxLength} or past the message; read its bytes with {@link #payload}. */
    public int bytes(MessageUnpacker u, int maxLength, String field) throws IOException {
        expect(u, ValueType.BINARY, field);
        int n = u.unpackBinaryHeader();
        if (n < 0 || n > maxLength) throw fail(u, field + " holds " + Integer.toUnsignedString(n) + " bytes, more than its bound " + maxLength);
        if (n > size - u.getTotalReadBytes()) throw fail(u, field + " of " + n + " bytes, fewer left in the message");
        return n;
    }

    /** The {@code n} bytes of a bin into {@code to}. */
    public void payload(MessageUnpacker u, byte[] to, int n) throws IOException {
        u.readPayload(to, 0, n);
    }

    /** The index in {@code names} of the str naming an enum value; any other is refused. */
    public int enumIndex(MessageUnpacker u, byte[][] names, String field) throws IOException {
        long at = u.getTotalReadBytes();
        int n = stringPayload(u, size, field);
        for (int i = 0; i < names.length; i++) {
            if (Arrays.equals(scratch, 0, n, names[i], 0, names[i].length)) return i;
        }
        throw new DecodeException(name, at, field + ": \"" + new String(scratch, 0, n, StandardCharsets.UTF_8) + "\" names no value");
    }

    /** Reads a map of {@code mantissa} and {@code exponent}, both once; then {@link #mantissa()}, {@link #exponent()}. */
    public void decimal(MessageUnpacker u, String field) throws IOException {
        map(u, 2, 2, field);
        int seen = 0;
        for (int i = 0; i < 2; i++) {
            int k = key(u, DECIMAL, field);
            if ((seen & (1 << k)) != 0) throw fail(u, field + ": '" + (k == 0 ? "mantissa" : "exponent") + "' appears twice");
            seen |= 1 << k;
            // the part's name is added to the field's only in an error: a label built per read would be garbage per message
            if (k == 0) mantissa = integer(u, Long.MIN_VALUE, Long.MAX_VALUE, field, ".mantissa");
            else exponent = (byte) integer(u, Byte.MIN_VALUE, Byte.MAX_VALUE, field, ".exponent");
        }
    }

    /** The mantissa the last {@link #decimal(MessageUnpacker, String)} read. */
    public long mantissa() {
        return mantissa;
    }

    /** The exponent the last {@link #decimal(MessageUnpacker, String)} read. */
    public byte exponent() {
        return exponent;
    }

    /** The names of the required fields whose bits are missing from {@code seen}, for the error. */
    public static String missing(long seen, long required, byte[][] names, int from) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 64 && from + i < names.length; i++) {
            if ((required & (1L << i)) != 0 && (seen & (1L << i)) == 0) {
                b.append(b.length() == 0 ? "" : ", ").append(new String(names[from + i], StandardCharsets.UTF_8));
            }
        }
        return b.toString();
    }
}
