package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.GoldenSizes;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.CallerBufferRoundTrip;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The three Jackson rows: canonical size, the bytes read by an independent decoder, strict decoding. */
class JacksonCodecTest {

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW"})
    void canonicalMessageIsOneHundredBytesOfJson(Format format) {
        HeldMessage<Data> codec = format.held();
        assertEquals(GoldenSizes.bytes(Format.jackson), codec.encode(Data.canonical()));
        assertEquals("{\"price\":1234.0,\"flag\":true,\"text\":\"Hello World!\",\"side\":\"Sell\","
                + "\"smallInt\":123,\"longInt\":1234567890}", new String(codec.bytes(), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW"})
    void databindReadsTheBytes(Format format) throws Exception {
        HeldMessage<Data> codec = format.held();
        Data v = new Data(-0.5, false, "Grüße €", Side.Buy, -7, Long.MIN_VALUE);
        codec.encode(v);
        JsonNode tree = new ObjectMapper().readTree(codec.bytes());
        assertEquals(6, tree.size());
        assertEquals(-0.5, tree.get("price").doubleValue());
        assertTrue(tree.get("flag").isBoolean());
        assertEquals(false, tree.get("flag").booleanValue());
        assertEquals("Grüße €", tree.get("text").textValue());
        assertEquals("Buy", tree.get("side").textValue());
        assertTrue(tree.get("smallInt").isInt());
        assertEquals(-7, tree.get("smallInt").intValue());
        assertEquals(Long.MIN_VALUE, tree.get("longInt").longValue());
        // names in the order the model declares them
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = tree.fieldNames(); it.hasNext(); ) names.add(it.next());
        assertEquals(List.of("price", "flag", "text", "side", "smallInt", "longInt"), names);
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW"})
    void acceptsFieldsInAnyOrderAndWhitespace(Format format) {
        Data back = decode(format, " { \"longInt\" : 5, \"side\":\"Buy\", \"smallInt\":4,\"text\":\"a\\u00e9\\\"\","
                + "\"flag\":false, \"price\": 12 }\n");
        assertEquals(new Data(12, false, "aé\"", Side.Buy, 4, 5), back);
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW"})
    void rejectsWhatIsNotTheMessage(Format format) {
        String ok = "\"price\":1.5,\"flag\":true,\"text\":\"t\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2";
        HeldMessage<Data> codec = format.held();
        decode(codec, "{" + ok + "}");
        String[] bad = {
                "{" + ok + ",\"extra\":1}",                                   // unknown field
                "{" + ok.replace(",\"flag\":true", "") + "}",                // missing field
                "{" + ok + ",\"flag\":true}",                                 // repeated field
                "{" + ok.replace("\"flag\":true", "\"flag\":1") + "}",       // wrong type
                "{" + ok.replace("\"smallInt\":1", "\"smallInt\":1.5") + "}",
                "{" + ok.replace("\"smallInt\":1", "\"smallInt\":4294967296") + "}", // out of int range
                "{" + ok.replace("\"Sell\"", "\"Hold\"") + "}",               // no such side
                "{" + ok.replace("1.5", "\"1.5\"") + "}",                     // number as a string
                "{" + ok,                                                       // cut short
                "{" + ok + "}{}",                                               // something after the object
                "[1]",
                "",
        };
        for (String json : bad) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> decode(codec, json), json);
            assertTrue(e instanceof DecodeException, json + " gave " + e);
        }
        // the same codec is still usable after the rejected messages
        assertEquals(new Data(1.5, true, "t", Side.Sell, 1, 2), decode(codec, "{" + ok + "}"));
    }

    /** Raw UTF-8 from another writer: the byte rows read it; the Reader row, one byte per char, refuses it at its first non-ASCII byte. */
    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW"})
    void rawUtf8TextIsReadOrRefusedNeverMisread(Format format) {
        String json = "{\"price\":1.0,\"flag\":true,\"text\":\"caf\u00e9\",\"side\":\"Buy\",\"smallInt\":1,\"longInt\":2}";
        if (format == Format.jacksonCBytesRW) {
            DecodeException e = assertThrows(DecodeException.class, () -> decode(format, json));
            assertEquals(json.indexOf('\u00e9'), e.offset(), e.getMessage());
            assertTrue(e.getMessage().contains("0xC3"), e.getMessage());
        } else {
            assertEquals("caf\u00e9", decode(format, json).getText().toString());
        }
    }

    /**
     * The Chronicle Bytes rows keep one parser across messages: a message after others decodes alike, trailing
     * whitespace is accepted, and an error's offset counts from the start of the message it is in.
     */
    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"jacksonCBytes", "jacksonCBytesRW"})
    void parserKeptAcrossMessagesStartsEachMessageAfresh(Format format) {
        String ok = "{\"price\":1.5,\"flag\":true,\"text\":\"t\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2}";
        String bad = ok.replace("\"flag\":true", "\"flag\":1");
        long fresh = assertThrows(DecodeException.class, () -> decode(format.held(), bad)).offset();
        assertTrue(fresh > 0, "offset " + fresh);
        HeldMessage<Data> codec = format.held();
        Data expected = new Data(1.5, true, "t", Side.Sell, 1, 2);
        for (int i = 0; i < 3; i++) {
            assertEquals(expected, decode(codec, ok));
            assertEquals(expected, decode(codec, ok + " \n\t"));
            codec.encode(Data.canonical());
            Data back = new Data();
            codec.decode(back);
            codec.decode(back); // the same bytes twice
            assertEquals(Data.canonical(), back);
        }
        assertEquals(fresh, assertThrows(DecodeException.class, () -> decode(codec, bad)).offset());
        assertEquals(expected, decode(codec, ok));
    }

    /**
     * An error's offset is within the message being read, however many messages the codec read before it: the
     * heap row keeps one fed parser across messages, whose own byte count runs on (it said "offset 124" for a
     * 27-byte input after a valid message).
     */
    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW"})
    void errorOffsetsAreWithinTheCurrentMessage(Format format) {
        HeldMessage<Data> codec = format.held();
        String valid = "{\"price\":1.5,\"flag\":true,\"text\":\"t\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2}";
        String[] bad = {
                "{\"price\":1.5,\"flag\":1}",      // refused by the mapping, at the value
                "{\"price\":1.5,\"flag\":\"é\":1}", // refused by Jackson's parser, after a 2-byte character
        };
        for (String json : bad) {
            long fresh = assertThrows(DecodeException.class, () -> decode(format, json), json).offset();
            int length = json.getBytes(StandardCharsets.UTF_8).length;
            assertTrue(fresh >= 0 && fresh <= length, json + ": offset " + fresh + " in a " + length + "-byte message");
            for (int k = 0; k < 3; k++) assertEquals(new Data(1.5, true, "t", Side.Sell, 1, 2), decode(codec, valid));
            DecodeException e = assertThrows(DecodeException.class, () -> decode(codec, json), json);
            assertEquals(fresh, e.offset(), json + " after valid messages: " + e.getMessage());
            assertTrue(e.getMessage().startsWith(format.name() + ": at offset " + fresh + ": "), e.getMessage());
        }
    }

    /**
     * The caller owns the bytes: the three rows' codecs and the IEX codec write at the caller's offset into heap or
     * direct memory alike (the bytes the row's own buffer gets), touch nothing around the message, read it back
     * from there, and refuse a room one byte short with the row's name ({@link CallerBufferRoundTrip}).
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        List<Data> values = List.of(Data.canonical(), new Data(-0.5, false, "Grüße € \"q\"", Side.Buy, -7, Long.MIN_VALUE));
        for (Data v : values) {
            CallerBufferRoundTrip.check("jackson", new JacksonCodec("jackson"), RoundTrip.DATA, v, ownBytes(Format.jackson.held(), v));
            CallerBufferRoundTrip.check("jacksonCBytes", JacksonChronicleBytesCodec.streams("jacksonCBytes"), RoundTrip.DATA, v, ownBytes(Format.jacksonCBytes.held(), v));
            CallerBufferRoundTrip.check("jacksonCBytesRW", JacksonChronicleBytesCodec.readerWriter("jacksonCBytesRW"), RoundTrip.DATA, v, ownBytes(Format.jacksonCBytesRW.held(), v));
        }
        IexJacksonCodec iex = new IexJacksonCodec("jackson");
        for (IexMessage m : IexSamples.maxima()) {
            CallerBufferRoundTrip.check("jackson", iex, RoundTrip.IEX, m, ownBytes(IexFormat.jackson.held(), m));
        }
    }

    /** The IEX codec's fed parser counts bytes across messages; an error's offset is still within its message. */
    @Test
    void iexErrorOffsetsAreWithinTheCurrentMessage() {
        HeldMessage<IexMessage> codec = IexFormat.jackson.held();
        byte[] bad = "{\"messageType\":\"T\",\"flags\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        codec.load(bad, 0, bad.length);
        long fresh = assertThrows(DecodeException.class, () -> codec.decode(new IexMessage())).offset();
        assertTrue(fresh > 0 && fresh < bad.length, "offset " + fresh);
        for (int k = 0; k < 3; k++) {
            codec.encode(IexSamples.tslaTrade());
            codec.decode(new IexMessage());
        }
        codec.load(bad, 0, bad.length);
        assertEquals(fresh, assertThrows(DecodeException.class, () -> codec.decode(new IexMessage())).offset());
    }

    private static Data decode(Format format, String json) {
        return decode(format.held(), json);
    }

    private static Data decode(HeldMessage<Data> codec, String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        codec.load(b, 0, b.length);
        Data d = new Data();
        codec.decode(d);
        return d;
    }

    /** The bytes the row's own buffer gets for {@code value}: what the caller's buffer must receive. */
    private static <T> byte[] ownBytes(HeldMessage<T> own, T value) {
        own.encode(value);
        return own.bytes();
    }
}
