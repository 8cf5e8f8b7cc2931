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

    /** Reads a string into {@code sb} (cleared first); a null string, a lying length or a bad byte is a {@link KryoException}. */
    static void read(Input in, StringBuilder sb) {
        sb.setLength(0);
        if (!in.readVarIntFlag()) { // the ASCII form: bytes up to and including the one with bit 8 set
            int b;
            do {
                b = in.readByte();
                sb.append((char) (b & 0x7F));
            } while (b >= 0);
            return;
        }
        int count = in.readVarIntFlag(true);
        if (count == 0) throw new KryoException("text is null at position " + in.position());
        count--;
        int left = in.limit() - in.position();
        if (count > left) throw new KryoException("text of " + count + " chars, only " + left + " bytes left");
        for (int i = 0; i < count; i++) {
            int b = in.readByte() & 0xFF;
            switch (b >> 4) {
                case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
                    sb.append((char) b);
                    break;
                case 12: case 13:
                    sb.append((char) ((b & 0x1F) << 6 | in.readByte() & 0x3F));
                    break;
                case 14:
                    sb.append((char) ((b & 0x0F) << 12 | (in.readByte() & 0x3F) << 6 | in.readByte() & 0x3F));
                    break;
                default:
                    throw new KryoException("byte 0x" + Integer.toHexString(b) + " starts no char at position " + (in.position() - 1));
            }
        }
    }
}
