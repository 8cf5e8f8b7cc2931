package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.wireshootout.bulk.BulkRun;
import org.wireshootout.registry.Format;
import org.wireshootout.model.DataGenerator;

import java.util.concurrent.TimeUnit;

/**
 * The bulk dataset (100,000 seeded records, {@link DataGenerator}) dumped into one stream and loaded back, per
 * format: one operation is the whole dataset, timed as a single shot, so the score is the total time in ms
 * (the "Dump / Load" columns). The setup dumps, loads and verifies every record before anything is timed.
 * Sizes (total and compressed bytes) come from the {@code bulk} command, not from here.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10)
@Measurement(iterations = 10)
public class BulkBenchmark extends BenchmarkDefaults {

    @Param
    public Format format;

    @Param({"100000"})
    public int records;

    private BulkRun run;

    @Setup(Level.Trial)
    public void setUp() {
        run = new BulkRun(format, new DataGenerator(DataGenerator.DEFAULT_SEED).next(records));
        run.dump();
        run.verify();
    }

    @Benchmark
    public long dump() {
        return run.dump();
    }

    @Benchmark
    public Object load() {
        run.load();
        return run.decoded();
    }
}
