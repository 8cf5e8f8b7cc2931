package org.wireshootout.codec.sbe;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.CallerBufferCheck;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.gen.sbe.data.BooleanType;
import org.wireshootout.gen.sbe.data.DataDecoder;
import org.wireshootout.gen.sbe.data.MessageHeaderDecoder;
import org.wireshootout.gen.sbe.data.Side;
import org.wireshootout.model.Data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SbeCodecTest {

    /** 8-byte header, 22-byte block (price, longInt, smallInt, flag, side), 4-byte text length, 12 text bytes. */
    @Test
    void canonicalSize() {
        assertEquals(GoldenSizes.bytes(Format.sbe), Format.sbe.held().encode(Data.canonical()));
    }

    @Test
    void galleryBytesAreSbeReadByAFreshGeneratedDecoder() {
        HeldMessage<Data> codec = Format.sbe.held();
        codec.encode(Data.canonical());
        UnsafeBuffer buffer = new UnsafeBuffer(codec.bytes());
        MessageHeaderDecoder header = new MessageHeaderDecoder();
        DataDecoder decoder = new DataDecoder().wrapAndApplyHeader(buffer, 0, header);
        assertEquals(DataDecoder.SCHEMA_ID, header.schemaId());
        assertEquals(Data.CANONICAL_PRICE, decoder.price());
        assertEquals(Data.CANONICAL_LONG_INT, decoder.longInt());
        assertEquals(Data.CANONICAL_SMALL_INT, decoder.smallInt());
        assertEquals(BooleanType.T, decoder.flag());
        assertEquals(Side.Sell, decoder.side());
        assertEquals(Data.CANONICAL_TEXT, decoder.text()); // the generated String getter, not the codec's UTF-8 path
        assertEquals(buffer.capacity(), decoder.encodedLength() + MessageHeaderDecoder.ENCODED_LENGTH);
    }

    @Test
    void refusesATextLengthThatRunsPastTheMessage() {
        byte[] bytes = canonicalBytes();
        bytes[30] = 13; // the uint32 text length at offset 8 + 22: one more byte than there is
        assertThrows(DecodeException.class, () -> decode(bytes));
        bytes[30] = 12;
        bytes[33] = (byte) 0x80; // 2^31 + 12: negative as an int
        assertThrows(DecodeException.class, () -> decode(bytes));
    }

    @Test
    void refusesAnotherTemplateOrATruncatedMessage() {
        byte[] other = canonicalBytes();
        other[2] = 2; // templateId
        assertThrows(DecodeException.class, () -> decode(other));
        byte[] bytes = canonicalBytes();
        HeldMessage<Data> codec = Format.sbe.held();
        codec.load(bytes, 0, 29);
        assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        codec.load(bytes, 0, 33);
        assertThrows(DecodeException.class, () -> codec.decode(new Data()));
    }

    @Test
    void refusesAShortBlockLength() {
        byte[] bytes = canonicalBytes();
        bytes[0] = 21;
        assertThrows(DecodeException.class, () -> decode(bytes));
    }

    /** SBE's flyweights wrap the caller's buffer where it lies: at an offset, heap or direct, for both rows. */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        SbeCodec codec = new SbeCodec("sbe");
        CallerBufferCheck.writesAndReadsAtAnOffset("sbe", codec, Data.canonical(), RoundTrip.DATA);
        // a text longer than the scratch array starts with, and one beyond Latin-1: the direct path copies the text into it
        CallerBufferCheck.writesAndReadsAtAnOffset("sbe", codec,
                new Data(-0.0, false, "\u00e9\u4e16\ud83d\ude00".repeat(30), org.wireshootout.model.Side.Buy, -1, Long.MIN_VALUE), RoundTrip.DATA);
        IexSbeCodec iex = new IexSbeCodec("sbe");
        for (IexMessage m : IexSamples.handMade()) CallerBufferCheck.writesAndReadsAtAnOffset("sbe", iex, m, RoundTrip.IEX);
    }

    /** A bad text found in direct memory is named at its offset from the message's first byte, as on the heap. */
    @Test
    void namesTheOffsetOfBadTextFromTheMessageStartInDirectMemory() {
        byte[] bytes = canonicalBytes();
        bytes[36] = (byte) 0xFF; // no UTF-8 sequence starts so: the third byte of the text, which starts at 8 + 22 + 4
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[256]), new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(256))}) {
            buffer.putBytes(50, bytes);
            DecodeException e = assertThrows(DecodeException.class, () -> new SbeCodec("sbe").decode(buffer, 50, bytes.length, new Data()));
            assertEquals(36, e.offset(), e.getMessage());
        }
    }

    private static byte[] canonicalBytes() {
        HeldMessage<Data> codec = Format.sbe.held();
        codec.encode(Data.canonical());
        return codec.bytes();
    }

    private static void decode(byte[] bytes) {
        HeldMessage<Data> codec = Format.sbe.held();
        codec.load(bytes, 0, bytes.length);
        codec.decode(new Data());
    }
}
