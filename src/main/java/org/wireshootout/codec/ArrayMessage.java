package org.wireshootout.codec;

import java.util.Arrays;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * A message in a heap array that a library's own output object owns and may replace as it grows (BSON's
 * {@code BasicOutputBuffer}, SnakeYAML's byte buffer, Boon's output): the array and length are read from it
 * each time, and a load goes through the codec's own way of refilling that output.
 */
public final class ArrayMessage implements MessageBuffer {
    /** Replaces the library output's content with {@code length} bytes of {@code src} from {@code offset}. */
    public interface Loader {
        void load(byte[] src, int offset, int length);
    }

    private final Supplier<byte[]> array;
    private final IntSupplier length;
    private final Loader loader;

    public ArrayMessage(Supplier<byte[]> array, IntSupplier length, Loader loader) {
        this.array = array;
        this.length = length;
        this.loader = loader;
    }

    @Override
    public int length() {
        return length.getAsInt();
    }

    @Override
    public byte[] bytes() {
        return Arrays.copyOf(array.get(), length.getAsInt());
    }

    @Override
    public int copyTo(byte[] dst, int offset) {
        int n = length.getAsInt();
        System.arraycopy(array.get(), 0, dst, offset, n);
        return n;
    }

    @Override
    public void load(byte[] src, int offset, int length) {
        loader.load(src, offset, length);
    }
}
