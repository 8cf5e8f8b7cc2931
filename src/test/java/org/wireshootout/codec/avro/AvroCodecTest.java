package org.wireshootout.codec.avro;

import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Side;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.Data;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The Avro row's bytes read by Avro's plain reader, and the text length check. */
class AvroCodecTest {

    @Test
    void bytesAreWhatAvrosDefaultReaderReads() throws Exception {
        HeldMessage<Data> c = Format.avro.held();
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
        HeldMessage<Data> c = Format.avro.held();
        c.encode(Data.canonical());
        byte[] b = c.bytes();
        byte[] lying = new byte[b.length + 4];
        System.arraycopy(b, 0, lying, 0, 9);
        // zigzag(2^31 - 1) = 2^32 - 2: varint fe ff ff ff 0f
        byte[] claim = {(byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
        System.arraycopy(claim, 0, lying, 9, 5);
        System.arraycopy(b, 10, lying, 14, b.length - 10);
        HeldMessage<Data> reader = Format.avro.held();
        reader.load(lying, 0, lying.length);
        DecodeException e = assertThrows(DecodeException.class, () -> reader.decode(new Data()));
        assertEquals(9, e.offset(), e.getMessage());
        // at an offset in the caller's buffer, heap or direct, the same bytes are refused at the same offset of the message
        AvroCodec codec = new AvroCodec("avro");
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[200]), new UnsafeBuffer(ByteBuffer.allocateDirect(200))}) {
            buffer.putBytes(100, lying);
            DecodeException at = assertThrows(DecodeException.class, () -> codec.decode(buffer, 100, lying.length, new Data()));
            assertEquals(9, at.offset(), at.getMessage());
        }
    }

    /**
     * The caller owns the bytes: both Avro codecs write at the caller's offset into heap and direct memory alike (the
     * encoder's buffer flushed into either), read the same bytes back from there (direct memory through the scratch
     * array, which grows for a message longer than its first size), touch nothing around them, and refuse a room one
     * byte short with the row's name.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        AvroCodec codec = new AvroCodec(Format.avro.name());
        for (Data value : List.of(Data.canonical(), new Data(-0.0, false, "Grüße, 東京 € 😀", Side.Buy, Integer.MIN_VALUE, Long.MAX_VALUE),
                new Data(Double.NaN, true, "", Side.Sell, -1, Long.MIN_VALUE), new Data(1.5, true, "x".repeat(5000), Side.Sell, 1, -1))) {
            byte[] expected;
            if (value.getText().length() < 1000) {
                HeldMessage<Data> own = Format.avro.held();
                own.encode(value);
                expected = own.bytes();
            } else {
                UnsafeBuffer big = new UnsafeBuffer(new byte[1 << 14]);
                expected = new byte[codec.encode(value, big, 0)];
                big.getBytes(0, expected);
            }
            CallerBufferRoundTrip.check(Format.avro.name(), codec, RoundTrip.DATA, value, expected);
        }
        IexAvroCodec iex = new IexAvroCodec(IexFormat.avro.name());
        List<IexMessage> messages = new ArrayList<>(IexSamples.ordinary());
        messages.addAll(IexSamples.maxima());
        for (IexMessage m : messages) {
            HeldMessage<IexMessage> own = IexFormat.avro.held();
            own.encode(m);
            CallerBufferRoundTrip.check(IexFormat.avro.name(), iex, RoundTrip.IEX, m, own.bytes());
        }
    }
}
