package org.wireshootout.codec;

import java.util.Arrays;

/**
 * The bytes of one message in a codec-owned heap {@code byte[]}: the array, made once, and how many of its
 * leading bytes the message fills. Holds the {@link Codec#length}, {@link Codec#bytes}, {@link Codec#copyTo}
 * and {@link Codec#load} plumbing the heap-buffer codecs share; a codec whose encode or decode uses the array
 * directly keeps {@link #array} in a final field of its own too.
 */
public final class HeapMessage {
    /** The codec's buffer; its length is the capacity. */
    public final byte[] array;
    private int length;

    public HeapMessage(int capacity) {
        this.array = new byte[capacity];
    }

    /** How many leading bytes of {@link #array} the message fills. */
    public int length() {
        return length;
    }

    /** Sets the message's length (after an encode wrote that many bytes) and returns it. */
    public int setLength(int length) {
        return this.length = length;
    }

    /** A copy of the message's bytes. */
    public byte[] bytes() {
        return Arrays.copyOf(array, length);
    }

    /** Copies the message's bytes into {@code dst} at {@code offset}; returns how many. */
    public int copyTo(byte[] dst, int offset) {
        System.arraycopy(array, 0, dst, offset, length);
        return length;
    }

    /**
     * Makes {@code len} bytes of {@code src} from {@code offset} the message; more than the array holds is
     * refused with a {@link DecodeException} naming {@code format}, before anything is copied.
     */
    public void load(String format, byte[] src, int offset, int len) {
        if (len > array.length) throw new DecodeException(format, 0, len + " bytes exceed the " + array.length + "-byte buffer");
        System.arraycopy(src, offset, array, 0, len);
        length = len;
    }
}
