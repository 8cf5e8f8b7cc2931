package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Data;

/**
 * The six-field message through every format: {@code roundTrip} (encode then decode, the reference table's
 * measure), {@code encode} and {@code decode} on their own. The format is the {@code format} parameter; with
 * no {@code -p format=...} every registry entry runs. Run settings: {@link BenchmarkDefaults}.
 *
 * <p>The caller owns the bytes: the state holds one buffer of the memory the codec works on without a copy
 * ({@link BufferCodec#memory()}), the codec encodes into it at offset 0 and decodes from it, as in every benchmark
 * class ({@code encode}, {@code decode} and {@code roundTrip} mean the same in each).
 *
 * <p>The message comes from a non-final field of a state object, so the JIT cannot constant-fold it; every
 * benchmark returns what it produced (JMH sinks it), and the decoded target is a heap object reachable from
 * the state, so no decoded field can be dropped.
 */
@State(Scope.Thread)
public class DataBenchmark extends BenchmarkDefaults {

    @Param
    public Format format;

    private BufferCodec<Data> codec;
    private UnsafeBuffer buffer;
    private Data message;
    private Data target;
    /** The length of the canonical encoding left in the buffer, which {@code decode} reads. */
    private int length;

    @Setup(Level.Trial)
    public void setUp() {
        codec = format.newCodec();
        buffer = CallerBuffers.allocate(codec, CallerBuffers.MESSAGE_CAPACITY);
        message = Data.canonical();
        target = new Data();
        if (format.carriesData()) {
            RoundTrip.verify(format.name(), codec, buffer, 0, message, RoundTrip.DATA);
        }
        length = codec.encode(message, buffer, 0);
    }

    @Benchmark
    public Data roundTrip() {
        codec.decode(buffer, 0, codec.encode(message, buffer, 0), target);
        return target;
    }

    @Benchmark
    public int encode() {
        return codec.encode(message, buffer, 0);
    }

    @Benchmark
    public Data decode() {
        codec.decode(buffer, 0, length, target);
        return target;
    }
}
