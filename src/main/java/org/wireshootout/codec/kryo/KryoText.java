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
        sb.setLength(0);
        int start = in.position();
        if (!in.readVarIntFlag()) { // the ASCII form: bytes up to and including the one with bit 8 set
            int b;
            do {
                b = in.readByte();
                sb.append((char) (b & 0x7F));
            } while (b >= 0);
            if (sb.length() < 2 || sb.length() > 32) {
                throw new KryoException("text of " + sb.length() + " ASCII chars in the ASCII form, which the writer uses"
                        + " only for 2 to 32, at position " + KryoSupport.offsetOf(in, start));
            }
            return;
        }
        int count = in.readVarIntFlag(true);
        if (count == 0) throw new KryoException("text is null at position " + KryoSupport.offsetOf(in, in.position()));
        count--;
        int left = in.limit() - in.position();
        if (count > left) throw new KryoException("text of " + count + " chars, only " + left + " bytes left");
        int high = 0; // the chars OR-ed: above 0x7F when any is not ASCII
        for (int i = 0; i < count; i++) {
            int b = in.readByte() & 0xFF;
            switch (b >> 4) {
                case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
                    sb.append((char) b);
                    break;
                case 12: case 13: {
                    int c = (b & 0x1F) << 6 | continuation(in);
                    if (c < 0x80) throw overlong(in, 2);
                    high |= c;
                    sb.append((char) c);
                    break;
                }
                case 14: {
                    int c = (b & 0x0F) << 12 | continuation(in) << 6;
                    c |= continuation(in);
                    if (c < 0x800) throw overlong(in, 3);
                    high |= c;
                    sb.append((char) c);
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
