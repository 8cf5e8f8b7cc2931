package org.wireshootout.codec.boon;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated Boon codecs ({@link BoonGenerator}) against the hand-written {@code boon} row on {@code Data}, and the
 * rules the generated reader holds JSON to, on text written here: keys in any order; an unknown or missing key, a
 * value of the wrong type or outside its schema type, a group beyond its bound and bytes after the object refused with
 * a DecodeException naming the row; what Boon cannot write refused when encoding.
 */
class BoonGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> String json(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.boon);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 18);
        held.encode(value);
        return new String(held.bytes(), StandardCharsets.US_ASCII);
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, String json) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.boon);
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(3, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 3, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, String json) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, json), json);
        assertTrue(e.getMessage().contains("boon/" + key), e.getMessage());
        int length = json.getBytes(StandardCharsets.UTF_8).length;
        // -1: Boon's parser refused it and says nowhere where, as for the hand-written row
        assertTrue(e.offset() >= -1 && e.offset() <= length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.boon.newCodec());
        hand.encode(Data.canonical());
        String generated = json("data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated.getBytes(StandardCharsets.US_ASCII), generated);
    }

    @Test
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytes() {
        byte[] b = json("data", GeneratedSamples.<M>of(entry("data"))).getBytes(StandardCharsets.US_ASCII);
        HeldMessage<Data> hand = HeldMessage.of(Format.boon.newCodec());
        hand.load(b, 0, b.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void keysAreReadInAnyOrder() {
        M sample = GeneratedSamples.of(entry("data"));
        String in = json("data", sample);
        String[] parts = in.substring(1, in.length() - 1).split(",(?=\")");
        assertEquals(6, parts.length, in);
        StringBuilder reversed = new StringBuilder("{");
        for (int i = parts.length - 1; i >= 0; i--) reversed.append(parts[i]).append(i == 0 ? "" : ",");
        reversed.append('}');
        assertNull(sample.firstDifference(decode("data", reversed.toString())), reversed.toString());
    }

    @Test
    <M extends GeneratedMessage<M>> void badObjectsAreRefused() {
        String in = json("data", GeneratedSamples.<M>of(entry("data")));
        String open = in.substring(0, in.length() - 1);
        assertTrue(refused("data", open + ",\"venue\":1}").getMessage().contains("unknown field 'venue'"));
        assertTrue(refused("data", in.replaceFirst(",\"side\":\"[A-Za-z]+\"", "")).getMessage().contains("missing field(s) side"));
        assertTrue(refused("data", in.replaceFirst("\"flag\":(true|false)", "\"flag\":1")).getMessage().contains("flag must be true or false"));
        assertTrue(refused("data", in.replaceFirst("\"side\":\"[A-Za-z]+\"", "\"side\":\"Hold\"")).getMessage().contains("names no value"));
        assertTrue(refused("data", in.replaceFirst("\"smallInt\":-?[0-9]+", "\"smallInt\":2147483648")).getMessage().contains("outside"));
        assertTrue(refused("data", in.replaceFirst("\"text\":\"[^\"]*\"", "\"text\":12")).getMessage().contains("must be a string"));
        refused("data", in + "x");
        refused("data", in.substring(0, in.length() - 1));
        refused("data", "[]");
    }

    @Test
    <M extends GeneratedMessage<M>> void whatBoonCannotWriteIsRefusedWhenEncoding() {
        M value = entry("data").<M>newMessage().edge(2); // NaN
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.boon);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 12);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> held.encode(value));
        assertTrue(e.getMessage().contains("Data.price"), e.getMessage());
        // -0.0 Boon writes and reads
        M negativeZero = entry("data").<M>newMessage().edge(3);
        assertNull(negativeZero.firstDifference(decode("data", json("data", negativeZero))));
    }

    @Test
    <M extends GeneratedMessage<M>> void unsigned64BitsAreWrittenAsTheirBitsAndRangeChecked() {
        M highest = entry("tradebatch").<M>newMessage().edge(1);
        String in = json("tradebatch", highest);
        assertTrue(in.contains("\"batchId\":-1,"), in);
        assertNull(highest.firstDifference(decode("tradebatch", in)));
        // beyond a long: refused before Boon reads it wrongly
        refused("tradebatch", in.replaceFirst("\"batchId\":-1", "\"batchId\":18446744073709551615"));
        refused("tradebatch", in.replaceFirst("\"batchId\":-1", "\"batchId\":1.5"));
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
    <M extends GeneratedMessage<M>> void optionalFieldsAbsentAreNullAndBytesAreNumbers() {
        M absent = entry("executionreport").<M>newMessage().edge(0);
        String a = json("executionreport", absent);
        assertTrue(a.contains("\"rejectReason\":null"), a);
        assertNull(absent.firstDifference(decode("executionreport", a)));
        M present = entry("executionreport").<M>newMessage().edge(1);
        String p = json("executionreport", present);
        assertTrue(p.contains("\"rejectReason\":2147483647"), p);
        assertTrue(p.contains("\"avgPx\":{\"mantissa\":9223372036854775807,\"exponent\":127}"), p);
        refused("executionreport", p.replace("\"exponent\":127", "\"exponent\":128"));
        refused("executionreport", p.replaceFirst("\"clOrdId\":\"~+\"", "\"clOrdId\":\"~\""));

        M every = entry("referencedata").<M>newMessage().edge(2); // every byte value
        String r = json("referencedata", every);
        assertTrue(r.contains("\"attachment\":[0,1,2,"), r);
        assertNull(every.firstDifference(decode("referencedata", r)));
        refused("referencedata", r.replace("\"attachment\":[0,", "\"attachment\":[128,"));
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.boon, DataAllocation.Measure.pair);
    }
}
