package org.wireshootout.codec.chronicle;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.model.Data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Chronicle rows' canonical message: its golden size ({@link GoldenSizes}, which gives the reason for each,
 * 4-byte header included) with a Chronicle document header in front, and the byte-level facts that make some
 * sizes differ from those the library's own benchmark printed (docs/formats.md, "Sizes next to the seed's").
 */
class ChronicleSizesTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#chronicle")
    void canonicalMessageHasItsMeasuredSizeAndAChronicleHeader(Format f) {
        HeldMessage<Data> codec = f.held();
        int n = codec.encode(Data.canonical());
        assertEquals(GoldenSizes.bytes(f), n, f + " size");
        byte[] bytes = codec.bytes();
        assertEquals(n, bytes.length);
        assertEquals(4, codec.headerLength());
        // the header is the payload length with the "incomplete" and "metadata" bits clear
        assertEquals(n - 4, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(0), f + " header");
        // the same message twice gives the same bytes: nothing from the previous message leaks into the next
        codec.encode(Data.canonical());
        assertArrayEquals(bytes, codec.bytes(), f + " re-encode");
    }

    /** The seed printed "price: 1234"; this TextWire writes a whole double with its ".0": 2 bytes more. */
    @Test
    void textWiresWriteAWholeDoubleWithItsFraction() {
        for (Format f : new Format[]{Format.twireUTF, Format.twire8bit}) {
            HeldMessage<Data> c = f.held();
            c.encode(Data.canonical());
            assertEquals("price: 1234.0\nflag: true\ntext: Hello World!\nside: Sell\nsmallInt: 123\nlongInt: 1234567890\n",
                    c.render(), f.name());
        }
        HeldMessage<Data> json = Format.json8bit.held();
        json.encode(Data.canonical());
        assertEquals("\"price\":1234.0,\"flag\":true,\"text\":\"Hello World!\",\"side\":\"Sell\",\"smallInt\":123,\"longInt\":1234567890",
                json.render());
    }

    /**
     * The seed's variable-width BinaryWire sizes are one byte smaller: binary YAML has one-byte codes 0x00-0x7F
     * for small unsigned ints, and smallInt 123 fits one; this version's writer always puts a UINT8 code (0xA1)
     * before a value under 256. Its reader still takes the one-byte form, shown here by rewriting the document.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"bwireFFF", "bwireFTF", "bwireFTT"})
    void variableWidthBinaryWireSpendsAByteOnSmallInt(Format f) {
        HeldMessage<Data> c = f.held();
        c.encode(Data.canonical());
        byte[] doc = c.bytes();
        int at = indexOf(doc, new byte[]{(byte) 0xA1, 0x7B});
        assertTrue(at > 0, f + ": smallInt 123 written as UINT8 0xA1 0x7B");
        assertEquals(-1, indexOf(doc, new byte[]{(byte) 0xA1, 0x7B}, at + 1), f + ": only once");

        byte[] compact = new byte[doc.length - 1];
        System.arraycopy(doc, 0, compact, 0, at);
        System.arraycopy(doc, at + 1, compact, at, doc.length - at - 1);
        ByteBuffer.wrap(compact).order(ByteOrder.LITTLE_ENDIAN).putInt(0, compact.length - 4);
        HeldMessage<Data> reader = f.held();
        reader.load(compact, 0, compact.length);
        Data back = new Data();
        reader.decode(back);
        assertEquals(Data.canonical(), back, f + ": the one-byte small int form decodes");
        assertEquals(GoldenSizes.bytes(f) - 1, compact.length, f + ": the seed's size");
    }

    /** The fixed-width BinaryWire rows write each value in full: price as a float64 (0x91 + 8 bytes), the ints as int32/int64. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"bwireTFF", "bwireTTF"})
    void fixedWidthBinaryWireWritesFullWidths(Format f) {
        HeldMessage<Data> c = f.held();
        c.encode(Data.canonical());
        byte[] doc = c.bytes();
        assertTrue(indexOf(doc, new byte[]{(byte) 0x91, 0, 0, 0, 0, 0, 0x48, (byte) 0x93, 0x40}) > 0, "price float64 1234.0");
        assertTrue(indexOf(doc, new byte[]{(byte) 0xA6, 0x7B, 0, 0, 0}) > 0, "smallInt int32 123");
        assertTrue(indexOf(doc, new byte[]{(byte) 0xA7, (byte) 0xD2, 0x02, (byte) 0x96, 0x49, 0, 0, 0, 0}) > 0, "longInt int64");
    }

    static int indexOf(byte[] hay, byte[] needle) {
        return indexOf(hay, needle, 0);
    }

    static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i <= hay.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
