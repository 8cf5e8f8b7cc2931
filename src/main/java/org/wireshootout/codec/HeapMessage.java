package org.wireshootout.codec;

import java.util.Arrays;

/**
 * The bytes of one message in a codec-owned heap {@code byte[]} of fixed capacity: the array, made once, and how
 * many of its leading bytes the message fills. A codec whose encode or decode uses the array directly keeps
 * {@link #array} in a final field of its own too.
 */
public final class HeapMessage implements MessageBuffer {
    /** The codec's buffer; its length is the capacity. */
    public final byte[] array;
    private final String format;
    private int length;

    /** @param format the row's name, for the error when a load does not fit */
    public HeapMessage(String format, int capacity) {
        this.format = format;
        this.array = new byte[capacity];
    }

    /** How many leading bytes of {@link #array} the message fills. */
    @Override
    public int length() {
        return length;
    }

    /** Sets the message's length (after an encode wrote that many bytes) and returns it. */
    public int setLength(int length) {
        return this.length = length;
    }

    @Override
    public byte[] bytes() {
        return Arrays.copyOf(array, length);
    }

    @Override
    public int copyTo(byte[] dst, int offset) {
        System.arraycopy(array, 0, dst, offset, length);
        return length;
    }

    /** More than the array holds is refused with a {@link DecodeException} naming the format, before anything is copied. */
    @Override
    public void load(byte[] src, int offset, int len) {
        if (len > array.length) throw new DecodeException(format, 0, len + " bytes exceed the " + array.length + "-byte buffer");
        System.arraycopy(src, offset, array, 0, len);
        length = len;
    }
}
