package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.wireshootout.codec.Codec;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.iex.IexDataSet;
import org.wireshootout.model.iex.IexMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

/**
 * The IEX stream through every IEX format, one message per operation, cycling through the data set in feed
 * order (an index that wraps), so the mix of message types is the feed's: {@code encode} (the next message into
 * the codec's buffer), {@code decode} (the next message's bytes, encoded at setup, copied into the codec's
 * buffer and decoded into one reused message), and {@code roundTrip} (encode the next message, then decode what
 * was just written: no copy). The format is the {@code format} parameter (every {@link IexFormat} when none is
 * given); {@code capture} is a capture file, or empty for the generated default day ({@link IexDataSet}).
 * Run settings: {@link BenchmarkDefaults}.
 *
 * <p>The decode measure includes the copy of the message's bytes into the codec's buffer (a {@code byte[]} copy
 * of the message's length, or a copy into Chronicle's native memory for the two Chronicle rows): the codec seam
 * decodes from its own buffer, and the bytes of a stream have to get there. {@code roundTrip} has no copy.
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

    private Codec<IexMessage> codec;
    private IexMessage[] messages;
    private byte[] stream;
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
        messages = list.toArray(new IexMessage[0]);
        for (IexMessage m : messages) {
            format.verify(codec, m);
        }
        // pre-encode every message, for decode
        offsets = new int[messages.length + 1];
        stream = new byte[messages.length * 64];
        int at = 0;
        for (int i = 0; i < messages.length; i++) {
            int n = codec.encode(messages[i]);
            if (at + n > stream.length) stream = Arrays.copyOf(stream, Math.max(at + n, stream.length * 2));
            offsets[i] = at;
            at += codec.copyTo(stream, at);
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
        return codec.encode(messages[nextIndex()]);
    }

    @Benchmark
    public IexMessage decode() {
        int i = nextIndex();
        codec.load(stream, offsets[i], offsets[i + 1] - offsets[i]);
        codec.decode(target);
        return target;
    }

    @Benchmark
    public IexMessage roundTrip() {
        codec.encode(messages[nextIndex()]);
        codec.decode(target);
        return target;
    }
}
