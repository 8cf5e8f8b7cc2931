package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.wireshootout.codec.Codec;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Data;

/**
 * The six-field message through every format: {@code roundTrip} (encode then decode, the reference table's
 * measure), {@code encode} and {@code decode} on their own. The format is the {@code format} parameter; with
 * no {@code -p format=...} every registry entry runs. Run settings: {@link BenchmarkDefaults}.
 *
 * <p>The message comes from a non-final field of a state object, so the JIT cannot constant-fold it; every
 * benchmark returns what it produced (JMH sinks it), and the decoded target is a heap object reachable from
 * the state, so no decoded field can be dropped.
 */
@State(Scope.Thread)
public class DataBenchmark extends BenchmarkDefaults {

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
