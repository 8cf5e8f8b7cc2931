package org.wireshootout.codec.limit;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * The {@code limit} row: the six fields written and read by hand with a plain heap {@link ByteBuffer}, no
 * library, no framing: price 8, flag 1, side 1, smallInt 4, longInt 8, then the text as a 1-byte-or-more
 * stop-bit length and its chars, one byte each when every char is below U+0100, else two bytes each (the
 * length's low bit says which). The physical floor any format is measured against.
 *
 * <p>The {@code ByteBuffer} is a view over the caller's memory ({@link CallerByteBuffer}): over a heap buffer's
 * array where the message lies, made once per array and re-positioned per call, so the puts and gets are those
 * the row always made. Its limit is the end of the caller's room, so a message that does not fit is refused
 * ({@link EncodeOverflowException}) by the put that would pass it, before that put writes.
 */
public final class LimitCodec implements BufferCodec<Data>, Evolvable {
    static final int FIXED_PART = 8 + 1 + 1 + 4 + 8;

    private final String name;
    private final CallerByteBuffer buffer;

    public LimitCodec(String name) {
        this.name = name;
        this.buffer = new CallerByteBuffer(name);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        ByteBuffer b = buffer.forWrite(dst, offset);
        try {
            b.putDouble(value.getPrice());
            b.put((byte) (value.isFlag() ? 1 : 0));
            b.put((byte) value.getSide().ordinal());
            b.putInt(value.getSmallInt());
            b.putLong(value.getLongInt());
            writeText(b, value.getText());
        } catch (BufferOverflowException e) {
            if (buffer.grown(b, dst, offset)) return encode(value, dst, offset);
            throw new EncodeOverflowException(name, dst.capacity() - offset, e);
        }
        return buffer.written(dst, offset, b);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        if (length < FIXED_PART + 1) throw new DecodeException("limit", length, "message of " + length + " bytes is shorter than the fixed part");
        ByteBuffer b = buffer.forRead(src, offset, length);
        int start = buffer.start;
        target.setPrice(b.getDouble());
        int flag = b.get();
        if ((flag & ~1) != 0) throw new DecodeException(name, 8, "flag " + flag + " is neither 0 nor 1");
        target.setFlag(flag == 1);
        int side = b.get();
        if (side != 0 && side != 1) throw new DecodeException("limit", 9, "side " + side + " is neither 0 (Buy) nor 1 (Sell)");
        target.setSide(side == 0 ? Side.Buy : Side.Sell);
        target.setSmallInt(b.getInt());
        target.setLongInt(b.getLong());
        readText(name, b, target.textBuffer(), start);
        if (b.hasRemaining()) {
            throw new DecodeException(name, b.position() - start, b.remaining() + " bytes after the text, which ends the message");
        }
    }

    /** The text: its stop-bit length (low bit: two bytes a char) and its chars, one byte each when all are below U+0100. */
    static void writeText(ByteBuffer b, CharSequence text) {
        int n = text.length();
        boolean narrow = true;
        for (int i = 0; i < n; i++) {
            if (text.charAt(i) > 0xFF) {
                narrow = false;
                break;
            }
        }
        writeStopBit(b, ((long) n << 1) | (narrow ? 0 : 1));
        if (narrow) {
            for (int i = 0; i < n; i++) b.put((byte) text.charAt(i));
        } else {
            for (int i = 0; i < n; i++) b.putChar(text.charAt(i));
        }
    }

    /**
     * Reads what {@link #writeText} wrote into {@code sb}, refusing a length longer than the bytes left and what the
     * writer cannot have written: a length in more stop-bit bytes than it needs, two bytes a char when every char is
     * below U+0100 (checked only on that slow path). Offsets in errors count from {@code start}, where the message
     * starts in {@code b}.
     */
    static void readText(String name, ByteBuffer b, StringBuilder sb, int start) {
        int at = b.position();
        long header = readStopBit(name, b, start);
        long n = header >>> 1;
        boolean narrow = (header & 1) == 0;
        long need = narrow ? n : 2 * n;
        if (need > b.remaining()) throw new DecodeException(name, b.position() - start, "text of " + n + " chars needs " + need + " bytes, " + b.remaining() + " present");
        sb.setLength(0);
        if (narrow) {
            for (int i = 0; i < n; i++) sb.append((char) (b.get() & 0xFF));
        } else {
            char high = 0;
            for (int i = 0; i < n; i++) {
                char c = b.getChar();
                high |= c;
                sb.append(c);
            }
            if (high <= 0xFF) throw new DecodeException(name, at - start, "text of " + n + " chars below U+0100 in two bytes a char, which the writer uses only for wider chars");
        }
    }

    /** {@link #readText(String, ByteBuffer, StringBuilder, int)} of a message that starts at 0 of {@code b}. */
    static void readText(String name, ByteBuffer b, StringBuilder sb) {
        readText(name, b, sb, 0);
    }

    private static void writeStopBit(ByteBuffer b, long v) {
        while ((v & ~0x7FL) != 0) {
            b.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        b.put((byte) v);
    }

    private static long readStopBit(String name, ByteBuffer b, int start) {
        long v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (!b.hasRemaining()) throw new DecodeException(name, b.position() - start, "text length runs past the end");
            int x = b.get();
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                // the writer never ends a length with a zero byte after others: 0x80 0x00 is 0 in two bytes
                if (x == 0 && shift > 0) throw new DecodeException(name, b.position() - 1 - start, "text length in more stop-bit bytes than it needs");
                return v;
            }
        }
        throw new DecodeException(name, b.position() - start, "text length longer than 5 bytes");
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return new LimitV2Codec(name, change);
    }

    @Override
    public String evolutionMechanism() {
        return "none on the wire: fields are known by position and size only; an appended field can be read when bytes are"
                + " left for it, any other change shifts what follows without a sign";
    }
}
