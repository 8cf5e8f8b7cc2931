package org.wireshootout.codec.jackson;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated Jackson codecs ({@link JacksonGenerator}) against the hand-written {@code jackson} row on {@code Data},
 * and the rules the generated reader holds JSON to, on text written here: fields in any order; an unknown, repeated
 * or missing field, a value of the wrong type or outside its schema type, a group beyond its bound and bytes after the
 * object refused with a DecodeException naming the row and an offset within the message.
 */
class JacksonGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> String json(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.jackson);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return new String(held.bytes(), StandardCharsets.UTF_8);
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, String json) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.jackson);
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(3, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 3, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, String json) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, json), json);
        assertTrue(e.getMessage().contains("jackson/" + key), e.getMessage());
        int length = json.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(e.offset() >= 0 && e.offset() <= length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.jackson.newCodec());
        hand.encode(Data.canonical());
        String generated = json("data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated.getBytes(StandardCharsets.UTF_8), generated);
    }

    @Test
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytesAndBack() {
        M sample = GeneratedSamples.of(entry("data"));
        String generated = json("data", sample);
        HeldMessage<Data> hand = HeldMessage.of(Format.jackson.newCodec());
        byte[] b = generated.getBytes(StandardCharsets.UTF_8);
        hand.load(b, 0, b.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void fieldsAreReadInAnyOrder() {
        M sample = GeneratedSamples.of(entry("data"));
        String in = json("data", sample);
        // the six fields reversed, values as written
        String body = in.substring(1, in.length() - 1);
        String[] parts = body.split(",(?=\")");
        assertEquals(6, parts.length, in);
        StringBuilder reversed = new StringBuilder("{");
        for (int i = parts.length - 1; i >= 0; i--) reversed.append(parts[i]).append(i == 0 ? "" : ",");
        reversed.append('}');
        M back = decode("data", reversed.toString());
        assertNull(sample.firstDifference(back), reversed.toString());
    }

    @Test
    <M extends GeneratedMessage<M>> void badObjectsAreRefused() {
        String in = json("data", GeneratedSamples.<M>of(entry("data")));
        String open = in.substring(0, in.length() - 1);
        assertTrue(refused("data", open + ",\"venue\":1}").getMessage().contains("unknown field"));
        assertTrue(refused("data", open + ",\"flag\":true}").getMessage().contains("appears twice"));
        assertTrue(refused("data", in.replaceFirst(",\"side\":\"[A-Za-z]+\"", "")).getMessage().contains("missing field(s) side"));
        assertTrue(refused("data", in.replaceFirst("\"flag\":(true|false)", "\"flag\":1")).getMessage().contains("flag must be true or false"));
        assertTrue(refused("data", in.replaceFirst("\"side\":\"[A-Za-z]+\"", "\"side\":\"Hold\"")).getMessage().contains("names no value"));
        refused("data", in.replaceFirst("\"smallInt\":-?[0-9]+", "\"smallInt\":2147483648"));
        refused("data", in + "x");
        refused("data", in.substring(0, in.length() - 1));
        refused("data", "[]");
    }

    /**
     * Integers of up to 9 characters are read through Jackson's int fast path, longer ones through its long parsing:
     * the values on both sides of that line come back, and a value outside the field's type is refused on either side.
     */
    @Test
    <M extends GeneratedMessage<M>> void integersEitherSideOfNineCharactersComeBackAndOutOfRangeOnesAreRefused() {
        String in = json("data", GeneratedSamples.<M>of(entry("data")));
        for (String v : new String[] {"0", "-1", "999999999", "-99999999", "1000000000", "-999999999", "2147483647", "-2147483648"}) {
            String small = in.replaceFirst("\"smallInt\":-?[0-9]+", "\"smallInt\":" + v);
            M smallBack = decode("data", small);
            assertTrue(json("data", smallBack).contains("\"smallInt\":" + v + ","), small);
            String big = in.replaceFirst("\"longInt\":-?[0-9]+", "\"longInt\":" + v);
            M bigBack = decode("data", big);
            assertTrue(json("data", bigBack).contains("\"longInt\":" + v + "}"), big);
        }
        for (String v : new String[] {"2147483648", "-2147483649", "9999999999"}) {
            String small = in.replaceFirst("\"smallInt\":-?[0-9]+", "\"smallInt\":" + v);
            assertTrue(refused("data", small).getMessage().contains("is outside"), small);
        }
    }

    @Test
    <M extends GeneratedMessage<M>> void unsigned64BitsAreWrittenAsUnsignedNumbersAndRangeChecked() {
        M highest = entry("tradebatch").<M>newMessage().edge(1);
        String in = json("tradebatch", highest);
        assertTrue(in.contains("\"batchId\":18446744073709551615"), in);
        assertNull(highest.firstDifference(decode("tradebatch", in)));
        refused("tradebatch", in.replaceFirst("\"batchId\":18446744073709551615", "\"batchId\":18446744073709551616"));
        refused("tradebatch", in.replaceFirst("\"batchId\":18446744073709551615", "\"batchId\":-1"));
        refused("tradebatch", in.replaceFirst("\"batchId\":18446744073709551615", "\"batchId\":1.5"));
        // u32 one beyond its range
        refused("tradebatch", in.replaceFirst("\"instrumentId\":4294967295", "\"instrumentId\":4294967296"));
    }

    @Test
    <M extends GeneratedMessage<M>> void aGroupBeyondItsBoundIsRefused() {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        String in = json("tradebatch", full);
        int start = in.indexOf("\"trades\":[") + "\"trades\":[".length();
        int end = in.indexOf('}', start) + 1;
        String oneMore = in.substring(0, start) + in.substring(start, end) + "," + in.substring(start);
        assertNull(full.firstDifference(decode("tradebatch", in)), "the full group is read");
        assertTrue(refused("tradebatch", oneMore).getMessage().contains("more than its bound of 100"));
    }

    @Test
    <M extends GeneratedMessage<M>> void anAbsentOptionalFieldIsLeftOutAndADecimalWithItsExponentIsAnObject() {
        M absent = entry("executionreport").<M>newMessage().edge(0);
        M present = entry("executionreport").<M>newMessage().edge(1);
        String a = json("executionreport", absent);
        String p = json("executionreport", present);
        assertFalse(a.contains("\"rejectReason\""), a);
        assertTrue(p.contains("\"rejectReason\":2147483647"), p);
        assertTrue(p.contains("\"avgPx\":{\"mantissa\":9223372036854775807,\"exponent\":127}"), p);
        assertNull(absent.firstDifference(decode("executionreport", a)));
        // the exponent out of its byte, and missing
        refused("executionreport", p.replace("\"exponent\":127", "\"exponent\":128"));
        refused("executionreport", p.replace(",\"exponent\":127", ""));
        // ascii of another length than its own
        refused("executionreport", p.replaceFirst("\"clOrdId\":\"~+\"", "\"clOrdId\":\"~\""));
        // text beyond its bound in bytes (symbol: text(32))
        refused("executionreport", p.replaceFirst("\"symbol\":\"[^\"]*\"", "\"symbol\":\"" + "\u00e9".repeat(17) + "\""));
        // either side of the bound: ten 3-byte chars (30 bytes, not counted), sixteen 2-byte chars and eight
        // surrogate pairs (32, counted) come back; eleven 3-byte chars (33 bytes) are refused
        for (String within : new String[]{"\u20ac".repeat(10), "\u00e9".repeat(16), "\ud83d\ude00".repeat(8)}) {
            M back = decode("executionreport", p.replaceFirst("\"symbol\":\"[^\"]*\"", "\"symbol\":\"" + within + "\""));
            // written again: Jackson's UTF-8 generator escapes each surrogate (\\uD83D\\uDE00), every other char is as read
            StringBuilder written = new StringBuilder();
            within.chars().forEach(c -> written.append(Character.isSurrogate((char) c) ? String.format("\\u%04X", c) : String.valueOf((char) c)));
            String again = json("executionreport", back);
            assertTrue(again.contains("\"symbol\":\"" + written + "\""), again);
        }
        refused("executionreport", p.replaceFirst("\"symbol\":\"[^\"]*\"", "\"symbol\":\"" + "\u20ac".repeat(11) + "\""));
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.jackson, DataAllocation.Measure.pair);
    }
}
