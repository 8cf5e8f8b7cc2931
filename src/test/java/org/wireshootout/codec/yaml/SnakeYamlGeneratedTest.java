package org.wireshootout.codec.yaml;

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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated SnakeYAML codecs ({@link SnakeYamlGenerator}) against the hand-written {@code snakeYaml} row on
 * {@code Data}, and the rules the generated reader holds a YAML mapping to, on documents written here: keys in any
 * order; an unknown, repeated or missing key, a value of the wrong type or outside its schema type and a group beyond
 * its bound refused with a DecodeException naming the row.
 */
class SnakeYamlGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> String yaml(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.snakeYaml);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 18);
        held.encode(value);
        return new String(held.bytes(), StandardCharsets.UTF_8);
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, String yaml) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.snakeYaml);
        byte[] b = yaml.getBytes(StandardCharsets.UTF_8);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(3, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 3, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, String yaml) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, yaml), yaml);
        assertTrue(e.getMessage().contains("snakeYaml/" + key), e.getMessage());
        int length = yaml.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(e.offset() >= 0 && e.offset() <= length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.snakeYaml.newCodec());
        hand.encode(Data.canonical());
        String generated = yaml("data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated.getBytes(StandardCharsets.UTF_8), generated);
    }

    @Test
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytes() {
        byte[] b = yaml("data", GeneratedSamples.<M>of(entry("data"))).getBytes(StandardCharsets.UTF_8);
        HeldMessage<Data> hand = HeldMessage.of(Format.snakeYaml.newCodec());
        hand.load(b, 0, b.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void keysAreReadInAnyOrder() {
        M sample = GeneratedSamples.of(entry("data"));
        List<String> lines = new ArrayList<>(List.of(yaml("data", sample).split("\n")));
        assertEquals(6, lines.size(), lines.toString());
        Collections.reverse(lines);
        String reversed = String.join("\n", lines) + "\n";
        assertNull(sample.firstDifference(decode("data", reversed)), reversed);
    }

    @Test
    <M extends GeneratedMessage<M>> void badMappingsAreRefused() {
        String in = yaml("data", GeneratedSamples.<M>of(entry("data")));
        assertTrue(refused("data", in + "venue: 1\n").getMessage().contains("unknown field 'venue'"));
        refused("data", in + "flag: false\n"); // SnakeYAML refuses the duplicate key itself
        assertTrue(refused("data", in.replaceFirst("side: [A-Za-z]+\n", "")).getMessage().contains("missing field(s) side"));
        assertTrue(refused("data", in.replaceFirst("flag: (true|false)", "flag: 1")).getMessage().contains("flag must be true or false"));
        assertTrue(refused("data", in.replaceFirst("side: [A-Za-z]+", "side: Hold")).getMessage().contains("names no value"));
        assertTrue(refused("data", in.replaceFirst("smallInt: -?[0-9]+", "smallInt: 2147483648")).getMessage().contains("outside"));
        assertTrue(refused("data", in.replaceFirst("longInt: -?[0-9]+", "longInt: 9223372036854775808")).getMessage().contains("outside"));
        assertTrue(refused("data", in.replaceFirst("text: .*\n", "text: 12\n")).getMessage().contains("must be a string"));
        refused("data", in.substring(0, in.length() - 3)); // cut inside its last line
        refused("data", "- 1\n");
    }

    @Test
    <M extends GeneratedMessage<M>> void unsigned64BitsAreUnsignedIntsAndRangeChecked() {
        M highest = entry("tradebatch").<M>newMessage().edge(1);
        String in = yaml("tradebatch", highest);
        assertTrue(in.contains("batchId: 18446744073709551615\n"), in);
        assertNull(highest.firstDifference(decode("tradebatch", in)));
        refused("tradebatch", in.replaceFirst("batchId: 18446744073709551615", "batchId: 18446744073709551616"));
        refused("tradebatch", in.replaceFirst("batchId: 18446744073709551615", "batchId: -1"));
        refused("tradebatch", in.replaceFirst("batchId: 18446744073709551615", "batchId: 1.5"));
    }

    @Test
    <M extends GeneratedMessage<M>> void aGroupBeyondItsBoundIsRefused() {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        String in = yaml("tradebatch", full);
        assertNull(full.firstDifference(decode("tradebatch", in)), "the full group is read");
        int start = in.indexOf("trades:\n") + "trades:\n".length();
        int end = in.indexOf("\n- ", start) + 1;
        String oneMore = in.substring(0, start) + in.substring(start, end) + in.substring(start);
        assertTrue(refused("tradebatch", oneMore).getMessage().contains("more than its bound of 100"));
    }

    @Test
    <M extends GeneratedMessage<M>> void textYamlCannotPrintGoesAsBinaryAndComesBack() {
        M odd = entry("executionreport").<M>newMessage().edge(2);
        String in = yaml("executionreport", odd);
        assertTrue(in.contains("symbol: !!binary"), in);
        assertNull(odd.firstDifference(decode("executionreport", in)));
        // binary that is not UTF-8 is no text
        assertTrue(refused("executionreport", in.replaceFirst("symbol: !!binary \\|-\n  [A-Za-z0-9+/=]+", "symbol: !!binary |-\n  /w=="))
                .getMessage().contains("UTF-8"));
        // nor base64
        refused("executionreport", in.replaceFirst("symbol: !!binary \\|-\n  [A-Za-z0-9+/=]+", "symbol: !!binary |-\n  a,b="));
    }

    @Test
    <M extends GeneratedMessage<M>> void anAbsentOptionalFieldIsLeftOutAndADecimalWithItsExponentIsAMapping() {
        M absent = entry("executionreport").<M>newMessage().edge(0);
        M present = entry("executionreport").<M>newMessage().edge(1);
        String a = yaml("executionreport", absent);
        String p = yaml("executionreport", present);
        assertFalse(a.contains("rejectReason"), a);
        assertTrue(p.contains("rejectReason: 2147483647\n"), p);
        assertTrue(p.contains("avgPx:\n  mantissa: 9223372036854775807\n  exponent: 127\n"), p);
        assertNull(absent.firstDifference(decode("executionreport", a)));
        // the one codec, present then absent then present: the key is back in its place
        BufferCodec<M> codec = entry("executionreport").newCodec(MessageFormat.snakeYaml);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(present);
        held.encode(absent);
        held.encode(present);
        assertEquals(p, new String(held.bytes(), StandardCharsets.UTF_8));
        refused("executionreport", p.replace("exponent: 127", "exponent: 128"));
        refused("executionreport", p.replace("  exponent: 127\n", ""));
        refused("executionreport", p.replaceFirst("clOrdId: ~+", "clOrdId: '~'"));
    }

    /** Encoding and decoding, each counted alone and together, allocate no more than the hand-written row's. */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRowEachWayAndBoth() {
        DataAllocation.assertNoMore(MessageFormat.snakeYaml, DataAllocation.Measure.encode, DataAllocation.Measure.decode,
                DataAllocation.Measure.pair);
    }
}
