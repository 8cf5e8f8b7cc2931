package org.wireshootout.codec.chronicle;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.Labels;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Chronicle rows on the caller-owned seam: each writes at the caller's offset into heap and direct memory the
 * bytes it writes into its registry owner's buffer, reads them back from there, touches nothing before the offset or
 * after the message, reads only the message's bytes, and refuses a room too small with the row's name, never
 * writing past it.
 */
class ChronicleBufferCodecTest {
    private static final byte FILL = 0x5A;
    private static final int SIZE = 512;
    private static final int OFFSET = 100;

    /** Heap and direct memory, each larger than the caller's buffer cut from it, so bytes past its end can be checked. */
    private static UnsafeBuffer[] wholeBuffers() {
        UnsafeBuffer[] all = {new UnsafeBuffer(new byte[SIZE]), new UnsafeBuffer(BufferUtil.allocateDirectAligned(SIZE, 64))};
        for (UnsafeBuffer b : all) b.setMemory(0, SIZE, FILL);
        return all;
    }

    /** Every byte of {@code b} outside [from, to) still holds {@link #FILL}. */
    private static void assertUntouchedOutside(UnsafeBuffer b, int from, int to, String what) {
        for (int i = 0; i < b.capacity(); i++) {
            if (i >= from && i < to) continue;
            assertEquals(FILL, b.getByte(i), what + ": byte " + i + " outside the message [" + from + ", " + to + ")");
        }
    }

    /** The RawWire and BytesMarshallable rows refuse by the longest document the value can give, before writing. */
    private static boolean boundByLongest(Format f) {
        return f.name().startsWith("rwire") || f.name().startsWith("bytesMarshallable");
    }

    private static boolean textWire(Format f) {
        return f.name().startsWith("twire") || f == Format.json8bit;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#chronicle")
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory(Format f) {
        HeldMessage<Data> owned = f.held();
        owned.encode(Data.canonical());
        byte[] expected = owned.bytes();
        BufferCodec<Data> codec = f.newCodec();
        assertEquals(Labels.Memory.DIRECT, codec.memory());
        assertEquals(4, codec.headerLength());
        for (UnsafeBuffer buffer : wholeBuffers()) {
            String where = f + (buffer.byteArray() != null ? " heap" : " direct");
            int length = codec.encode(Data.canonical(), buffer, OFFSET);
            byte[] written = new byte[length];
            buffer.getBytes(OFFSET, written);
            assertArrayEquals(expected, written, where + ": the registry's bytes");
            assertUntouchedOutside(buffer, OFFSET, OFFSET + length, where);

            // another frame right after the message: not read as part of it, and readable in its own right
            Data other = new Data(-0.5, false, "next frame", Side.Buy, 7, -7);
            int otherLength = codec.encode(other, buffer, OFFSET + length);
            Data target = new Data();
            codec.decode(buffer, OFFSET, length, target);
            assertEquals(Data.canonical(), target, where);
            codec.decode(buffer, OFFSET + length, otherLength, target);
            assertEquals(other, target, where + ": the frame after");
            assertThrows(DecodeException.class, () -> codec.decode(buffer, OFFSET, length + 1, new Data()),
                    where + ": one byte of the next frame is not this message's");
            assertThrows(DecodeException.class, () -> codec.decode(buffer, OFFSET, length - 1, new Data()),
                    where + ": one byte short");
            assertEquals(codec.render(buffer, OFFSET, length), owned.render(), where + ": the rendering");

            buffer.setMemory(0, SIZE, FILL);
            UnsafeBuffer small = new UnsafeBuffer(buffer, 0, OFFSET + length - 1);
            EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> codec.encode(Data.canonical(), small, OFFSET));
            assertTrue(e.getMessage().startsWith(f + ": ") && e.getMessage().contains(" " + (length - 1) + " bytes"), e.getMessage());
            assertUntouchedOutside(buffer, OFFSET, OFFSET + length - 1, where + " too small");

            buffer.setMemory(0, SIZE, FILL);
            UnsafeBuffer exact = new UnsafeBuffer(buffer, 0, OFFSET + length);
            if (boundByLongest(f)) {
                assertThrows(EncodeOverflowException.class, () -> codec.encode(Data.canonical(), exact, OFFSET),
                        where + ": the room is less than the longest document the value can give");
                assertUntouchedOutside(buffer, 0, 0, where + " refused before writing");
            } else if (textWire(f)) {
                // TextWire and JSONWire make room for a number's longest text before writing it: refused, within the room
                assertThrows(EncodeOverflowException.class, () -> codec.encode(Data.canonical(), exact, OFFSET));
                assertUntouchedOutside(buffer, OFFSET, OFFSET + length, where + " exact room");
            } else {
                assertEquals(length, codec.encode(Data.canonical(), exact, OFFSET), where + ": a room of exactly the message");
                assertUntouchedOutside(buffer, OFFSET, OFFSET + length, where + " exact room");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = IexFormat.class, names = {"bytesMarshallable", "binaryWire"})
    void iexRowsWriteAndReadTheCallersBufferAtItsOffsetInHeapAndDirectMemory(IexFormat f) {
        HeldMessage<IexMessage> owned = f.held();
        BufferCodec<IexMessage> codec = f.newCodec();
        assertEquals(Labels.Memory.DIRECT, codec.memory());
        List<IexMessage> messages = new ArrayList<>(IexSamples.ordinary());
        messages.addAll(IexSamples.maxima());
        for (UnsafeBuffer buffer : wholeBuffers()) {
            for (IexMessage m : messages) {
                String where = f + (buffer.byteArray() != null ? " heap " : " direct ") + m.type();
                buffer.setMemory(0, SIZE, FILL);
                owned.encode(m);
                byte[] expected = owned.bytes();
                int length = codec.encode(m, buffer, OFFSET);
                byte[] written = new byte[length];
                buffer.getBytes(OFFSET, written);
                assertArrayEquals(expected, written, where);
                assertUntouchedOutside(buffer, OFFSET, OFFSET + length, where);
                IexMessage back = new IexMessage();
                codec.decode(buffer, OFFSET, length, back);
                assertEquals(m, back, where);
                assertEquals(owned.render(), codec.render(buffer, OFFSET, length), where + ": the rendering");

                buffer.setMemory(0, SIZE, FILL);
                UnsafeBuffer small = new UnsafeBuffer(buffer, 0, OFFSET + length - 1);
                EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> codec.encode(m, small, OFFSET), where);
                assertTrue(e.getMessage().startsWith(f + ": "), e.getMessage());
                assertUntouchedOutside(buffer, OFFSET, OFFSET + length - 1, where + " too small");
                UnsafeBuffer exact = new UnsafeBuffer(buffer, 0, OFFSET + length);
                assertEquals(length, codec.encode(m, exact, OFFSET), where + ": a room of exactly the message");
            }
        }
    }

    /**
     * The unchecked rows read the caller's memory without a check per field: a damaged document at the very end of
     * the caller's buffer, followed in memory by bytes that would continue a stop-bit number or feed the fixed-width
     * fields, is refused without the read leaving the document (each stop-bit byte and each run of fixed-width values
     * is bounded by the document's end).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"rwireUTF", "rwire8bit", "bytesMarshallable", "bytesMarshallableStopBit"})
    void aDamagedDocumentAtTheEndOfTheCallersBufferIsRefusedWithinIt(Format f) {
        BufferCodec<Data> codec = f.newCodec();
        HeldMessage<Data> owned = f.held();
        owned.encode(Data.canonical());
        byte[] good = owned.bytes();
        UnsafeBuffer whole = new UnsafeBuffer(BufferUtil.allocateDirectAligned(SIZE, 64));
        for (int payload = 1; payload < good.length - 4; payload++) {
            for (byte filler : new byte[]{(byte) 0xFF, 0x01, 0x00}) {
                byte[] doc = Arrays.copyOf(good, 4 + payload);
                ChronicleCodecTest.putHeader(doc, payload);
                for (byte[] candidate : new byte[][]{doc, allAfterHeader(doc, (byte) 0xFF)}) {
                    whole.setMemory(0, SIZE, filler); // what lies after the caller's buffer
                    UnsafeBuffer caller = new UnsafeBuffer(whole, 0, 200 + candidate.length);
                    caller.putBytes(200, candidate);
                    try {
                        Data d = new Data();
                        codec.decode(caller, 200, candidate.length, d);
                    } catch (DecodeException refused) {
                        assertTrue(refused.offset() <= candidate.length, f + ": offset " + refused.offset() + " beyond the document");
                        continue;
                    }
                    throw new AssertionError(f + ": a truncated document of " + payload + " payload bytes was accepted: "
                            + Arrays.toString(candidate));
                }
            }
        }
    }

    private static byte[] allAfterHeader(byte[] doc, byte b) {
        byte[] copy = doc.clone();
        Arrays.fill(copy, 4, copy.length, b);
        return copy;
    }

    /** One codec, many buffers and offsets, as a transport's claims come: the wire over the one Bytes follows each. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#chronicle")
    void oneCodecFollowsTheCallersBuffersAndOffsets(Format f) {
        BufferCodec<Data> codec = f.newCodec();
        UnsafeBuffer[] buffers = wholeBuffers();
        Data back = new Data();
        for (int i = 0; i < 40; i++) {
            UnsafeBuffer b = buffers[i % 2];
            int offset = (i * 37) % 200;
            Data v = new Data(i + 0.25, i % 3 == 0, "text " + i, i % 2 == 0 ? Side.Buy : Side.Sell, i, -i);
            int length = codec.encode(v, b, offset);
            codec.decode(b, offset, length, back);
            assertEquals(v, back, f + " message " + i);
        }
    }
}
