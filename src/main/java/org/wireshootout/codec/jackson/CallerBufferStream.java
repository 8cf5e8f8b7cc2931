package org.wireshootout.codec.jackson;

import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.EncodeOverflowException;

import java.io.OutputStream;

/**
 * The {@code OutputStream} a Jackson generator writes into, over the caller's buffer from the caller's offset: the
 * generator fills its own buffer and copies it out here on {@code flush}, the one copy it made into the codec's
 * array before, now into the caller's memory (its heap array with {@code System.arraycopy}, other memory through
 * {@code putBytes}). The room is {@code capacity - offset}; a write that would pass it is refused with
 * {@link EncodeOverflowException} before anything of it is written, so nothing lands past the buffer's capacity.
 * Not synchronized (a codec is single-threaded).
 */
final class CallerBufferStream extends OutputStream {
    private final String name;
    private MutableDirectBuffer dst;
    /** The caller's heap array, or null for other memory. */
    private byte[] array;
    /** Where the message starts: an index of {@link #array}, or of {@link #dst} when there is no array. */
    private int base;
    private int room;
    private int size;

    CallerBufferStream(String name) {
        this.name = name;
    }

    /** Points the stream at {@code dst} from {@code offset}, empty. */
    void wrap(MutableDirectBuffer dst, int offset) {
        this.dst = dst;
        byte[] a = dst.byteArray();
        this.array = a;
        this.base = a != null ? dst.wrapAdjustment() + offset : offset;
        this.room = dst.capacity() - offset;
        this.size = 0;
    }

    /** How many bytes were written since {@link #wrap}. */
    int length() {
        return size;
    }

    @Override
    public void write(int b) {
        if (size >= room) throw overflow();
        if (array != null) array[base + size] = (byte) b;
        else dst.putByte(base + size, (byte) b);
        size++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (len > room - size) throw overflow();
        if (array != null) System.arraycopy(b, off, array, base + size, len);
        else dst.putBytes(base + size, b, off, len);
        size += len;
    }

    private EncodeOverflowException overflow() {
        return new EncodeOverflowException(name, room, null);
    }
}
