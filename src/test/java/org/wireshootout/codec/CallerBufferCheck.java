package org.wireshootout.codec;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a {@link BufferCodec} owes the caller who owns the bytes, checked in heap and direct memory alike (a direct
 * buffer that wraps a {@code ByteBuffer}, as Agrona's and Aeron's do, and one over a bare address): it writes
 * the same bytes at any offset as at offset 0, touches nothing before the offset or after the message, reads the
 * message back from exactly its bytes (the bytes around it are another frame's, here a fill pattern), and refuses a
 * buffer one byte too small with {@link EncodeOverflowException} naming the row, without writing past its end.
 */
public final class CallerBufferCheck {
    /** Not a multiple of 8: the message starts where no word does. */
    public static final int OFFSET = 101;
    private static final int CAPACITY = 16 * 1024;
    private static final byte FILL = (byte) 0xA5;

    private CallerBufferCheck() {
    }

    /** Runs the check for {@code value} over a heap and two direct buffers; {@code row} is the name the codec was made with. */
    public static <T> void writesAndReadsAtAnOffset(String row, BufferCodec<T> codec, T value, RoundTrip.Model<T> model) {
        byte[] expected = atZero(codec, value);
        ByteBuffer direct = ByteBuffer.allocateDirect(CAPACITY);
        ByteBuffer behindAddress = ByteBuffer.allocateDirect(CAPACITY); // kept reachable while its address is in use
        UnsafeBuffer[] buffers = {new UnsafeBuffer(new byte[CAPACITY]), new UnsafeBuffer(direct),
                new UnsafeBuffer(BufferUtil.address(behindAddress), CAPACITY)};
        for (UnsafeBuffer buffer : buffers) {
            String memory = row + (buffer.byteArray() != null ? " (heap)" : buffer.byteBuffer() != null ? " (direct)" : " (address)");
            buffer.setMemory(0, CAPACITY, FILL);
            int length = codec.encode(value, buffer, OFFSET);
            byte[] written = new byte[length];
            buffer.getBytes(OFFSET, written);
            assertArrayEquals(expected, written, memory + ": the same bytes at the offset as at 0");
            untouched(buffer, 0, OFFSET, memory + ": before the offset");
            untouched(buffer, OFFSET + length, CAPACITY, memory + ": after the message");

            T target = model.unlike(value);
            codec.decode(buffer, OFFSET, length, target);
            RoundTrip.check(memory, model, value, target, "decoded at the offset");

            buffer.setMemory(0, CAPACITY, FILL);
            UnsafeBuffer small = new UnsafeBuffer(buffer, 0, OFFSET + length - 1);
            EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> codec.encode(value, small, OFFSET), memory);
            assertTrue(e.getMessage().startsWith(row + ":"), e.getMessage());
            assertTrue(e.getMessage().contains(" " + (length - 1) + " bytes"), memory + ": names the room there was: " + e.getMessage());
            untouched(buffer, 0, OFFSET, memory + ": before the offset of a refused encode");
            untouched(buffer, small.capacity(), CAPACITY, memory + ": past the end of the small buffer");
        }
        if (behindAddress.capacity() != CAPACITY) throw new AssertionError(); // reachable to the end
    }

    private static <T> byte[] atZero(BufferCodec<T> codec, T value) {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[CAPACITY]);
        int length = codec.encode(value, buffer, 0);
        byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private static void untouched(UnsafeBuffer buffer, int from, int to, String where) {
        for (int i = from; i < to; i++) assertEquals(FILL, buffer.getByte(i), where + ": byte " + i + " was written");
    }
}
