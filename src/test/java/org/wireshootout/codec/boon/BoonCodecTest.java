package org.wireshootout.codec.boon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs with -Dorg.boon.faststringutils.disable=true (Surefire's argLine), as Boon needs on JDK 9+. */
class BoonCodecTest {

    @Test
    void canonicalMessageIsOneHundredBytesOfJson() {
        HeldMessage<Data> codec = Format.boon.held();
        assertEquals(GoldenSizes.bytes(Format.boon), codec.encode(Data.canonical()));
        assertEquals("{\"price\":1234.0,\"flag\":true,\"text\":\"Hello World!\",\"side\":\"Sell\","
                + "\"smallInt\":123,\"longInt\":1234567890}", new String(codec.bytes(), StandardCharsets.US_ASCII));
    }

    @Test
    void jacksonReadsBoonsBytes() throws Exception {
        HeldMessage<Data> codec = Format.boon.held();
        codec.encode(new Data(0, false, "Grüße 😀 \"q\"", Side.Buy, 0, Long.MIN_VALUE));
        JsonNode tree = new ObjectMapper().readTree(codec.bytes());
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = tree.fieldNames(); it.hasNext(); ) names.add(it.next());
        assertEquals(List.of("price", "flag", "text", "side", "smallInt", "longInt"), names); // zero/false fields still written
        assertEquals(0.0, tree.get("price").doubleValue());
        assertEquals(false, tree.get("flag").booleanValue());
        assertEquals("Grüße 😀 \"q\"", tree.get("text").textValue());
        assertEquals("Buy", tree.get("side").textValue());
        assertEquals(0, tree.get("smallInt").intValue());
        assertEquals(Long.MIN_VALUE, tree.get("longInt").longValue());
        for (byte b : codec.bytes()) assertTrue(b >= 0, "Boon's output is ASCII");
    }

    @Test
    void refusesNonFinitePricesItCouldNotReadBack() {
        HeldMessage<Data> codec = Format.boon.held();
        assertThrows(IllegalArgumentException.class, () -> codec.encode(new Data(Double.NaN, true, "", Side.Buy, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> codec.encode(new Data(Double.NEGATIVE_INFINITY, true, "", Side.Buy, 0, 0)));
    }

    @Test
    void acceptsFieldsInAnyOrder() {
        assertEquals(new Data(12, false, "t€", Side.Sell, 4, 5),
                decode(Format.boon.held(), "{\"longInt\":5,\"side\":\"Sell\",\"smallInt\":4,\"text\":\"t\\u20ac\",\"flag\":false,\"price\":12}"));
    }

    @Test
    void rejectsWhatIsNotTheMessage() {
        HeldMessage<Data> codec = Format.boon.held();
        String ok = "\"price\":1.5,\"flag\":true,\"text\":\"t\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2";
        Data expected = new Data(1.5, true, "t", Side.Sell, 1, 2);
        assertEquals(expected, decode(codec, "{" + ok + "}"));
        String[] bad = {
                "{" + ok + ",\"extra\":1}",
                "{" + ok.replace(",\"flag\":true", "") + "}",
                "{" + ok.replace("\"flag\":true", "\"flag\":1") + "}",
                "{" + ok.replace("\"smallInt\":1", "\"smallInt\":4294967296") + "}",
                "{" + ok.replace("\"smallInt\":1", "\"smallInt\":1.5") + "}",
                "{" + ok.replace("\"Sell\"", "\"Hold\"") + "}",
                "{" + ok.replace("1.5", "\"1.5\"") + "}",
                "{" + ok.replace("1.5", "NaN") + "}",
                "[1]",
                "{" + ok,
        };
        for (String json : bad) assertThrows(DecodeException.class, () -> decode(codec, json), json);
        assertEquals(expected, decode(codec, "{" + ok + "}"));
    }

    /**
     * Documented, not hidden: Boon's parser accepts repeated keys (the last wins), and so does the row. Content after
     * the object, which Boon's parser also ignores, is refused by the row (its writer cannot have written it);
     * whitespace after it is JSON and is read.
     */
    @Test
    void boonToleratesRepeatedKeysButNotTrailingContent() {
        String ok = "\"price\":1.5,\"flag\":true,\"text\":\"t\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2";
        HeldMessage<Data> codec = Format.boon.held();
        DecodeException e = assertThrows(DecodeException.class, () -> decode(codec, "{" + ok + "} trailing"));
        assertEquals(ok.length() + 3, e.offset(), e.getMessage()); // the first byte that is not whitespace
        assertEquals(new Data(1.5, true, "t", Side.Sell, 1, 2), decode(codec, "{" + ok + "} \n"));
        assertEquals(new Data(1.5, false, "t", Side.Sell, 1, 2), decode(codec, "{" + ok + ",\"flag\":false}"));
    }

    private static Data decode(HeldMessage<Data> codec, String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        codec.load(b, 0, b.length);
        Data d = new Data();
        codec.decode(d);
        return d;
    }

    /** Boon read an integer beyond the 64-bit range, or zero-padded, without complaint and wrongly (2^63 as 0): refused now. */
    @Test
    void integersBeyondALongAreRefused() {
        String head = "{\"price\":1.5,\"flag\":true,\"text\":\"t\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":";
        for (String n : new String[]{"9223372036854775808", "-9223372036854775809", "18446744074944119506",
                "00000000000000000009223372036854775808",
                "0000000000000000000007", "-0000000000000000000007"}) {
            DecodeException e = assertThrows(DecodeException.class, () -> decode(Format.boon.held(), head + n + "}"), n);
            assertEquals(head.length(), e.offset(), e.getMessage());
        }
        // the extremes themselves still read back
        assertEquals(Long.MAX_VALUE, decode(Format.boon.held(), head + "9223372036854775807}").getLongInt());
        assertEquals(Long.MIN_VALUE, decode(Format.boon.held(), head + "-9223372036854775808}").getLongInt());
    }

    /** Boon turned malformed UTF-8 into U+FFFD: the codec refuses it, naming the byte. */
    @Test
    void malformedUtf8IsRefused() {
        byte[] json = "{\"price\":1.5,\"flag\":true,\"text\":\"caf__\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2}"
                .getBytes(StandardCharsets.US_ASCII);
        int at = new String(json, StandardCharsets.US_ASCII).indexOf("__");
        json[at] = (byte) 0xC3;
        json[at + 1] = (byte) 0x28; // not a continuation byte
        HeldMessage<Data> codec = Format.boon.held();
        codec.load(json, 0, json.length);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        assertEquals(at + 1, e.offset(), e.getMessage()); // the byte that breaks the sequence
        json[at] = (byte) 0xC3;
        json[at + 1] = (byte) 0xA9; // é, well formed: JSON may carry UTF-8 unescaped
        codec.load(json, 0, json.length);
        Data d = new Data();
        codec.decode(d);
        assertEquals("café", d.getText().toString());
    }

    /**
     * The caller owns the bytes: the row's codec writes at the caller's offset into heap or direct memory alike (the
     * bytes the row's own buffer gets), touches nothing around the message, reads it back from there, and refuses a
     * room one byte short with the row's name ({@link CallerBufferRoundTrip}). There is no IEX Boon row.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        BoonCodec codec = new BoonCodec("boon");
        for (Data v : List.of(Data.canonical(), new Data(-0.5, false, "Grüße 😀 \"q\"", Side.Buy, Integer.MIN_VALUE, Long.MIN_VALUE))) {
            CallerBufferRoundTrip.check("boon", codec, RoundTrip.DATA, v, ownBytes(Format.boon.held(), v));
        }
    }

    /**
     * Read at an offset of the caller's buffer, raw UTF-8 from another writer is decoded as characters, and a malformed
     * sequence and trailing content are refused at offsets counted from the message's first byte.
     */
    @Test
    void readsRawUtf8AtAnOffsetAndCountsErrorOffsetsFromIt() {
        String json = "{\"price\":1.5,\"flag\":true,\"text\":\"caf\u00e9\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2}";
        byte[] good = json.getBytes(StandardCharsets.UTF_8);
        byte[] malformed = good.clone();
        int at = json.indexOf('\u00e9');
        malformed[at + 1] = 0x28; // C3 28: not a continuation byte
        byte[] trailing = (json + " x").getBytes(StandardCharsets.UTF_8);
        BoonCodec codec = new BoonCodec("boon");
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[256]), new UnsafeBuffer(new byte[300], 44, 256),
                new UnsafeBuffer(ByteBuffer.allocateDirect(256))}) {
            buffer.putBytes(50, good);
            Data d = new Data();
            codec.decode(buffer, 50, good.length, d);
            assertEquals(new Data(1.5, true, "caf\u00e9", Side.Sell, 1, 2), d);
            buffer.putBytes(50, malformed);
            assertEquals(at + 1, assertThrows(DecodeException.class, () -> codec.decode(buffer, 50, malformed.length, new Data())).offset());
            buffer.putBytes(50, trailing);
            assertEquals(good.length + 1, assertThrows(DecodeException.class, () -> codec.decode(buffer, 50, trailing.length, new Data())).offset());
        }
    }

    /** The bytes the row's own buffer gets for {@code value}: what the caller's buffer must receive. */
    private static <T> byte[] ownBytes(HeldMessage<T> own, T value) {
        own.encode(value);
        return own.bytes();
    }
}
