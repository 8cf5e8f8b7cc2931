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
import org.wireshootout.bulk.MessageBulkRun;
import org.wireshootout.registry.MessageFormat;

import java.util.concurrent.TimeUnit;

/**
 * {@link BulkBenchmark} for a message described by a schema: {@code records} values of {@code message} from its
 * seeded generator dumped into one stream through the library's generated row and loaded back; one operation is
 * the whole set, timed as a single shot (ms). The setup dumps, loads and checks every record before anything is
 * timed; a library with no row for the message fails its trial at once, saying why.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10)
@Measurement(iterations = 10)
public class MessageBulkBenchmark extends BenchmarkDefaults {

    /** As {@link MessageBenchmark#message}; a test checks the two lists are the same. */
    @Param({"data", "orderentry", "quote", "booksnapshot", "executionreport", "tradebatch", "referencedata", "marketdata", "car", "mediacontent"})
    public String message;

    @Param
    public MessageFormat format;

    @Param({"10000"})
    public int records;

    private MessageBulkRun<?> run;

    @Setup(Level.Trial)
    public void setUp() {
        run = new MessageBulkRun<>(message, format, records);
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
