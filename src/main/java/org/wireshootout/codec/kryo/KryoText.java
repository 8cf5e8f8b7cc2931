package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Kryo's own string format ({@code Output.writeString} / {@code Input.readString}), written from a
 * {@link CharSequence} and read into a {@link StringBuilder}: Kryo's calls take and make a {@code String}, which
 * would be an allocation per message in each direction. The bytes are exactly Kryo's, so either side may be
 * Kryo's own call:
 * <ul>
 *   <li>2 to 32 chars, all ASCII: the chars as bytes, the last one with bit 8 set;</li>
 *   <li>otherwise: {@code writeVarIntFlag(true, length + 1, true)} (bit 8 of the first byte set), then each char
 *       in one, two or three bytes (UTF-8 per char, so a surrogate pair takes 2 x 3 bytes); 0 means null, refused
 *       here.</li>
 * </ul>
 * Reading checks a length against the bytes left before taking any char, and refuses a byte that starts no char.
 * Positions in its errors count from the message's start ({@link KryoSupport#offsetOf}).
 */
final class KryoText {
    private KryoText() {
    }

    static void write(Output out, CharSequence s) {
        if (out instanceof KryoSupport.RangeOutput r && r.text(s)) return;
        int n = s.length();
        if (n > 1 && n <= 32 && ascii(s, n)) {
            for (int i = 0; i < n - 1; i++) out.writeByte(s.charAt(i));
            out.writeByte(s.charAt(n - 1) | 0x80);
            return;
        }
        out.writeVarIntFlag(true, n + 1, true);
        for (int i = 0; i < n; i++) {
            int c = s.charAt(i);
            if (c <= 0x7F) {
                out.writeByte(c);
            } else if (c <= 0x7FF) {
                out.writeByte(0xC0 | c >> 6 & 0x1F);
                out.writeByte(0x80 | c & 0x3F);
            } else {
                out.writeByte(0xE0 | c >> 12 & 0x0F);
                out.writeByte(0x80 | c >> 6 & 0x3F);
                out.writeByte(0x80 | c & 0x3F);
            }
        }
    }

    private static boolean ascii(CharSequence s, int n) {
        for (int i = 0; i < n; i++) if (s.charAt(i) > 127) return false;
        return true;
    }

    /**
     * Reads a string into {@code sb} (cleared first); a null string, a lying length or a byte the writer cannot have
     * written is a {@link KryoException} naming its position: a byte that starts no char, a continuation byte
     * that is not {@code 10xxxxxx}, an overlong char (two bytes for a char below U+0080, three for one below
     * U+0800, such as {@code C0 80} or {@code E0 80 80}), and a string in the other form than {@link #write}
     * chooses for it (the ASCII form for fewer than 2 or more than 32 chars, the counted form for 2 to 32 ASCII
     * chars). The checks run on the non-ASCII path and once per string, not per ASCII byte.
     */
    static void read(Input in, StringBuilder sb) {
        if (!(in instanceof KryoSupport.MessageInput m)) {
            read(over(in), sb, in);
            return;
        }
        int n = readChars(m);
        sb.setLength(0);
        sb.append(m.chars(n), 0, n);
    }

    /** A string read as {@link #read} reads it, as a new {@code String}. */
    static String readString(KryoSupport.MessageInput in) {
        int n = readChars(in);
        return new String(in.chars(n), 0, n);
    }

    /** Another {@code Input} than the rows' (tests): read through a MessageInput over its bytes, then moved on as far. */
    private static void read(KryoSupport.MessageInput m, StringBuilder sb, Input in) {
        read(m, sb);
        in.setPosition(m.position());
    }

    private static KryoSupport.MessageInput over(Input in) {
        KryoSupport.MessageInput m = new KryoSupport.MessageInput();
        m.setBuffer(in.getBuffer(), 0, in.limit());
        m.setPosition(in.position());
        return m;
    }

    /**
     * Reads a string's chars into the input's scratch chars ({@link KryoSupport.MessageInput#chars}) and returns how
     * many; straight from the input's buffer, one bounds check per string on the ASCII paths.
     */
    static int readChars(KryoSupport.MessageInput in) {
        int start = in.position();
        if (!in.readVarIntFlag()) { // the ASCII form: bytes up to and including the one with bit 8 set
            byte[] buf = in.getBuffer();
            int end = Math.min(in.limit(), start + 32); // the writer's longest ASCII form is 32 bytes
            char[] c = in.chars(32);
            int p = start;
            while (p < end) { // one pass: each byte is copied as it is looked at, up to the one with bit 8 set
                byte b = buf[p++];
                c[p - start - 1] = (char) (b & 0x7F);
                if (b < 0) break;
            }
            int n = p - start;
            if (n == 0 || buf[p - 1] >= 0) {
                if (p < in.limit()) {
                    throw new KryoException("text of more than 32 ASCII chars in the ASCII form, which the writer uses"
                            + " only for 2 to 32, at position " + KryoSupport.offsetOf(in, start));
                }
                throw new KryoException("text in the ASCII form runs past the message's end at position " + KryoSupport.offsetOf(in, start));
            }
            in.setPosition(p); // n >= 2: a first byte with bit 8 set is the counted form
            return n;
        }
        int count = in.readVarIntFlag(true);
        if (count == 0) throw new KryoException("text is null at position " + KryoSupport.offsetOf(in, in.position()));
        count--;
        int left = in.limit() - in.position();
        if (count < 0) throw new KryoException("text of " + Integer.toUnsignedString(count) + " chars at position " + KryoSupport.offsetOf(in, start) + ": past a 32-bit count");
        if (count > left) throw new KryoException("text of " + count + " chars, only " + left + " bytes left");
        char[] c = in.chars(count);
        byte[] buf = in.getBuffer();
        int p = in.position();
        int i = 0;
        while (i < count && buf[p] >= 0) c[i++] = (char) buf[p++]; // the ASCII run: count <= left keeps p in bounds
        in.setPosition(p);
        if (i == count) {
            if (count > 1 && count <= 32) {
                throw new KryoException("text of " + count + " ASCII chars in the counted form, which the writer uses only"
                        + " for other texts, at position " + KryoSupport.offsetOf(in, start));
            }
            return count;
        }
        int high = 0; // the chars OR-ed: above 0x7F when any is not ASCII
        for (; i < count; i++) {
            int b = in.readByte() & 0xFF;
            switch (b >> 4) {
                case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
                    c[i] = (char) b;
                    break;
                case 12: case 13: {
                    int x = (b & 0x1F) << 6 | continuation(in);
                    if (x < 0x80) throw overlong(in, 2);
                    high |= x;
                    c[i] = (char) x;
                    break;
                }
                case 14: {
                    int x = (b & 0x0F) << 12 | continuation(in) << 6;
                    x |= continuation(in);
                    if (x < 0x800) throw overlong(in, 3);
                    high |= x;
                    c[i] = (char) x;
                    break;
                }
                default:
                    throw new KryoException("byte 0x" + Integer.toHexString(b) + " starts no char at position "
                            + KryoSupport.offsetOf(in, in.position() - 1));
            }
        }
        if (high == 0 && count > 1 && count <= 32) {
            throw new KryoException("text of " + count + " ASCII chars in the counted form, which the writer uses only"
                    + " for other texts, at position " + KryoSupport.offsetOf(in, start));
        }
        return count;
    }

    /** The low six bits of the next byte, which must be a continuation byte ({@code 10xxxxxx}). */
    private static int continuation(Input in) {
        int c = in.readByte();
        if ((c & 0xC0) != 0x80) {
            throw new KryoException("byte 0x" + Integer.toHexString(c & 0xFF) + " is not a UTF-8 continuation byte at position "
                    + KryoSupport.offsetOf(in, in.position() - 1));
        }
        return c & 0x3F;
    }

    private static KryoException overlong(Input in, int bytes) {
        return new KryoException("overlong " + bytes + "-byte char at position " + KryoSupport.offsetOf(in, in.position() - bytes));
    }
}
