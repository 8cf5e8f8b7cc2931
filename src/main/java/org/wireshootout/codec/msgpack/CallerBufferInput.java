package org.wireshootout.codec.msgpack;

import org.agrona.DirectBuffer;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.ArrayBufferInput;
import org.msgpack.core.buffer.MessageBuffer;

/**
 * The unpacker's input over the caller's buffer: an {@link ArrayBufferInput} reset for every decode onto a
 * {@link MessageBuffer} over the caller's heap array from the message's offset. msgpack-core's buffers cannot be
 * re-pointed, so the view runs to the end of the caller's buffer rather than to the message's length, and is made
 * again only when the caller's array, offset or capacity changes: a caller that keeps its buffer and offset, as a
 * benchmark's does, makes one, whatever the lengths of its messages. The codec then refuses a message whose map
 * does not end at exactly its length, so bytes after the message can never make a decode succeed (as before, when
 * the view ran to the end of the codec's own array). Over other memory (a transport's direct buffer) the message is
 * first copied into one scratch array reused across calls, the copy a msgpack-core user reading such memory pays too.
 */
final class CallerBufferInput {
    private final ArrayBufferInput input = new ArrayBufferInput(new byte[0]);
    private byte[] scratch = new byte[0];
    private MessageBuffer view;
    private byte[] viewArray;
    private int viewBase;
    private int viewSize;

    /** Resets {@code unpacker} onto the {@code length} bytes of {@code src} from {@code offset}. */
    void reset(MessageUnpacker unpacker, DirectBuffer src, int offset, int length) throws java.io.IOException {
        byte[] array = src.byteArray();
        int base;
        int size;
        if (array != null) {
            base = src.wrapAdjustment() + offset;
            size = src.capacity() - offset;
        } else {
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            array = scratch;
            base = 0;
            size = scratch.length;
        }
        if (array != viewArray || base != viewBase || size != viewSize) {
            view = MessageBuffer.wrap(array, base, size);
            viewArray = array;
            viewBase = base;
            viewSize = size;
        }
        input.reset(view);
        unpacker.reset(input);
    }
}
