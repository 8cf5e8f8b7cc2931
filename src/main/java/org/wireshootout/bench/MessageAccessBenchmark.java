package org.wireshootout.bench;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedRoundTrip;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.registry.MessageFormat;

/**
 * {@link AccessBenchmark} for a message described by a schema: every field of the encoded message read where it lies
 * by the generated row's {@link BufferAccess}, without building the message object, each field put into the
 * blackhole (text and bytes as their length and the library's view of their bytes; a group's count, then its
 * entries; an optional field's presence, then its value). {@code message} is {@link MessageBenchmark}'s list (a
 * test keeps the two equal); {@code format} the libraries whose generated codecs read in place, as constants, which
 * a test checks against the rows that implement {@link BufferAccess}. Cap'n Proto packed is not among them: it must
 * be unpacked into buffers of its own before anything can be read.
 *
 * <p>A library that cannot carry the message has no row for it: its trial fails at once with the reason. Setup
 * checks the round trip of the value ({@link GeneratedSamples}) as {@link MessageBenchmark} does and leaves its
 * encoding in the buffer, which every call reads.
 */
@State(Scope.Thread)
public class MessageAccessBenchmark extends BenchmarkDefaults {

    @Param({"data", "orderentry", "quote", "booksnapshot", "executionreport", "tradebatch", "referencedata", "marketdata", "car", "mediacontent"})
    public String message;

    /** The libraries whose generated codecs implement {@link BufferAccess}, in registry order (a test checks the list). */
    @Param({"sbe", "flatbuffers", "capnp"})
    public MessageFormat format;

    private BufferAccess access;
    private UnsafeBuffer buffer;
    private int length;
    private final BlackholeSink sink = new BlackholeSink();

    @Setup(Level.Trial)
    public void setUp() {
        set(GeneratedMessages.of(message));
    }

    private <M extends GeneratedMessage<M>> void set(GeneratedMessages.Entry entry) {
        BufferCodec<M> c = entry.newCodec(format);
        if (!(c instanceof BufferAccess a)) {
            throw new IllegalStateException("the generated " + entry.rowName(format) + " row cannot read its fields in place");
        }
        M v = GeneratedSamples.of(entry);
        GeneratedRoundTrip.Verified verified = GeneratedRoundTrip.verifyInRoom(entry.rowName(format), entry, c, v);
        UnsafeBuffer b = verified.buffer();
        length = verified.length();
        // verify leaves the value's encoding in the buffer: access() reads it
        buffer = b;
        access = a;
    }

    @Benchmark
    public void access(Blackhole bh) {
        access.access(buffer, 0, length, sink.to(bh));
    }
}
