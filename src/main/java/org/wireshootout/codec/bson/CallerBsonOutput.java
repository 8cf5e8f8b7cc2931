package org.wireshootout.codec.bson;

import org.agrona.MutableDirectBuffer;
import org.bson.ByteBuf;
import org.bson.ByteBufNIO;
import org.bson.io.OutputBuffer;
import org.wireshootout.codec.EncodeOverflowException;

import java.io.OutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The BSON library's output over the caller's buffer: a subclass of its {@link OutputBuffer}, the base class its own
 * {@code BasicOutputBuffer} extends, so the BSON writer writes every value straight into the caller's memory (heap or
 * direct alike, through the buffer's own little-endian puts) instead of into a growable array of its own. Strings and
 * names are still encoded by the library ({@code OutputBuffer.writeString}/{@code writeCString}, one {@code writeByte}
 * per byte, as in {@code BasicOutputBuffer}); the fixed-width values are one bounds check and one put each, as
 * {@code BasicOutputBuffer}'s are. The bytes are the same, with nothing to copy afterwards.
 *
 * <p>The room is {@code capacity - offset}: a write that would pass it is refused with
 * {@link EncodeOverflowException} before any of it is written, so nothing lands past the buffer's capacity or
 * before the offset. Positions (the writer's document starts, whose lengths it writes back) count from the
 * offset. Not synchronized (a codec is single-threaded).
 */
final class CallerBsonOutput extends OutputBuffer {
    private final String name;
    private MutableDirectBuffer dst;
    private int offset;
    private int room;
    private int position;

    CallerBsonOutput(String name) {
        this.name = name;
    }

    /** Points the output at {@code dst} from {@code offset}, empty. */
    void wrap(MutableDirectBuffer dst, int offset) {
        this.dst = dst;
        this.offset = offset;
        this.room = dst.capacity() - offset;
        this.position = 0;
    }

    private void ensure(int bytes) {
        if (bytes > room - position) throw new EncodeOverflowException(name, room, null);
    }

    @Override
    public void writeByte(int value) {
        ensure(1);
        dst.putByte(offset + position, (byte) value);
        position++;
    }

    @Override
    public void writeBytes(byte[] bytes, int off, int length) {
        ensure(length);
        dst.putBytes(offset + position, bytes, off, length);
        position += length;
    }

    @Override
    public void writeInt32(int value) {
        ensure(4);
        dst.putInt(offset + position, value, ByteOrder.LITTLE_ENDIAN);
        position += 4;
    }

    @Override
    public void writeInt32(int at, int value) {
        checkPosition(at, 4);
        dst.putInt(offset + at, value, ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public void writeInt64(long value) {
        ensure(8);
        dst.putLong(offset + position, value, ByteOrder.LITTLE_ENDIAN);
        position += 8;
    }

    @Override
    protected void write(int at, int value) {
        checkPosition(at, 1);
        dst.putByte(offset + at, (byte) value);
    }

    /** A write back into what was written already, as {@code BasicOutputBuffer} checks it. */
    private void checkPosition(int at, int bytes) {
        if (at < 0 || at > position - bytes) {
            throw new IllegalArgumentException("position " + at + " is outside the " + position + " bytes written");
        }
    }

    @Override
    public int getPosition() {
        return position;
    }

    @Override
    public int getSize() {
        return position;
    }

    @Override
    public void truncateToPosition(int newPosition) {
        if (newPosition < 0 || newPosition > position) throw new IllegalArgumentException("position " + newPosition);
        position = newPosition;
    }

    /** A copy of what was written (not for the hot path). */
    @Override
    public List<ByteBuf> getByteBuffers() {
        byte[] copy = new byte[position];
        dst.getBytes(offset, copy);
        return List.of(new ByteBufNIO(ByteBuffer.wrap(copy)));
    }

    @Override
    public int pipe(OutputStream out) throws IOException {
        byte[] copy = new byte[position];
        dst.getBytes(offset, copy);
        out.write(copy);
        return position;
    }

    @Override
    public void close() {
    }
}
