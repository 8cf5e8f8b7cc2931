package org.wireshootout.bench;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedRoundTrip;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.registry.MessageFormat;

/**
 * A message described by a schema, through every library whose codec the generator wrote for it: {@code message}
 * is the message's key (the shapes of {@code schemas/messages/} are listed; a schema of your own is generated and
 * named by {@code microbenchmarks/run.sh --message FILE}), {@code format} the library. {@code roundTrip},
 * {@code encode} and {@code decode} mean what they mean in {@link DataBenchmark}, over the same caller-owned buffer.
 *
 * <p>A library that cannot carry the message has no row for it: its trial fails at once with the reason (which
 * the report lists), and the other trials go on. The value is {@link GeneratedSamples}'s, held in a state field;
 * the decoded target is reused and returned, and the round trip is checked before anything is timed.
 */
@State(Scope.Thread)
public class MessageBenchmark extends BenchmarkDefaults {

    @Param({"data", "orderentry", "quote", "booksnapshot", "executionreport", "tradebatch", "referencedata", "marketdata", "car", "mediacontent"})
    public String message;

    @Param
    public MessageFormat format;

    private BufferCodec<Object> codec;
    private UnsafeBuffer buffer;
    private Object value;
    private Object target;
    private int length;

    @Setup(Level.Trial)
    public void setUp() {
        set(GeneratedMessages.of(message));
    }

    private <M extends GeneratedMessage<M>> void set(GeneratedMessages.Entry entry) {
        BufferCodec<M> c = entry.newCodec(format);
        M v = GeneratedSamples.of(entry);
        GeneratedRoundTrip.Verified verified = GeneratedRoundTrip.verifyInRoom(entry.rowName(format), entry, c, v);
        UnsafeBuffer b = verified.buffer();
        length = verified.length();
        @SuppressWarnings({"unchecked", "rawtypes"}) BufferCodec<Object> any = (BufferCodec) c;
        codec = any;
        buffer = b;
        value = v;
        target = entry.newMessage();
        length = codec.encode(value, buffer, 0);
    }

    @Benchmark
    public Object roundTrip() {
        codec.decode(buffer, 0, codec.encode(value, buffer, 0), target);
        return target;
    }

    @Benchmark
    public int encode() {
        return codec.encode(value, buffer, 0);
    }

    @Benchmark
    public Object decode() {
        codec.decode(buffer, 0, length, target);
        return target;
    }
}
