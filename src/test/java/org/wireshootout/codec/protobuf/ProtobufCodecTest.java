package org.wireshootout.codec.protobuf;

import org.junit.jupiter.api.Test;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.gen.proto.DataProto;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ProtobufCodecTest {

    /** price 1+8, flag 1+1, text 1+1+12, side 1+1, smallInt 1+1, longInt 1+5 (1234567890 as a varint). */
    @Test
    void canonicalSize() {
        assertEquals(GoldenSizes.bytes(Format.protobuf), Format.protobuf.held().encode(Data.canonical()));
    }

    @Test
    void galleryBytesAreProtobufReadByParseFrom() throws Exception {
        HeldMessage<Data> codec = Format.protobuf.held();
        codec.encode(Data.canonical());
        DataProto.Data m = DataProto.Data.parseFrom(codec.bytes());
        assertEquals(Data.CANONICAL_PRICE, m.getPrice());
        assertEquals(true, m.getFlag());
        assertEquals(Data.CANONICAL_TEXT, m.getText());
        assertEquals(DataProto.Side.SELL, m.getSide());
        assertEquals(Data.CANONICAL_SMALL_INT, m.getSmallInt());
        assertEquals(Data.CANONICAL_LONG_INT, m.getLongInt());
    }

    /** proto3 skips a double whose bits are zero; -0.0 and NaN have non-zero bits and so are written. */
    @Test
    void negativeZeroAndNanAreWritten() throws Exception {
        HeldMessage<Data> codec = Format.protobuf.held();
        Data zero = new Data(0.0, false, "", Side.Buy, 0, 0);
        assertEquals(0, codec.encode(zero), "every field at its default: nothing written");
        zero.setPrice(-0.0);
        assertEquals(9, codec.encode(zero));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(DataProto.Data.parseFrom(codec.bytes()).getPrice()));
        zero.setPrice(Double.NaN);
        assertEquals(9, codec.encode(zero));
        assertEquals(Double.NaN, DataProto.Data.parseFrom(codec.bytes()).getPrice());
    }

    @Test
    void refusesTruncatedBytesAndALyingLength() {
        HeldMessage<Data> codec = Format.protobuf.held();
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        HeldMessage<Data> reader = Format.protobuf.held();
        reader.load(bytes, 0, 20); // cut inside the text
        assertThrows(DecodeException.class, () -> reader.decode(new Data()));
        bytes[12] = 0x7F; // text length 127, 22 bytes left
        reader.load(bytes, 0, bytes.length);
        assertThrows(DecodeException.class, () -> reader.decode(new Data()));
    }

    @Test
    void refusesASideOutsideTheEnum() {
        HeldMessage<Data> codec = Format.protobuf.held();
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        bytes[26] = 5; // side value (after tag 0x20 at 25)
        codec.load(bytes, 0, bytes.length);
        assertThrows(DecodeException.class, () -> codec.decode(new Data()));
    }

    /** Protobuf's own rule, stated in docs/hostile-input.md: a missing field is its default, so zero bytes are a message. */
    @Test
    void anEmptyMessageDecodesToTheDefaults() {
        org.wireshootout.codec.HeldMessage<Data> codec = org.wireshootout.registry.Format.protobuf.held();
        codec.load(new byte[0], 0, 0);
        Data d = new Data(1.5, true, "t", org.wireshootout.model.Side.Sell, 1, 2);
        codec.decode(d);
        org.junit.jupiter.api.Assertions.assertEquals(new Data(0.0, false, "", org.wireshootout.model.Side.Buy, 0, 0), d);
    }

    /**
     * The caller owns the bytes: the codec writes at the caller's offset into heap or direct memory alike, reads the
     * same bytes back from there, and refuses a buffer too small with the row's name, never writing past its end.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        byte[] expected = canonicalBytes();
        ProtobufCodec codec = new ProtobufCodec("protobuf");
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[256]), new UnsafeBuffer(ByteBuffer.allocateDirect(256))}) {
            int length = codec.encode(Data.canonical(), buffer, 100);
            byte[] written = new byte[length];
            buffer.getBytes(100, written);
            assertArrayEquals(expected, written);
            assertEquals(0, buffer.getByte(99), "nothing written before the offset");
            Data target = new Data();
            codec.decode(buffer, 100, length, target);
            assertEquals(Data.canonical(), target);

            UnsafeBuffer small = new UnsafeBuffer(buffer, 0, 110);
            EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> codec.encode(Data.canonical(), small, 100));
            assertEquals(true, e.getMessage().startsWith("protobuf:"), e.getMessage());
        }
    }

    private static byte[] canonicalBytes() {
        HeldMessage<Data> codec = Format.protobuf.held();
        codec.encode(Data.canonical());
        return codec.bytes();
    }
}
