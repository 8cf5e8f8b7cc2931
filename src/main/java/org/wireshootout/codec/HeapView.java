package org.wireshootout.codec;

import org.agrona.DirectBuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The caller's message as a little-endian {@link ByteBuffer} whose index 0 is the message's first byte, for a
 * library that reads and writes a {@code ByteBuffer} at absolute indices (FlatBuffers' tables, Cap'n Proto's segment
 * table and segments). Starting the view at the message keeps such a library from every byte before it, as the
 * view's limit keeps it from every byte after, so a lying offset in hostile bytes fails instead of reading another
 * frame; and Cap'n Proto, which aligns its segments on the view's indices, finds them wherever the message lies.
 *
 * <p>Over a heap buffer the view is over the caller's array where the message lies (no copy). It is made when the
 * array or the message's place in it differs from the last call's and reused otherwise, so a caller that works at
 * one place, as every benchmark does, makes it once. Over other memory the message goes through one scratch array
 * of the codec's longest message, a copy each way, which is what a user of a heap reader pays too. A codec keeps
 * one of these for encoding and one for decoding, so that a caller alternating two buffers does not remake views.
 */
public final class HeapView {
    private final int scratchLength;
    private byte[] array;
    private int index;
    private ByteBuffer view;
    private ByteBuffer scratch;
    private int start;

    /** @param scratchLength the codec's longest message: what the scratch array holds */
    public HeapView(int scratchLength) {
        this.scratchLength = scratchLength;
    }

    /**
     * The view of {@code buffer}'s heap array from {@code offset}, its capacity the rest of the array (its position
     * and limit as the last user left them); null when {@code buffer} is not a heap array.
     */
    public ByteBuffer at(DirectBuffer buffer, int offset) {
        byte[] a = buffer.byteArray();
        if (a == null) return null;
        int at = buffer.wrapAdjustment() + offset;
        if (a != array || at != index) {
            view = ByteBuffer.wrap(a).slice(at, a.length - at).order(ByteOrder.LITTLE_ENDIAN);
            array = a;
            index = at;
        }
        return view;
    }

    /** The scratch buffer for memory that is not a heap array, made on first use: {@code scratchLength} bytes, little-endian. */
    public ByteBuffer scratch() {
        if (scratch == null) scratch = ByteBuffer.allocate(scratchLength).order(ByteOrder.LITTLE_ENDIAN);
        return scratch;
    }

    /**
     * The {@code length} bytes of {@code src} from {@code offset}, position 0 and limit {@code length}: the view over
     * a heap array, or else a copy in the scratch (refused with a {@link DecodeException} naming {@code format}
     * when longer than it, before anything is copied).
     */
    public ByteBuffer forRead(DirectBuffer src, int offset, int length, String format) {
        ByteBuffer b = at(src, offset);
        if (b != null) {
            start = index;
        } else {
            b = scratch();
            if (length > b.capacity()) {
                throw new DecodeException(format, 0, length + " bytes exceed the " + b.capacity() + "-byte message this row writes");
            }
            src.getBytes(offset, b, 0, length);
            start = 0;
        }
        b.limit(length).position(0);
        return b;
    }

    /** The index of the message's first byte in the array behind the buffer the last {@link #forRead} returned. */
    public int start() {
        return start;
    }
}
