package org.wireshootout.codec.boon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

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
        Codec<Data> codec = Format.boon.newCodec();
        assertEquals(100, codec.encode(Data.canonical()));
        assertEquals("{\"price\":1234.0,\"flag\":true,\"text\":\"Hello World!\",\"side\":\"Sell\","
                + "\"smallInt\":123,\"longInt\":1234567890}", new String(codec.bytes(), StandardCharsets.US_ASCII));
    }

    @Test
    void jacksonReadsBoonsBytes() throws Exception {
        Codec<Data> codec = Format.boon.newCodec();
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
        Codec<Data> codec = Format.boon.newCodec();
        assertThrows(IllegalArgumentException.class, () -> codec.encode(new Data(Double.NaN, true, "", Side.Buy, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> codec.encode(new Data(Double.NEGATIVE_INFINITY, true, "", Side.Buy, 0, 0)));
    }

    @Test
    void acceptsFieldsInAnyOrder() {
        assertEquals(new Data(12, false, "t€", Side.Sell, 4, 5),
                decode(Format.boon.newCodec(), "{\"longInt\":5,\"side\":\"Sell\",\"smallInt\":4,\"text\":\"t\\u20ac\",\"flag\":false,\"price\":12}"));
    }

    @Test
    void rejectsWhatIsNotTheMessage() {
        Codec<Data> codec = Format.boon.newCodec();
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

    /** Documented, not hidden: Boon's parser accepts these, and so does the row. */
    @Test
    void boonToleratesTrailingContentAndRepeatedKeys() {
        String ok = "\"price\":1.5,\"flag\":true,\"text\":\"t\",\"side\":\"Sell\",\"smallInt\":1,\"longInt\":2";
        Codec<Data> codec = Format.boon.newCodec();
        assertEquals(new Data(1.5, true, "t", Side.Sell, 1, 2), decode(codec, "{" + ok + "} trailing"));
        assertEquals(new Data(1.5, false, "t", Side.Sell, 1, 2), decode(codec, "{" + ok + ",\"flag\":false}"));
    }

    private static Data decode(Codec<Data> codec, String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        codec.load(b, 0, b.length);
        Data d = new Data();
        codec.decode(d);
        return d;
    }
}
