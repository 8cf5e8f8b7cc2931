package org.wireshootout.codec.chronicle;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.registry.MessageFormat;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated rows that write an unchecked {@code Bytes} (BytesMarshallable, RawWire) check the room before writing
 * with a bound on the message: each text counted at three bytes a char but never more than its schema bound (a longer
 * text is refused before it is written), the exact UTF-8 length only when that quick bound exceeds the room, and each
 * stop-bit count at its widest, 5 bytes. On the 2 KB reference record, whose texts are long and mostly not ASCII, the
 * bound must never count short: in every room from a few bytes under the message to well over it, the encode either
 * writes the message or is refused (EncodeOverflowException), never writes a byte outside the room, is refused in
 * every room smaller than the message, and fits every room of the message plus the counts' widest (5 bytes for each
 * of its at most 24 counts and ascii values).
 */
class GeneratedUncheckedRoomTest {
    private static final byte FILL = 0x5A;
    private static final int OFFSET = 64;
    /** More than the bound can exceed the message by on this record: 5 bytes for each count. */
    private static final int SLACK = 24 * 5;

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"bytesMarshallable", "bytesMarshallableStopBit", "rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void theLongNonAsciiRecordIsWrittenOnlyWithinItsRoom(MessageFormat f) {
        GeneratedMessages.Entry entry = GeneratedMessages.of("referencedata");
        BufferCodec<M> codec = entry.newCodec(f);
        UnsafeBuffer whole = CallerBuffers.allocate(codec, 1 << 16);
        for (int seed = 1; seed <= 10; seed++) {
            M value = entry.<M>newMessage().fill(new SplittableRandom(seed));
            String where = f + " seed " + seed;
            whole.setMemory(0, whole.capacity(), FILL);
            int length = codec.encode(value, whole, OFFSET);
            assertUntouchedOutside(whole, OFFSET, OFFSET + length, where + " in a large buffer");
            for (int room = length - 4; room <= length + SLACK; room++) {
                whole.setMemory(0, whole.capacity(), FILL);
                UnsafeBuffer caller = new UnsafeBuffer(whole, 0, OFFSET + room);
                String at = where + ", a room of " + room + " for " + length + " bytes";
                try {
                    assertEquals(length, codec.encode(value, caller, OFFSET), at);
                } catch (EncodeOverflowException refused) {
                    assertTrue(room < length + SLACK, at + ": refused, " + refused.getMessage());
                    assertUntouchedOutside(whole, OFFSET, OFFSET + room, at + " (refused)");
                    continue;
                }
                assertTrue(room >= length, at + ": written into a room smaller than the message");
                assertUntouchedOutside(whole, OFFSET, OFFSET + length, at);
                M back = entry.newMessage();
                codec.decode(caller, OFFSET, length, back);
                assertNull(value.firstDifference(back), at + ": read back");
            }
        }
    }

    private static void assertUntouchedOutside(UnsafeBuffer b, int from, int to, String what) {
        for (int i = 0; i < b.capacity(); i++) {
            if (i >= from && i < to) continue;
            if (b.getByte(i) != FILL) throw new AssertionError(what + ": byte " + i + " outside [" + from + ", " + to + ") was written");
        }
    }
}
