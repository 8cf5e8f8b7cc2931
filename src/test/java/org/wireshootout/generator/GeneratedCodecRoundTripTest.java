package org.wireshootout.generator;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.registry.MessageFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every codec the build generated round-trips, for every message it has a row for: 20 seeded values and each edge
 * value of every type ({@link GeneratedMessage#edge}), decoded twice from the same bytes into targets that held other
 * values. An edge value the row's backend declares it cannot carry is left out of that check, and must instead be
 * refused or come back changed: the declaration may not claim less than the codec carries.
 */
class GeneratedCodecRoundTripTest {
    static final int SEEDS = 20;

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
            for (String library : e.codecs().keySet()) out.add(Arguments.of(e.key(), MessageFormat.of(library)));
        }
        return out.stream();
    }

    @Test
    void theBuildGeneratedEveryShape() {
        Map<String, GeneratedMessages.Entry> all = GeneratedMessages.all();
        String[] defaults;
        try {
            defaults = org.wireshootout.bench.MessageBenchmark.class.getField("message")
                    .getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
        } catch (NoSuchFieldException e) {
            throw new AssertionError("MessageBenchmark has no message parameter", e);
        }
        assertEquals(List.of("data", "orderentry", "quote", "booksnapshot", "executionreport", "tradebatch", "referencedata",
                        "marketdata", "car", "mediacontent"),
                List.of(defaults), "the shapes are MessageBenchmark's default messages");
        try {
            assertEquals(List.of(defaults), List.of(org.wireshootout.bench.MessageBulkBenchmark.class.getField("message")
                    .getAnnotation(org.openjdk.jmh.annotations.Param.class).value()), "MessageBulkBenchmark's messages are MessageBenchmark's");
        } catch (NoSuchFieldException e) {
            throw new AssertionError("MessageBulkBenchmark has no message parameter", e);
        }
        for (String key : defaults) {
            assertNotNull(all.get(key), "message " + key + " was not generated; there are " + all.keySet());
            GeneratedMessages.Entry e = all.get(key);
            for (MessageFormat f : MessageFormat.values()) {
                assertFalse(!e.codecs().containsKey(f.name()) && !e.cannot().containsKey(f.name()),
                        f + " neither has a row for " + key + " nor says why it cannot carry it");
            }
        }
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <M extends GeneratedMessage<M>> void seededAndEdgeValuesComeBack(String key, MessageFormat format) throws Exception {
        GeneratedMessages.Entry entry = GeneratedMessages.of(key);
        BufferCodec<M> codec = entry.newCodec(format);
        Map<Integer, String> notCarried = entry.edgesNotCarried(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 20);
        if (format == MessageFormat.foryShared) {
            // a channel: its first message carries the type definition, later ones a reference to it, so the first
            // is longer; round-tripped here first, and the lengths below compared among later messages
            GeneratedRoundTrip.verify(entry.rowName(format), entry, codec, buffer, 7, entry.<M>newMessage().fill(new SplittableRandom(0)));
        }
        for (int seed = 1; seed <= SEEDS; seed++) {
            M value = entry.<M>newMessage().fill(new SplittableRandom(seed));
            check(entry, format, codec, buffer, value, "seed " + seed);
        }
        for (int which = 0; which < GeneratedMessage.EDGES; which++) {
            M value = entry.<M>newMessage().edge(which);
            if (notCarried.containsKey(which)) {
                assertNotCarried(entry, format, codec, buffer, value, which, notCarried.get(which));
            } else {
                check(entry, format, codec, buffer, value, "edge " + which);
            }
        }
    }

    private static <M extends GeneratedMessage<M>> void check(GeneratedMessages.Entry entry, MessageFormat format, BufferCodec<M> codec,
                                                              UnsafeBuffer buffer, M value, String what) {
        try {
            int length = GeneratedRoundTrip.verify(entry.rowName(format), entry, codec, buffer, 7, value);
            int again = codec.encode(value, buffer, 7);
            assertEquals(length, again, what + ": the same value encoded twice gave two lengths");
        } catch (RuntimeException e) {
            fail(entry.rowName(format) + ", " + what + ": " + e.getMessage(), e);
        }
    }

    private static <M extends GeneratedMessage<M>> void assertNotCarried(GeneratedMessages.Entry entry, MessageFormat format,
                                                                         BufferCodec<M> codec, UnsafeBuffer buffer, M value, int which, String why) {
        try {
            int length = codec.encode(value, buffer, 0);
            M target = entry.newMessage();
            codec.decode(buffer, 0, length, target);
            if (value.firstDifference(target) == null) {
                fail(entry.rowName(format) + " carries edge " + which + " intact, yet its backend says it cannot: " + why);
            }
        } catch (RuntimeException refused) {
            // refused: as declared
        }
    }
}
