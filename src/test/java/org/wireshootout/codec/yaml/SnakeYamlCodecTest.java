package org.wireshootout.codec.yaml;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SnakeYamlCodecTest {

    @Test
    void canonicalMessageIsEightyNineBytesOfBlockYaml() {
        HeldMessage<Data> codec = Format.snakeYaml.held();
        assertEquals(GoldenSizes.bytes(Format.snakeYaml), codec.encode(Data.canonical()));
        assertEquals("price: 1234.0\nflag: true\ntext: Hello World!\nside: Sell\nsmallInt: 123\nlongInt: 1234567890\n",
                new String(codec.bytes(), StandardCharsets.UTF_8));
    }

    @Test
    void aPlainSafeYamlLoadReadsTheBytes() {
        HeldMessage<Data> codec = Format.snakeYaml.held();
        codec.encode(new Data(Double.NaN, false, "0.1: not a key, 😀", Side.Buy, -5, Long.MAX_VALUE));
        Map<String, Object> m = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(new String(codec.bytes(), StandardCharsets.UTF_8));
        assertEquals(List.of("price", "flag", "text", "side", "smallInt", "longInt"), new ArrayList<>(m.keySet()));
        assertEquals(Double.NaN, (Double) m.get("price"));
        assertEquals(false, m.get("flag"));
        assertEquals("0.1: not a key, 😀", m.get("text"));
        assertEquals("Buy", m.get("side"));
        assertEquals(-5, m.get("smallInt"));
        assertEquals(Long.MAX_VALUE, m.get("longInt"));
    }

    @Test
    void acceptsFieldsInAnyOrderAndFlowStyle() {
        assertEquals(new Data(Double.NEGATIVE_INFINITY, false, "t€", Side.Sell, 4, 5),
                decode(Format.snakeYaml.held(), "{longInt: 5, side: Sell, text: \"t€\", smallInt: 4, flag: false, price: -.inf}"));
    }

    @Test
    void rejectsWhatIsNotTheMessage() {
        HeldMessage<Data> codec = Format.snakeYaml.held();
        String ok = "price: 1.5\nflag: true\ntext: t\nside: Sell\nsmallInt: 1\nlongInt: 2\n";
        Data expected = new Data(1.5, true, "t", Side.Sell, 1, 2);
        assertEquals(expected, decode(codec, ok));
        String[] bad = {
                ok + "extra: 1\n",
                ok.replace("flag: true\n", ""),
                ok + "flag: false\n",                                  // duplicate key
                ok.replace("flag: true", "flag: 1"),
                ok.replace("smallInt: 1", "smallInt: 4294967296"),
                ok.replace("smallInt: 1", "smallInt: 1.0"),
                ok.replace("side: Sell", "side: Hold"),
                ok.replace("text: t", "text: 12"),                     // a number, not a string
                ok.replace("price: 1.5", "price: '1.5'"),
                ok.replace("text: t", "text: !!java.lang.Object t"),  // a class tag
                ok.replace("text: t", "text: !!binary AAAA"),
                ok.replace("text: t", "text: {a: {b: c}}"),            // nesting beyond the limit
                "a: &a [x, x]\nb: [*a, *a]\n" + ok,                    // an alias for a collection
                ok + "---\n" + ok,                                     // two documents
                "- 1\n- 2\n",
                "price: [",
        };
        for (String yaml : bad) assertThrows(DecodeException.class, () -> decode(codec, yaml), yaml);
        // the limits themselves answer, before any field check
        DecodeException alias = assertThrows(DecodeException.class, () -> decode(codec, "a: &a [x, x]\nb: [*a, *a]\n"));
        assertTrue(alias.getMessage().contains("aliases"), alias.getMessage());
        DecodeException tag = assertThrows(DecodeException.class, () -> decode(codec, "a: !!java.io.File x\n"));
        assertTrue(tag.getMessage().contains("Global tag is not allowed"), tag.getMessage());
        byte[] notUtf8 = {(byte) 0xC3, (byte) 0x28};
        codec.load(notUtf8, 0, 2);
        assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        assertEquals(expected, decode(codec, ok));
    }

    /** SnakeYAML's mark counts code points: the error names the byte where the problem is, never -1. */
    @Test
    void aSyntaxErrorNamesItsByteOffset() {
        HeldMessage<Data> codec = Format.snakeYaml.held();
        String yaml = "price: 1.5\ntext: é€😀\nflag: @x\n"; // '@' is reserved: no plain scalar starts with it
        long at = yaml.substring(0, yaml.indexOf('@')).getBytes(StandardCharsets.UTF_8).length;
        DecodeException e = assertThrows(DecodeException.class, () -> decode(codec, yaml));
        assertEquals(at, e.offset(), e.getMessage());
        assertTrue(e.getMessage().startsWith("snakeYaml: at offset " + at + ": "), e.getMessage());
        // an unclosed flow sequence: the problem is where the document ends
        String cut = "price: [\n";
        DecodeException end = assertThrows(DecodeException.class, () -> decode(codec, cut));
        assertEquals(cut.length(), end.offset(), end.getMessage());
    }

    /** Cut anywhere inside its last line, the encoder's document is still YAML with the six fields: refused. */
    @Test
    void aDocumentCutShortIsRefused() {
        HeldMessage<Data> codec = Format.snakeYaml.held();
        codec.encode(Data.canonical());
        byte[] whole = codec.bytes();
        String text = new String(whole, StandardCharsets.UTF_8);
        assertTrue(text.endsWith("longInt: 1234567890\n"), text);
        for (int len = text.lastIndexOf("longInt:") + 1; len < whole.length; len++) {
            codec.load(whole, 0, len);
            int cutAt = len;
            DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new Data()),
                    () -> "cut to " + cutAt + " bytes: " + new String(whole, 0, cutAt, StandardCharsets.UTF_8));
            assertEquals(len, e.offset(), e.getMessage());
        }
        codec.load(whole, 0, whole.length);
        Data back = new Data();
        codec.decode(back);
        assertEquals(Data.canonical(), back);
    }

    private static Data decode(HeldMessage<Data> codec, String yaml) {
        byte[] b = yaml.getBytes(StandardCharsets.UTF_8);
        codec.load(b, 0, b.length);
        Data d = new Data();
        codec.decode(d);
        return d;
    }

    /**
     * The caller owns the bytes: the row's codec writes at the caller's offset into heap or direct memory alike (the
     * bytes the row's own buffer gets), touches nothing around the message, reads it back from there, and refuses a
     * room one byte short with the row's name ({@link CallerBufferRoundTrip}). There is no IEX YAML row.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        SnakeYamlCodec codec = new SnakeYamlCodec("snakeYaml");
        for (Data v : List.of(Data.canonical(), new Data(Double.NaN, false, "Grüße, 東京 😀: \"q\"\n", Side.Buy, Integer.MIN_VALUE, Long.MIN_VALUE))) {
            CallerBufferRoundTrip.check("snakeYaml", codec, RoundTrip.DATA, v, ownBytes(Format.snakeYaml.held(), v));
        }
    }

    /** Read at an offset of the caller's buffer, errors name offsets counted from the message's first byte. */
    @Test
    void errorOffsetsCountFromTheCallersOffset() {
        String yaml = "price: 1.5\ntext: é€😀\nflag: @x\n";
        byte[] bad = yaml.getBytes(StandardCharsets.UTF_8);
        long at = yaml.substring(0, yaml.indexOf('@')).getBytes(StandardCharsets.UTF_8).length;
        byte[] cut = "price: 1.5\nflag: tr".getBytes(StandardCharsets.UTF_8);
        SnakeYamlCodec codec = new SnakeYamlCodec("snakeYaml");
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[256]), new UnsafeBuffer(new byte[300], 44, 256),
                new UnsafeBuffer(ByteBuffer.allocateDirect(256))}) {
            buffer.putBytes(50, bad);
            assertEquals(at, assertThrows(DecodeException.class, () -> codec.decode(buffer, 50, bad.length, new Data())).offset());
            buffer.putBytes(50, cut);
            buffer.putByte(50 + cut.length, (byte) '\n'); // after the message: not read
            assertEquals(cut.length, assertThrows(DecodeException.class, () -> codec.decode(buffer, 50, cut.length, new Data())).offset());
        }
    }

    /** The bytes the row's own buffer gets for {@code value}: what the caller's buffer must receive. */
    private static <T> byte[] ownBytes(HeldMessage<T> own, T value) {
        own.encode(value);
        return own.bytes();
    }
}
