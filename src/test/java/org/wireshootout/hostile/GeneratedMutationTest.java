package org.wireshootout.hostile;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.registry.MessageFormat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The generated decoders on seeded mutations of their own valid encodings (five seeded values of each message), as
 * {@link MutationTest} runs the hand-written ones: a case decodes or throws the project's {@code DecodeException},
 * never hangs, never throws anything else, never allocates without bound, and leaves the codec able to decode a
 * valid message. {@code hostile.generatedCases} sets the cases per row (default {@value #DEFAULT_CASES}).
 */
class GeneratedMutationTest {
    static final long DEFAULT_CASES = 1_000;
    static final int VALUES = 5;

    static Stream<Arguments> rows() {
        return rowsOf(GeneratedMessages.all());
    }

    static Stream<Arguments> unionRows() {
        return rowsOf(GeneratedMessages.unions());
    }

    private static Stream<Arguments> rowsOf(java.util.Map<String, GeneratedMessages.Entry> entries) {
        List<Arguments> out = new ArrayList<>();
        for (GeneratedMessages.Entry e : entries.values()) {
            for (String library : e.codecs().keySet()) out.add(Arguments.of(e.key(), MessageFormat.of(library)));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    void everyMutationDecodesOrFailsCleanly(String key, MessageFormat format) {
        campaign(GeneratedMessages.of(key), format, VALUES);
    }

    /** The union codecs, on mutations of a stream's messages (three times as many, for the members): the tag and the member's bytes behind it. */
    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("unionRows")
    void everyMutationOfAUnionDecodesOrFailsCleanly(String key, MessageFormat format) {
        campaign(GeneratedMessages.union(key), format, 3 * VALUES);
    }

    private static <M extends GeneratedMessage<M>> void campaign(GeneratedMessages.Entry entry, MessageFormat format, int count) {
        long cases = MutationTest.longProperty("hostile.generatedCases", DEFAULT_CASES);
        long seed = MutationTest.longProperty("hostile.seed", MutationTest.DEFAULT_SEED);
        Duration bound = Duration.ofMillis(MutationTest.longProperty("hostile.caseTimeoutMs", MutationTest.DEFAULT_CASE_TIMEOUT_MS));
        List<M> values = new ArrayList<>();
        for (int i = 0; i < count; i++) values.add(entry.<M>newMessage().fill(new SplittableRandom(1000 + i)));
        MutationCampaign.Subject<M> subject = new MutationCampaign.Subject<>(entry.rowName(format),
                () -> entry.<M>newCodec(format), entry::newMessage, values, (a, b) -> a.firstDifference(b) == null);
        MutationCampaign.Report report = MutationCampaign.run(subject, cases, seed, bound);
        System.out.println("mutation " + report);
        assertNull(report.failure, report.failure);
        assertEquals(cases, report.cases, "every case ran");
    }
}
