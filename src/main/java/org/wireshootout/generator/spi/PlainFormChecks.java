package org.wireshootout.generator.spi;

import org.wireshootout.codec.DecodeException;

/**
 * The checks a codec generated with a {@link PlainForm} makes on what its library read, before it copies a value into
 * the caller's message: each a {@link #refused} naming the row and the field, never a raw exception. A library's runtime
 * helper extends this with how it reports a refusal and with what differs between libraries (groups).
 */
public abstract class PlainFormChecks {

    /** The refusal of a value read: the row, where in the message (as the library can tell) and what is wrong. */
    public abstract DecodeException refused(String field, String what);

    /** A field the schema requires that the library read as null. */
    public <T> T required(T v, String field) {
        if (v == null) throw refused(field, "null where the schema has a value");
        return v;
    }

    /** An unsigned value held one Java size up, refused outside {@code [0, max]}. */
    public long unsigned(long v, long max, String field) {
        if (v < 0 || v > max) throw refused(field, v + " is outside its unsigned type [0, " + max + "]");
        return v;
    }

    /** A set's bits, refused when one names no choice. */
    public long set(long v, long allowed, String field) {
        if ((v & ~allowed) != 0) throw refused(field, "bits 0x" + Long.toHexString(v & ~allowed) + " name no choice");
        return v;
    }

    /** An {@code ascii(length)} value, refused unless exactly {@code length} chars each at most 127. */
    public <S extends CharSequence> S ascii(S s, int length, String field) {
        required(s, field);
        if (s.length() != length) throw refused(field, s.length() + " chars; ascii(" + length + ") takes exactly " + length);
        for (int i = 0; i < length; i++) {
            if (s.charAt(i) > 127) throw refused(field, "a non-ASCII char at " + i);
        }
        return s;
    }

    /**
     * Text, refused when absent or longer than {@code maxBytes} in UTF-8, the schema's bound: more chars than that at
     * once (no char takes less than a byte), and the UTF-8 length counted only when the chars could take more (a char
     * takes at most three bytes), so that a text within a third of its bound is not scanned.
     */
    public <S extends CharSequence> S text(S s, int maxBytes, String field) {
        required(s, field);
        int n = s.length();
        if (n > maxBytes) throw refused(field, n + " chars, more than its bound of " + maxBytes + " bytes");
        if (3L * n > maxBytes) {
            int bytes = org.wireshootout.codec.utf8.LenientUtf8.encodedLength(s);
            if (bytes > maxBytes) throw refused(field, bytes + " bytes in UTF-8, more than its bound of " + maxBytes);
        }
        return s;
    }

    /** Bytes, refused when absent or longer than {@code max}. */
    public byte[] bytes(byte[] b, int max, String field) {
        required(b, field);
        if (b.length > max) throw refused(field, b.length + " bytes, more than its bound " + max);
        return b;
    }

    /** The plain object's bytes for a value of {@code length} bytes: the array it holds when of that length, else a new one. */
    public static byte[] exactly(byte[] held, byte[] from, int length) {
        byte[] a = held != null && held.length == length ? held : new byte[length];
        System.arraycopy(from, 0, a, 0, length);
        return a;
    }
}
