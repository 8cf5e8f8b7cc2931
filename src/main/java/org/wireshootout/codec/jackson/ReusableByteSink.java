package org.wireshootout.codec.jackson;

import org.wireshootout.codec.MessageBuffer;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable byte array the codec owns and rewinds for every message, in place of a new
 * {@code ByteArrayOutputStream} and {@code toByteArray()} per call: the buffer of the {@code jackson} row's version 2
 * ({@link JacksonHeapCodec}; the rows themselves write the caller's buffer). Not synchronized (a codec is single-threaded).
 */
final class ReusableByteSink extends OutputStream implements MessageBuffer {
    private byte[] buf;
    private int size;

    ReusableByteSink(int capacity) {
        buf = new byte[capacity];
    }

    void reset() {
        size = 0;
    }

    byte[] array() {
        return buf;
    }

    @Override
    public int length() {
        return size;
    }

    @Override
    public byte[] bytes() {
        return Arrays.copyOf(buf, size);
    }

    @Override
    public int copyTo(byte[] dst, int offset) {
        System.arraycopy(buf, 0, dst, offset, size);
        return size;
    }

    /** Replaces the content with a copy of {@code len} bytes of {@code src}. */
    @Override
    public void load(byte[] src, int off, int len) {
        size = 0;
        write(src, off, len);
    }

    @Override
    public void write(int b) {
        if (size == buf.length) grow(size + 1);
        buf[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (len > buf.length - size) grow(size + len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    private void grow(int min) {
        buf = Arrays.copyOf(buf, Math.max(min, buf.length * 2));
    }
}
