package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.KryoBufferOverflowException;
import com.esotericsoftware.kryo.io.Output;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Kryo rows' field layout, and the text in exactly Kryo's own string format. */
class KryoCodecTest {

    /** FieldSerializer writes the fields by name: flag, longInt, price, side (ordinal + 1), smallInt, text. */
    @Test
    void fieldSerializerSizeAndOrder() {
        HeldMessage<Data> c = Format.kryoFields.held();
        c.encode(Data.canonical());
        Input in = new Input(c.bytes());
        assertEquals(true, in.readBoolean());
        assertEquals(Data.CANONICAL_LONG_INT, in.readVarLong(false));
        assertEquals(Data.CANONICAL_PRICE, in.readDouble());
        assertEquals(Side.Sell.ordinal() + 1, in.readVarInt(true));
        assertEquals(Data.CANONICAL_SMALL_INT, in.readVarInt(false));
        assertEquals(Data.CANONICAL_TEXT, in.readString());
    }

    /** Every form of Kryo's string format, both ways: Kryo's writeString read by the codec's reader and the reverse. */
    @Test
    void textIsKryosStringFormat() {
        String[] texts = {"", "a", "ab", "Hello World!", "x".repeat(32), "x".repeat(33), "café", "Grüße, 東京 € 😀", "\u0000\u007f\u0080\u07ff\u0800\uffff"};
        for (String s : texts) {
            Output out = new Output(256);
            KryoText.write(out, s);
            Output kryos = new Output(256);
            kryos.writeString(s);
            assertEquals(kryos.position(), out.position(), "length of '" + s + "'");
            assertEquals(s, new Input(out.getBuffer(), 0, out.position()).readString(), "Kryo reads ours: " + s);
            StringBuilder sb = new StringBuilder("stale");
            KryoText.read(new Input(kryos.getBuffer(), 0, kryos.position()), sb);
            assertEquals(s, sb.toString(), "we read Kryo's");
            byte[] expected = Arrays.copyOf(kryos.getBuffer(), kryos.position());
            for (int room : new int[]{300, expected.length}) { // room for the one-check path, and exactly enough (a byte at a time)
                byte[] array = new byte[7 + room + 3];
                KryoSupport.RangeOutput into = new KryoSupport.RangeOutput();
                into.point(array, 7, 7 + room);
                KryoText.write(into, new StringBuilder(s));
                assertArrayEquals(expected, Arrays.copyOfRange(array, 7, into.position()), "Kryo's bytes in the caller's array, room " + room + ": " + s);
                assertArrayEquals(new byte[3], Arrays.copyOfRange(array, 7 + room, array.length), "nothing past the room: " + s);
            }
            KryoSupport.RangeOutput tight = new KryoSupport.RangeOutput();
            tight.point(new byte[expected.length + 1], 1, expected.length);
            assertThrows(KryoBufferOverflowException.class, () -> KryoText.write(tight, s), "one byte short: " + s);
        }
    }

    /**
     * Fixed-length ASCII (the generated codecs' {@code ascii(n)}): written into the caller's array with room to spare and
     * with exactly enough, refused one byte short, at another length or with a char beyond ASCII; read back through
     * the rows' input and a plain one alike, a byte beyond ASCII refused naming its position.
     */
    @Test
    void fixedLengthAsciiBothPaths() {
        for (int room : new int[]{64, 8}) {
            byte[] array = new byte[3 + room + 2];
            KryoSupport.RangeOutput out = new KryoSupport.RangeOutput();
            out.point(array, 3, 3 + room);
            KryoGenerated.writeAscii(out, new StringBuilder("AAPL    "), 8, "symbol");
            assertEquals(11, out.position());
            assertArrayEquals("AAPL    ".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(array, 3, 11), "room " + room);
            assertArrayEquals(new byte[2], Arrays.copyOfRange(array, 3 + room, array.length), "nothing past the room");
        }
        KryoSupport.RangeOutput shortOut = new KryoSupport.RangeOutput();
        shortOut.point(new byte[8], 1, 8);
        assertThrows(KryoBufferOverflowException.class, () -> KryoGenerated.writeAscii(shortOut, "AAPL    ", 8, "symbol"));
        KryoSupport.RangeOutput any = new KryoSupport.RangeOutput();
        any.point(new byte[64], 0, 64);
        RuntimeException wrongLength = assertThrows(RuntimeException.class, () -> KryoGenerated.writeAscii(any, "AAPL", 8, "symbol"));
        assertTrue(wrongLength.getMessage().contains("symbol"), wrongLength.getMessage());
        RuntimeException notAscii = assertThrows(RuntimeException.class, () -> KryoGenerated.writeAscii(any, "AAPL   \u00e9", 8, "symbol"));
        assertTrue(notAscii.getMessage().contains("symbol"), notAscii.getMessage());

        byte[] good = "xxAAPL    ".getBytes(StandardCharsets.US_ASCII);
        KryoSupport.MessageInput rows = new KryoSupport.MessageInput();
        rows.point(good, 2, 8);
        StringBuilder sb = new StringBuilder("stale");
        KryoGenerated.readAscii(rows, sb, 8, "symbol");
        assertEquals("AAPL    ", sb.toString());
        assertEquals(10, rows.position());
        Input plain = new Input(good, 2, 8);
        KryoGenerated.readAscii(plain, sb, 8, "symbol");
        assertEquals("AAPL    ", sb.toString());
        byte[] bad = good.clone();
        bad[5] = (byte) 0xC3;
        for (Input in : new Input[]{messageInput(bad, 2, 8), new Input(bad, 2, 8)}) {
            KryoException e = assertThrows(KryoException.class, () -> KryoGenerated.readAscii(in, new StringBuilder(), 8, "symbol"));
            assertTrue(e.getMessage().contains("symbol: byte 195 is not ASCII, at position " + (in instanceof KryoSupport.MessageInput ? 3 : 5)), e.getMessage());
        }
        KryoSupport.MessageInput few = messageInput(good, 2, 7);
        assertThrows(KryoException.class, () -> KryoGenerated.readAscii(few, new StringBuilder(), 8, "symbol"));
    }

    private static KryoSupport.MessageInput messageInput(byte[] array, int at, int length) {
        KryoSupport.MessageInput in = new KryoSupport.MessageInput();
        in.point(array, at, length);
        return in;
    }

    /** Kryo's ASCII form read back: refused when it runs past the message or is longer than 32 chars. */
    @Test
    void asciiFormOutsideWhatTheWriterMakesIsRefused() {
        byte[] pastEnd = "abc".getBytes(StandardCharsets.US_ASCII);
        byte[] longer = ("x".repeat(32) + "y\u00ff").getBytes(StandardCharsets.ISO_8859_1);
        String[][] cases = {{"runs past the message's end at position 0"}, {"more than 32 ASCII chars"}};
        byte[][] inputs = {pastEnd, longer};
        for (int i = 0; i < inputs.length; i++) {
            Input in = new Input(inputs[i]);
            KryoException e = assertThrows(KryoException.class, () -> KryoText.read(in, new StringBuilder()));
            assertTrue(e.getMessage().contains(cases[i][0]), e.getMessage());
        }
        byte[] exactly32 = ("x".repeat(31) + "\u00f9").getBytes(StandardCharsets.ISO_8859_1); // 'y' | 0x80
        StringBuilder sb = new StringBuilder();
        KryoText.read(new Input(exactly32), sb);
        assertEquals("x".repeat(31) + "y", sb.toString());
    }

    /** The text's char count claims more chars than bytes remain: refused before any char is read. */
    @Test
    void lyingTextLengthIsRefused() {
        Output out = new Output(64);
        out.writeDouble(1);
        out.writeBoolean(true);
        out.writeVarIntFlag(true, (1 << 30) + 1, true);
        out.writeBytes(new byte[]{'a', 'b'});
        HeldMessage<Data> codec = Format.kryo.held();
        codec.load(out.getBuffer(), 0, out.position());
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        assertEquals(true, e.getMessage().contains("only 2 bytes left"), e.getMessage());
    }

    /** A char count past 2^31 (a negative int once read) is refused, not read as an empty text. */
    @Test
    void textCountPastAnIntIsRefused() {
        Output out = new Output(64);
        out.writeDouble(1);
        out.writeBoolean(true);
        out.writeVarIntFlag(true, -1, true);
        out.writeBytes(new byte[]{'a', 'b'});
        HeldMessage<Data> codec = Format.kryo.held();
        codec.load(out.getBuffer(), 0, out.position());
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        assertEquals(true, e.getMessage().contains("past a 32-bit count"), e.getMessage());
    }

    /**
     * The caller owns the bytes: each Kryo codec writes at the caller's offset into heap and direct memory alike (a
     * direct buffer through the scratch array, which grows for a message longer than its first size), reads the same
     * bytes back from there, touches nothing around them, and refuses a room one byte short with the row's name.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        List<Data> values = List.of(Data.canonical(), new Data(-0.0, false, "Grüße, 東京 € 😀", Side.Buy, Integer.MIN_VALUE, Long.MAX_VALUE),
                new Data(1.5, true, "x".repeat(5000), Side.Sell, 1, -1));
        for (Format row : new Format[]{Format.kryo, Format.kryoFields, Format.kryoTagged, Format.kryoCompatible}) {
            BufferCodec<Data> codec = row.newCodec();
            for (Data value : values) {
                byte[] expected = value.getText().length() < 1000 ? ownBytes(row.held(), value) : atTheStart(codec, value);
                CallerBufferRoundTrip.check(row.name(), codec, RoundTrip.DATA, value, expected);
            }
        }
        List<IexMessage> messages = new ArrayList<>(IexSamples.ordinary());
        messages.addAll(IexSamples.maxima());
        IexKryoCodec iex = new IexKryoCodec(IexFormat.kryo.name());
        for (IexMessage m : messages) CallerBufferRoundTrip.check(IexFormat.kryo.name(), iex, RoundTrip.IEX, m, ownBytes(IexFormat.kryo.held(), m));
    }

    /** A message too long for the row's own buffer, as the codec writes it at the start of a heap buffer. */
    private static byte[] atTheStart(BufferCodec<Data> codec, Data value) {
        org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(new byte[1 << 14]);
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
