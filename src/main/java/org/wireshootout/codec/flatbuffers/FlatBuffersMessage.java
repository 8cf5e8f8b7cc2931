package org.wireshootout.codec.flatbuffers;

import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.MessageBuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Where a FlatBuffers row's message lies: after an encode, the tail of the builder's own buffer (from its
 * position); after a load, a heap buffer of fixed capacity the row owns, limited to the loaded length so that
 * an absolute read past the message fails instead of reading stale bytes. Used by both FlatBuffers rows.
 */
final class FlatBuffersMessage implements MessageBuffer {
    /** Checks loaded bytes before a decode may read them (a verifier), and lets the row switch its views. */
    interface OnLoad {
        void loaded(ByteBuffer bytes, int length);
    }

    private final String format;
    private final ByteBuffer loaded;
    private final OnLoad onLoad;
    private ByteBuffer current;
    private int start;
    private int length;

    FlatBuffersMessage(String format, int capacity, OnLoad onLoad) {
        this.format = format;
        this.loaded = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        this.onLoad = onLoad;
    }

    /** Makes the builder's finished buffer the message (from its position to its limit); returns the length. */
    int encoded(ByteBuffer builderBuffer) {
        current = builderBuffer;
        start = builderBuffer.position();
        return length = builderBuffer.remaining();
    }

    /** The buffer decode reads: the builder's after encode, the loaded one after load; null before either. */
    ByteBuffer current() {
        return current;
    }

    /** The offset of the message's first byte in {@link #current()}. */
    int start() {
        return start;
    }

    /** The buffer loads go into, for a row that keeps views of it. */
    ByteBuffer loadBuffer() {
        return loaded;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public byte[] bytes() {
        byte[] copy = new byte[length];
        System.arraycopy(current.array(), current.arrayOffset() + start, copy, 0, length);
        return copy;
    }

    @Override
    public int copyTo(byte[] dst, int offset) {
        System.arraycopy(current.array(), current.arrayOffset() + start, dst, offset, length);
        return length;
    }

    @Override
    public void load(byte[] src, int offset, int len) {
        if (len > loaded.capacity()) throw new DecodeException(format, 0, len + " bytes exceed the " + loaded.capacity() + "-byte buffer");
        loaded.clear();
        loaded.put(src, offset, len);
        loaded.flip(); // position 0, limit len: absolute reads past the message fail
        onLoad.loaded(loaded, len);
        current = loaded;
        start = 0;
        length = len;
    }
}
