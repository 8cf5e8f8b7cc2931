package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Format;
import org.wireshootout.codec.InPlaceAccess;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Data;

/**
 * Reading the six fields of an encoded message where they lie, without building the {@code Data} object:
 * what zero-copy formats are for. Only the rows whose codec implements {@link InPlaceAccess} take part;
 * the {@code format} list below must name exactly those (a test checks it against the registry).
 * Cap'n Proto packed is not among them: it must be unpacked into new buffers before anything can be read.
 *
 * <p>Each call reads every field from the bytes the codec holds and sinks it; the text is sunk as its byte
 * length and the library's view of its bytes (no characters are decoded), so the figure is the cost of
 * locating and reading the fields. The run settings are {@link BenchmarkDefaults}, as for every benchmark,
 * so the figures sit in the same table.
 */
@State(Scope.Thread)
public class AccessBenchmark extends BenchmarkDefaults {

    @Param({"bytesMarshallable", "sbe", "flatbuffers", "capnp"})
    public String format;

    private InPlaceAccess access;

    @Setup(Level.Trial)
    public void setUp() {
        Format f = Format.byName(format);
        Codec<Data> codec = f.newCodec();
        if (!(codec instanceof InPlaceAccess)) {
            throw new IllegalStateException("format " + f + " cannot read its fields in place");
        }
        Data message = Data.canonical();
        RoundTrip.verify(f.name(), codec, message);
        // leave the canonical encoding in the buffer: access() reads it
        codec.encode(message);
        access = (InPlaceAccess) codec;
    }

    @Benchmark
    public void access(Blackhole sink) {
        access.access(sink);
    }
}
