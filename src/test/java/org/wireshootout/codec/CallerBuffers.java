package org.wireshootout.codec;

import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The caller-owned seam's promise, checked on one codec by a library's own test: the codec writes its message at
 * the caller's offset into a heap array, a heap array wrapped from an index of its own, and direct memory, the same
 * bytes the row's own buffer gets; it touches nothing before the offset or after the message; it reads the message
 * back from there; it refuses a room one byte short with {@link EncodeOverflowException} naming the row, writing
 * nothing past the room; and after that it writes and reads a room of exactly the message's length.
 */
public final class CallerBuffers {
    private static final byte SENTINEL = (byte) 0x5A;
    private static final int OFFSET = 100;
    private static final int SLACK = 64;

    private CallerBuffers() {
    }

    /**
     * @param own the row as its registry line makes it, for the bytes it writes into its own buffer
     * @param target a new, unlike value to decode into
     */
    public static <T> void writesAndReadsAtAnOffset(String row, BufferCodec<T> codec, Codec<T> own, T value, Supplier<T> target) {
        own.encode(value);
        byte[] expected = own.bytes();
        int capacity = OFFSET + expected.length + SLACK;
        for (String kind : new String[]{"heap", "heap at an index", "direct"}) {
            UnsafeBuffer buffer = buffer(kind, capacity);
            int length = codec.encode(value, buffer, OFFSET);
            assertEquals(expected.length, length, row + ", " + kind + ": the length written");
            byte[] written = new byte[length];
            buffer.getBytes(OFFSET, written);
            assertArrayEquals(expected, written, row + ", " + kind + ": the bytes the row's own buffer gets");
            assertUntouched(row, kind, buffer, 0, OFFSET);
            assertUntouched(row, kind, buffer, OFFSET + length, capacity);
            T back = target.get();
            codec.decode(buffer, OFFSET, length, back);
            assertEquals(value, back, row + ", " + kind + ": read back at the offset");

            UnsafeBuffer backing = buffer(kind, capacity);
            UnsafeBuffer room = new UnsafeBuffer(backing, 0, OFFSET + expected.length - 1);
            EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> codec.encode(value, room, OFFSET),
                    row + ", " + kind + ": a room one byte short");
            assertTrue(e.getMessage().startsWith(row + ":"), e.getMessage());
            assertUntouched(row, kind, backing, 0, OFFSET);
            assertUntouched(row, kind, backing, room.capacity(), capacity);

            // a room of exactly the message's length is enough, and the codec works as before after a refusal
            backing.setMemory(0, capacity, SENTINEL);
            UnsafeBuffer exact = new UnsafeBuffer(backing, 0, OFFSET + expected.length);
            assertEquals(expected.length, codec.encode(value, exact, OFFSET), row + ", " + kind + ": a room of exactly the length");
            backing.getBytes(OFFSET, written);
            assertArrayEquals(expected, written, row + ", " + kind + ": the bytes in a room of exactly the length");
            assertUntouched(row, kind, backing, 0, OFFSET);
            assertUntouched(row, kind, backing, OFFSET + length, capacity);
            back = target.get();
            codec.decode(exact, OFFSET, length, back);
            assertEquals(value, back, row + ", " + kind + ": read back from a room of exactly the length");
        }
    }

    private static UnsafeBuffer buffer(String kind, int capacity) {
        UnsafeBuffer b;
        switch (kind) {
            case "heap": b = new UnsafeBuffer(new byte[capacity]); break;
            case "heap at an index": b = new UnsafeBuffer(new byte[capacity + 24], 24, capacity); break;
            default: b = new UnsafeBuffer(ByteBuffer.allocateDirect(capacity)); break;
        }
        b.setMemory(0, capacity, SENTINEL);
        return b;
    }

    private static void assertUntouched(String row, String kind, UnsafeBuffer b, int from, int to) {
        for (int i = from; i < to; i++) {
            assertEquals(SENTINEL, b.getByte(i), row + ", " + kind + ": byte " + i + " outside the message was written");
        }
    }
}
