package org.wireshootout.codec.limit;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.EncodeOverflowException;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The caller's buffer as the little-endian {@link ByteBuffer} the {@code limit} rows write and read by hand, so
 * that the reference floor keeps its code (relative puts and gets of a {@code ByteBuffer}) over bytes it no longer
 * owns. The view is made once per distinct memory and re-positioned on every call, never made per message:
 * over the heap array a heap buffer wraps (the benchmarks'), or over the {@code ByteBuffer} a direct buffer wraps
 * (a transport's), where the message lies. Only memory that no {@code ByteBuffer} reaches (a bare address) goes
 * through one scratch array, a copy each way.
 *
 * <p>The view's limit is the end of the caller's buffer (encode) or of the message (decode), so a put past the
 * room throws {@link java.nio.BufferOverflowException} before it writes and a get past the message throws
 * {@link java.nio.BufferUnderflowException}: the codecs need no length check of their own. {@link #start} is where
 * the message starts in the view, for offsets in errors. The scratch array starts at 4096 bytes and grows, once,
 * only when a message does not fit it and the caller's room is larger.
 */
final class CallerByteBuffer {
    private final String name;
    /** The heap array or {@code ByteBuffer} {@link #view} is over. */
    private Object memory;
    private ByteBuffer view;
    private byte[] scratchArray = new byte[4096];
    private ByteBuffer scratch = wrap(scratchArray);
    /** Where the message starts in the buffer the last call returned. */
    int start;

    CallerByteBuffer(String name) {
        this.name = name;
    }

    /**
     * The view positioned at {@code offset} of {@code dst}, its limit the end of {@code dst}: where an encode writes.
     * The scratch array's limit is the smaller of the room and its length; see {@link #grown}.
     */
    ByteBuffer forWrite(MutableDirectBuffer dst, int offset) {
        ByteBuffer b = viewOf(dst);
        int room = dst.capacity() - offset;
        try {
            if (b == null) {
                b = scratch;
                start = 0;
                b.limit(Math.min(room, scratchArray.length)).position(0);
            } else {
                start = dst.wrapAdjustment() + offset;
                b.limit(start + room).position(start);
            }
        } catch (IllegalArgumentException e) {
            throw new EncodeOverflowException(name, room, e); // an offset past the end: no room at all
        }
        return b;
    }

    /**
     * After an encode into {@code b} overflowed: true when {@code b} was the scratch array and the caller's room is
     * larger than it, after growing it (to at most the room), so that the encode is worth trying again.
     */
    boolean grown(ByteBuffer b, MutableDirectBuffer dst, int offset) {
        int room = dst.capacity() - offset;
        if (b != scratch || scratchArray.length >= room) return false;
        scratchArray = new byte[(int) Math.min(room, 2L * scratchArray.length)];
        scratch = wrap(scratchArray);
        return true;
    }

    /** The length of what an encode put into {@code b} since {@link #forWrite}, copied into {@code dst} if {@code b} is the scratch. */
    int written(MutableDirectBuffer dst, int offset, ByteBuffer b) {
        int length = b.position() - start;
        if (b == scratch) dst.putBytes(offset, scratchArray, 0, length);
        return length;
    }

    /** The view positioned at {@code offset} of {@code src}, its limit the end of the message. */
    ByteBuffer forRead(DirectBuffer src, int offset, int length) {
        ByteBuffer b = viewOf(src);
        if (b == null) {
            b = scratch(length);
            src.getBytes(offset, scratchArray, 0, length);
            start = 0;
        } else {
            start = src.wrapAdjustment() + offset;
        }
        b.limit(start + length).position(start);
        return b;
    }

    /** The view over {@code buffer}'s memory, made when the memory is not the last one's; null when no ByteBuffer reaches it. */
    private ByteBuffer viewOf(DirectBuffer buffer) {
        byte[] array = buffer.byteArray();
        if (array != null) {
            if (array != memory) {
                view = wrap(array);
                memory = array;
            }
            return view;
        }
        ByteBuffer bb = buffer.byteBuffer();
        if (bb == null) return null;
        if (bb != memory) {
            view = bb.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            memory = bb;
        }
        return view;
    }

    private ByteBuffer scratch(int length) {
        if (length > scratchArray.length) { // grows to the longest message read, never per message
            scratchArray = new byte[length];
            scratch = wrap(scratchArray);
        }
        return scratch;
    }

    private static ByteBuffer wrap(byte[] array) {
        return ByteBuffer.wrap(array).order(ByteOrder.LITTLE_ENDIAN);
    }
}
