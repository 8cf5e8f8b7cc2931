package org.wireshootout.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.registry.Row;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the caller-owned seam promises, checked on every registry row whose codec is on it (a row joins when its
 * registry line wraps a {@link BufferCodec}): the codec writes its message at the caller's offset in heap and in
 * direct memory alike, the same bytes it writes into a buffer of its own memory, touching nothing before the offset
 * or after the message; it reads the message back from there; and a room one byte too small is refused with
 * {@link EncodeOverflowException} naming the row, with nothing written past the room.
 *
 * <p>The bytes expected are those a second codec of the row writes into a buffer of its own as the same message of
 * its stream (its first, second, ...): for most rows every message of a value is the same, and a row whose codec is
 * a channel ({@code foryShared}: the first message carries the type definition, later ones a reference to it) is
 * compared at the same point of its channel.
 */
class CallerOwnedSeamTest {
    private static final byte SENTINEL = (byte) 0x5A;
    private static final int OFFSET = 77;
    private static final int SLACK = 64;

    static Stream<Named<Row<?>>> rowsOnTheSeam() {
        return Stream.<Row<?>>concat(Stream.of(Format.values()), Stream.of(IexFormat.values()))
                .filter(Row::carriesData)
                .map(r -> Named.of(r.getClass().getSimpleName() + "." + r.name(), r));
    }

    @ParameterizedTest
    @MethodSource("rowsOnTheSeam")
    <T> void writesAndReadsAtTheCallersOffsetInHeapAndDirectMemory(Row<T> row) {
        BufferCodec<T> codec = row.newCodec();
        HeldMessage<T> own = row.held();
        for (T value : values(row)) {
            int longest = ownBytes(row, value).length;
            for (UnsafeBuffer buffer : buffers(OFFSET + longest + SLACK)) {
                own.encode(value);
                byte[] expected = own.bytes();
                int length = codec.encode(value, buffer, OFFSET);
                assertEquals(expected.length, length, row.name() + ": length written at an offset");
                byte[] written = new byte[length];
                buffer.getBytes(OFFSET, written);
                assertArrayEquals(expected, written, row.name() + ": the same bytes at an offset, " + kind(buffer));
                assertUntouched(row, buffer, 0, OFFSET, "before the offset");
                assertUntouched(row, buffer, OFFSET + length, buffer.capacity(), "after the message");

                T target = row.model().unlike(value);
                codec.decode(buffer, OFFSET, length, target);
                assertNull(row.model().difference(value, target), () -> row.name() + ": read back from " + kind(buffer)
                        + " at an offset" + row.model().difference(value, target));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("rowsOnTheSeam")
    <T> void refusesARoomOneByteTooSmallAndWritesNothingPastIt(Row<T> row) {
        BufferCodec<T> codec = row.newCodec();
        T value = values(row).get(0);
        int length = ownBytes(row, value).length;
        for (UnsafeBuffer backing : buffers(OFFSET + length + SLACK)) {
            UnsafeBuffer room = new UnsafeBuffer(backing, 0, OFFSET + length - 1);
            EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> codec.encode(value, room, OFFSET),
                    row.name() + ": " + (length - 1) + " bytes of room for a " + length + "-byte message, " + kind(backing));
            assertTrue(e.getMessage().startsWith(row.name() + ":"), e.getMessage());
            assertUntouched(row, backing, 0, OFFSET, "before the offset");
            assertUntouched(row, backing, room.capacity(), backing.capacity(), "past the room");
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> values(Row<T> row) {
        List<Object> out = new ArrayList<>();
        if (row instanceof Format) {
            out.add(Data.canonical());
        } else {
            out.add(IexSamples.tslaTrade());
            out.addAll(IexSamples.maxima());
        }
        return (List<T>) out;
    }

    /** The row's encoding as its own buffer holds it: what every caller's buffer must receive byte for byte. */
    private static <T> byte[] ownBytes(Row<T> row, T value) {
        HeldMessage<T> own = row.held();
        own.encode(value);
        return own.bytes();
    }

    private static UnsafeBuffer[] buffers(int capacity) {
        UnsafeBuffer heap = new UnsafeBuffer(new byte[capacity]);
        UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(capacity));
        for (UnsafeBuffer b : new UnsafeBuffer[]{heap, direct}) b.setMemory(0, capacity, SENTINEL);
        return new UnsafeBuffer[]{heap, direct};
    }

    private static String kind(UnsafeBuffer b) {
        return b.byteArray() != null ? "heap" : "direct";
    }

    private static void assertUntouched(Row<?> row, UnsafeBuffer b, int from, int to, String where) {
        for (int i = from; i < to; i++) {
            if (b.getByte(i) != SENTINEL) fail(row.name() + ": byte " + i + " " + where + " was written (" + kind(b) + ")");
        }
    }
}
