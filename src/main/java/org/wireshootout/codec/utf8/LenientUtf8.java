package org.wireshootout.codec.utf8;

import java.nio.ByteBuffer;

/**
 * UTF-8 between a {@link CharSequence} and bytes that a library hands out in place, without creating a
 * {@code String}: the generated code of SBE, FlatBuffers and Cap'n Proto offers a text field only as a
 * {@code String} getter (which allocates) or as raw bytes (buffer, offset, length). The codecs take the raw
 * bytes and use this class, so their decode fills the target's {@code StringBuilder} directly.
 *
 * <p>The results are exactly those of the JDK: {@link #encode} writes what {@code String.getBytes(UTF_8)}
 * writes (an unpaired surrogate becomes {@code '?'}), and {@link #decode} appends what
 * {@code new String(bytes, UTF_8)} holds (each maximal ill-formed subsequence becomes U+FFFD). The tests
 * compare both against the JDK on random input.
 */
public final class LenientUtf8 {
    private LenientUtf8() {
    }

    /** The number of bytes {@link #encode} writes for {@code s}. */
    public static int encodedLength(CharSequence s) {
        int n = s.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) continue;
            if (c < 0x800) {
                bytes += 1;
            } else if (!Character.isSurrogate(c)) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 2; // two chars, four bytes
                i++;
            }
            // an unpaired surrogate is written as '?': one byte, already counted
        }
        return bytes;
    }

    /**
     * Writes {@code s} as UTF-8 into {@code dst} from {@code offset}; the caller makes room for
     * {@link #encodedLength} bytes (or for {@code 3 * s.length()}, which is always enough).
     *
     * @return the offset just past the last byte written
     */
    public static int encode(CharSequence s, byte[] dst, int offset) {
        int n = s.length();
        int p = offset;
        int i = 0;
        // ASCII runs are the common case: one compare and one store per char
        while (i < n) {
            char c = s.charAt(i);
            if (c >= 0x80) break;
            dst[p++] = (byte) c;
            i++;
        }
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[p++] = (byte) c;
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | (c >>> 6));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (!Character.isSurrogate(c)) {
                dst[p++] = (byte) (0xE0 | (c >>> 12));
                dst[p++] = (byte) (0x80 | ((c >>> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                dst[p++] = (byte) (0xF0 | (cp >>> 18));
                dst[p++] = (byte) (0x80 | ((cp >>> 12) & 0x3F));
                dst[p++] = (byte) (0x80 | ((cp >>> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                dst[p++] = (byte) '?';
            }
        }
        return p;
    }

    /**
     * Writes {@code s} as UTF-8 into a heap {@code dst} at absolute {@code index} (its position is untouched).
     *
     * @return the index just past the last byte written
     * @throws IndexOutOfBoundsException when the bytes do not fit before {@code dst}'s limit
     */
    public static int encode(CharSequence s, ByteBuffer dst, int index) {
        int need = encodedLength(s);
        if (index < 0 || index + need > dst.limit()) {
            throw new IndexOutOfBoundsException(need + " bytes at " + index + " do not fit a buffer of limit " + dst.limit());
        }
        int base = dst.arrayOffset();
        return encode(s, dst.array(), base + index) - base;
    }

    /** Appends the text of {@code length} UTF-8 bytes at {@code offset} of {@code src} to {@code out}. */
    public static void decode(byte[] src, int offset, int length, StringBuilder out) {
        if (offset < 0 || length < 0 || length > src.length - offset) {
            throw new IndexOutOfBoundsException(length + " bytes at " + offset + " of a " + src.length + "-byte array");
        }
        int i = offset;
        int end = offset + length;
        while (i < end) {
            int b0 = src[i];
            if (b0 >= 0) {
                out.append((char) b0);
                i++;
                continue;
            }
            b0 &= 0xFF;
            int more;
            int cp;
            // the allowed range of the second byte (Unicode Table 3-7), which rules out overlong forms and code
            // points above U+10FFFF; an encoded surrogate (ED A0..BF xx) is read whole and then replaced by one
            // U+FFFD, as the JDK does (Unicode's table would give three)
            int lo = 0x80;
            int hi = 0xBF;
            if (b0 >= 0xC2 && b0 <= 0xDF) {
                more = 1;
                cp = b0 & 0x1F;
            } else if (b0 >= 0xE0 && b0 <= 0xEF) {
                more = 2;
                cp = b0 & 0x0F;
                if (b0 == 0xE0) lo = 0xA0;
            } else if (b0 >= 0xF0 && b0 <= 0xF4) {
                more = 3;
                cp = b0 & 0x07;
                if (b0 == 0xF0) lo = 0x90;
                else if (b0 == 0xF4) hi = 0x8F;
            } else {
                out.append('\uFFFD');
                i++;
                continue;
            }
            i++;
            boolean complete = true;
            for (int k = 0; k < more; k++) {
                if (i >= end) {
                    complete = false;
                    break;
                }
                int b = src[i] & 0xFF;
                if (b < lo || b > hi) {
                    complete = false;
                    break;
                }
                cp = (cp << 6) | (b & 0x3F);
                lo = 0x80;
                hi = 0xBF;
                i++;
            }
            if (!complete) {
                // the well-formed prefix read so far is one replacement; the byte that broke it starts afresh
                out.append('\uFFFD');
            } else if (cp >= 0xD800 && cp <= 0xDFFF) {
                out.append('\uFFFD');
            } else if (cp < 0x10000) {
                out.append((char) cp);
            } else {
                out.append(Character.highSurrogate(cp)).append(Character.lowSurrogate(cp));
            }
        }
    }

    /**
     * Appends the text of {@code length} UTF-8 bytes at absolute {@code index} of a heap {@code src} (its
     * position is untouched) to {@code out}.
     */
    public static void decode(ByteBuffer src, int index, int length, StringBuilder out) {
        if (index < 0 || length < 0 || length > src.limit() - index) {
            throw new IndexOutOfBoundsException(length + " bytes at " + index + " of a buffer of limit " + src.limit());
        }
        decode(src.array(), src.arrayOffset() + index, length, out);
    }
}
