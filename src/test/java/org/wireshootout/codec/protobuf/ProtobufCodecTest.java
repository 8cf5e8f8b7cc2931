package org.wireshootout.codec.protobuf;

import org.junit.jupiter.api.Test;
import org.wireshootout.codec.Format;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.gen.proto.DataProto;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ProtobufCodecTest {

    /** price 1+8, flag 1+1, text 1+1+12, side 1+1, smallInt 1+1, longInt 1+5 (1234567890 as a varint). */
    @Test
    void canonicalSize() {
        assertEquals(GoldenSizes.bytes(Format.protobuf), new ProtobufCodec("protobuf").encode(Data.canonical()));
    }

    @Test
    void galleryBytesAreProtobufReadByParseFrom() throws Exception {
        ProtobufCodec codec = new ProtobufCodec("protobuf");
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
        ProtobufCodec codec = new ProtobufCodec("protobuf");
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
        ProtobufCodec codec = new ProtobufCodec("protobuf");
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        ProtobufCodec reader = new ProtobufCodec("protobuf");
        reader.load(bytes, 0, 20); // cut inside the text
        assertThrows(DecodeException.class, () -> reader.decode(new Data()));
        bytes[12] = 0x7F; // text length 127, 22 bytes left
        reader.load(bytes, 0, bytes.length);
        assertThrows(DecodeException.class, () -> reader.decode(new Data()));
    }

    @Test
    void refusesASideOutsideTheEnum() {
        ProtobufCodec codec = new ProtobufCodec("protobuf");
        codec.encode(Data.canonical());
        byte[] bytes = codec.bytes();
        bytes[26] = 5; // side value (after tag 0x20 at 25)
        codec.load(bytes, 0, bytes.length);
        assertThrows(DecodeException.class, () -> codec.decode(new Data()));
    }

    /** Protobuf's own rule, stated in docs/hostile-input.md: a missing field is its default, so zero bytes are a message. */
    @Test
    void anEmptyMessageDecodesToTheDefaults() {
        org.wireshootout.codec.Codec<Data> codec = org.wireshootout.codec.Format.protobuf.newCodec();
        codec.load(new byte[0], 0, 0);
        Data d = new Data(1.5, true, "t", org.wireshootout.model.Side.Sell, 1, 2);
        codec.decode(d);
        org.junit.jupiter.api.Assertions.assertEquals(new Data(0.0, false, "", org.wireshootout.model.Side.Buy, 0, 0), d);
    }
}
