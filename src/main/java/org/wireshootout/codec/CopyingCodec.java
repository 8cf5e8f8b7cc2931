package org.wireshootout.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A row still on the older seam, whose codec owns its buffer, seen as a {@link BufferCodec}: its encoding is copied
 * into the caller's buffer and a frame is copied into its buffer before decoding. Used only until every library has
 * moved to the caller-owned seam; a row on it is reached without this adapter ({@code Row.newBufferCodec()}).
 */
public final class CopyingCodec<T> implements BufferCodec<T> {
    private final String name;
    private final Codec<T> codec;
    private byte[] scratch = new byte[4096];

    public CopyingCodec(String name, Codec<T> codec) {
        this.name = name;
        this.codec = codec;
    }

    @Override
    public int encode(T value, MutableDirectBuffer dst, int offset) {
        int length = codec.encode(value);
        if (length > dst.capacity() - offset) throw new EncodeOverflowException(name, dst.capacity() - offset, null);
        if (length > scratch.length) scratch = new byte[Math.max(length, 2 * scratch.length)];
        codec.copyTo(scratch, 0);
        dst.putBytes(offset, scratch, 0, length);
        return length;
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, T target) {
        if (length > scratch.length) scratch = new byte[Math.max(length, 2 * scratch.length)];
        src.getBytes(offset, scratch, 0, length);
        codec.load(scratch, 0, length);
        codec.decode(target);
    }

    @Override
    public Labels.Memory memory() {
        return Labels.Memory.HEAP;
    }
}
