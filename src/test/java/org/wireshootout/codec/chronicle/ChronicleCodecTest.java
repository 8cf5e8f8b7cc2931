package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.JSONWire;
import net.openhft.chronicle.wire.TextWire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.RecordingSink;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The Chronicle rows beyond the shared round trip: hostile bytes, reused targets, renderings, in-place access. */
class ChronicleCodecTest {

    static boolean chronicle(Format f) {
        return f.newCodec() instanceof ChronicleBufferCodec;
    }

    static byte[] canonicalBytes(Format f) {
        HeldMessage<Data> c = f.held();
        c.encode(Data.canonical());
        return c.bytes();
    }

    static void putHeader(byte[] doc, int header) {
        ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN).putInt(0, header);
    }

    static void assertRejected(Format f, byte[] doc, String what) {
        HeldMessage<Data> c = f.held();
        c.load(doc, 0, doc.length);
        assertThrows(DecodeException.class, () -> c.decode(new Data()), f + ": " + what);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#chronicle")
    void framingThatDoesNotMatchTheBytesIsRefused(Format f) {
        byte[] good = canonicalBytes(f);
        int payload = good.length - 4;
        assertRejected(f, new byte[0], "empty");
        assertRejected(f, Arrays.copyOf(good, 3), "shorter than the header");
        assertRejected(f, Arrays.copyOf(good, good.length - 1), "header longer than the bytes");
        assertRejected(f, Arrays.copyOf(good, good.length + 1), "bytes after the document");
        byte[] huge = good.clone();
        putHeader(huge, 0x3FFF_FFFF);
        assertRejected(f, huge, "a lying length near 1 GiB");
        byte[] meta = good.clone();
        putHeader(meta, payload | 0x4000_0000);
        assertRejected(f, meta, "metadata");
        byte[] incomplete = good.clone();
        putHeader(incomplete, payload | 0x8000_0000);
        assertRejected(f, incomplete, "incomplete");
        byte[] zero = good.clone();
        putHeader(zero, 0);
        assertRejected(f, zero, "zero header");
    }

    /**
     * Damaged payloads under a valid header: the decoder may accept them or refuse them with a
     * {@link DecodeException}, but must neither hang nor run out of memory (a lying length inside the payload
     * must not make it allocate or read past the end). The text rows needed the in-order field reading of
     * {@link DataMarshallable} for this: Chronicle's field search loops forever on some of these inputs.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#chronicle")
    void damagedPayloadsFailCleanly(Format f) {
        byte[] good = canonicalBytes(f);
        Random random = new Random(42);
        HeldMessage<Data> c = f.held();
        Data target = new Data();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int i = 0; i < 3000; i++) {
                byte[] doc;
                if (i % 3 == 0) {
                    doc = Arrays.copyOf(good, 4 + random.nextInt(good.length - 4));
                } else {
                    doc = good.clone();
                    int flips = 1 + random.nextInt(3);
                    for (int k = 0; k < flips; k++) doc[4 + random.nextInt(doc.length - 4)] = (byte) random.nextInt(256);
                }
                putHeader(doc, doc.length - 4);
                c.load(doc, 0, doc.length);
                try {
                    c.decode(target);
                } catch (DecodeException refused) {
                    // what the codec promises for bytes it cannot read
                } catch (AssertionError libraryAssert) {
                    // Chronicle's own asserts, live because tests run with -ea: a refusal too
                } catch (Throwable t) {
                    fail(f + ": damaged document " + Arrays.toString(doc) + " gave " + t, t);
                }
                // the codec still works afterwards
                c.encode(Data.canonical());
                Data back = new Data();
                c.decode(back);
                assertEquals(Data.canonical(), back, f + ": after a damaged document");
            }
        });
    }

    /** A text length that claims more bytes than the document holds is refused, not trusted. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"rwireUTF", "rwire8bit", "bytesMarshallable", "bytesMarshallableStopBit"})
    void lyingTextLengthIsRefused(Format f) {
        byte[] doc = canonicalBytes(f);
        int at = ChronicleSizesTest.indexOf(doc, new byte[]{12, 'H', 'e', 'l', 'l', 'o'});
        assertTrue(at > 0);
        for (byte[] len : new byte[][]{{13}, {127}, {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07}}) {
            byte[] bad = new byte[doc.length - 1 + len.length];
            System.arraycopy(doc, 0, bad, 0, at);
            System.arraycopy(len, 0, bad, at, len.length);
            System.arraycopy(doc, at + 1, bad, at + len.length, doc.length - at - 1);
            putHeader(bad, bad.length - 4);
            HeldMessage<Data> c = f.held();
            c.load(bad, 0, bad.length);
            assertThrows(DecodeException.class, () -> c.decode(new Data()), f + " text length " + Arrays.toString(len));
        }
    }

    /**
     * A target whose text builder once held a char above U+00FF keeps two bytes per char inside; Chronicle's
     * 8-bit readers write into the builder's storage directly, so each row must still fill it correctly.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#chronicle")
    void targetThatHeldWideTextIsFilledCorrectly(Format f) {
        HeldMessage<Data> c = f.held();
        Data target = new Data();
        for (String text : new String[]{"Hello World!", "Latin-1 café ÿ", "x".repeat(100), ""}) {
            target.setText("東京 wide");
            Data value = new Data(1.25, true, text, Side.Buy, 3, 4);
            c.encode(value);
            c.decode(target);
            assertEquals(value, target, f + " text '" + text + "'");
        }
    }

    /**
     * The same, on the writing side: a value whose builder once held a char beyond Latin-1 keeps two bytes a char
     * after its text is replaced, and must still write the bytes a fresh builder with the same text writes.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#chronicle")
    void sourceThatHeldWideTextWritesTheSameBytes(Format f) {
        HeldMessage<Data> c = f.held();
        for (String text : new String[]{"Hello World!", "Latin-1 café ÿ", "x".repeat(100), ""}) {
            Data fresh = new Data(1.25, true, text, Side.Buy, 3, 4);
            c.encode(fresh);
            byte[] expected = c.bytes();
            Data widened = new Data(1.25, true, "東京 wide", Side.Buy, 3, 4);
            widened.setText(text);
            c.encode(widened);
            assertArrayEquals(expected, c.bytes(), f + " text '" + text + "'");
        }
    }

    /** The builder's own array is used only while it holds one byte a char. */
    @Test
    void aBuildersOwnBytesAreTakenOnlyWhileItHoldsOneByteAChar() {
        StringBuilder compact = new StringBuilder("café");
        byte[] own = Latin1Text.ownBytes(compact);
        assertTrue(own != null && own.length >= 4 && own[3] == (byte) 0xE9, "a Latin-1 builder's array holds its chars");
        StringBuilder wide = new StringBuilder("東京");
        assertEquals(null, Latin1Text.ownBytes(wide), "two bytes a char");
        wide.setLength(0);
        wide.append("plain");
        assertEquals(null, Latin1Text.ownBytes(wide), "still two bytes a char after its text is replaced");
    }

    /** The text rows read fields in the written order and refuse anything else rather than search for it. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit"})
    void textWireRefusesAnUnexpectedField(Format f) {
        for (String payload : new String[]{
                "flag: true\nprice: 1234.0\ntext: Hello World!\nside: Sell\nsmallInt: 123\nlongInt: 1234567890\n",
                "prize: 1234.0\nflag: true\ntext: Hello World!\nside: Sell\nsmallInt: 123\nlongInt: 1234567890\n",
                "x: 1\u000f\n"}) {
            byte[] p = payload.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            byte[] doc = new byte[p.length + 4];
            System.arraycopy(p, 0, doc, 4, p.length);
            putHeader(doc, p.length);
            assertRejected(f, doc, payload);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF", "bwireFTT"})
    void binaryWireRendersThroughChronicle(Format f) {
        HeldMessage<Data> c = f.held();
        c.encode(Data.canonical());
        byte[] before = c.bytes();
        String yaml = c.render();
        assertTrue(yaml.startsWith("--- !!data #binary\n"), yaml);
        assertTrue(yaml.contains("Hello World!\n") && yaml.contains("Sell\n") && yaml.contains("1234567890\n"), yaml);
        String name = f.name();
        if (name.endsWith("FF")) assertTrue(yaml.contains("smallInt: 123\n"), yaml);
        else if (name.endsWith("TF")) assertTrue(yaml.contains("\"5\": 123\n"), "field number 5 is smallInt: " + yaml);
        else assertFalse(yaml.contains(":"), "field-less: " + yaml);
        // rendering leaves the codec's buffer alone
        assertArrayEquals(before, c.bytes());
        Data back = new Data();
        c.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"rwireUTF", "rwire8bit", "bytesMarshallable", "bytesMarshallableStopBit"})
    void schemaLessRowsDescribeTheDecodedFields(Format f) {
        HeldMessage<Data> c = f.held();
        c.encode(Data.canonical());
        String text = c.render();
        assertTrue(text.contains("\"Hello World!\"") && text.contains("1234567890") && text.contains("Sell"), text);
        assertFalse(text.matches("(?s).*\\b[0-9a-f]{2} [0-9a-f]{2} [0-9a-f]{2}\\b.*"), "no hex: " + text);
    }

    /**
     * The RawWire rows run on an unchecked buffer, and RawWire reads a text value's stop-bit length worth of
     * bytes without a bound: a length beyond the document must be refused at the length, before the read (a large
     * one read past the buffer into other native memory and could crash the JVM).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"rwire8bit", "rwireUTF"})
    void rawWireRefusesATextOrSideLengthBeyondTheDocumentBeforeReadingIt(Format f) {
        HeldMessage<Data> c = f.held();
        c.encode(Data.canonical());
        byte[] good = c.bytes();
        // header 4, price 8, flag 1, then the text's length (12) at 13; the side's length (4, "Sell") at 26
        assertEquals(12, good[13]);
        assertEquals(4, good[26]);
        for (int at : new int[] {13, 26}) {
            byte[] bad = good.clone();
            bad[at] = 127;
            c.load(bad, 0, bad.length);
            DecodeException e = assertThrows(DecodeException.class, () -> c.decode(new Data()));
            assertEquals(at, e.offset(), e.getMessage());
            assertTrue(e.getMessage().contains("of 127 bytes"), e.getMessage());
        }
    }

    @Test
    void onlyTheFixedWidthBytesMarshallableReadsInPlace() {
        for (Format f : Format.values()) {
            if (!chronicle(f)) continue;
            assertEquals(f == Format.bytesMarshallable, f.supportsAccess(), f.name());
        }
    }

    @Test
    void inPlaceAccessReadsEveryFieldWhereItLies() {
        BytesMarshallableCodec.InPlace c = (BytesMarshallableCodec.InPlace) BytesMarshallableCodec.fixedWidth("bytesMarshallable");
        Data v = new Data(-7.5, false, "Latin-1 café ÿ", Side.Buy, Integer.MIN_VALUE, Long.MAX_VALUE);
        UnsafeBuffer buffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(256, 64));
        int length = c.encode(v, buffer, 16);
        assertEquals(-7.5, c.price());
        assertEquals(Long.MAX_VALUE, c.longInt());
        assertEquals(Integer.MIN_VALUE, c.smallInt());
        assertFalse(c.flag());
        assertEquals(Side.Buy, c.side());
        assertEquals("Latin-1 café ÿ".hashCode(), c.textHash());
        RecordingSink sink = new RecordingSink();
        c.access(buffer, 16, length, sink);
        assertEquals(List.of(-7.5, Long.MAX_VALUE, Integer.MIN_VALUE, false, Side.Buy, "Latin-1 café ÿ".hashCode()), sink.values);

        byte[] shortDoc = {3, 0, 0, 0, 1, 2, 3};
        buffer.putBytes(16, shortDoc);
        assertThrows(DecodeException.class, () -> c.access(buffer, 16, shortDoc.length, new RecordingSink()));
        // the registry's codec serves the same access
        HeldMessage<Data> held = Format.bytesMarshallable.held();
        held.encode(v);
        RecordingSink fromRegistry = new RecordingSink();
        ((BufferAccess) held.codec()).access(held.buffer(), 0, held.length(), fromRegistry);
        assertEquals(sink.values, fromRegistry.values);
    }

    /**
     * The BytesMarshallable rows read an unchecked buffer, bounded once per document and once per stop-bit byte:
     * numbers whose stop-bit continuation bytes run to the end of the document, over stale bytes that would continue
     * the run, are refused (the stop-bit reader stops at the document's end), and the codec reads a good document
     * afterwards.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"bytesMarshallable", "bytesMarshallableStopBit"})
    void stopBitRunPastTheEndIsRefused(Format f) {
        HeldMessage<Data> c = f.held();
        Data stale = new Data(1, true, "\u00ff".repeat(300), Side.Buy, 1, 1); // leaves 0xFF bytes (continuation) behind
        for (int payload = 6; payload <= 60; payload++) {
            c.encode(stale);
            byte[] doc = new byte[4 + payload];
            Arrays.fill(doc, 4, doc.length, (byte) 0xFF);
            if (f == Format.bytesMarshallable) {
                if (payload < DataBytesMarshallable.TEXT + 1) continue;
                doc[4 + DataBytesMarshallable.FLAG] = 'Y';
                doc[4 + DataBytesMarshallable.SIDE] = 0;
            }
            putHeader(doc, payload);
            c.load(doc, 0, doc.length);
            assertThrows(DecodeException.class, () -> c.decode(new Data()), f + " payload " + payload);
        }
        Data back = new Data();
        c.encode(Data.canonical());
        c.decode(back);
        assertEquals(Data.canonical(), back);
    }

    /**
     * RawWire and BinaryWire rows hand their text to the wire as a {@code Bytes} (copied whole) instead of the
     * builder (copied char by char) where the wire writes the same bytes for both: the bytes must be exactly those
     * the builder path writes, for ASCII text and for text beyond it.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"rwire8bit", "rwireUTF", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF", "bwireFTT"})
    void textAsBytesWritesWhatTheBuilderPathWrites(Format f) {
        HeldMessage<Data> c = f.held();
        List<String> texts = new ArrayList<>(List.of("Hello World!", "", "y".repeat(31), "y".repeat(32), "z".repeat(300),
                "Latin-1 caf\u00e9 \u00ff", "\u00e9".repeat(40)));
        if (f != Format.rwire8bit) texts.add("\u6771\u4eac wide");
        for (String text : texts) {
            Data v = new Data(3.5, true, text, Side.Sell, 9, -9);
            Bytes<?> expected = Bytes.allocateElasticOnHeap(64);
            wireLike(f, expected).writeDocument(false, new DataMarshallable(false, DataMarshallable.TextOut.BUILDER, false, null, false).writing(v));
            c.encode(v);
            assertArrayEquals(expected.toByteArray(), c.bytes(), f + " '" + text + "'");
            Data back = new Data();
            c.decode(back);
            assertEquals(v, back);
        }
        if (f == Format.rwire8bit) {
            assertThrows(ArithmeticException.class, () -> c.encode(new Data(1, true, "\u6771", Side.Buy, 1, 1)));
        }
    }

    /** The wire the row {@code f} writes with, over {@code bytes}. */
    private static net.openhft.chronicle.wire.Wire wireLike(Format f, Bytes<?> bytes) {
        String n = f.name();
        if (n.startsWith("rwire")) return new net.openhft.chronicle.wire.RawWire(bytes, n.equals("rwire8bit"));
        return new net.openhft.chronicle.wire.BinaryWire(bytes, n.charAt(5) == 'T', n.charAt(6) == 'T', n.charAt(7) == 'T',
                Integer.MAX_VALUE, "binary");
    }

    /**
     * A text far longer than the registry owner's buffer: the unchecked BytesMarshallable rows refuse it before
     * writing (the longest document the value can give against the room), and write it into a caller's buffer
     * large enough; nothing is written past the room either way.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"bytesMarshallable", "bytesMarshallableStopBit"})
    void longTextNeedsTheRoomForItsLongestDocument(Format f) {
        BytesMarshallableCodec c = f == Format.bytesMarshallable
                ? BytesMarshallableCodec.fixedWidth(f.name()) : BytesMarshallableCodec.stopBit(f.name());
        HeldMessage<Data> owned = f.held();
        Data back = new Data();
        for (int n : new int[]{0, 200, 255, 1000, 70_000, 12}) {
            Data v = new Data(2.5, false, "abc\u00e9".repeat(n / 4) + "x".repeat(n % 4), Side.Sell, -1, Long.MIN_VALUE);
            long longest = BytesMarshallableCodec.maxLength(n);
            if (longest > CallerBuffers.MESSAGE_CAPACITY) {
                EncodeOverflowException e = assertThrows(EncodeOverflowException.class, () -> owned.encode(v));
                assertTrue(e.getMessage().startsWith(f + ": ") && e.getMessage().contains(CallerBuffers.MESSAGE_CAPACITY + " bytes"), e.getMessage());
            } else {
                owned.encode(v);
                owned.decode(back);
                assertEquals(v, back, f + " text of " + n);
            }
            UnsafeBuffer whole = new UnsafeBuffer(BufferUtil.allocateDirectAligned((int) longest + 64, 64));
            whole.setMemory(0, whole.capacity(), (byte) 0x5A);
            UnsafeBuffer justTooSmall = new UnsafeBuffer(whole, 0, (int) longest - 1);
            assertThrows(EncodeOverflowException.class, () -> c.encode(v, justTooSmall, 0));
            for (int i = 0; i < whole.capacity(); i++) assertEquals((byte) 0x5A, whole.getByte(i), "nothing written");
            UnsafeBuffer room = new UnsafeBuffer(whole, 0, (int) longest);
            int length = c.encode(v, room, 0);
            c.decode(room, 0, length, back);
            assertEquals(v, back, f + " text of " + n + " in a buffer of its longest document");
            for (int i = (int) longest; i < whole.capacity(); i++) assertEquals((byte) 0x5A, whole.getByte(i), "past the room");
        }
        assertThrows(ArithmeticException.class, () -> owned.encode(new Data(1, true, "\u6771", Side.Buy, 1, 1)));
    }

    /**
     * Why {@code json8bit} runs JSONWire in UTF-8 mode: in this Chronicle version the 8-bit mode writes text as
     * UTF-8 but reads it one byte per char. If this starts failing, the library has fixed it and the row can
     * go back to {@code new JSONWire(bytes, true)}.
     */
    @Test
    void jsonWireEightBitModeGarblesWhatItWrote() {
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(64);
        try {
            JSONWire wire = new JSONWire(bytes, true);
            wire.write(DataKeys.text).text("café");
            StringBuilder back = new StringBuilder();
            wire.read(DataKeys.text).textTo(back);
            assertEquals("cafÃ©", back.toString());
            assertNotEquals("café", back.toString());
        } finally {
            bytes.releaseLast();
        }
    }

    /** Both TextWire modes escape every non-ASCII char, so they write the same bytes and carry any text. */
    @Test
    void textWireModesWriteTheSameEscapedBytes() {
        Data v = new Data(1.5, true, "Grüße, 東京 € 😀", Side.Sell, 7, 8);
        HeldMessage<Data> utf = Format.twireUTF.held();
        HeldMessage<Data> eight = Format.twire8bit.held();
        utf.encode(v);
        eight.encode(v);
        assertArrayEquals(utf.bytes(), eight.bytes());
        assertTrue(utf.render().contains("text: \"Gr\\xFC\\xDFe, \\u6771\\u4EAC \\u20AC \\uD83D\\uDE00\""), utf.render());
        for (byte b : utf.bytes()) assertTrue(b >= 0, "ASCII only");
        // and the library's TextWire itself, outside the codec, does the same
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(64);
        try {
            new TextWire(bytes, true).write(DataKeys.text).text("é");
            assertEquals("text: \"\\xE9\"\n", bytes.toString());
        } finally {
            bytes.releaseLast();
        }
    }
}
