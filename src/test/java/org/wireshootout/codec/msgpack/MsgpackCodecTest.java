package org.wireshootout.codec.msgpack;

import org.junit.jupiter.api.Test;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.Value;
import org.msgpack.value.ValueFactory;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MsgpackCodecTest {

    /** fixmap 1 + names (1+5, 1+4, 1+4, 1+4, 1+8, 1+7) 38 + float64 9 + true 1 + str 1+12 + str 1+4 + fixint 1 + uint32 5. */
    @Test
    void canonicalMessageIsSeventyThreeBytes() {
        assertEquals(GoldenSizes.bytes(Format.msgpack), Format.msgpack.held().encode(Data.canonical()));
    }

    @Test
    void msgpackValueApiReadsTheBytes() throws IOException {
        HeldMessage<Data> codec = Format.msgpack.held();
        codec.encode(new Data(-0.25, true, "Grüße 😀", Side.Buy, Integer.MIN_VALUE, Long.MAX_VALUE));
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(codec.bytes())) {
            Value v = u.unpackValue();
            assertTrue(v.isMapValue());
            Map<Value, Value> m = v.asMapValue().map();
            assertEquals(6, m.size());
            assertEquals(-0.25, m.get(ValueFactory.newString("price")).asFloatValue().toDouble());
            assertEquals(true, m.get(ValueFactory.newString("flag")).asBooleanValue().getBoolean());
            assertEquals("Grüße 😀", m.get(ValueFactory.newString("text")).asStringValue().asString());
            assertEquals("Buy", m.get(ValueFactory.newString("side")).asStringValue().asString());
            assertEquals(Integer.MIN_VALUE, m.get(ValueFactory.newString("smallInt")).asIntegerValue().asInt());
            assertEquals(Long.MAX_VALUE, m.get(ValueFactory.newString("longInt")).asIntegerValue().asLong());
            assertTrue(!u.hasNext(), "nothing after the map");
        }
    }

    @Test
    void acceptsFieldsInAnyOrder() throws IOException {
        Data back = decode(Format.msgpack.held(), pack(List.of("longInt", 5L, "side", "Sell", "text", "t€",
                "smallInt", 4, "flag", false, "price", 2.5f)));
        assertEquals(new Data(2.5, false, "t€", Side.Sell, 4, 5), back);
    }

    @Test
    void rejectsWhatIsNotTheMessage() throws IOException {
        HeldMessage<Data> codec = Format.msgpack.held();
        List<Object> ok = List.of("price", 1.5, "flag", true, "text", "t", "side", "Sell", "smallInt", 1, "longInt", 2L);
        assertEquals(new Data(1.5, true, "t", Side.Sell, 1, 2), decode(codec, pack(ok)));
        List<byte[]> bad = new ArrayList<>();
        bad.add(pack(with(ok, 0, "prize")));                 // unknown field
        bad.add(pack(with(ok, 2, "price")));                 // repeated field
        bad.add(pack(with(ok, 3, 1)));                       // flag not a boolean
        bad.add(pack(with(ok, 1, 1L)));                      // price not a float
        bad.add(pack(with(ok, 9, 1L << 40)));                // smallInt out of range
        bad.add(pack(with(ok, 7, "Hold")));                  // no such side
        bad.add(pack(ok.subList(0, 10)));                    // five entries
        byte[] whole = pack(ok);
        bad.add(java.util.Arrays.copyOf(whole, whole.length - 1)); // cut short
        byte[] longer = java.util.Arrays.copyOf(whole, whole.length + 1);
        bad.add(longer);                                      // a byte left over
        byte[] lying = whole.clone();
        int at = indexOf(whole, new byte[]{(byte) 0xA1, 't'}); // the text "t" is fixstr 0xA1 after the name
        lying[at] = (byte) 0xDB;                             // ...now a str32 header claiming ~2 GB
        bad.add(lying);
        for (byte[] b : bad) {
            assertThrows(DecodeException.class, () -> decode(codec, b));
        }
        assertEquals(new Data(1.5, true, "t", Side.Sell, 1, 2), decode(codec, pack(ok)));
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = hay.length - needle.length; i >= 0; i--) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return i;
        }
        throw new AssertionError("not found");
    }

    private static List<Object> with(List<Object> list, int index, Object value) {
        List<Object> copy = new ArrayList<>(list);
        copy.set(index, value);
        return copy;
    }

    private static byte[] pack(List<Object> kv) throws IOException {
        try (MessageBufferPacker p = MessagePack.newDefaultBufferPacker()) {
            p.packMapHeader(kv.size() / 2);
            for (Object o : kv) {
                if (o instanceof String) p.packString((String) o);
                else if (o instanceof Double) p.packDouble((Double) o);
                else if (o instanceof Float) p.packFloat((Float) o);
                else if (o instanceof Boolean) p.packBoolean((Boolean) o);
                else if (o instanceof Integer) p.packInt((Integer) o);
                else if (o instanceof Long) p.packLong((Long) o);
                else throw new AssertionError(o);
            }
            return p.toByteArray();
        }
    }

    private static Data decode(HeldMessage<Data> codec, byte[] b) {
        codec.load(b, 0, b.length);
        Data d = new Data();
        codec.decode(d);
        return d;
    }

    /**
     * The caller owns the bytes: the row's codec and the IEX codec write at the caller's offset into heap or direct
     * memory alike (the bytes the row's own buffer gets), touch nothing around the message, read it back from there,
     * and refuse a room one byte short with the row's name ({@link CallerBufferRoundTrip}). The long text takes the packer's
     * other path in direct memory (a payload larger than the scratch array's first buffer goes to the output's write
     * and is appended), and a room of exactly the length takes it in heap memory (the packer flushes a buffer it
     * would fill to its last byte and asks for another).
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        MsgpackCodec codec = new MsgpackCodec("msgpack");
        for (Data d : List.of(Data.canonical(), new Data(-0.0, false, "x".repeat(3_000), Side.Buy, -1, Long.MIN_VALUE))) {
            CallerBufferRoundTrip.check("msgpack", codec, RoundTrip.DATA, d, ownBytes(Format.msgpack.held(), d));
        }
        IexMsgpackCodec iex = new IexMsgpackCodec("msgpack");
        for (IexMessage m : IexSamples.maxima()) {
            CallerBufferRoundTrip.check("msgpack", iex, RoundTrip.IEX, m, ownBytes(IexFormat.msgpack.held(), m));
        }
    }

    /** The bytes the row's own buffer gets for {@code value}: what the caller's buffer must receive. */
    private static <T> byte[] ownBytes(HeldMessage<T> own, T value) {
        own.encode(value);
        return own.bytes();
    }
}
