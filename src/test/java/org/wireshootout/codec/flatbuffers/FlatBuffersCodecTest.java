package org.wireshootout.codec.flatbuffers;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.CallerBufferCheck;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.gen.fbs.data.Side;
import org.wireshootout.model.Data;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlatBuffersCodecTest {

    /**
     * Root offset 4, padding 4 (the buffer is aligned to the 8-byte fields), vtable 16 (4 + 6 slots), table
     * 36 (soffset 4, flag 1, side 1, padding 2, text offset 4, smallInt 4, padding 4, price 8, longInt 8),
     * string 4 + 12 + NUL + padding 3.
     */
    @Test
    void canonicalSize() {
        assertEquals(GoldenSizes.bytes(Format.flatbuffers), Format.flatbuffers.held().encode(Data.canonical()));
    }

    @Test
    void galleryBytesAreAFlatBufferReadByAFreshTable() {
        org.wireshootout.codec.HeldMessage<Data> codec = Format.flatbuffers.held();
        codec.encode(Data.canonical());
        org.wireshootout.gen.fbs.data.Data t = org.wireshootout.gen.fbs.data.Data.getRootAsData(ByteBuffer.wrap(codec.bytes()));
        assertEquals(Data.CANONICAL_PRICE, t.price());
        assertTrue(t.flag());
        assertEquals(Data.CANONICAL_TEXT, t.text()); // the generated String getter, not the codec's UTF-8 path
        assertEquals(Side.Sell, t.side());
        assertEquals(Data.CANONICAL_SMALL_INT, t.smallInt());
        assertEquals(Data.CANONICAL_LONG_INT, t.longInt());
    }

    @Test
    void negativeZeroIsDroppedAsTheDefaultByTheLibrary() {
        org.wireshootout.codec.HeldMessage<Data> codec = Format.flatbuffers.held();
        Data value = Data.canonical();
        int withPrice = codec.encode(value);
        value.setPrice(-0.0);
        assertEquals(withPrice - 8, codec.encode(value), "-0.0 == 0.0, the default, so the field is not written");
        assertEquals(0.0, org.wireshootout.gen.fbs.data.Data.getRootAsData(ByteBuffer.wrap(codec.bytes())).price());
    }

    /** Every decode verifies the bytes before reading them: over a caller's buffer none are known to be the codec's own. */
    @Test
    void decodeVerifiesTheStructure() {
        byte[] good = canonicalBytes();
        decode(good); // the real thing passes

        assertRefused(good, 0, 0x7F);        // root offset beyond the bytes
        assertRefused(good, 0, 0x19);        // root offset unaligned
        assertRefused(good, 24, 0x70);       // soffset: vtable beyond the bytes
        assertRefused(good, 8, 0x7E);        // vtable size beyond the bytes
        assertRefused(good, 10, 0x7C);       // table size beyond the bytes
        assertRefused(good, 16, 0x30);       // the text field's offset outside the table
        assertRefused(good, 60, 0x40);       // text length past the end
        assertRefused(good, 60 + 4 + 12, 'x'); // text without its NUL
        byte[] cut = new byte[good.length - 8];
        System.arraycopy(good, 0, cut, 0, cut.length);
        assertThrows(DecodeException.class, () -> decode(cut));
    }

    private static void assertRefused(byte[] good, int at, int value) {
        byte[] bad = good.clone();
        bad[at] = (byte) value;
        assertThrows(DecodeException.class, () -> decode(bad), "byte " + at + " set to " + value);
    }

    private static void decode(byte[] bytes) {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes.length + 64]);
        buffer.putBytes(32, bytes);
        new FlatBuffersCodec("flatbuffers").decode(buffer, 32, bytes.length, new Data());
    }

    /** The six-field row on the caller-owned seam: written at an offset in heap and direct memory, read back in place. */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        CallerBufferCheck.writesAndReadsAtAnOffset("flatbuffers", new FlatBuffersCodec("flatbuffers"), Data.canonical(), RoundTrip.DATA);
    }

    private static byte[] canonicalBytes() {
        org.wireshootout.codec.HeldMessage<Data> codec = Format.flatbuffers.held();
        codec.encode(Data.canonical());
        return codec.bytes();
    }

    /**
     * The IEX row on the caller-owned seam: the finished message copied into the caller's buffer at an offset, heap or
     * direct, read back in place. 
     */
    @Test
    void iexWritesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        IexFlatBuffersCodec codec = new IexFlatBuffersCodec("flatbuffers");
        for (IexMessage m : IexSamples.handMade()) CallerBufferCheck.writesAndReadsAtAnOffset("flatbuffers", codec, m, RoundTrip.IEX);
    }

    /** A root offset pointing before the message is refused, though the caller's buffer has bytes there (another frame). */
    @Test
    void iexOffsetsCannotReachBytesBeforeTheMessage() {
        IexFlatBuffersCodec codec = new IexFlatBuffersCodec("flatbuffers");
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[512]);
        int first = codec.encode(IexSamples.tslaTrade(), buffer, 0);
        int at = 256;
        int length = codec.encode(IexSamples.tslaTrade(), buffer, at);
        buffer.putInt(at, buffer.getInt(at) - at, java.nio.ByteOrder.LITTLE_ENDIAN); // the root now names the first copy's table
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, at, length, new IexMessage()));
        assertTrue(e.getMessage().startsWith("flatbuffers: "), e.getMessage());
        IexMessage back = new IexMessage();
        codec.decode(buffer, 0, first, back);
        assertEquals(IexSamples.tslaTrade(), back, "the first copy is intact");
    }
}
