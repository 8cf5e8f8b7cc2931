package org.wireshootout.codec.jdk;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JavaSerializationCodecTest {

    /**
     * Externalizable: stream header 4, TC_OBJECT 1, class descriptor 1 + (2 + 45 name) + 8 UID + 1 flags + 2 field
     * count + 1 end + 1 no superclass = 61, then block data 1 + 1 length + 36 (8 + 1 + 2+12 + 1 + 4 + 8), end 1.
     */
    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"externalizable", "externalizableCBytes"})
    void externalizableCanonicalSize(Format format) {
        assertEquals(GoldenSizes.bytes(format), format.held().encode(Data.canonical()));
    }

    @Test
    void serializableCanonicalSize() {
        assertEquals(GoldenSizes.bytes(Format.serializable), Format.serializable.held().encode(Data.canonical()));
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"externalizable", "externalizableCBytes"})
    void plainObjectInputStreamReadsExternalizableBytes(Format format) throws Exception {
        HeldMessage<Data> codec = format.held();
        codec.encode(new Data(-0.25, true, "Grüße 😀", Side.Buy, -3, Long.MIN_VALUE));
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(codec.bytes()))) {
            ExternalizableData d = (ExternalizableData) in.readObject();
            Data back = new Data();
            d.into(back);
            assertEquals(-0.25, back.getPrice());
            assertEquals(true, back.isFlag());
            assertEquals("Grüße 😀", back.getText().toString());
            assertEquals(Side.Buy, back.getSide());
            assertEquals(-3, back.getSmallInt());
            assertEquals(Long.MIN_VALUE, back.getLongInt());
            assertEquals(-1, in.read());
        }
    }

    @Test
    void plainObjectInputStreamReadsSerializableBytes() throws Exception {
        HeldMessage<Data> codec = Format.serializable.held();
        codec.encode(new Data(1e300, false, "x", Side.Sell, 5, 6));
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(codec.bytes()))) {
            SerializableData d = (SerializableData) in.readObject();
            assertEquals(1e300, d.price);
            assertEquals(false, d.flag);
            assertEquals("x", d.text);
            assertEquals(Side.Sell, d.side);
            assertEquals(5, d.smallInt);
            assertEquals(6, d.longInt);
        }
        // the field names are in the class descriptor
        String latin1 = new String(codec.bytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String name : List.of("price", "flag", "text", "side", "smallInt", "longInt")) assertTrue(latin1.contains(name), name);
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"externalizable", "externalizableCBytes", "serializable"})
    void filterAndChecksRejectOtherStreams(Format format) throws Exception {
        HeldMessage<Data> codec = format.held();
        List<byte[]> bad = new ArrayList<>();
        bad.add(serialise(new ArrayList<>(List.of(1, 2))));                 // a class not allowed
        bad.add(serialise(new int[]{1, 2, 3}));                            // an array
        bad.add(serialise("just a string"));                               // not the adapter
        HeldMessage<Data> other = (format == Format.serializable ? Format.externalizable : Format.serializable).held();
        other.encode(Data.canonical());
        bad.add(other.bytes());                                             // the other adapter class
        codec.encode(Data.canonical());
        byte[] good = codec.bytes();
        bad.add(Arrays.copyOf(good, good.length - 1));                      // cut short
        bad.add(Arrays.copyOf(good, good.length + 1));                      // a byte left over
        byte[] corrupt = good.clone();
        corrupt[0] = 0;                                                     // no stream header
        bad.add(corrupt);
        for (byte[] b : bad) {
            codec.load(b, 0, b.length);
            assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        }
        codec.load(good, 0, good.length);
        Data back = new Data();
        codec.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    void externalizableRefusesABadSide() {
        HeldMessage<Data> codec = Format.externalizable.held();
        codec.encode(Data.canonical());
        byte[] b = codec.bytes();
        // side byte: after price 8, flag 1, text 2+12 in the block that starts 2 bytes before the data
        int blockData = b.length - 1 - 36;
        assertEquals(1, b[blockData + 8 + 1 + 14]); // Sell
        b[blockData + 8 + 1 + 14] = 2;
        codec.load(b, 0, b.length);
        assertThrows(DecodeException.class, () -> codec.decode(new Data()));
    }

    /**
     * The caller owns the bytes: each JDK-serialisation codec writes its stream at the caller's offset into heap and
     * direct memory alike (the array rows through Agrona's putBytes into direct memory, the Chronicle Bytes row through
     * a copy into heap memory), reads it back from there, touches nothing around it, and refuses a room one byte
     * short with the row's name; its memory is the row's labels'.
     */
    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"externalizable", "externalizableCBytes", "serializable"})
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory(Format format) {
        BufferCodec<Data> codec = format == Format.serializable ? JavaSerializationCodec.serializable(format.name())
                : format == Format.externalizable ? JavaSerializationCodec.externalizable(format.name())
                : JavaSerializationCodec.externalizableChronicleBytes(format.name());
        assertEquals(format.labels().memory, codec.memory());
        for (Data value : List.of(Data.canonical(), new Data(-0.25, true, "Grüße 😀", Side.Buy, -3, Long.MIN_VALUE),
                new Data(Double.NaN, false, "", Side.Sell, Integer.MAX_VALUE, 0))) {
            HeldMessage<Data> own = format.held();
            own.encode(value);
            CallerBufferRoundTrip.check(format.name(), codec, RoundTrip.DATA, value, own.bytes());
        }
        // bytes left after the object are refused at their offset from the caller's, heap or direct
        HeldMessage<Data> own = format.held();
        own.encode(Data.canonical());
        byte[] longer = Arrays.copyOf(own.bytes(), own.length() + 1);
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[400]), new UnsafeBuffer(ByteBuffer.allocateDirect(400))}) {
            buffer.putBytes(100, longer);
            DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 100, longer.length, new Data()));
            assertEquals(own.length(), e.offset(), e.getMessage());
        }
    }

    private static byte[] serialise(Object o) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
            out.writeObject(o);
        }
        return bos.toByteArray();
    }
}
