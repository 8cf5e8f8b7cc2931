package org.wireshootout.hostile;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Labels;
import org.wireshootout.generator.AccessRecording;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.registry.MessageFormat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link GeneratedMutationTest} over the generated rows' in-place access: the same seeded mutations of five seeded
 * values' encodings ({@link MutationCampaign}, {@link Mutator}) read by {@code access} instead of decode. A case
 * returns normally or throws the project's {@code DecodeException}, never hangs, throws nothing else, never reads
 * outside the message nor allocates without bound, and leaves the codec reading a valid message as before.
 * {@code hostile.generatedCases} sets the cases per row (default {@value GeneratedMutationTest#DEFAULT_CASES}).
 */
class GeneratedAccessMutationTest {

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
            for (String library : e.codecs().keySet()) {
                MessageFormat f = MessageFormat.of(library);
                if (e.newCodec(f) instanceof BufferAccess) out.add(Arguments.of(e.key(), f));
            }
        }
        return out.stream();
    }

    /** A message to write and, after a read, what {@code access} consumed from the bytes. */
    static final class Read<M> {
        final M value;
        final List<Object> consumed = new ArrayList<>();

        Read(M value) {
            this.value = value;
        }

        boolean sameAs(Read<M> other) {
            return Arrays.deepEquals(consumed.toArray(), other.consumed.toArray());
        }

        @Override
        public String toString() {
            return consumed.size() + " values " + Arrays.deepToString(consumed.toArray());
        }
    }

    /** The row as the campaign drives it: encode writes the value, decode is {@code access} into a recording sink. */
    static final class AccessAsDecode<M> implements BufferCodec<Read<M>> {
        private final BufferCodec<M> codec;
        private final AccessRecording.Sink sink = new AccessRecording.Sink();

        AccessAsDecode(BufferCodec<M> codec) {
            this.codec = codec;
        }

        @Override
        public int encode(Read<M> value, MutableDirectBuffer dst, int offset) {
            return codec.encode(value.value, dst, offset);
        }

        @Override
        public void decode(DirectBuffer src, int offset, int length, Read<M> target) {
            sink.values.clear();
            ((BufferAccess) codec).access(src, offset, length, sink);
            target.consumed.clear();
            target.consumed.addAll(sink.values);
        }

        @Override
        public Labels.Memory memory() {
            return codec.memory();
        }

        @Override
        public int headerLength() {
            return codec.headerLength();
        }
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <M extends GeneratedMessage<M>> void everyMutationIsReadOrRefusedCleanly(String key, MessageFormat format) {
        GeneratedMessages.Entry entry = GeneratedMessages.of(key);
        long cases = MutationTest.longProperty("hostile.generatedCases", GeneratedMutationTest.DEFAULT_CASES);
        long seed = MutationTest.longProperty("hostile.seed", MutationTest.DEFAULT_SEED);
        Duration bound = Duration.ofMillis(MutationTest.longProperty("hostile.caseTimeoutMs", MutationTest.DEFAULT_CASE_TIMEOUT_MS));
        List<Read<M>> values = new ArrayList<>();
        for (int i = 0; i < GeneratedMutationTest.VALUES; i++) values.add(new Read<>(entry.<M>newMessage().fill(new SplittableRandom(1000 + i))));
        MutationCampaign.Subject<Read<M>> subject = new MutationCampaign.Subject<>(entry.rowName(format) + " access",
                () -> new AccessAsDecode<M>(entry.newCodec(format)), () -> new Read<M>(null), values, Read::sameAs);
        MutationCampaign.Report report = MutationCampaign.run(subject, cases, seed, bound);
        System.out.println("mutation " + report);
        assertNull(report.failure, report.failure);
        assertEquals(cases, report.cases, "every case ran");
    }
}
