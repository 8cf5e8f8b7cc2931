package org.wireshootout.codec.msgpack;

import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.core.buffer.MessageBufferOutput;

import java.util.Arrays;

/**
 * The packer's output: one byte array the codec owns, rewound per message, into which the packer writes
 * directly. msgpack-core's packer asks its output for a buffer ({@link #next}), fills it, and hands it back on
 * flush ({@link #writeBuffer}); it drops the buffer after every flush and asks again for the next message.
 * The first buffer of a message is a {@link MessageBuffer} over the owned array itself, so the bytes land in
 * place and writeBuffer only records their length: no copy. Should one message outgrow the array, the
 * further chunks come through a separate scratch buffer and are appended (the array grows once). msgpack-core's
 * own {@code ArrayBufferOutput} would allocate a new chunk per flush instead. Used by the version 2 of the
 * six-field row ({@link MsgpackMapCodec}); the rows themselves write the caller's buffer ({@link CallerBufferOutput}).
 */
public final class MessageBufferSink implements MessageBufferOutput, org.wireshootout.codec.MessageBuffer {
    private byte[] store;
    private MessageBuffer storeBuffer;
    private byte[] overflow = new byte[0];
    private MessageBuffer overflowBuffer;
    /** The buffer the packer holds now: {@link #storeBuffer} or {@link #overflowBuffer}. */
    private MessageBuffer lent;
    private int size;

    public MessageBufferSink(int capacity) {
        store = new byte[capacity];
        storeBuffer = MessageBuffer.wrap(store);
    }

    public void reset() {
        size = 0;
    }

    public byte[] array() {
        return store;
    }

    @Override
    public int length() {
        return size;
    }

    /** A copy of the content. */
    @Override
    public byte[] bytes() {
        return Arrays.copyOf(store, size);
    }

    /** Copies the content into {@code dst} at {@code offset}; returns its length. */
    @Override
    public int copyTo(byte[] dst, int offset) {
        System.arraycopy(store, 0, dst, offset, size);
        return size;
    }

    /** The content as msgpack's JSON view, or null when it is not one valid value. */
    public String render() {
        return render(store, size);
    }

    /** The first {@code size} bytes of {@code array} as msgpack's JSON view, or null when they are not one valid value. */
    static String render(byte[] array, int size) {
        try (org.msgpack.core.MessageUnpacker u = org.msgpack.core.MessagePack.newDefaultUnpacker(array, 0, size)) {
            return u.unpackValue().toJson();
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /** Replaces the content with a copy of {@code len} bytes of {@code src}. */
    @Override
    public void load(byte[] src, int off, int len) {
        size = 0;
        append(src, off, len);
    }

    @Override
    public MessageBuffer next(int minimumSize) {
        if (size == 0 && minimumSize <= store.length) {
            lent = storeBuffer;
        } else {
            if (overflow.length < minimumSize || overflowBuffer == null) {
                overflow = new byte[Math.max(minimumSize, 4096)];
                overflowBuffer = MessageBuffer.wrap(overflow);
            }
            lent = overflowBuffer;
        }
        return lent;
    }

    @Override
    public void writeBuffer(int length) {
        if (lent == storeBuffer) {
            size = length; // written in place, from 0 (size was 0 when it was lent)
        } else {
            append(overflow, 0, length);
        }
        lent = null;
    }

    @Override
    public void write(byte[] buffer, int offset, int length) {
        append(buffer, offset, length);
    }

    @Override
    public void add(byte[] buffer, int offset, int length) {
        append(buffer, offset, length);
    }

    private void append(byte[] src, int off, int len) {
        if (len > store.length - size) {
            store = Arrays.copyOf(store, Math.max(size + len, store.length * 2));
            storeBuffer = MessageBuffer.wrap(store);
        }
        System.arraycopy(src, off, store, size, len);
        size += len;
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
