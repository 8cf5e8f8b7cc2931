package org.wireshootout.codec.msgpack;

import org.agrona.MutableDirectBuffer;
import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.core.buffer.MessageBufferOutput;
import org.wireshootout.codec.EncodeOverflowException;

/**
 * The packer's output over the caller's buffer: msgpack-core's packer asks its output for a buffer ({@link #next}),
 * fills it, and hands it back on flush ({@link #writeBuffer}); it drops the buffer after every flush and asks again
 * for the next message. The first buffer of a message is a {@link MessageBuffer} over the caller's heap array from
 * the caller's offset to the end of the caller's buffer, so the bytes land in place and writeBuffer only records
 * their length: no copy, as the codec's own array was written before. The view is made again only when the caller's
 * array, offset or capacity changes (msgpack-core's buffers cannot be re-pointed), so a caller that keeps its buffer
 * and offset, as a benchmark's does, makes one.
 *
 * <p>Should a message outgrow that first buffer, the further chunks come through a separate scratch buffer and are
 * appended after it, as before; a chunk that would pass the room ({@code capacity - offset}) is refused with
 * {@link EncodeOverflowException} before anything of it is written. Over memory other than a heap array (a
 * transport's direct buffer) the packer writes into one scratch array reused across calls, and {@link #finish}
 * copies the message into the caller's buffer: the copy a msgpack-core user writing such memory pays too. Used by the
 * six-field and the IEX MessagePack rows.
 */
final class CallerBufferOutput implements MessageBufferOutput {
    private final String name;
    private MutableDirectBuffer dst;
    private int offset;
    private int room;
    /** Where the packer writes in place: the caller's heap array, or {@link #scratch} for other memory. */
    private byte[] array;
    private int base;
    private boolean inPlace;
    private byte[] scratch = new byte[256];

    /** The view lent for in-place writing, and what it was made over. */
    private MessageBuffer view;
    private byte[] viewArray;
    private int viewBase;
    private int viewSize;

    private byte[] overflow = new byte[0];
    private MessageBuffer overflowBuffer;
    /** The buffer the packer holds now: {@link #view} or {@link #overflowBuffer}. */
    private MessageBuffer lent;
    private int size;

    CallerBufferOutput(String name) {
        this.name = name;
    }

    /** Points the output at {@code dst} from {@code offset}, empty. */
    void wrap(MutableDirectBuffer dst, int offset) {
        this.dst = dst;
        this.offset = offset;
        this.room = dst.capacity() - offset;
        this.size = 0;
        this.lent = null;
        byte[] a = dst.byteArray();
        inPlace = a != null;
        if (inPlace) {
            array = a;
            base = dst.wrapAdjustment() + offset;
        } else {
            array = scratch;
            base = 0;
        }
    }

    /** Completes the message (over other memory than a heap array, copies it from the scratch array); returns its length. */
    int finish() {
        if (!inPlace) dst.putBytes(offset, scratch, 0, size);
        return size;
    }

    @Override
    public MessageBuffer next(int minimumSize) {
        int available = inPlace ? room : Math.min(room, scratch.length);
        if (size == 0 && minimumSize <= available) {
            if (array != viewArray || base != viewBase || available != viewSize) {
                view = MessageBuffer.wrap(array, base, Math.max(available, 0));
                viewArray = array;
                viewBase = base;
                viewSize = available;
            }
            lent = view;
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
        MessageBuffer written = lent;
        lent = null;
        if (written == view) {
            size = length; // written in place, from the message's start (size was 0 when it was lent)
        } else {
            append(overflow, 0, length);
        }
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
        if (len > room - size) throw new EncodeOverflowException(name, room, null);
        if (!inPlace && len > scratch.length - size) {
            scratch = java.util.Arrays.copyOf(scratch, Math.max(size + len, scratch.length * 2));
            array = scratch;
        }
        System.arraycopy(src, off, array, base + size, len);
        size += len;
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
