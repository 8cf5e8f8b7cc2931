package org.wireshootout.bench.replay;

import org.HdrHistogram.Histogram;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;

/**
 * What one format's replay measured (see {@link FormatRun}): the per-message serialize and deserialize times
 * (HdrHistograms of nanoseconds, plus their exact sums and maxima), the bytes, the cost of the timer in the
 * same JVM, and the per-symbol aggregates of what it decoded; or the reason it failed. Written to a file by a
 * forked JVM and read back by the parent.
 */
public final class FormatResult {
    public final String format;
    /** Null when the run completed; else why the format failed (its figures are then absent). */
    public final String failure;
    public final int messages;
    public final Histogram serialize;
    public final Histogram deserialize;
    public final long serializeTotalNanos;
    public final long deserializeTotalNanos;
    public final long serializeMaxNanos;
    public final long deserializeMaxNanos;
    public final long totalBytes;
    public final int minBytes;
    public final int maxBytes;
    public final long timerMedianNanos;
    public final long timer99Nanos;
    /** The smallest advance between two successive System.nanoTime() readings in this JVM. */
    public final long timerStepNanos;
    public final SymbolAggregates aggregates;
    public final String javaVersion;
    /** Warm-up passes actually run (the minimum asked for, plus any while the JIT was still compiling). */
    public final int warmupPasses;

    FormatResult(String format, String failure, int messages, Histogram serialize, Histogram deserialize,
                 long serializeTotalNanos, long deserializeTotalNanos, long serializeMaxNanos, long deserializeMaxNanos,
                 long totalBytes, int minBytes, int maxBytes, long timerMedianNanos, long timer99Nanos,
                 long timerStepNanos, SymbolAggregates aggregates, String javaVersion, int warmupPasses) {
        this.format = format;
        this.failure = failure;
        this.messages = messages;
        this.serialize = serialize;
        this.deserialize = deserialize;
        this.serializeTotalNanos = serializeTotalNanos;
        this.deserializeTotalNanos = deserializeTotalNanos;
        this.serializeMaxNanos = serializeMaxNanos;
        this.deserializeMaxNanos = deserializeMaxNanos;
        this.totalBytes = totalBytes;
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
        this.timerMedianNanos = timerMedianNanos;
        this.timer99Nanos = timer99Nanos;
        this.timerStepNanos = timerStepNanos;
        this.aggregates = aggregates;
        this.javaVersion = javaVersion;
        this.warmupPasses = warmupPasses;
    }

    /** The result of a format that could not be measured, saying why. */
    public static FormatResult failed(String format, String why) {
        return new FormatResult(format, why, 0, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null,
                System.getProperty("java.version"), 0);
    }

    public boolean ok() {
        return failure == null;
    }

    public void writeTo(DataOutputStream out) throws IOException {
        out.writeUTF(format);
        out.writeBoolean(failure != null);
        out.writeUTF(javaVersion);
        if (failure != null) {
            out.writeUTF(failure.length() > 20_000 ? failure.substring(0, 20_000) : failure);
            return;
        }
        out.writeInt(messages);
        out.writeInt(warmupPasses);
        writeHistogram(out, serialize);
        writeHistogram(out, deserialize);
        out.writeLong(serializeTotalNanos);
        out.writeLong(deserializeTotalNanos);
        out.writeLong(serializeMaxNanos);
        out.writeLong(deserializeMaxNanos);
        out.writeLong(totalBytes);
        out.writeInt(minBytes);
        out.writeInt(maxBytes);
        out.writeLong(timerMedianNanos);
        out.writeLong(timer99Nanos);
        out.writeLong(timerStepNanos);
        aggregates.writeTo(out);
    }

    public static FormatResult readFrom(DataInputStream in) throws IOException {
        String format = in.readUTF();
        boolean failed = in.readBoolean();
        String java = in.readUTF();
        if (failed) {
            FormatResult f = failed(format, in.readUTF());
            return new FormatResult(f.format, f.failure, 0, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, java, 0);
        }
        int messages = in.readInt();
        int warmup = in.readInt();
        Histogram s = readHistogram(in);
        Histogram d = readHistogram(in);
        return new FormatResult(format, null, messages, s, d, in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                in.readLong(), in.readInt(), in.readInt(), in.readLong(), in.readLong(), in.readLong(), SymbolAggregates.readFrom(in), java,
                warmup);
    }

    private static void writeHistogram(DataOutputStream out, Histogram h) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        out.writeInt(n);
        out.write(b.array(), 0, n);
    }

    private static Histogram readHistogram(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (64 << 20)) throw new IOException("histogram of " + n + " bytes is not plausible");
        byte[] a = new byte[n];
        in.readFully(a);
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(a), 0);
        } catch (DataFormatException e) {
            throw new IOException("histogram: " + e.getMessage(), e);
        }
    }
}
