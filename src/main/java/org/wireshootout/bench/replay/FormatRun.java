package org.wireshootout.bench.replay;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * One format's replay in the current JVM:
 * <ol>
 *   <li>verification: one untimed pass that encodes and decodes every message and compares the type and every
 *       field of its type; a format that fails is reported as failed and never timed;</li>
 *   <li>warm-up: passes identical to the timed one (same code, same recording), whose figures are thrown away:
 *       at least {@code warmupPasses} of them and at least {@code warmupMillis} of them, then further passes until
 *       {@value #QUIET_PASSES} passes in a row ran with no compilation finishing (the JVM's total compilation
 *       time, {@link CompilationMXBean}, unchanged), at most {@value #MAX_EXTRA_PASSES} more. Compilation runs in the background: on a busy machine the compiler
 *       thread can lag behind, and a pass count alone would then time code not yet compiled;</li>
 *   <li>{@code System.gc()}, then the cost of the timer is measured in this JVM;</li>
 *   <li>the timed pass: <b>serialize</b> every message in order, each timed on its own ({@code System.nanoTime()}
 *       immediately before and after {@code encode}, which writes the message straight into one stream of every
 *       message, in the memory the codec works on without a copy); <b>deserialize</b> every message in order where it
 *       lies in that stream, {@code decode} into one reused message timed on its own, and the decoded message folded
 *       into the per-symbol aggregates (untimed). Nothing is copied between the two.</li>
 * </ol>
 * Each sample therefore holds one encode or decode plus one timer pair; the histograms have 3 significant digits
 * (exact below 2,048 ns), the totals and maxima are exact.
 */
public final class FormatRun {
    /** The histograms' range: 1 ns to 10 s (a longer sample is recorded as 10 s; the exact maximum is kept apart). */
    static final long HIGHEST = 10_000_000_000L;
    /** The most warm-up passes added while the JIT is still compiling. */
    public static final int MAX_EXTRA_PASSES = 50;
    /** Warm-up passes in a row without compilation that end the warm-up. */
    static final int QUIET_PASSES = 2;

    private final IexFormat format;
    private final BufferCodec<IexMessage> codec;
    private final IexMessage[] messages;
    private final IexMessage target = new IexMessage();
    private final SymbolAggregates aggregates = new SymbolAggregates();
    private final Histogram serialize = new Histogram(HIGHEST, 3);
    private final Histogram deserialize = new Histogram(HIGHEST, 3);
    /** Every message encoded one after another, in the memory the codec works on without a copy. */
    private UnsafeBuffer stream;
    private final int[] offsets;
    private long serializeTotal;
    private long deserializeTotal;
    private long serializeMax;
    private long deserializeMax;
    private int warmupPassesDone;

    private FormatRun(IexFormat format, List<IexMessage> messages) {
        this.format = format;
        this.codec = format.newCodec();
        this.messages = messages.toArray(new IexMessage[0]);
        this.offsets = new int[this.messages.length + 1];
        this.stream = CallerBuffers.allocate(codec, Math.max(1024, this.messages.length * 64) + CallerBuffers.MESSAGE_CAPACITY);
    }

    /** Runs the replay of {@code messages} through {@code format} in this JVM. */
    public static FormatResult measure(IexFormat format, List<IexMessage> messages, int warmupPasses, long warmupMillis) {
        FormatRun run;
        try {
            run = new FormatRun(format, messages);
        } catch (RuntimeException e) {
            return FormatResult.failed(format.name(), "cannot make the codec: " + e);
        }
        return run.measure(warmupPasses, warmupMillis);
    }

    private FormatResult measure(int warmupPasses, long warmupMillis) {
        String failure = verify();
        if (failure != null) return FormatResult.failed(format.name(), failure);
        try {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            boolean canWatch = jit != null && jit.isCompilationTimeMonitoringSupported();
            long start = System.nanoTime();
            long minimumNanos = warmupMillis * 1_000_000L;
            int passes = 0;
            int extra = 0;
            int quiet = 0;
            long compiled = canWatch ? jit.getTotalCompilationTime() : 0;
            while (warmupPasses > 0 || minimumNanos > 0) { // both 0: no warm-up at all
                boolean minimumDone = passes >= warmupPasses && System.nanoTime() - start >= minimumNanos;
                if (minimumDone && (!canWatch || quiet >= QUIET_PASSES || extra >= MAX_EXTRA_PASSES)) break;
                timedPass();
                passes++;
                if (minimumDone) extra++;
                long now = canWatch ? jit.getTotalCompilationTime() : 0;
                quiet = now == compiled ? quiet + 1 : 0;
                compiled = now;
            }
            warmupPassesDone = passes;
            System.gc();
            long[] timer = timerCost();
            timedPass();
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (int i = 0; i < messages.length; i++) {
                int n = offsets[i + 1] - offsets[i];
                min = Math.min(min, n);
                max = Math.max(max, n);
            }
            return new FormatResult(format.name(), null, messages.length, serialize.copy(), deserialize.copy(),
                    serializeTotal, deserializeTotal, serializeMax, deserializeMax, offsets[messages.length],
                    messages.length == 0 ? 0 : min, max, timer[0], timer[1], timer[2], aggregates, System.getProperty("java.version"),
                    warmupPassesDone);
        } catch (RuntimeException e) {
            // a codec that verified and then failed on the same messages: report it, do not time it
            return FormatResult.failed(format.name(), "failed during the replay: " + e);
        }
    }

    /** Encodes and decodes every message once, comparing; null when every message came back whole. */
    private String verify() {
        for (int i = 0; i < messages.length; i++) {
            IexMessage m = messages[i];
            try {
                codec.decode(stream, 0, codec.encode(m, stream, 0), target);
            } catch (RuntimeException e) {
                return "message " + i + " " + m + ": " + e;
            }
            IexField diff = m.firstDifference(target);
            if (diff != null) {
                return "message " + i + " " + m + " came back with " + diff + " = " + target.describe(diff);
            }
        }
        return null;
    }

    /** One serialize pass and one deserialize pass, recorded afresh. */
    private void timedPass() {
        serialize.reset();
        deserialize.reset();
        aggregates.clear();
        serializeTotal = deserializeTotal = serializeMax = deserializeMax = 0;
        serializePass();
        deserializePass();
    }

    private void serializePass() {
        final BufferCodec<IexMessage> c = codec;
        final IexMessage[] ms = messages;
        final Histogram h = serialize;
        long total = 0;
        long max = 0;
        int at = 0;
        for (int i = 0; i < ms.length; i++) {
            IexMessage m = ms[i];
            if (stream.capacity() - at < CallerBuffers.MESSAGE_CAPACITY) grow(at); // the first pass only: later passes are the same length
            UnsafeBuffer s = stream;
            long start = System.nanoTime();
            int length = c.encode(m, s, at);
            long elapsed = System.nanoTime() - start;
            h.recordValue(Math.min(elapsed, HIGHEST));
            total += elapsed;
            if (elapsed > max) max = elapsed;
            offsets[i] = at;
            at += length;
        }
        offsets[ms.length] = at;
        serializeTotal = total;
        serializeMax = max;
    }

    /** Doubles the stream, keeping its first {@code used} bytes. */
    private void grow(int used) {
        UnsafeBuffer grown = CallerBuffers.allocate(codec, 2 * stream.capacity());
        grown.putBytes(0, stream, 0, used);
        stream = grown;
    }

    private void deserializePass() {
        final BufferCodec<IexMessage> c = codec;
        final IexMessage t = target;
        final Histogram h = deserialize;
        final SymbolAggregates a = aggregates;
        final UnsafeBuffer s = stream;
        final int[] o = offsets;
        long total = 0;
        long max = 0;
        for (int i = 0; i < messages.length; i++) {
            int at = o[i];
            int length = o[i + 1] - at;
            long start = System.nanoTime();
            c.decode(s, at, length, t);
            long elapsed = System.nanoTime() - start;
            h.recordValue(Math.min(elapsed, HIGHEST));
            total += elapsed;
            if (elapsed > max) max = elapsed;
            a.apply(t);
        }
        deserializeTotal = total;
        deserializeMax = max;
    }

    /**
     * The cost of the timer itself: a million back-to-back {@code System.nanoTime()} pairs after a warm-up,
     * as {median, 99th percentile, the smallest advance between successive readings} in ns. Every replay sample contains one such pair.
     */
    static long[] timerCost() {
        Histogram h = new Histogram(HIGHEST, 3);
        for (int round = 0; round < 2; round++) {
            h.reset();
            for (int i = 0; i < 1_000_000; i++) {
                long start = System.nanoTime();
                long elapsed = System.nanoTime() - start;
                h.recordValue(Math.min(elapsed, HIGHEST));
            }
        }
        // the smallest advance seen between two successive readings that differ: the clock's tick or the cost of a
        // call, whichever is larger (a smaller difference between two samples cannot be seen)
        long step = Long.MAX_VALUE;
        for (int i = 0; i < 100_000; i++) {
            long a = System.nanoTime();
            long b;
            do {
                b = System.nanoTime();
            } while (b == a);
            step = Math.min(step, b - a);
        }
        return new long[] {h.getValueAtPercentile(50), h.getValueAtPercentile(99), step};
    }
}
