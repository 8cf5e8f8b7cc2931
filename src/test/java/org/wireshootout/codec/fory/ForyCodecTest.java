package org.wireshootout.codec.fory;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Side;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the Fory rows' bytes hold beyond their golden sizes ({@code GoldenSizes}). */
class ForyCodecTest {

    /**
     * Compatible: the same 36 field bytes, after the bitmap, the not-null flag, a one-byte type id and the class's
     * type definition (its name and every field's name and type, in Fory's meta string encoding), which this mode
     * writes with every message that is its own serialize call.
     */
    @Test
    void compatibleWritesTheSameFieldsAfterATypeDefinition() {
        byte[] consistent = bytes(Format.fory);
        byte[] compatible = bytes(Format.foryCompatible);
        assertEquals(94, compatible.length);
        byte[] fields = Arrays.copyOfRange(consistent, 4, consistent.length);
        assertArrayEquals(fields, Arrays.copyOfRange(compatible, compatible.length - fields.length, compatible.length));
    }

    @Test
    void iexTradeCompatibleCarriesTheSameFieldsAsConsistent() {
        IexMessage t = new IexMessage().setType(IexMessageType.TRADE_REPORT).setFlags(0x60)
                .setTimestamp(1696248001047749383L).setSymbol("TSLA").setSize(10).setPrice(2506400).setTradeId(1477663);
        HeldMessage<IexMessage> a = IexFormat.fory.held();
        HeldMessage<IexMessage> b = IexFormat.foryCompatible.held();
        a.encode(t);
        b.encode(t);
        byte[] consistent = a.bytes();
        byte[] compatible = b.bytes();
        byte[] fields = Arrays.copyOfRange(consistent, 4, consistent.length);
        assertArrayEquals(fields, Arrays.copyOfRange(compatible, compatible.length - fields.length, compatible.length));
    }

    /** A char above U+00FF switches the text to UTF-16: the round trip keeps it (the shared test checks that too). */
    @Test
    void textOutsideLatin1TakesTwoBytesPerChar() {
        HeldMessage<Data> c = Format.fory.held();
        int latin = c.encode(new Data(1, true, "ab", org.wireshootout.model.Side.Buy, 1, 1));
        int wide = c.encode(new Data(1, true, "a\u6771", org.wireshootout.model.Side.Buy, 1, 1));
        assertEquals(latin + 2, wide);
    }

    private static byte[] bytes(Format f) {
        HeldMessage<Data> c = f.held();
        c.encode(Data.canonical());
        return c.bytes();
    }

    /**
     * The caller owns the bytes: each six-field Fory codec writes at the caller's offset into heap and direct memory
     * alike (a direct buffer through the scratch array, which Fory outgrows for a message longer than its first
     * size), reads the same bytes back from there, touches nothing around them (the message ends with the text's
     * bytes, or an empty text's one-byte header), refuses a room one byte short with the row's name, and writes a
     * message into exactly its room even where Fory grows for the spare bytes of a varint.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        List<Data> values = new ArrayList<>(List.of(Data.canonical(),
                new Data(-0.0, false, "Grüße, 東京 € 😀", Side.Buy, Integer.MIN_VALUE, Long.MAX_VALUE),
                new Data(Double.NaN, true, "", Side.Sell, -1, Long.MIN_VALUE),
                new Data(1e300, false, "y".repeat(300), Side.Buy, Integer.MAX_VALUE, 0),
                new Data(1.5, true, "x".repeat(5000), Side.Sell, 1, -1)));
        // values whose last varints Fory writes after reserving more than they take: the room exactly the message's
        values.add(new Data(0.54, true, "\u2bec\u0112\u1460", Side.Sell, 25528509, 6875757));
        values.add(new Data(0.09, false, "#=", Side.Sell, -2702, -4306267870905587L));
        for (Format row : new Format[]{Format.fory, Format.foryCompatible}) {
            BufferCodec<Data> codec = row == Format.fory ? ForyCodec.schemaConsistent(row.name()) : ForyCodec.compatible(row.name());
            for (Data value : values) {
                byte[] expected = value.getText().length() < 1000 ? ownBytes(row.held(), value) : atTheStart(codec, value);
                CallerBufferRoundTrip.check(row.name(), codec, RoundTrip.DATA, value, expected);
            }
        }
    }

    /**
     * Why the IEX rows still own their buffer: each IEX message ends with a varint, which Fory writes as a wider store,
     * so written into the caller's buffer it leaves bytes after the message written (here the trade id's). When this
     * fails, Fory no longer does, and the IEX rows can move to the caller-owned seam as the six-field rows did.
     */
    @Test
    void foryWritesPastAnIexMessageEndingInAVarint() {
        ForySupport fory = new ForySupport("fory", org.apache.fory.config.CompatibleMode.SCHEMA_CONSISTENT, IexForyMessages.CLASSES);
        IexForyMessages.Message m = IexForyMessages.newInstances()[IexMessageType.TRADE_REPORT.ordinal()];
        m.from(IexSamples.tslaTrade());
        byte[] array = new byte[256];
        Arrays.fill(array, (byte) 0x5A);
        int length = fory.write(m, new UnsafeBuffer(array), 10);
        assertEquals(ownBytes(IexFormat.fory.held(), IexSamples.tslaTrade()).length, length);
        boolean after = false;
        for (int i = 10 + length; i < array.length; i++) after |= array[i] != 0x5A;
        assertEquals(true, after, "a byte after the message was written");
    }

    /** A message too long for the row's own buffer, as the codec writes it at the start of a heap buffer. */
    private static byte[] atTheStart(BufferCodec<Data> codec, Data value) {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 15]);
        byte[] bytes = new byte[codec.encode(value, buffer, 0)];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    /** A message's bytes at the start of a buffer of the row's own, as the registry's codec writes them. */
    private static <T> byte[] ownBytes(HeldMessage<T> codec, T value) {
        codec.encode(value);
        return codec.bytes();
    }
}
