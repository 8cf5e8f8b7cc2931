package org.wireshootout.bench;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.wireshootout.JvmFlags;

import java.util.concurrent.TimeUnit;

/**
 * The run settings every benchmark class shares, in one place (JMH reads these annotations from the
 * superclass): SampleTime in ns, one thread, 10 forks each started with the JVM flags the libraries need
 * ({@link JvmFlags}) and a fixed 1 GiB heap.
 *
 * <p>Warm-up is 5 x 2 s: every codec's hot path is compiled by C2 well within it (1 s was seen to leave some
 * libraries at many times their steady state). JMH's SampleTime keeps about 20 samples per millisecond of
 * measurement, so 10 forks x 5 x 2 s give 2 to 4 million samples per format and the 99.999th percentile rests
 * on the 20 to 40 slowest of them; the report marks any percentile resting on fewer than 10. Command-line options
 * ({@code -f -wi -w -i -r}) override any of these; {@code -jvmArgsAppend} on the command line REPLACES the
 * flags below, so pass extra JVM flags with {@code -jvmArgs} instead.
 *
 * <p>Two hooks outside every figure: before each iteration and after the last, {@link IterationTurns} lets two runs
 * on one CPU take turns when {@code generated-vs-hand.sh --turns} asks for it; otherwise they do nothing. JMH starts
 * an iteration's clock after the iteration's setup, so a wait there is in no sample.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 10, jvmArgsAppend = {
        JvmFlags.OPEN_LANG, JvmFlags.OPEN_REFLECT, JvmFlags.OPEN_IO, JvmFlags.OPEN_UTIL, JvmFlags.OPEN_NIO,
        JvmFlags.EXPORT_REF, JvmFlags.EXPORT_NIO_CH, JvmFlags.EXPORT_MISC, JvmFlags.EXPORT_UTIL,
        JvmFlags.NATIVE_ACCESS, JvmFlags.BOON_NO_FAST_STRINGS, JvmFlags.HEAP_MIN, JvmFlags.HEAP_MAX})
@Threads(1)
public abstract class BenchmarkDefaults {
    private final IterationTurns turns = IterationTurns.fromEnvironment();

    @Setup(Level.Iteration)
    public void awaitTurn() {
        if (turns != null) {
            turns.beforeIteration();
        }
    }

    @TearDown(Level.Trial)
    public void endTurns() {
        if (turns != null) {
            turns.afterTrial();
        }
    }
}
