package org.wireshootout.codec.sbe;

import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;

/**
 * What the codecs generated from a message schema ({@link SbeGenerator}) call besides the flyweights sbe-tool
 * generates: the same reused scratch and in-place text view as the hand-written {@code sbe} row ({@link SbeCodec}),
 * the ASCII checks of {@code ascii(N)} fields, and the checks a generated reader makes against the message's end
 * and the schema's bounds, each failing with a {@link DecodeException} naming the row and the offset from the
 * message's first byte. One per codec; nothing here allocates per message.
 */
public final class SbeGenerated {
    private final String name;
    /** Re-pointed at a text's bytes by the generated {@code wrapX}: a view, no copy. */
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    /** UTF-8 of a text written from a group entry; on decode from direct memory, a text's bytes. */
    private byte[] scratch = new byte[3 * 64];
    /** The bytes of an {@code ascii(N)} field on their way in or out. */
    private final byte[] ascii;
    /** Zeros: SBE's null value of a char array, written for an absent optional {@code ascii(N)}. */
    private final byte[] nulls;

    /** For a codec whose longest {@code ascii(N)} field has {@code maxAscii} characters. */
    public SbeGenerated(String name, int maxAscii) {
        this.name = name;
        this.ascii = new byte[Math.max(1, maxAscii)];
        this.nulls = new byte[Math.max(1, maxAscii)];
    }

    /** The view a generated decoder wraps a text's bytes in, before {@link #readText}. */
    public UnsafeBuffer view() {
        return view;
    }

    /** A scratch array of at least {@code bytes} bytes; grows for a longer text, never per message. */
    public byte[] scratch(int bytes) {
        if (bytes > scratch.length) scratch = new byte[bytes];
        return scratch;
    }

    /**
     * Decodes the text the {@link #view} holds, strictly (bad UTF-8 is refused, not replaced), into {@code to}; as
     * the hand-written row, read where it lies over a heap buffer, copied into the scratch first over direct memory.
     *
     * @param at where the text's bytes start, from the message's first byte
     */
    public void readText(StringBuilder to, long at) {
        to.setLength(0);
        int length = view.capacity();
        byte[] array = view.byteArray();
        if (array != null) {
            StrictUtf8.decode(array, view.wrapAdjustment(), length, to, name, at);
        } else {
            byte[] s = scratch(length);
            view.getBytes(0, s, 0, length);
            StrictUtf8.decode(s, 0, length, to, name, at);
        }
    }

    /** The {@code length} bytes of an {@code ascii(N)} value, checked to be ASCII and exactly that long. */
    public byte[] ascii(CharSequence s, int length, String field) {
        org.wireshootout.generator.spi.SchemaChecks.asciiLength(s, length, field);
        byte[] a = ascii;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c > 127) throw org.wireshootout.generator.spi.SchemaChecks.notAscii(field, i);
            a[i] = (byte) c;
        }
        return a;
    }

    /** The one byte of an {@code ascii(1)} value, checked to be ASCII. */
    public static byte asciiChar(CharSequence s, String field) {
        if (s.length() != 1) throw new IllegalArgumentException(field + " holds " + s.length() + " chars; ascii(1) takes exactly 1");
        char c = s.charAt(0);
        if (c > 127) throw new IllegalArgumentException(field + " holds a non-ASCII char");
        return (byte) c;
    }

    /** SBE's null value of a char array of up to the longest {@code ascii(N)} length: all zeros. */
    public byte[] nulls() {
        return nulls;
    }

    /** The array a generated decoder copies an {@code ascii(N)} field into (with the flyweight's {@code getX}). */
    public byte[] asciiScratch() {
        return ascii;
    }

    /** Whether the first {@code length} bytes of the ascii scratch are all SBE's char null value, 0. */
    public boolean asciiIsNull(int length) {
        byte[] a = ascii;
        int acc = 0;
        for (int i = 0; i < length; i++) acc |= a[i];
        return acc == 0;
    }

    /** Whether every byte of {@code v} is SBE's char null value, 0: an absent optional {@code ascii(N)}, read in place. */
    public static boolean allZero(org.agrona.DirectBuffer v) {
        int acc = 0;
        for (int i = 0, n = v.capacity(); i < n; i++) acc |= v.getByte(i);
        return acc == 0;
    }

    /** The {@code length} bytes in the ascii scratch into {@code to}, each refused above 127. */
    public void readAscii(StringBuilder to, int length, String field, long at) {
        to.setLength(0);
        byte[] a = ascii;
        for (int i = 0; i < length; i++) {
            byte c = a[i];
            if (c < 0) throw new DecodeException(name, at + i, field + ": byte " + (c & 0xFF) + " is not ASCII");
            to.append((char) c);
        }
    }

    /** One {@code ascii(1)} byte into {@code to}, refused above 127. */
    public void readAsciiChar(StringBuilder to, byte c, String field, long at) {
        if (c < 0) throw new DecodeException(name, at, field + ": byte " + (c & 0xFF) + " is not ASCII");
        to.setLength(0);
        to.append((char) c);
    }

    /** A boolean carried as SBE's {@code BooleanType} (0 or 1), refusing any other byte as the hand-written row does. */
    public boolean bool(short raw, String field, long at) {
        if (raw == 1) return true;
        if (raw == 0) return false;
        throw new DecodeException(name, at, field + " " + raw + " is neither T (1) nor F (0)");
    }

    /** Refuses a set's bits that name no choice. */
    public long set(long raw, long allowed, String field, long at) {
        if ((raw & ~allowed) != 0) {
            throw new DecodeException(name, at, field + ": bits 0x" + Long.toHexString(raw & ~allowed) + " name no choice");
        }
        return raw;
    }

    /** An enum's number that names no value. */
    public DecodeException unknownEnum(long raw, String field, long at) {
        return new DecodeException(name, at, field + ": " + raw + " names no value of its enum");
    }

    /** Refuses a part of {@code size} bytes at {@code at} (absolute) that runs past {@code end} (absolute). */
    public void checkRoom(int at, int size, int end, int offset, String what) {
        if (size > end - at) {
            throw new DecodeException(name, at - offset, what + " of " + size + " bytes runs past the end of the " + (end - offset) + "-byte message");
        }
    }

    /**
     * A var-data length read at {@code at} (absolute, where its 4-byte length is): refused when negative (beyond 2^31
     * as SBE's uint32 reads into an int), beyond the field's bound, or beyond the bytes left in the message.
     */
    public int varLength(int length, int bound, int at, int end, int offset, String field) {
        if (length < 0 || length > end - at - 4) {
            throw new DecodeException(name, at - offset, field + " of " + (length & 0xFFFF_FFFFL) + " bytes runs past the end of the "
                    + (end - offset) + "-byte message");
        }
        if (length > bound) throw new DecodeException(name, at - offset, field + " of " + length + " bytes is beyond its bound " + bound);
        return length;
    }

    /** A group's header: the count refused beyond the schema's bound, the entry block shorter than the schema's. */
    public void group(int count, int max, int blockLength, int minBlockLength, int at, int offset, String field) {
        if (count > max) throw new DecodeException(name, at - offset + 2, field + ": " + count + " entries, beyond its bound " + max);
        if (blockLength < minBlockLength) {
            throw new DecodeException(name, at - offset, field + ": entry block length " + blockLength + " is shorter than the "
                    + minBlockLength + " bytes of its fields");
        }
    }

    /** Refuses bytes after the last field. */
    public void end(int limit, int end, int offset) {
        if (limit != end) {
            throw new DecodeException(name, limit - offset, "the message's fields end " + (end - limit) + " bytes before the "
                    + (end - offset) + "-byte message does");
        }
    }

    /** The UTF-8 length of a text written from a group entry, refused beyond its bound. */
    public static int textLength(CharSequence s, int bound, String field) {
        int n = LenientUtf8.encodedLength(s);
        if (n > bound) throw tooLong(field, n, bound);
        return n;
    }

    /** The length of bytes written from a group entry, refused beyond its bound. */
    public static int bytesLength(int length, int bound, String field) {
        if (length > bound) throw tooLong(field, length, bound);
        return length;
    }

    /** A text longer than its bound in UTF-8 bytes, refused on encode. */
    public static IllegalArgumentException tooLong(String field, int bytes, int bound) {
        return new IllegalArgumentException(field + " is " + bytes + " bytes, beyond its bound " + bound);
    }
}
