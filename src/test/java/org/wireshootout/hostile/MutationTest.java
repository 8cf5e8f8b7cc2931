package org.wireshootout.hostile;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataGenerator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Every row's decoder on seeded mutations of its own valid encodings (the canonical message and the first 20
 * records of the bulk dataset): see {@link MutationCampaign} for what a case must and must not do, and
 * {@link Mutator} for the mutations. Every {@link Format} that carries data is included by itself.
 *
 * <p>System properties (Surefire passes them to the test JVM, see the pom):
 * <ul>
 *   <li>{@code hostile.cases}: cases per format, {@value #DEFAULT_CASES} by default. The long run is
 *       {@code mvn -B test -Dtest=MutationTest -Dhostile.cases=1000000};</li>
 *   <li>{@code hostile.seed}: the base seed (default {@value #DEFAULT_SEED}); a case's own seed, printed on
 *       failure, rebuilds its bytes through {@code Mutator.mutate(seed, samples)};</li>
 *   <li>{@code hostile.formats}: only these rows, comma-separated (default: every row that carries data),
 *       e.g. to split a long run over two JVMs or to replay one row;</li>
 *   <li>{@code hostile.caseTimeoutMs}: the per-case bound, {@value #DEFAULT_CASE_TIMEOUT_MS} ms by default
 *       (generous, as the machine is shared: a healthy case takes microseconds).</li>
 * </ul>
 * Each format's summary (cases, outcomes by exception type, slowest case) is printed as it finishes and all
 * of them again at the end.
 */
class MutationTest {
    static final long DEFAULT_CASES = 5_000;
    static final long DEFAULT_SEED = 20_261_121L;
    static final long DEFAULT_CASE_TIMEOUT_MS = 2_000;
    /** How many bulk-dataset records join the canonical message as starting points. */
    static final int BULK_SAMPLES = 20;

    private static final List<MutationCampaign.Report> REPORTS = new ArrayList<>();

    static long longProperty(String name, long fallback) {
        String v = System.getProperty(name);
        // an unset property reaches the test JVM as an empty string through the pom's systemPropertyVariables
        return v == null || v.isBlank() ? fallback : Long.parseLong(v.trim().replace("_", ""));
    }

    /** The canonical message and the first records of the bulk dataset. */
    static List<Data> samples() {
        List<Data> values = new ArrayList<>();
        values.add(Data.canonical());
        values.addAll(new DataGenerator(DataGenerator.DEFAULT_SEED).next(BULK_SAMPLES));
        return values;
    }

    /** Every row that carries data, or those named in {@code hostile.formats} (comma-separated). */
    static Stream<Format> formats() {
        String only = System.getProperty("hostile.formats", "");
        if (only.isBlank()) return Stream.of(Format.values()).filter(Format::carriesData);
        return Stream.of(only.split(",")).map(String::trim).filter(n -> !n.isEmpty()).map(Format::byName);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void everyMutationDecodesOrFailsCleanly(Format format) {
        long cases = longProperty("hostile.cases", DEFAULT_CASES);
        long seed = longProperty("hostile.seed", DEFAULT_SEED);
        Duration bound = Duration.ofMillis(longProperty("hostile.caseTimeoutMs", DEFAULT_CASE_TIMEOUT_MS));
        MutationCampaign.Subject<Data> subject = new MutationCampaign.Subject<>(format.name(), format::newCodec,
                Data::new, samples(), Data::equals);
        MutationCampaign.Report report = MutationCampaign.run(subject, cases, seed, bound);
        synchronized (REPORTS) {
            REPORTS.add(report);
        }
        System.out.println("mutation " + report);
        assertNull(report.failure, report.failure);
        assertEquals(cases, report.cases, "every case ran");
    }

    @AfterAll
    static void summary() {
        synchronized (REPORTS) {
            if (REPORTS.isEmpty()) return;
            long total = 0;
            StringBuilder sb = new StringBuilder("\n=== mutation summary (seed " + longProperty("hostile.seed", DEFAULT_SEED) + ") ===\n");
            for (MutationCampaign.Report r : REPORTS) {
                sb.append(r).append('\n');
                total += r.cases;
            }
            sb.append(String.format("total %,d cases over %d formats%n", total, REPORTS.size()));
            System.out.println(sb);
        }
    }
}
