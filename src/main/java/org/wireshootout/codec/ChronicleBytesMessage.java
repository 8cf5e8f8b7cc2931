package org.wireshootout.codec;

import net.openhft.chronicle.bytes.Bytes;

import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The bytes of one message in Chronicle {@code Bytes} the codec owns, from offset 0 to the write position. Reads
 * for {@link #bytes} and {@link #copyTo} are absolute, so the read position a decoder relies on never moves.
 * Used by the Chronicle rows (with their 4-byte document header) and by the rows that put another library's
 * output into Chronicle {@code Bytes} (BSON, Jackson).
 */
public final class ChronicleBytesMessage implements MessageBuffer {
    private final Supplier<Bytes<?>> bytes;
    private final int headerLength;
    private final IntConsumer prepare;

    /** A message without framing, emptied by {@code bytes.clear()}. */
    public ChronicleBytesMessage(Bytes<?> bytes) {
        this(bytes, 0, bytes::clear);
    }

    /**
     * @param headerLength the framing the format puts before the payload
     * @param clear empties the bytes before a load (a Wire resets its own reader and writer state too)
     */
    public ChronicleBytesMessage(Bytes<?> bytes, int headerLength, Runnable clear) {
        this(() -> bytes, headerLength, length -> clear.run());
    }

    /**
     * For a codec that may replace its {@code Bytes} (an unchecked buffer is replaced, not grown):
     * @param bytes the codec's current buffer
     * @param prepare given a load's length, makes room for it and empties the buffer
     */
    public ChronicleBytesMessage(Supplier<Bytes<?>> bytes, int headerLength, IntConsumer prepare) {
        this.bytes = bytes;
        this.headerLength = headerLength;
        this.prepare = prepare;
    }

    @Override
    public int length() {
        return (int) bytes.get().writePosition();
    }

    @Override
    public int headerLength() {
        return headerLength;
    }

    @Override
    public byte[] bytes() {
        byte[] copy = new byte[length()];
        bytes.get().read(0, copy, 0, copy.length);
        return copy;
    }

    @Override
    public int copyTo(byte[] dst, int offset) {
        int n = length();
        bytes.get().read(0, dst, offset, n);
        return n;
    }

    @Override
    public void load(byte[] src, int offset, int length) {
        prepare.accept(length);
        bytes.get().write(src, offset, length);
    }
}
