package org.wireshootout.codec.fory;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.registry.Format;

import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The id rows' bytes, and the channel row's channel: what its first message carries, and what a reader needs. */
class ForyIdsCodecTest {

    private static byte[] bytes(HeldMessage<Data> m, Data d) {
        m.encode(d);
        return m.bytes();
    }

    /** Field ids in place of names: a type definition of ids and types, shorter than the one of names. */
    @Test
    void idsWriteAShorterTypeDefinitionThanNames() {
        byte[] consistent = bytes(Format.fory.held(), Data.canonical());
        byte[] names = bytes(Format.foryCompatible.held(), Data.canonical());
        byte[] ids = bytes(Format.foryIds.held(), Data.canonical());
        assertEquals(94, names.length);
        assertEquals(67, ids.length);
        assertTrue(consistent.length < ids.length);
    }

    /** The channel: the first message carries the definition, every later one only its index; each decodes in order. */
    @Test
    void theChannelsFirstMessageCarriesTheDefinitionAndLaterOnesAreShorter() {
        BufferCodec<Data> writer = Format.foryShared.newCodec();
        BufferCodec<Data> reader = Format.foryShared.newCodec();
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        int[] lengths = new int[4];
        for (int i = 0; i < lengths.length; i++) {
            Data sent = Data.canonical();
            lengths[i] = writer.encode(sent, buffer, 0);
            Data read = new Data();
            reader.decode(buffer, 0, lengths[i], read);
            assertNull(sent.firstDifference(read), "message " + i);
        }
        assertEquals(ForyLabels.SHARED_FIRST, lengths[0]);
        assertEquals(ForyLabels.SHARED_LATER, lengths[1]);
        assertEquals(lengths[1], lengths[2]);
        assertEquals(lengths[1], lengths[3]);
        HeldMessage<Data> fresh = Format.foryShared.held();
        HeldMessage<Data> ids = Format.foryIds.held();
        assertArrayEquals(bytes(ids, Data.canonical()), bytes(fresh, Data.canonical()), "the first message is foryIds' message");
    }

    /** A later message read by a reader that never read the first: refused, naming the row, not read as garbage. */
    @Test
    void aMessageReadOutOfItsChannelIsRefused() {
        HeldMessage<Data> writer = Format.foryShared.held();
        writer.encode(Data.canonical());
        byte[] later = bytes(writer, Data.canonical());
        HeldMessage<Data> stranger = Format.foryShared.held();
        stranger.load(later, 0, later.length);
        DecodeException e = assertThrows(DecodeException.class, () -> stranger.decode(new Data()));
        assertTrue(e.getMessage().contains("foryShared"), e.getMessage());
    }

    /** A message that did not fit was never sent: the next one still carries the definition. */
    @Test
    void aFailedEncodeLeavesTheDefinitionUnsent() {
        BufferCodec<Data> writer = Format.foryShared.newCodec();
        BufferCodec<Data> reader = Format.foryShared.newCodec();
        for (UnsafeBuffer small : new UnsafeBuffer[] {new UnsafeBuffer(new byte[20]), new UnsafeBuffer(ByteBuffer.allocateDirect(20))}) {
            assertThrows(EncodeOverflowException.class, () -> writer.encode(Data.canonical(), small, 0));
        }
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        int length = writer.encode(Data.canonical(), buffer, 0);
        assertEquals(ForyLabels.SHARED_FIRST, length);
        Data read = new Data();
        reader.decode(buffer, 0, length, read);
        assertNull(Data.canonical().firstDifference(read));
    }

    /** A refused first message teaches the reader nothing: the channel's later messages are still refused. */
    @Test
    void aRefusedDecodeTeachesNothing() {
        HeldMessage<Data> writer = Format.foryShared.held();
        byte[] first = bytes(writer, Data.canonical());
        byte[] later = bytes(writer, Data.canonical());
        HeldMessage<Data> reader = Format.foryShared.held();
        byte[] longer = Arrays.copyOf(first, first.length + 1);
        reader.load(longer, 0, longer.length);
        assertThrows(DecodeException.class, () -> reader.decode(new Data()));
        reader.load(later, 0, later.length);
        assertThrows(DecodeException.class, () -> reader.decode(new Data()));
        reader.load(first, 0, first.length);
        Data read = new Data();
        reader.decode(read);
        reader.load(later, 0, later.length);
        reader.decode(read);
        assertNull(Data.canonical().firstDifference(read));
    }

    /** A second class for a channel of two. */
    public static final class Point {
        public int x;
    }

    /**
     * A message read a second time (a round-trip check's next decode, a benchmark's next pass over its stream) leaves
     * the reader in step with the writer: a later message that refers to the next class's definition by index reads as
     * that class, not as the definition the repeated message announced again.
     */
    @Test
    void aMessageReadAgainKeepsTheChannelInStep() {
        ForySupport writer = ForySupport.channel("writer", Data.class, Side.class, Point.class);
        ForySupport reader = ForySupport.channel("reader", Data.class, Side.class, Point.class);
        UnsafeBuffer data = new UnsafeBuffer(new byte[256]);
        UnsafeBuffer firstPoint = new UnsafeBuffer(new byte[256]);
        UnsafeBuffer laterPoint = new UnsafeBuffer(new byte[256]);
        Point p = new Point();
        int dataLength = writer.write(Data.canonical(), data, 0);
        p.x = 7;
        int firstLength = writer.write(p, firstPoint, 0);
        p.x = 8;
        int laterLength = writer.write(p, laterPoint, 0);
        assertTrue(laterLength < firstLength, "the later message refers to the definition the first carried");
        assertNull(Data.canonical().firstDifference(reader.read(Data.class, data, 0, dataLength)));
        assertNull(Data.canonical().firstDifference(reader.read(Data.class, data, 0, dataLength)));
        assertEquals(7, reader.read(Point.class, firstPoint, 0, firstLength).x);
        assertEquals(8, reader.read(Point.class, laterPoint, 0, laterLength).x);
        assertEquals(2, reader.learnedCount(), "one definition per class");
    }
}
