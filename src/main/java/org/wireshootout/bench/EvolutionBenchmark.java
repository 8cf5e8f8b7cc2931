package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.registry.Format;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.evolution.EvolutionMatrix;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The cost of evolution: each row's version-2 codec round-tripping its own message, to set beside the row's
 * {@code DataBenchmark.roundTrip} (version 1) in the same run. The change is the {@code change} parameter
 * (default {@code addField}, the change every format can state); the baseline row, which has no message to
 * change, times the harness alone here as everywhere. Hygiene as in {@link DataBenchmark}: the message is a
 * non-final state field, the decoded target is returned.
 */
@State(Scope.Thread)
public class EvolutionBenchmark extends BenchmarkDefaults {

    @Param
    public Format format;

    @Param({"addField"})
    public Change change;

    /** The baseline row's codec here: like {@code BaselineCodec}, it writes and reads no byte. */
    private static final BufferCodec<Evolved> HARNESS_ONLY = new BufferCodec<>() {
        @Override public int encode(Evolved value, MutableDirectBuffer dst, int offset) { return 0; }
        @Override public void decode(DirectBuffer src, int offset, int length, Evolved target) { }
    };

    private BufferCodec<Evolved> codec;
    private UnsafeBuffer buffer;
    private Evolved message;
    private Evolved target;

    @Setup(Level.Trial)
    public void setUp() {
        message = Evolved.sentBy(change);
        target = new Evolved();
        if (!format.carriesData()) {
            codec = HARNESS_ONLY;
            buffer = CallerBuffers.allocate(codec, CallerBuffers.MESSAGE_CAPACITY);
            return;
        }
        try {
            codec = EvolutionMatrix.evolvable(format).evolve(change);
        } catch (Evolvable.NotExpressible e) {
            throw new IllegalArgumentException(format + " cannot state " + change + ": " + e.getMessage(), e);
        }
        buffer = CallerBuffers.allocate(codec, CallerBuffers.MESSAGE_CAPACITY);
        codec.decode(buffer, 0, codec.encode(message, buffer, 0), target);
        String wrong = target.differenceFrom(message, change);
        if (wrong != null) throw new IllegalStateException(format + " version 2 under " + change + " misreads its own message: " + wrong);
    }

    @Benchmark
    public Evolved roundTrip() {
        codec.decode(buffer, 0, codec.encode(message, buffer, 0), target);
        return target;
    }
}
