package org.wireshootout.codec.bson;

import org.agrona.DirectBuffer;

import java.nio.ByteBuffer;

/**
 * The memory the BSON reader reads a message from the caller's buffer through ({@link BsonDocumentReader}): a
 * {@link ByteBuffer} whose position 0 is the message's first byte, over the caller's own memory: its heap array, or
 * the direct {@code ByteBuffer} the caller's buffer wraps. It runs to the end of the caller's buffer (the reader
 * limits it to each message's length) and is made again only when the caller's memory, offset or capacity changes,
 * so a caller that keeps its buffer and offset, as a benchmark's does, makes one. Native memory that no
 * {@code ByteBuffer} wraps (a bare address) has no {@code ByteBuffer} the library could read: the message is copied
 * into one scratch array, reused across calls, and read there.
 */
final class CallerBsonInput {
    private ByteBuffer view;
    private Object viewMemory;
    private int viewBase;
    private int viewSize;
    private byte[] scratch = new byte[0];

    /** The memory of the {@code length} bytes of {@code src} from {@code offset}, from its position 0. */
    ByteBuffer over(DirectBuffer src, int offset, int length) {
        byte[] array = src.byteArray();
        if (array != null) return view(array, src.wrapAdjustment() + offset, src.capacity() - offset);
        ByteBuffer direct = src.byteBuffer();
        if (direct != null && direct.isDirect()) return view(direct, src.wrapAdjustment() + offset, src.capacity() - offset);
        if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
        src.getBytes(offset, scratch, 0, length);
        return view(scratch, 0, scratch.length);
    }

    /** {@code size} bytes of {@code memory} (a {@code byte[]} or a direct {@code ByteBuffer}) from {@code base}. */
    private ByteBuffer view(Object memory, int base, int size) {
        if (memory != viewMemory || base != viewBase || size != viewSize) {
            ByteBuffer whole = memory instanceof byte[] ? ByteBuffer.wrap((byte[]) memory) : ((ByteBuffer) memory).duplicate();
            whole.limit(whole.capacity()).position(base);
            whole.limit(base + size);
            view = whole.slice();
            viewMemory = memory;
            viewBase = base;
            viewSize = size;
        }
        return view;
    }
}
