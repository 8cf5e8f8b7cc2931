package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * What the codecs generated from a message schema ({@link KryoGenerator}) call: the same configured {@code Kryo}
 * and re-pointed {@code Output} / {@code Input} over the caller's buffer as the hand-written {@code kryo} row
 * ({@link KryoSupport}), and the reads and writes that row does itself (text in Kryo's string format without a
 * String, a strict boolean), plus the checks a generated reader makes against the schema's bounds.
 */
public final class KryoGenerated {
    /** The id every Kryo row registers its first class under; a union's members are registered from it, in order. */
    public static final int FIRST_ID = KryoSupport.FIRST_ID;

    private final KryoSupport kryo;

    /** A Kryo configured as every Kryo row, with {@code type} registered under the first id with {@code serializer}. */
    public <T> KryoGenerated(String name, Class<T> type, Serializer<T> serializer) {
        this.kryo = new KryoSupport(name);
        kryo.kryo.register(type, serializer, KryoSupport.FIRST_ID);
    }

    /** Writes {@code value} with {@code writeObject} into {@code dst} from {@code offset}; returns the length. */
    public int write(Object value, MutableDirectBuffer dst, int offset) {
        return kryo.write(value, dst, offset);
    }

    /** Reads the {@code length} bytes of {@code src} from {@code offset} as {@code type}, refusing bytes left over. */
    public <T> T read(Class<T> type, DirectBuffer src, int offset, int length) {
        return kryo.read(type, src, offset, length);
    }

    /** Text in Kryo's string format, from a CharSequence (as the hand-written row writes it). */
    public static void writeText(Output out, CharSequence s) {
        KryoText.write(out, s);
    }

    /** Text in Kryo's string format into {@code to}, refused beyond {@code maxChars} characters. */
    public static void readText(Input in, StringBuilder to, int maxChars, String field) {
        KryoText.read(in, to);
        if (to.length() > maxChars) throw new KryoException(field + " holds " + to.length() + " chars, more than its bound " + maxChars);
    }

    /** Kryo's boolean, refusing a byte that is neither 0 nor 1. */
    public static boolean readBoolean(Input in, String field) {
        int b = in.readByte();
        if (b != 0 && b != 1) throw new KryoException(field + ": byte " + b + " is neither 0 nor 1, at position " + position(in));
        return b == 1;
    }

    /** A count or length written as a positive varint, refused above {@code max} or beyond the bytes left. */
    public static int readCount(Input in, int max, String field) {
        int at = in.position();
        int n = in.readVarInt(true);
        if (n < 0 || n > max) throw new KryoException(field + ": " + n + " is beyond its bound " + max + ", at position " + KryoSupport.offsetOf(in, at));
        return n;
    }

    /** An enum ordinal written as a positive varint, refused outside {@code [0, count)}. */
    public static int readOrdinal(Input in, int count, String field) {
        int at = in.position();
        int n = in.readVarInt(true);
        if (n < 0 || n >= count) throw new KryoException(field + ": ordinal " + n + " names no value, at position " + KryoSupport.offsetOf(in, at));
        return n;
    }

    /** Exactly {@code length} ASCII characters, written as bytes (a value of another length is refused). */
    public static void writeAscii(Output out, CharSequence s, int length, String field) {
        if (out instanceof KryoSupport.RangeOutput r && r.ascii(s, length)) return;
        org.wireshootout.generator.spi.SchemaChecks.asciiLength(s, length, field);
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c > 127) throw org.wireshootout.generator.spi.SchemaChecks.notAscii(field, i);
            out.writeByte(c);
        }
    }

    /** Exactly {@code length} bytes, each refused above 127. */
    public static void readAscii(Input in, StringBuilder to, int length, String field) {
        to.setLength(0);
        int at = in.position();
        if (in.limit() - at < length) throw new KryoException(field + ": " + length + " chars, fewer bytes left, at position " + KryoSupport.offsetOf(in, at));
        if (in instanceof KryoSupport.MessageInput m) { // straight from the array, appended once
            byte[] buf = m.getBuffer();
            char[] c = m.chars(length);
            for (int i = 0; i < length; i++) {
                byte b = buf[at + i];
                if (b < 0) throw new KryoException(field + ": byte " + (b & 0xFF) + " is not ASCII, at position " + KryoSupport.offsetOf(in, at + i));
                c[i] = (char) b;
            }
            to.append(c, 0, length);
            m.setPosition(at + length);
            return;
        }
        for (int i = 0; i < length; i++) {
            int c = in.readByte();
            if (c < 0) throw new KryoException(field + ": byte " + (c & 0xFF) + " is not ASCII, at position " + KryoSupport.offsetOf(in, at + i));
            to.append((char) c);
        }
    }

    /** A bit set, refused when it has bits outside {@code allowed}. */
    public static long readSet(Input in, long allowed, String field) {
        int at = in.position();
        long v = in.readVarLong(true);
        if ((v & ~allowed) != 0) throw new KryoException(field + ": bits 0x" + Long.toHexString(v & ~allowed) + " name no choice, at position " + KryoSupport.offsetOf(in, at));
        return v;
    }

    /** An unsigned value read back into its Java type, refused above its type's maximum. */
    public static long readUnsigned(Input in, long max, String field) {
        int at = in.position();
        long v = in.readVarLong(true);
        if (Long.compareUnsigned(v, max) > 0) throw new KryoException(field + ": " + Long.toUnsignedString(v) + " is beyond its type, at position " + KryoSupport.offsetOf(in, at));
        return v;
    }

    /** Refuses a length of {@code n} bytes when fewer are left. */
    public static void checkLeft(Input in, int n, String field) {
        int left = in.limit() - in.position();
        if (n > left) throw new KryoException(field + ": " + n + " bytes, only " + left + " left, at position " + KryoSupport.offsetOf(in, in.position()));
    }

    private static int position(Input in) {
        return KryoSupport.offsetOf(in, in.position() - 1);
    }
}
