package org.wireshootout.bench;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedRoundTrip;
import org.wireshootout.generator.GeneratedUnion;
import org.wireshootout.iex.IexDataSet;
import org.wireshootout.registry.MessageFormat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A union's stream (several message types in one stream, as IEX's) through every library whose union codec the
 * generator wrote: {@code union} is the union's key ({@code schema.Union}), {@code format} the library, {@code stream}
 * the messages: IEX's day (the one {@link IexBenchmark} walks) or {@value #STREAM} seeded messages (seeds 0 to
 * {@value #STREAM} - 1: each draws its member, then its fields), every one verified before timing; each call takes the
 * next, as {@link IexBenchmark} walks its day. {@code decode} reads the stream as encoded once, one message after
 * another; {@code roundTrip} and {@code encode} write into one caller-owned buffer. {@code format} lists the libraries
 * with a union codec; another given with {@code -p} fails at once with the reason.
 */
@State(Scope.Thread)
public class UnionBenchmark extends BenchmarkDefaults {
    /** Messages in a seeded stream. */
    public static final int STREAM = 1024;
    /** The union whose stream can be an IEX day. */
    static final String IEX = "iex.IexMessage";

    @Param({"iex.IexMessage"})
    public String union;

    /** The rows with a union codec, in registry order (UnionBenchmarkTest holds this list to the build's index). */
    @Param({"jackson", "jacksonCBytes", "jacksonCBytesRW", "msgpack", "sbe", "protobuf", "kryo", "avro", "bson", "bsonCBytes",
            "externalizable", "externalizableCBytes", "serializable", "kryoFields", "kryoTagged", "kryoCompatible", "bytesMarshallable",
            "bytesMarshallableStopBit", "fory", "foryCompatible", "foryIds", "foryShared", "snakeYaml", "boon", "flatbuffers", "capnp",
            "capnpPacked", "twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF", "bwireFTT", "rwireUTF",
            "rwire8bit"})
    public MessageFormat format;

    /**
     * {@code day}: IEX's union only, the messages of the IEX day {@link IexBenchmark} walks (its default synthetic
     * day), in its order, so that its hand-written rows and these generated ones time the same stream;
     * {@code seeded}: {@value #STREAM} seeded messages, for any union.
     */
    @Param({"day"})
    public String stream;

    private BufferCodec<Object> codec;
    private UnsafeBuffer buffer;
    private Object[] messages;
    private UnsafeBuffer encoded;
    private int[] offsets;
    private Object target;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        set(GeneratedMessages.union(union));
    }

    private <U extends GeneratedUnion<U>> List<U> values(GeneratedMessages.Entry entry) {
        switch (stream) {
            case "seeded" -> {
                List<U> out = new ArrayList<>(STREAM);
                for (int i = 0; i < STREAM; i++) out.add(entry.<U>newMessage().fill(new SplittableRandom(i)));
                return out;
            }
            case "day" -> {
                if (!entry.key().equals(IEX)) throw new IllegalArgumentException("only " + IEX + " has a day; use -p stream=seeded for " + entry.key());
                try {
                    return IexDayAsUnion.convert(entry, IexDataSet.load(""));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot make the IEX day", e);
                }
            }
            default -> throw new IllegalArgumentException("stream '" + stream + "' is neither day nor seeded");
        }
    }

    private <U extends GeneratedUnion<U>> void set(GeneratedMessages.Entry entry) {
        BufferCodec<U> c = entry.newCodec(format);
        List<U> values = values(entry);
        messages = new Object[values.size()];
        offsets = new int[values.size() + 1];
        UnsafeBuffer s = CallerBuffers.allocate(c, CallerBuffers.MESSAGE_CAPACITY);
        buffer = CallerBuffers.allocate(c, CallerBuffers.MESSAGE_CAPACITY);
        for (int i = 0; i < values.size(); i++) {
            U v = values.get(i);
            while (true) {
                try {
                    GeneratedRoundTrip.verify(entry.rowName(format), entry, c, buffer, 0, v);
                    break;
                } catch (EncodeOverflowException roomTooSmall) {
                    buffer = CallerBuffers.allocate(c, 2 * buffer.capacity());
                }
            }
            while (true) {
                try {
                    offsets[i + 1] = offsets[i] + c.encode(v, s, offsets[i]);
                    break;
                } catch (EncodeOverflowException roomTooSmall) {
                    // a row may ask for more room than the message takes (Chronicle's rows ask for their largest)
                    UnsafeBuffer grown = CallerBuffers.allocate(c, 2 * s.capacity());
                    grown.putBytes(0, s, 0, offsets[i]);
                    s = grown;
                }
            }
            messages[i] = v;
        }
        @SuppressWarnings({"unchecked", "rawtypes"}) BufferCodec<Object> any = (BufferCodec) c;
        codec = any;
        encoded = s;
        target = entry.newMessage();
        next = 0;
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == messages.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public Object roundTrip() {
        codec.decode(buffer, 0, codec.encode(messages[nextIndex()], buffer, 0), target);
        return target;
    }

    @Benchmark
    public int encode() {
        return codec.encode(messages[nextIndex()], buffer, 0);
    }

    @Benchmark
    public Object decode() {
        int i = nextIndex();
        codec.decode(encoded, offsets[i], offsets[i + 1] - offsets[i], target);
        return target;
    }
}
