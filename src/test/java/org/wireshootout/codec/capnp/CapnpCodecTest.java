package org.wireshootout.codec.capnp;

import org.capnproto.ArrayInputStream;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;
import org.capnproto.SerializePacked;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.CallerBufferCheck;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.gen.capnp.DataCapnp;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CapnpCodecTest {

    /** Segment table 8, root pointer 8, struct 3 data words + 1 pointer = 32, text 12 + NUL in 2 words = 16. */
    @Test
    void canonicalSizes() {
        HeldMessage<Data> unpacked = Format.capnp.held();
        assertEquals(GoldenSizes.bytes(Format.capnp), unpacked.encode(Data.canonical()));
        assertEquals(8, unpacked.headerLength(), "one segment: count and size, one word of segment table");
        assertEquals(GoldenSizes.bytes(Format.capnpPacked), Format.capnpPacked.held().encode(Data.canonical()));
    }

    @Test
    void galleryBytesAreCapnpReadBySerialize() throws Exception {
        HeldMessage<Data> codec = Format.capnp.held();
        codec.encode(Data.canonical());
        check(Serialize.read(ByteBuffer.wrap(codec.bytes())));
    }

    @Test
    void packedGalleryBytesAreCapnpReadBySerializePacked() throws Exception {
        HeldMessage<Data> codec = Format.capnpPacked.held();
        codec.encode(Data.canonical());
        check(SerializePacked.read(new ArrayInputStream(ByteBuffer.wrap(codec.bytes()))));
    }

    private static void check(MessageReader message) {
        DataCapnp.Data.Reader r = message.getRoot(DataCapnp.Data.factory);
        assertEquals(Data.CANONICAL_PRICE, r.getPrice());
        assertTrue(r.getFlag());
        assertEquals(Data.CANONICAL_TEXT, r.getText().toString()); // the runtime's String, not the codec's UTF-8 path
        assertEquals(DataCapnp.Side.SELL, r.getSide());
        assertEquals(Data.CANONICAL_SMALL_INT, r.getSmallInt());
        assertEquals(Data.CANONICAL_LONG_INT, r.getLongInt());
    }

    /**
     * The longest text fills the first segment, which needs more room than the registry row's owner has (4096
     * bytes): the codecs are given a buffer of the row's longest message.
     */
    @Test
    void reusedBuilderStartsCleanAfterALongerMessage() {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[CapnpCodecBase.CAPACITY]);
        for (CapnpCodecBase codec : new CapnpCodecBase[]{new CapnpCodec("capnp"), new CapnpPackedCodec("capnpPacked")}) {
            Data longer = new Data(1, true, "x".repeat(CapnpCodecBase.MAX_TEXT_BYTES), Side.Buy, 2, 3);
            Data shorter = Data.canonical();
            int fresh = codec.newFrame().encode(shorter, buffer, 0);
            codec.encode(longer, buffer, 0);
            int length = codec.encode(shorter, buffer, 0);
            assertEquals(fresh, length, "the first segment is empty again after each message");
            Data back = new Data();
            codec.decode(buffer, 0, length, back);
            assertEquals(shorter, back);
            length = codec.encode(longer, buffer, 0);
            codec.decode(buffer, 0, length, back);
            assertEquals(longer, back);
        }
    }

    @Test
    void refusesTextLongerThanTheFirstSegment() {
        Data tooLong = new Data(1, true, "x".repeat(CapnpCodecBase.MAX_TEXT_BYTES + 1), Side.Buy, 2, 3);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[2 * CapnpCodecBase.CAPACITY]);
        assertThrows(IllegalArgumentException.class, () -> new CapnpCodec("capnp").encode(tooLong, buffer, 0));
        assertThrows(IllegalArgumentException.class, () -> new CapnpPackedCodec("capnpPacked").encode(tooLong, buffer, 0));
    }

    @Test
    void traversalLimitRefusesALyingSegmentSize() {
        HeldMessage<Data> codec = Format.capnp.held();
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        bytes[7] = 0x10; // segment 0 claims 2^28 + 7 words
        codec.load(bytes, 0, bytes.length);
        assertThrows(RuntimeException.class, () -> codec.decode(new Data()));

        // packed: one segment of 2^22 words (32 MiB), which the packed reader would allocate before reading it;
        // the traversal limit (the codec's buffer, in words) refuses it first. Tag 0x40: only byte 6 is non-zero.
        byte[] lying = {0x40, 0x40};
        HeldMessage<Data> packedCodec = Format.capnpPacked.held();
        packedCodec.load(lying, 0, lying.length);
        org.wireshootout.codec.DecodeException e = assertThrows(org.wireshootout.codec.DecodeException.class, () -> packedCodec.decode(new Data()));
        assertTrue(e.getMessage().contains("traversal limit"), e.getMessage());
        assertTrue(e.getMessage().startsWith("capnpPacked: at offset 0: "), e.getMessage());
        assertTrue(e.getCause() instanceof org.capnproto.DecodeException, () -> "the runtime's own exception kept as the cause: " + e.getCause());
    }

    @Test
    void truncatedPackedInputFailsInsteadOfSpinning() {
        HeldMessage<Data> codec = Format.capnpPacked.held();
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        for (int len = 0; len < bytes.length; len++) {
            codec.load(bytes, 0, len);
            assertThrows(RuntimeException.class, () -> codec.decode(new Data()), "cut to " + len + " bytes");
        }
    }

    /** Text is UTF-8 in the schema: a malformed sequence is refused at its byte, not read as U+FFFD. */
    @Test
    void malformedUtf8TextIsRefused() {
        for (org.wireshootout.registry.Format format : new org.wireshootout.registry.Format[]{
                org.wireshootout.registry.Format.capnp, org.wireshootout.registry.Format.capnpPacked}) {
            org.wireshootout.codec.HeldMessage<Data> codec = format.held();
            codec.encode(new Data(1.5, true, "caf\u00e9", org.wireshootout.model.Side.Buy, 1, 2));
            byte[] bytes = codec.bytes();
            int at = -1;
            for (int i = 0; i + 1 < bytes.length; i++) if (bytes[i] == (byte) 0xC3 && bytes[i + 1] == (byte) 0xA9) at = i;
            assertTrue(at >= 0, format + ": the text's UTF-8 is in the message");
            bytes[at + 1] = 0x28; // 0xC3 followed by a byte that is not a continuation byte
            codec.load(bytes, 0, bytes.length);
            org.wireshootout.codec.DecodeException e = assertThrows(org.wireshootout.codec.DecodeException.class,
                    () -> codec.decode(new Data()), format.name());
            assertTrue(e.getMessage().startsWith(format.name() + ": at offset "), e.getMessage());
            if (format == org.wireshootout.registry.Format.capnp) assertEquals(at + 1, e.offset(), e.getMessage());
        }
    }

    /**
     * The caller owns the bytes: the unpacked rows write at an offset into heap and direct memory, touch nothing
     * before the offset or after the message, read back in place, and refuse a room too small.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        Data[] values = {Data.canonical(), new Data(-0.0, false, "\u00e9\u4e16\ud83d\ude00".repeat(40), Side.Buy, -1, Long.MIN_VALUE)};
        for (Data value : values) CallerBufferCheck.writesAndReadsAtAnOffset("capnp", new CapnpCodec("capnp"), value, RoundTrip.DATA);
        IexCapnpCodec iex = new IexCapnpCodec("capnp");
        for (IexMessage m : IexSamples.handMade()) CallerBufferCheck.writesAndReadsAtAnOffset("capnp", iex, m, RoundTrip.IEX);
    }

    /**
     * Why the packed rows pack into a buffer of their own and copy: given room past the message, the runtime's packer
     * leaves a zero byte right after it (it writes each byte of a word and steps back over a zero one). When this
     * fails, the packer no longer does, and the packed rows can pack straight into the caller's buffer.
     */
    @Test
    void thePackerWritesAZeroPastThePackedMessage() throws Exception {
        MessageBuilder message = new MessageBuilder();
        org.wireshootout.gen.capnp.DataCapnp.Data.Builder root = message.initRoot(org.wireshootout.gen.capnp.DataCapnp.Data.factory);
        Data value = Data.canonical(); // built as the codec builds it
        root.setPrice(value.getPrice());
        root.setFlag(value.isFlag());
        root.setText(value.getText().toString());
        root.setSide(value.getSide() == Side.Buy ? org.wireshootout.gen.capnp.DataCapnp.Side.BUY : org.wireshootout.gen.capnp.DataCapnp.Side.SELL);
        root.setSmallInt(value.getSmallInt());
        root.setLongInt(value.getLongInt());
        byte[] array = new byte[256];
        java.util.Arrays.fill(array, (byte) 0x5A);
        ByteBuffer room = ByteBuffer.wrap(array, 100, 156).slice();
        ArrayOutputStream out = new ArrayOutputStream(room);
        SerializePacked.write(out, message);
        int length = out.getWriteBuffer().position();
        assertEquals(GoldenSizes.bytes(Format.capnpPacked), length);
        assertEquals((byte) 0x5A, array[99], "nothing before the message");
        assertEquals(0, array[100 + length], "a zero right after the message");
        assertEquals((byte) 0x5A, array[100 + length + 1], "and nothing after that");
    }

    /** The packed rows write exactly their message into the caller's buffer: the packer's stray byte stays in theirs. */
    @Test
    void thePackedRowsWriteNothingPastTheMessage() {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        buffer.setMemory(0, 256, (byte) 0x5A);
        int length = new CapnpPackedCodec("capnpPacked").encode(Data.canonical(), buffer, 100);
        assertEquals(GoldenSizes.bytes(Format.capnpPacked), length);
        assertEquals((byte) 0x5A, buffer.getByte(100 + length), "nothing right after the message");
        buffer.setMemory(0, 256, (byte) 0x5A);
        length = new IexCapnpPackedCodec("capnpPacked").encode(IexSamples.tslaTrade(), buffer, 100);
        assertEquals((byte) 0x5A, buffer.getByte(100 + length), "IEX: nothing right after the message");
    }

    /** A malformed text at an offset in the caller's buffer is named at its byte counted from the message's start. */
    @Test
    void namesABadTextByteFromTheMessageStart() {
        HeldMessage<Data> owning = Format.capnp.held();
        owning.encode(new Data(1.5, true, "caf\u00e9", Side.Buy, 1, 2));
        byte[] bytes = owning.bytes();
        int at = -1;
        for (int i = 0; i + 1 < bytes.length; i++) if (bytes[i] == (byte) 0xC3 && bytes[i + 1] == (byte) 0xA9) at = i;
        assertTrue(at >= 0, "the text's UTF-8 is in the message");
        bytes[at + 1] = 0x28;
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        buffer.putBytes(40, bytes);
        org.wireshootout.codec.DecodeException e = assertThrows(org.wireshootout.codec.DecodeException.class,
                () -> new CapnpCodec("capnp").decode(buffer, 40, bytes.length, new Data()));
        assertEquals(at + 1, e.offset(), e.getMessage());
    }
}
