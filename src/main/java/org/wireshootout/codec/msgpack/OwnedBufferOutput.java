package org.wireshootout.codec.msgpack;

import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.core.buffer.MessageBufferOutput;

import java.util.Arrays;

/**
 * A {@link MessageBufferOutput} that collects what the packer flushes into one byte array the codec owns and
 * rewinds per message. msgpack-core's own {@code ArrayBufferOutput} keeps a list of slices and allocates a new
 * slice on every flush, which would put garbage on every message.
 *
 * <p>The packer writes into {@link #next}'s buffer and hands it back with {@link #writeBuffer}; large payloads
 * may come straight through {@link #write}/{@link #add}. Either way the bytes are copied, in order, into the
 * owned array, so nothing here keeps a reference to the packer's or the caller's arrays.
 */
final class OwnedBufferOutput implements MessageBufferOutput {
    private byte[] chunkArray = new byte[8192];
    private MessageBuffer chunk = MessageBuffer.wrap(chunkArray);
    private byte[] bytes = new byte[256];
    private int size;

    void reset() {
        size = 0;
    }

    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }

    void load(byte[] src, int off, int len) {
        size = 0;
        append(src, off, len);
    }

    @Override
    public MessageBuffer next(int minimumSize) {
        if (chunkArray.length < minimumSize) {
            chunkArray = new byte[minimumSize];
            chunk = MessageBuffer.wrap(chunkArray);
        }
        return chunk;
    }

    @Override
    public void writeBuffer(int length) {
        append(chunkArray, 0, length);
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
        if (len > bytes.length - size) bytes = Arrays.copyOf(bytes, Math.max(size + len, bytes.length * 2));
        System.arraycopy(src, off, bytes, size, len);
        size += len;
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
