package org.wireshootout.codec.utf8;

import org.wireshootout.codec.DecodeException;

/**
 * UTF-8 between a {@link CharSequence} / {@link StringBuilder} and a byte array, without the String that
 * {@code String.getBytes} and {@code new String(bytes, UTF_8)} would make. Strict both ways: an unpaired
 * surrogate is refused on encoding; malformed, overlong, surrogate or out-of-range sequences are refused on
 * decoding (the JDK would silently substitute U+FFFD, which a round trip must not hide).
 */
public final class StrictUtf8 {
    /**
     * From this many bytes {@link #decode(byte[], int, int, StringBuilder, String, long)} decodes into the thread's
     * scratch array and appends it in one go (see the char-array decode); a shorter text is appended char by char,
     * as before, without the thread-local look-up.
     */
    static final int BULK = 64;
    /** Each thread's scratch chars for the decode into a builder; grown, never shrunk, so nothing is allocated once it fits. */
    private static final ThreadLocal<char[]> SCRATCH = ThreadLocal.withInitial(() -> new char[256]);

    private StrictUtf8() {
    }

    /** The most bytes {@code chars} characters can take (3 per char; a surrogate pair takes 4 for 2 chars). */
    public static int maxBytes(int chars) {
        return chars * 3;
    }

    /**
     * Writes {@code s} as UTF-8 into {@code dst} from {@code off}; {@code dst} must have
     * {@link #maxBytes}{@code (s.length())} bytes free. Returns the number of bytes written.
     */
    public static int encode(CharSequence s, byte[] dst, int off) {
        int p = off;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[p++] = (byte) c;
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | (c >> 6));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                char low = i + 1 < n ? s.charAt(i + 1) : 0;
                if (!Character.isHighSurrogate(c) || !Character.isLowSurrogate(low)) {
                    throw new IllegalArgumentException("unpaired surrogate U+" + Integer.toHexString(c) + " at index " + i);
                }
                int cp = Character.toCodePoint(c, low);
                i++;
                dst[p++] = (byte) (0xF0 | (cp >> 18));
                dst[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                dst[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                dst[p++] = (byte) (0xE0 | (c >> 12));
                dst[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p - off;
    }

    /**
     * Appends the characters of {@code len} UTF-8 bytes of {@code src} from {@code off} to {@code out}: from
     * {@link #BULK} bytes on decoded into the thread's scratch array and appended in one go (nothing appended when the
     * bytes are refused), below it char by char.
     *
     * @throws DecodeException naming {@code format} and {@code base + index} for a malformed sequence
     */
    public static void decode(byte[] src, int off, int len, StringBuilder out, String format, long base) {
        if (len < BULK) {
            scan(src, off, len, out, null, format, base);
            return;
        }
        char[] chars = SCRATCH.get();
        if (chars.length < len) SCRATCH.set(chars = new char[Math.max(len, 2 * chars.length)]);
        out.append(chars, 0, scan(src, off, len, null, chars, format, base));
    }

    /**
     * Decodes {@code len} UTF-8 bytes of {@code src} from {@code off} into {@code chars} from 0, which must hold
     * {@code len} chars (a byte gives at most one char); returns the number of chars. Appending them to a builder in
     * one {@code append(char[], int, int)} took a third less time on 1,300 chars of mixed scripts than an append per char,
     * which checks the builder's room and coder each time (a rough timing loop outside JMH:
     * results/20261129T104500Z-long-text).
     *
     * @throws DecodeException naming {@code format} and {@code base + index} for a malformed sequence
     */
    public static int decode(byte[] src, int off, int len, char[] chars, String format, long base) {
        return scan(src, off, len, null, chars, format, base);
    }

    /**
     * Checks that {@code len} bytes of {@code src} from {@code off} are well-formed UTF-8, as {@link #decode} does,
     * without keeping the characters.
     *
     * @throws DecodeException naming {@code format} and {@code base + index} for a malformed sequence
     */
    public static void validate(byte[] src, int off, int len, String format, long base) {
        scan(src, off, len, null, null, format, base);
    }

    /** Whether any of {@code len} bytes of {@code src} from {@code off} is above 0x7F: one OR per byte, no branch. */
    public static boolean anyNonAscii(byte[] src, int off, int len) {
        int acc = 0;
        for (int i = off, end = off + len; i < end; i++) acc |= src[i];
        return acc < 0;
    }

    /** Checks, and appends the chars to {@code out} or stores them in {@code chars} (at most one of them given); returns the chars' count. */
    private static int scan(byte[] src, int off, int len, StringBuilder out, char[] chars, String format, long base) {
        int end = off + len;
        int i = off;
        int p = 0;
        while (i < end) {
            int b = src[i];
            if (b >= 0) {
                if (chars != null) chars[p++] = (char) b;
                else if (out != null) out.append((char) b);
                i++;
                continue;
            }
            int need;
            int cp;
            int min;
            if ((b & 0xE0) == 0xC0) {
                need = 1;
                cp = b & 0x1F;
                min = 0x80;
            } else if ((b & 0xF0) == 0xE0) {
                need = 2;
                cp = b & 0x0F;
                min = 0x800;
            } else if ((b & 0xF8) == 0xF0) {
                need = 3;
                cp = b & 0x07;
                min = 0x10000;
            } else {
                throw new DecodeException(format, base + i - off, "byte 0x" + Integer.toHexString(b & 0xFF) + " cannot start a UTF-8 sequence");
            }
            if (i + need >= end) {
                throw new DecodeException(format, base + i - off, "UTF-8 sequence cut short by the end of the string");
            }
            for (int k = 1; k <= need; k++) {
                int c = src[i + k];
                if ((c & 0xC0) != 0x80) throw new DecodeException(format, base + i + k - off, "bad UTF-8 continuation byte");
                cp = (cp << 6) | (c & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                throw new DecodeException(format, base + i - off, "overlong, surrogate or out-of-range UTF-8 sequence");
            }
            if (chars != null) {
                if (cp < 0x10000) {
                    chars[p++] = (char) cp;
                } else {
                    chars[p++] = Character.highSurrogate(cp);
                    chars[p++] = Character.lowSurrogate(cp);
                }
            } else if (out == null) {
                // validating only
            } else if (cp < 0x10000) {
                out.append((char) cp);
            } else {
                // the two surrogates one by one: appendCodePoint makes a char[2] per supplementary char
                out.append(Character.highSurrogate(cp)).append(Character.lowSurrogate(cp));
            }
            i += need + 1;
        }
        return p;
    }
}
