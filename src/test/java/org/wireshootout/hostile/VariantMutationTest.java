package org.wireshootout.hostile;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.Labels;
import org.wireshootout.evolution.EvolutionMatrix;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.registry.Format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The version-1 reader of every evolution-matrix variant ({@link EvolutionVariant}, e.g. the tolerant reader of
 * the name-keyed rows) on the same seeded mutations {@link MutationTest} feeds the row's own reader, with the same
 * rules ({@link MutationCampaign}): each case decodes or throws this project's {@code DecodeException}, within
 * the bound, and leaves the reader able to read a valid message. The messages are written by the row's own codec.
 * Only the rows that have variants are run.
 */
class VariantMutationTest {

    @TestFactory
    Stream<DynamicTest> everyVariantsOldReaderDecodesOrFailsCleanly() {
        long cases = MutationTest.longProperty("hostile.cases", MutationTest.DEFAULT_CASES);
        long seed = MutationTest.longProperty("hostile.seed", MutationTest.DEFAULT_SEED);
        Duration bound = Duration.ofMillis(MutationTest.longProperty("hostile.caseTimeoutMs", MutationTest.DEFAULT_CASE_TIMEOUT_MS));
        List<DynamicTest> tests = new ArrayList<>();
        for (Format row : Format.values()) {
            if (!row.carriesData()) continue;
            for (EvolutionVariant variant : EvolutionMatrix.variants(row)) {
                for (Change change : Change.values()) {
                    String name = row + " " + variant.name() + " (old reader under " + change + ")";
                    tests.add(DynamicTest.dynamicTest(name, () -> {
                        MutationCampaign.Subject<Data> subject = new MutationCampaign.Subject<>(name,
                                () -> new WrittenByTheRow(row, variant, change), Data::new, MutationTest.samples(), Data::equals);
                        MutationCampaign.Report report = MutationCampaign.run(subject, cases / Change.values().length, seed, bound);
                        System.out.println("mutation " + report);
                        assertNull(report.failure, report.failure);
                        assertEquals(cases / Change.values().length, report.cases, "every case ran");
                    }));
                }
            }
        }
        return tests.stream();
    }

    /** The row's own codec writes; the variant's version-1 reader reads. */
    private static final class WrittenByTheRow implements BufferCodec<Data> {
        private final BufferCodec<Data> writer;
        private final BufferCodec<Data> reader;

        WrittenByTheRow(Format row, EvolutionVariant variant, Change change) {
            this.writer = row.newCodec();
            this.reader = variant.oldReader().of(change, EvolutionMatrix.evolvable(row).oldReaderOf(change, row.newCodec()));
        }

        @Override
        public int encode(Data value, MutableDirectBuffer dst, int offset) {
            return writer.encode(value, dst, offset);
        }

        @Override
        public void decode(DirectBuffer src, int offset, int length, Data target) {
            reader.decode(src, offset, length, target);
        }

        @Override
        public Labels.Memory memory() {
            return writer.memory();
        }
    }
}
