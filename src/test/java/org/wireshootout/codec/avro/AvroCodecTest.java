package org.wireshootout.codec.avro;

import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The Avro row's bytes read by Avro's plain reader, and the text length check. */
class AvroCodecTest {

    @Test
    void bytesAreWhatAvrosDefaultReaderReads() throws Exception {
        Codec<Data> c = Format.avro.newCodec();
        c.encode(Data.canonical());
        byte[] b = c.bytes();
        org.wireshootout.gen.avro.Data r = new SpecificDatumReader<>(org.wireshootout.gen.avro.Data.class)
                .read(null, DecoderFactory.get().binaryDecoder(b, null));
        assertEquals(Data.CANONICAL_PRICE, r.getPrice());
        assertEquals(Data.CANONICAL_TEXT, r.getText().toString());
        assertEquals(org.wireshootout.gen.avro.Side.Sell, r.getSide());
        assertEquals(Data.CANONICAL_LONG_INT, r.getLongInt());
    }

    /** A text length of 2^31 - 1 (zigzag varint) is refused before Avro sizes an array by it. */
    @Test
    void lyingTextLengthIsRefused() {
        Codec<Data> c = Format.avro.newCodec();
        c.encode(Data.canonical());
        byte[] b = c.bytes();
        byte[] lying = new byte[b.length + 4];
        System.arraycopy(b, 0, lying, 0, 9);
        // zigzag(2^31 - 1) = 2^32 - 2: varint fe ff ff ff 0f
        byte[] claim = {(byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
        System.arraycopy(claim, 0, lying, 9, 5);
        System.arraycopy(b, 10, lying, 14, b.length - 10);
        Codec<Data> reader = Format.avro.newCodec();
        reader.load(lying, 0, lying.length);
        assertThrows(DecodeException.class, () -> reader.decode(new Data()));
    }
}
