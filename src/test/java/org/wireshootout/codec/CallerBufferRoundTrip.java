package org.wireshootout.codec;

import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A library test's check of a {@link BufferCodec} on the caller's buffer: the codec writes a value at an offset
 * into heap memory (a whole array, and an array wrapped from an index of its own) and direct memory alike, exactly the bytes expected, touching nothing before the offset or after the
 * message; reads it back from there into a target whose every field differs; and refuses a room one byte too
 * small with {@link EncodeOverflowException} naming the row, writing nothing past that room.
 */
public final class CallerBufferRoundTrip {
    private static final byte SENTINEL = (byte) 0xA5;
    private static final int OFFSET = 100;
    private static final int SLACK = 50;

    private CallerBufferRoundTrip() {
    }

    /** Checks {@code codec} (of the row {@code row}) on {@code value}, whose encoding must be {@code expected}. */
    public static <T> void check(String row, BufferCodec<T> codec, RoundTrip.Model<T> model, T value, byte[] expected) {
        for (UnsafeBuffer buffer : buffers(OFFSET + expected.length + SLACK)) {
            int length = codec.encode(value, buffer, OFFSET);
            assertEquals(expected.length, length, row + ": length written at an offset, " + kind(buffer));
            byte[] written = new byte[length];
            buffer.getBytes(OFFSET, written);
            assertArrayEquals(expected, written, row + ": the bytes written at an offset, " + kind(buffer));
            untouched(row, buffer, 0, OFFSET, "before the offset");
            untouched(row, buffer, OFFSET + length, buffer.capacity(), "after the message");

            T target = model.unlike(value);
            codec.decode(buffer, OFFSET, length, target);
            assertNull(model.difference(value, target), () -> row + ": read back from " + kind(buffer) + model.difference(value, target));
            untouched(row, buffer, 0, OFFSET, "before the offset, after decoding");
            untouched(row, buffer, OFFSET + length, buffer.capacity(), "after the message, after decoding");
        }
        for (UnsafeBuffer backing : buffers(OFFSET + expected.length + SLACK)) {
            UnsafeBuffer room = new UnsafeBuffer(backing, 0, OFFSET + expected.length - 1);
            EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> codec.encode(value, room, OFFSET),
                    row + ": " + (expected.length - 1) + " bytes of room for " + expected.length + ", " + kind(backing));
            assertTrue(e.getMessage().startsWith(row + ": "), e.getMessage());
            assertTrue(e.getMessage().contains(" " + (expected.length - 1) + " bytes"), e.getMessage());
            untouched(row, backing, 0, OFFSET, "before the offset");
            untouched(row, backing, room.capacity(), backing.capacity(), "past the room");
            // with the room it needs, the same codec writes the message after the refusal
            UnsafeBuffer enough = new UnsafeBuffer(backing, 0, OFFSET + expected.length);
            assertEquals(expected.length, codec.encode(value, enough, OFFSET), row + ": exactly the room the message needs");
            byte[] written = new byte[expected.length];
            enough.getBytes(OFFSET, written);
            assertArrayEquals(expected, written, row + ": the bytes written into exactly their room, " + kind(backing));
        }
    }

    private static UnsafeBuffer[] buffers(int capacity) {
        UnsafeBuffer heap = new UnsafeBuffer(new byte[capacity]);
        UnsafeBuffer heapAtAnIndex = new UnsafeBuffer(new byte[capacity + 24], 24, capacity);
        UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(capacity));
        for (UnsafeBuffer b : new UnsafeBuffer[]{heap, heapAtAnIndex, direct}) b.setMemory(0, capacity, SENTINEL);
        return new UnsafeBuffer[]{heap, heapAtAnIndex, direct};
    }

    private static String kind(UnsafeBuffer b) {
        return b.byteArray() == null ? "direct" : b.wrapAdjustment() != 0 ? "heap at an index" : "heap";
    }

    private static void untouched(String row, UnsafeBuffer b, int from, int to, String where) {
        for (int i = from; i < to; i++) {
            if (b.getByte(i) != SENTINEL) fail(row + ": byte " + i + " " + where + " was written (" + kind(b) + ")");
        }
    }
}
