package org.wireshootout.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedUnion;
import org.wireshootout.registry.MessageFormat;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The union benchmark's set-up and calls, as JMH makes them, for every union row, and its refusal for the rest. */
class UnionBenchmarkTest {

    static Stream<MessageFormat> unionRows() {
        return GeneratedMessages.union(defaultUnion()).codecs().keySet().stream().map(MessageFormat::of);
    }

    private static String defaultUnion() {
        try {
            String[] v = UnionBenchmark.class.getField("union").getAnnotation(Param.class).value();
            assertEquals(1, v.length, "one default union");
            return v[0];
        } catch (NoSuchFieldException e) {
            throw new AssertionError("UnionBenchmark has no union parameter", e);
        }
    }

    @Test
    void itsFormatsAreExactlyTheRowsWithAUnionCodec() throws Exception {
        assertEquals(List.copyOf(GeneratedMessages.union(defaultUnion()).codecs().keySet()),
                List.of(UnionBenchmark.class.getField("format").getAnnotation(Param.class).value()),
                "UnionBenchmark's formats must be exactly the rows the build generated a union codec for, in registry order");
    }

    @Test
    void itForksWithTheSharedFlagsAndItsUnionIsGenerated() {
        assertTrue(BenchmarkDefaults.class.isAssignableFrom(UnionBenchmark.class));
        assertNull(UnionBenchmark.class.getDeclaredAnnotation(Fork.class));
        assertTrue(GeneratedMessages.unions().containsKey(defaultUnion()), "the default union is generated: " + GeneratedMessages.unions().keySet());
    }

    /** Every message of a seeded stream twice over, through each benchmark method, each result the stream's next message. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("unionRows")
    void everyUnionRowSetsUpAndWalksItsStream(MessageFormat format) {
        UnionBenchmark b = new UnionBenchmark();
        b.union = defaultUnion();
        b.format = format;
        b.stream = "seeded";
        b.setUp();
        java.util.Set<Integer> members = new java.util.HashSet<>();
        for (int i = 0; i < 2 * UnionBenchmark.STREAM; i++) {
            members.add(((GeneratedUnion<?>) b.decode()).member());
            assertTrue(b.encode() > 0);
            assertTrue(b.roundTrip() instanceof GeneratedUnion<?>);
        }
        assertEquals(((GeneratedUnion<?>) GeneratedMessages.union(b.union).newMessage()).members(), members.size(), "the stream holds every member");
    }

    /** The IEX day, every message verified through the row at set-up, walked once through decode as the hand-written rows walk it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("unionRows")
    void everyUnionRowTakesTheIexDay(MessageFormat format) throws Exception {
        UnionBenchmark b = new UnionBenchmark();
        b.union = defaultUnion();
        b.format = format;
        b.stream = "day";
        b.setUp();
        java.util.List<org.wireshootout.model.iex.IexMessage> day = org.wireshootout.iex.IexDataSet.load("");
        for (org.wireshootout.model.iex.IexMessage m : day) {
            GeneratedUnion<?> u = (GeneratedUnion<?>) b.decode();
            assertEquals(m.typeCode(), (char) u.id(), "the day's messages in its order");
        }
    }

    @Test
    void onlyIexsUnionHasADay() {
        UnionBenchmark b = new UnionBenchmark();
        b.union = defaultUnion();
        b.format = unionRows().findFirst().orElseThrow();
        b.stream = "week";
        assertTrue(assertThrows(IllegalArgumentException.class, b::setUp).getMessage().contains("neither day nor seeded"));
    }
}
