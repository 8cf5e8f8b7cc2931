package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.wireshootout.JvmFlags;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Format;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Data;

import java.util.concurrent.TimeUnit;

/**
 * The six-field message through every format: {@code roundTrip} (encode then decode, the reference table's
 * measure), {@code encode} and {@code decode} on their own. The format is the {@code format} parameter; with
 * no {@code -p format=...} every registry entry runs.
 *
 * <p>Defaults follow the reference method: SampleTime in ns, one thread, 10 forks. Warm-up is 5 x 2 s: the
 * JIT has compiled the codec's hot path at C2 well within it (1 s was seen to leave some libraries at many
 * times their steady state), and the 5 x 2 s measurement gives about 10^7 samples per format across the
 * forks, enough for a 99.999th percentile resting on ~100 samples.
 *
 * <p>The message comes from a non-final field of a state object, so the JIT cannot constant-fold it; every
 * benchmark returns what it produced (JMH sinks it), and the decoded target is a heap object that escapes,
 * so no decoded field can be dropped.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 10, jvmArgsAppend = {
        JvmFlags.OPEN_LANG, JvmFlags.OPEN_REFLECT, JvmFlags.OPEN_IO, JvmFlags.OPEN_UTIL, JvmFlags.OPEN_NIO,
        JvmFlags.EXPORT_REF, JvmFlags.EXPORT_NIO_CH, JvmFlags.EXPORT_MISC, JvmFlags.EXPORT_UTIL,
        JvmFlags.BOON_NO_FAST_STRINGS, JvmFlags.HEAP_MIN, JvmFlags.HEAP_MAX})
@Threads(1)
@State(Scope.Thread)
public class DataBenchmark {

    @Param
    public Format format;

    private Codec<Data> codec;
    private Data message;
    private Data target;

    @Setup(Level.Trial)
    public void setUp() {
        codec = format.newCodec();
        message = Data.canonical();
        target = new Data();
        if (format.carriesData()) {
            RoundTrip.verify(format.name(), codec, message);
        }
        // leave the canonical encoding in the buffer: decode() reads it
        codec.encode(message);
    }

    @Benchmark
    public Data roundTrip() {
        codec.encode(message);
        codec.decode(target);
        return target;
    }

    @Benchmark
    public int encode() {
        return codec.encode(message);
    }

    @Benchmark
    public Data decode() {
        codec.decode(target);
        return target;
    }
}
