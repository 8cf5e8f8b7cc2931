package org.wireshootout.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.wireshootout.JvmFlags;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Format;
import org.wireshootout.codec.InPlaceAccess;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Data;

import java.util.concurrent.TimeUnit;

/**
 * Reading the six fields of an encoded message where they lie, without building the {@code Data} object:
 * what zero-copy formats are for. Only the rows whose codec implements {@link InPlaceAccess} take part;
 * the {@code format} list below must name exactly those (a test checks it against the registry).
 * Cap'n Proto packed is not among them: it must be unpacked into new buffers before anything can be read.
 *
 * <p>Each call reads every field from the bytes the codec holds and sinks it; the text is sunk as its byte
 * length and the library's view of its bytes (no characters are decoded), so the figure is the cost of
 * locating and reading the fields. The run settings are those of {@link DataBenchmark} (a test checks
 * that they stay equal), so the figures sit in the same table.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 10, jvmArgsAppend = {
        JvmFlags.OPEN_LANG, JvmFlags.OPEN_REFLECT, JvmFlags.OPEN_IO, JvmFlags.OPEN_UTIL, JvmFlags.OPEN_NIO,
        JvmFlags.EXPORT_REF, JvmFlags.EXPORT_NIO_CH, JvmFlags.EXPORT_MISC, JvmFlags.EXPORT_UTIL,
        JvmFlags.BOON_NO_FAST_STRINGS, JvmFlags.HEAP_MIN, JvmFlags.HEAP_MAX})
@Threads(1)
@State(Scope.Thread)
public class AccessBenchmark {

    @Param({"sbe", "flatbuffers", "capnp"})
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
