package org.wireshootout.codec.capnp;

import org.capnproto.ArrayInputStream;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;
import org.capnproto.SerializePacked;
import org.junit.jupiter.api.Test;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.Codec;
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
        CapnpCodec unpacked = new CapnpCodec("capnp");
        assertEquals(GoldenSizes.bytes(Format.capnp), unpacked.encode(Data.canonical()));
        assertEquals(8, unpacked.headerLength(), "one segment: count and size, one word of segment table");
        assertEquals(GoldenSizes.bytes(Format.capnpPacked), new CapnpPackedCodec("capnpPacked").encode(Data.canonical()));
    }

    @Test
    void galleryBytesAreCapnpReadBySerialize() throws Exception {
        CapnpCodec codec = new CapnpCodec("capnp");
        codec.encode(Data.canonical());
        check(Serialize.read(ByteBuffer.wrap(codec.bytes())));
    }

    @Test
    void packedGalleryBytesAreCapnpReadBySerializePacked() throws Exception {
        CapnpPackedCodec codec = new CapnpPackedCodec("capnpPacked");
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

    @Test
    void reusedBuilderStartsCleanAfterALongerMessage() {
        for (Codec<Data> codec : new Codec[]{new CapnpCodec("capnp"), new CapnpPackedCodec("capnpPacked")}) {
            Data longer = new Data(1, true, "x".repeat(CapnpCodecBase.MAX_TEXT_BYTES), Side.Buy, 2, 3);
            Data shorter = Data.canonical();
            int fresh = newCodecLike(codec).encode(shorter);
            codec.encode(longer);
            assertEquals(fresh, codec.encode(shorter), "the first segment is empty again after each message");
            Data back = new Data();
            codec.decode(back);
            assertEquals(shorter, back);
            codec.encode(longer);
            codec.decode(back);
            assertEquals(longer, back);
        }
    }

    @Test
    void refusesTextLongerThanTheFirstSegment() {
        Data tooLong = new Data(1, true, "x".repeat(CapnpCodecBase.MAX_TEXT_BYTES + 1), Side.Buy, 2, 3);
        assertThrows(IllegalArgumentException.class, () -> new CapnpCodec("capnp").encode(tooLong));
        assertThrows(IllegalArgumentException.class, () -> new CapnpPackedCodec("capnpPacked").encode(tooLong));
    }

    @Test
    void traversalLimitRefusesALyingSegmentSize() {
        CapnpCodec codec = new CapnpCodec("capnp");
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        bytes[7] = 0x10; // segment 0 claims 2^28 + 7 words
        codec.load(bytes, 0, bytes.length);
        assertThrows(RuntimeException.class, () -> codec.decode(new Data()));

        // packed: one segment of 2^22 words (32 MiB), which the packed reader would allocate before reading it;
        // the traversal limit (the codec's buffer, in words) refuses it first. Tag 0x40: only byte 6 is non-zero.
        byte[] lying = {0x40, 0x40};
        CapnpPackedCodec packedCodec = new CapnpPackedCodec("capnpPacked");
        packedCodec.load(lying, 0, lying.length);
        org.wireshootout.codec.DecodeException e = assertThrows(org.wireshootout.codec.DecodeException.class, () -> packedCodec.decode(new Data()));
        assertTrue(e.getMessage().contains("traversal limit"), e.getMessage());
        assertTrue(e.getMessage().startsWith("capnpPacked: at offset 0: "), e.getMessage());
        assertTrue(e.getCause() instanceof org.capnproto.DecodeException, () -> "the runtime's own exception kept as the cause: " + e.getCause());
    }

    @Test
    void truncatedPackedInputFailsInsteadOfSpinning() {
        CapnpPackedCodec codec = new CapnpPackedCodec("capnpPacked");
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        for (int len = 0; len < bytes.length; len++) {
            codec.load(bytes, 0, len);
            assertThrows(RuntimeException.class, () -> codec.decode(new Data()), "cut to " + len + " bytes");
        }
    }

    private static Codec<Data> newCodecLike(Codec<Data> codec) {
        return codec instanceof CapnpPackedCodec ? new CapnpPackedCodec("capnpPacked") : new CapnpCodec("capnp");
    }

    /** Text is UTF-8 in the schema: a malformed sequence is refused at its byte, not read as U+FFFD. */
    @Test
    void malformedUtf8TextIsRefused() {
        for (org.wireshootout.registry.Format format : new org.wireshootout.registry.Format[]{
                org.wireshootout.registry.Format.capnp, org.wireshootout.registry.Format.capnpPacked}) {
            org.wireshootout.codec.Codec<Data> codec = format.newCodec();
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
}
