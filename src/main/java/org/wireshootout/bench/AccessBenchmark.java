package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.wireshootout.codec.Codec;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.InPlaceAccess;
import org.wireshootout.model.Data;

/**
 * Reading the six fields of an encoded message where they lie, without building the {@code Data} object:
 * what zero-copy formats are for. Only the rows whose labels declare in-place access take part (their codecs
 * implement {@link InPlaceAccess}); JMH needs the {@code format} values as constants, and a test checks that
 * they are exactly those rows.
 * Cap'n Proto packed is not among them: it must be unpacked into new buffers before anything can be read.
 *
 * <p>Each call reads every field from the bytes the codec holds and sinks it; the text is sunk as its byte
 * length and the library's view of its bytes (no characters are decoded), so the figure is the cost of
 * locating and reading the fields. The run settings are {@link BenchmarkDefaults}, as for every benchmark,
 * so the figures sit in the same table.
 */
@State(Scope.Thread)
public class AccessBenchmark extends BenchmarkDefaults {

    /** The rows whose labels declare in-place access, in registry order (a test checks the list against the registry). */
    @Param({"bytesMarshallable", "sbe", "flatbuffers", "capnp"})
    public Format format;

    private InPlaceAccess access;
    private final BlackholeSink sink = new BlackholeSink();

    @Setup(Level.Trial)
    public void setUp() {
        Codec<Data> codec = format.newCodec();
        if (!format.supportsAccess() || !(codec instanceof InPlaceAccess)) {
            throw new IllegalStateException("format " + format + " cannot read its fields in place");
        }
        Data message = Data.canonical();
        format.verify(codec, message);
        // leave the canonical encoding in the buffer: access() reads it
        codec.encode(message);
        access = (InPlaceAccess) codec;
    }

    @Benchmark
    public void access(Blackhole bh) {
        access.access(sink.to(bh));
    }
}
