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
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.iex.IexDataSet;
import org.wireshootout.model.iex.IexMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The IEX stream through every IEX format, one message per operation, cycling through the data set in feed
 * order (an index that wraps), so the mix of message types is the feed's: {@code encode} (the next message into
 * the state's buffer), {@code decode} (the next message where it lies in a stream of every message, encoded at
 * setup, decoded into one reused message), and {@code roundTrip} (encode the next message into the state's buffer,
 * then decode it from there). The format is the {@code format} parameter (every {@link IexFormat} when none is
 * given); {@code capture} is a capture file, or empty for the generated default day ({@link IexDataSet}).
 * Run settings: {@link BenchmarkDefaults}.
 *
 * <p>The caller owns the bytes, as in every benchmark class: the buffer and the stream are of the memory the codec
 * works on without a copy ({@link BufferCodec#memory()}), and nothing is copied into a codec before it decodes.
 *
 * <p>The setup verifies the round trip of every message of the data set (type and every field, decoded twice
 * into targets that start different) and refuses to run a format that fails it. Every benchmark returns what
 * it produced (JMH sinks it); the decoded message is a heap object reachable from the state, so no decoded
 * field can be dropped.
 */
@State(Scope.Thread)
public class IexBenchmark extends BenchmarkDefaults {

    @Param
    public IexFormat format;

    /** A capture file; empty for the generated default day. */
    @Param({""})
    public String capture;

    private BufferCodec<IexMessage> codec;
    private UnsafeBuffer buffer;
    private IexMessage[] messages;
    private UnsafeBuffer stream;
    private int[] offsets;
    private IexMessage target;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        List<IexMessage> list;
        try {
            list = IexDataSet.load(capture);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the capture " + capture, e);
        }
        if (list.isEmpty()) throw new IllegalStateException("the data set " + capture + " holds no message");
        codec = format.newCodec();
        buffer = CallerBuffers.allocate(codec, CallerBuffers.MESSAGE_CAPACITY);
        messages = list.toArray(new IexMessage[0]);
        // every message verified, and encoded one after another into the stream decode() reads from
        offsets = new int[messages.length + 1];
        int capacity = messages.length * 64 + CallerBuffers.MESSAGE_CAPACITY;
        stream = CallerBuffers.allocate(codec, capacity);
        int at = 0;
        for (int i = 0; i < messages.length; i++) {
            RoundTrip.verify(format.name(), codec, buffer, 0, messages[i], RoundTrip.IEX);
            if (capacity - at < CallerBuffers.MESSAGE_CAPACITY) {
                capacity *= 2;
                UnsafeBuffer grown = CallerBuffers.allocate(codec, capacity);
                grown.putBytes(0, stream, 0, at);
                stream = grown;
            }
            offsets[i] = at;
            at += codec.encode(messages[i], stream, at);
        }
        offsets[messages.length] = at;
        target = new IexMessage();
        next = 0;
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == messages.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public int encode() {
        return codec.encode(messages[nextIndex()], buffer, 0);
    }

    @Benchmark
    public IexMessage decode() {
        int i = nextIndex();
        codec.decode(stream, offsets[i], offsets[i + 1] - offsets[i], target);
        return target;
    }

    @Benchmark
    public IexMessage roundTrip() {
        codec.decode(buffer, 0, codec.encode(messages[nextIndex()], buffer, 0), target);
        return target;
    }
}
