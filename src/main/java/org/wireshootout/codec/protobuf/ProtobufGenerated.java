package org.wireshootout.codec.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import org.wireshootout.codec.DecodeException;

/**
 * What the codecs generated from a message schema ({@link ProtobufGenerator}) call: the same writing into the
 * caller's buffer and the same configured parse as the hand-written {@code protobuf} row ({@link ProtobufBytes}),
 * and the checks a generated reader makes, once protobuf has parsed the message, against what the schema allows
 * (a narrow integer's range, an enum's numbers, a set's bits, an ASCII field's length and characters, a text's
 * bound in UTF-8 bytes, a group's bound). Those checks come after the parse, so they cannot name the byte the
 * field was at: their {@link DecodeException} has offset -1, as the hand-written row's enum check has.
 */
public final class ProtobufGenerated {
    private final String name;

    /** The checks of one generated codec, named {@code name} in its errors (it writes and parses through its own {@link ProtobufBytes}). */
    public ProtobufGenerated(String name) {
        this.name = name;
    }

    /** A refusal of a parsed field's value. */
    public DecodeException refuse(String field, String what) {
        return new DecodeException(name, -1, field + ": " + what);
    }

    // ---- writing

    /** An {@code ascii(N)} field as the string protobuf writes; a value of another length or not ASCII is refused. */
    public static String ascii(CharSequence s, int length, String field) {
        org.wireshootout.generator.spi.SchemaChecks.ascii(s, length, field);
        return s.toString();
    }

    /**
     * The first {@code length} bytes of {@code array} as a ByteString without a copy: the message is built and
     * written before the array can change, which is the use {@code UnsafeByteOperations} documents.
     */
    public static ByteString wrap(byte[] array, int length) {
        return UnsafeByteOperations.unsafeWrap(array, 0, length);
    }

    // ---- reading

    /** An unsigned 8- or 16-bit value carried as uint32, refused beyond {@code mask}. */
    public int unsigned(int v, int mask, String field) {
        if ((v & ~mask) != 0) throw refuse(field, Integer.toUnsignedString(v) + " is beyond its type's maximum " + mask);
        return v;
    }

    /** A signed 8- or 16-bit value carried as int32, refused outside {@code [min, max]}. */
    public int signed(int v, int min, int max, String field) {
        if (v < min || v > max) throw refuse(field, v + " is outside its type's range " + min + " to " + max);
        return v;
    }

    /** A set's bits, refused when a bit names no choice. */
    public long set(long v, long allowed, String field) {
        if ((v & ~allowed) != 0) throw refuse(field, "bits 0x" + Long.toHexString(v & ~allowed) + " name no choice");
        return v;
    }

    /** A group's entry count, refused beyond its bound. */
    public int count(int n, int max, String field) {
        if (n > max) throw refuse(field, n + " entries, more than its bound " + max);
        return n;
    }

    /** An {@code ascii(N)} field into {@code to}: exactly {@code length} chars, each ASCII. */
    public void ascii(String s, StringBuilder to, int length, String field) {
        if (s.length() != length) throw refuse(field, s.length() + " chars where ascii(" + length + ") takes exactly " + length);
        for (int i = 0; i < length; i++) {
            if (s.charAt(i) > 127) throw refuse(field, "char " + (int) s.charAt(i) + " at " + i + " is not ASCII");
        }
        to.setLength(0);
        to.append(s);
    }

    /**
     * A {@code text(N)} field into {@code to}, refused beyond {@code maxBytes} bytes of UTF-8 (protobuf has already
     * refused malformed UTF-8 in a proto3 {@code string}, so the string is the bytes' exact decoding).
     */
    public void text(String s, StringBuilder to, int maxBytes, String field) {
        int chars = s.length();
        if (chars > maxBytes) throw refuse(field, chars + " chars, more than its bound of " + maxBytes + " bytes");
        if ((long) chars * 3 > maxBytes) {
            int size = org.wireshootout.codec.utf8.LenientUtf8.encodedLength(s);
            if (size > maxBytes) throw refuse(field, size + " bytes of UTF-8, more than its bound " + maxBytes);
        }
        to.setLength(0);
        to.append(s);
    }

    /** A {@code bytes(N)} field's length, refused beyond {@code max}. */
    public int length(ByteString b, int max, String field) {
        int n = b.size();
        if (n > max) throw refuse(field, n + " bytes, more than its bound " + max);
        return n;
    }
}
