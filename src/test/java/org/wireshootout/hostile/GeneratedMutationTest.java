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
    /**
     * The buffer a message is held in: a generated message can pass the hand-written rows' 4 KB (a batch of a hundred
     * trades is about 16 KB as JSON), and a value that does not fit would leave the row untested.
     */
    static final int HELD_CAPACITY = 1 << 16;

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
            for (String library : e.codecs().keySet()) out.add(Arguments.of(e.key(), MessageFormat.of(library)));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <M extends GeneratedMessage<M>> void everyMutationDecodesOrFailsCleanly(String key, MessageFormat format) {
        GeneratedMessages.Entry entry = GeneratedMessages.of(key);
        long cases = MutationTest.longProperty("hostile.generatedCases", DEFAULT_CASES);
        long seed = MutationTest.longProperty("hostile.seed", MutationTest.DEFAULT_SEED);
        Duration bound = Duration.ofMillis(MutationTest.longProperty("hostile.caseTimeoutMs", MutationTest.DEFAULT_CASE_TIMEOUT_MS));
        List<M> values = new ArrayList<>();
        for (int i = 0; i < VALUES; i++) values.add(entry.<M>newMessage().fill(new SplittableRandom(1000 + i)));
        MutationCampaign.Subject<M> subject = new MutationCampaign.Subject<>(entry.rowName(format),
                () -> entry.<M>newCodec(format), entry::newMessage, values, (a, b) -> a.firstDifference(b) == null, HELD_CAPACITY);
        MutationCampaign.Report report = MutationCampaign.run(subject, cases, seed, bound);
        System.out.println("mutation " + report);
        assertNull(report.failure, report.failure);
        assertEquals(cases, report.cases, "every case ran");
    }
}
