package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;

/**
 * Reading the six fields of an encoded message where they lie, without building the {@code Data} object:
 * what zero-copy formats are for. Only the rows whose labels declare in-place access take part (their codecs
 * implement {@link BufferAccess}); JMH needs the {@code format} values as constants, and a test checks that
 * they are exactly those rows.
 * Cap'n Proto packed is not among them: it must be unpacked into new buffers before anything can be read.
 *
 * <p>Each call reads every field from the bytes in the state's buffer and sinks it; the text is sunk as its byte
 * length and the library's view of its bytes (no characters are decoded), so the figure is the cost of
 * locating and reading the fields. The run settings are {@link BenchmarkDefaults}, as for every benchmark,
 * so the figures sit in the same table.
 */
@State(Scope.Thread)
public class AccessBenchmark extends BenchmarkDefaults {

    /** The rows whose labels declare in-place access, in registry order (a test checks the list against the registry). */
    @Param({"bytesMarshallable", "sbe", "flatbuffers", "capnp"})
    public Format format;

    private BufferAccess access;
    private UnsafeBuffer buffer;
    private int length;
    private final BlackholeSink sink = new BlackholeSink();

    @Setup(Level.Trial)
    public void setUp() {
        BufferCodec<Data> codec = format.newCodec();
        if (!format.supportsAccess() || !(codec instanceof BufferAccess)) {
            throw new IllegalStateException("format " + format + " cannot read its fields in place");
        }
        Data message = Data.canonical();
        buffer = CallerBuffers.allocate(codec, CallerBuffers.MESSAGE_CAPACITY);
        // leave the canonical encoding in the buffer: access() reads it
        length = RoundTrip.verify(format.name(), codec, buffer, 0, message, RoundTrip.DATA);
        access = (BufferAccess) codec;
    }

    @Benchmark
    public void access(Blackhole bh) {
        access.access(buffer, 0, length, sink.to(bh));
    }
}
