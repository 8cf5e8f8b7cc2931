package org.wireshootout.codec.capnp;

import org.agrona.MutableDirectBuffer;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.HeapView;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * How every Cap'n Proto codec writes a built message into the caller's buffer: through an {@link ArrayOutputStream}
 * over the buffer's heap array from the offset ({@link HeapView}), made when the array or the offset changes (once
 * for a caller that writes at one place), its limit the room, so that a message that does not fit is refused by the
 * stream ({@link EncodeOverflowException}) before a byte passes the room. Memory that is not a heap array goes
 * through one scratch array. After every write the message's first segment is cleared for the next
 * {@code initRoot}, as the runtime documents for reusing it.
 */
final class CapnpOutput {
    /** The row's framing: {@code Serialize}, or the packed rows' {@link PackedCopy}. */
    interface Framing {
        void write(ArrayOutputStream out, MessageBuilder message) throws IOException;
    }

    private final String name;
    private final HeapView view;
    /** The output stream over {@link #streamView}, made when the view is (the stream writes into its own duplicate). */
    private ArrayOutputStream out;
    private ByteBuffer streamView;

    CapnpOutput(String name, int capacity) {
        this.name = name;
        this.view = new HeapView(capacity);
    }

    /** Writes {@code message} in {@code framing} into {@code dst} from {@code offset}; returns the length. */
    int write(MessageBuilder message, Framing framing, MutableDirectBuffer dst, int offset) {
        int room = dst.capacity() - offset;
        ByteBuffer v = view.at(dst, offset);
        boolean copy = v == null;
        if (copy) v = view.scratch();
        if (v != streamView) {
            out = new ArrayOutputStream(v); // once per place the caller writes at
            streamView = v;
        }
        ByteBuffer w = out.getWriteBuffer();
        try {
            try {
                w.limit(Math.min(room, w.capacity())).position(0);
            } catch (IllegalArgumentException e) {
                throw new EncodeOverflowException(name, room, e); // an offset past the end: no room at all
            }
            framing.write(out, message);
        } catch (IOException | BufferOverflowException e) {
            // the stream refuses a write larger than what is left of the room, before writing it
            throw new EncodeOverflowException(name, room, e);
        } finally {
            message.clearFirstSegment();
        }
        int length = w.position();
        if (copy) dst.putBytes(offset, v, 0, length);
        return length;
    }
}
