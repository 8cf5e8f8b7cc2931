package org.wireshootout.codec;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Chronicle {@code Bytes} over the caller's buffer: written and read at the caller's offset in heap and direct
 * memory, the same {@code Bytes} object following the store from buffer to buffer, nothing written past the room
 * or read past the message, and no allocation when the store is pointed elsewhere.
 */
class CallerBytesTest {
    private static final byte FILL = 0x5A;
    private static final int SIZE = 256;

    private static CallerBytes make(boolean unchecked) {
        return unchecked ? CallerBytes.unchecked() : CallerBytes.checked();
    }

    /** A heap buffer, a heap buffer that starts inside its array, and direct memory: all filled with {@link #FILL}. */
    private static UnsafeBuffer[] buffers() {
        byte[] larger = new byte[SIZE + 32];
        UnsafeBuffer[] all = {
                new UnsafeBuffer(new byte[SIZE]),
                new UnsafeBuffer(larger, 32, SIZE),
                new UnsafeBuffer(BufferUtil.allocateDirectAligned(SIZE, 64)),
                new UnsafeBuffer(ByteBuffer.allocateDirect(SIZE + 8), 8, SIZE)};
        for (UnsafeBuffer b : all) b.setMemory(0, b.capacity(), FILL);
        return all;
    }

    /** Writes a long, an int and a text the way a codec would, from position 0. */
    private static int writeMessage(CallerBytes caller, UnsafeBuffer dst, int offset, long a, int b, String text) {
        Bytes<Void> bytes = caller.forWrite(dst, offset);
        assertEquals(0, bytes.writePosition());
        assertEquals(dst.capacity() - offset, bytes.writeLimit(), "the write limit is the room");
        assertEquals(dst.capacity() - offset, caller.room());
        bytes.writeLong(a).writeInt(b).write8bit(text);
        return caller.written(dst, offset);
    }

    @ParameterizedTest(name = "unchecked {0}")
    @ValueSource(booleans = {false, true})
    void writesAndReadsAtTheCallersOffsetInHeapAndDirectMemory(boolean unchecked) {
        CallerBytes caller = make(unchecked);
        assertEquals(unchecked, caller.bytes().unchecked());
        for (UnsafeBuffer buffer : buffers()) {
            int offset = 100;
            int length = writeMessage(caller, buffer, offset, 0x0102030405060708L, -7, "caller's bytes");
            assertEquals(8 + 4 + 1 + 14, length);
            assertEquals(0x0102030405060708L, buffer.getLong(offset), "position 0 is the caller's offset");
            assertEquals(-7, buffer.getInt(offset + 8));
            assertEquals(FILL, buffer.getByte(offset - 1), "nothing written before the offset");
            assertEquals(FILL, buffer.getByte(offset + length), "nothing written after the message");

            Bytes<Void> in = caller.forRead(buffer, offset, length);
            assertEquals(0, in.readPosition());
            assertEquals(length, in.readLimit());
            assertEquals(0x0102030405060708L, in.readLong());
            assertEquals(-7, in.readInt());
            assertEquals("caller's bytes", in.read8bit());
            assertEquals(0, in.readRemaining());
        }
    }

    /**
     * One {@code Bytes} object for the object's life: pointed at several buffers and offsets in turn (as a transport's
     * claims land at a new address each message), each message lands where it was asked to, and what was written
     * before in another buffer stays there.
     */
    @ParameterizedTest(name = "unchecked {0}")
    @ValueSource(booleans = {false, true})
    void followsTheStoreFromBufferToBuffer(boolean unchecked) {
        CallerBytes caller = make(unchecked);
        Bytes<Void> only = caller.bytes();
        UnsafeBuffer[] all = buffers();
        int[] offsets = {0, 7, 64, 200};
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < all.length; i++) {
                for (int offset : offsets) {
                    assertSame(only, caller.forWrite(all[i], offset));
                    int length = writeMessage(caller, all[i], offset, offset * 31L + i, i, "m" + i);
                    assertSame(only, caller.forRead(all[i], offset, length));
                    assertEquals(offset * 31L + i, only.readLong());
                    assertEquals(i, only.readInt());
                    assertEquals("m" + i, only.read8bit());
                }
            }
        }
        for (int i = 0; i < all.length; i++) {
            assertEquals(200 * 31L + i, all[i].getLong(200), "each buffer keeps its own last message");
        }
    }

    /** The room shrinks with the buffer: a checked write past it throws and leaves the memory after it as it was. */
    @Test
    void aCheckedWriteStopsAtTheRoom() {
        CallerBytes caller = CallerBytes.checked();
        for (UnsafeBuffer whole : buffers()) {
            UnsafeBuffer view = new UnsafeBuffer(whole, 0, 120); // the caller's buffer ends at 120 of the 256
            caller.forWrite(whole, 0).writeLong(1L); // a larger room first
            Bytes<Void> bytes = caller.forWrite(view, 100);
            assertEquals(20, bytes.writeLimit());
            assertEquals(20, bytes.capacity());
            bytes.writeLong(1).writeLong(2);
            assertThrows(BufferOverflowException.class, () -> bytes.writeLong(3), "8 bytes into the last 4");
            assertThrows(BufferOverflowException.class, () -> bytes.write(new byte[5]));
            assertThrows(BufferOverflowException.class, () -> bytes.writeInt(18, 0), "an absolute write past the room");
            assertEquals(16, caller.written(view, 100));
            for (int i = 116; i < whole.capacity(); i++) {
                assertEquals(FILL, whole.getByte(i), "byte " + i + " after the 16 written");
            }
        }
    }

    /** Reads stop at the message's end, streaming or absolute, though the buffer goes on. */
    @Test
    void aCheckedReadStopsAtTheMessagesEnd() {
        CallerBytes caller = CallerBytes.checked();
        for (UnsafeBuffer buffer : buffers()) {
            Bytes<Void> in = caller.forRead(buffer, 10, 6);
            in.readInt();
            assertThrows(RuntimeException.class, in::readInt, "4 bytes from the last 2");
            assertThrows(RuntimeException.class, () -> in.readInt(4), "an absolute read past the message");
        }
    }

    /**
     * {@code target} points without emptying, for a codec whose {@code Wire} empties its {@code Bytes} itself:
     * {@code clear()} then writes from the caller's offset up to the room, whatever room the last buffer had.
     */
    @ParameterizedTest(name = "unchecked {0}")
    @ValueSource(booleans = {false, true})
    void clearAfterTargetWritesFromTheOffsetUpToTheRoom(boolean unchecked) {
        CallerBytes caller = make(unchecked);
        for (UnsafeBuffer buffer : buffers()) {
            for (int offset : new int[]{0, 200, 31}) {
                assertEquals(buffer.capacity() - offset, caller.target(buffer, offset));
                Bytes<Void> bytes = caller.bytes();
                bytes.clear();
                assertEquals(0, bytes.writePosition());
                assertEquals(buffer.capacity() - offset, bytes.writeLimit());
                bytes.writeInt(offset + 1);
                assertEquals(4, caller.written(buffer, offset));
                assertEquals(offset + 1, buffer.getInt(offset));
            }
        }
    }

    /** Bad arguments are refused before the store is set. */
    @Test
    void refusesARangeOutsideTheBuffer() {
        CallerBytes caller = CallerBytes.checked();
        UnsafeBuffer buffer = buffers()[2];
        assertThrows(IndexOutOfBoundsException.class, () -> caller.forRead(buffer, 250, 7));
        assertThrows(IndexOutOfBoundsException.class, () -> caller.forRead(buffer, -1, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> caller.forWrite(buffer, 257));
    }

    /**
     * Re-pointing allocates nothing once the scratch area is large enough: native buffers and offsets in turn (the
     * store set anew every call), and heap buffers (copied through the scratch area), for writing and reading.
     */
    @ParameterizedTest(name = "unchecked {0}")
    @ValueSource(booleans = {false, true})
    void rePointingAllocatesNothing(boolean unchecked) {
        CallerBytes caller = make(unchecked);
        UnsafeBuffer[] all = buffers();
        int calls = 10_000;
        long least = AllocationProbe.leastBytes(() -> {
            for (int i = 0; i < calls; i++) {
                UnsafeBuffer b = all[i % all.length];
                int offset = i % 97;
                Bytes<Void> out = caller.forWrite(b, offset);
                out.writeLong(i).writeInt(i);
                int length = caller.written(b, offset);
                Bytes<Void> in = caller.forRead(b, offset, length);
                if (in.readLong() != i) throw new AssertionError(i);
            }
        });
        assertTrue(least < calls, least + " bytes allocated in " + calls + " re-pointed writes and reads");
    }
}
