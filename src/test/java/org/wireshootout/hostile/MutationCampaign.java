package org.wireshootout.hostile;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.Supplier;

/**
 * Feeds seeded mutations of a format's valid encodings to its decoder, generic over {@link Codec}{@code <T>} so
 * any data model can use it (the six-field {@code Data} rows now; the IEX rows once they exist).
 *
 * <p>Each case is {@code load(bytes)} then {@code decode(target)} on one codec kept for the whole run, as the
 * benchmarks keep theirs. A case may decode or throw any exception; it fails the run when it throws an
 * {@link Error} (an OutOfMemoryError from a lying length, a StackOverflowError from nesting), when it throws any
 * exception other than this project's {@link DecodeException} (a library's or the JDK's exception escaping
 * unwrapped names neither the format nor the offset), when it does not
 * finish within the per-case bound (the cases run on a worker thread that the calling thread watches), when it
 * allocates more than {@link #MAX_CASE_ALLOCATION} bytes (a lying length obeyed on a heap big enough not to
 * fail), or when the codec afterwards cannot decode a valid message correctly (state left broken by the bad
 * one). A failure names the format, the case, its seed and the mutated bytes in hex.
 */
final class MutationCampaign {
    /** More than any decode of a small message needs, far less than a lying length would make a decoder take. */
    static final long MAX_CASE_ALLOCATION = 64L << 20;

    private MutationCampaign() {
    }

    /**
     * What is tested: a name, a codec factory, a target factory, the valid values whose encodings are mutated,
     * the equality the recovery check uses, and the size of the buffer a message is held in.
     */
    record Subject<T>(String name, Supplier<? extends BufferCodec<T>> codecs, Supplier<T> targets, List<T> values,
                      BiPredicate<T, T> same, int capacity) {
        /** With held messages of {@link CallerBuffers#MESSAGE_CAPACITY} bytes. */
        Subject(String name, Supplier<? extends BufferCodec<T>> codecs, Supplier<T> targets, List<T> values, BiPredicate<T, T> same) {
            this(name, codecs, targets, values, same, CallerBuffers.MESSAGE_CAPACITY);
        }
    }

    /** The seed of case {@code index} of a run seeded {@code baseSeed}: the case can be rebuilt from it alone. */
    static long caseSeed(long baseSeed, long index) {
        long z = baseSeed + (index + 1) * 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** The case the worker is on, published for the watching thread. */
    private record Current(long index, long seed, byte[] bytes, long startNanos) {
    }

    /** The outcome of one run. */
    static final class Report {
        final String name;
        long cases;
        long nanos;
        final Map<String, Long> outcomes = new TreeMap<>();
        long slowestNanos = -1;
        /** The slowest case run again: the least of five timings, which leaves out a GC pause or a descheduled thread. */
        long slowestRetimedNanos = -1;
        long slowestIndex;
        long slowestSeed;
        int slowestLength;
        long mostAllocated;
        String failure;

        Report(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format("%-22s %,10d cases in %6.1f s", name, cases, nanos / 1e9));
            sb.append(String.format("; slowest %.2f ms, re-timed %.1f µs (case %d, seed 0x%016x, %d bytes); most allocated by one case %,d B",
                    slowestNanos / 1e6, slowestRetimedNanos / 1e3, slowestIndex, slowestSeed, slowestLength, mostAllocated));
            for (Map.Entry<String, Long> e : outcomes.entrySet()) {
                sb.append(String.format("%n    %-70s %,10d", e.getKey(), e.getValue()));
            }
            if (failure != null) sb.append("\n    FAILED: ").append(failure);
            return sb.toString();
        }
    }

    /** Runs {@code cases} cases seeded from {@code baseSeed}, each bounded by {@code caseBound}. */
    static <T> Report run(Subject<T> subject, long cases, long baseSeed, Duration caseBound) {
        Report report = new Report(subject.name());
        Worker<T> worker = new Worker<>(subject, cases, baseSeed, report);
        Thread thread = new Thread(worker, "mutation-" + subject.name());
        thread.setDaemon(true); // a hung case must not keep the test JVM alive
        long bound = caseBound.toNanos();
        long t0 = System.nanoTime();
        thread.start();
        try {
            while (thread.isAlive()) {
                thread.join(20);
                Current c = worker.current;
                if (thread.isAlive() && c != null && System.nanoTime() - c.startNanos() > bound) {
                    worker.stop = true;
                    thread.interrupt();
                    synchronized (report) {
                        if (report.failure == null) {
                            report.failure = describe(subject.name(), c.index(), c.seed(), c.bytes())
                                    + " did not finish within " + caseBound.toMillis() + " ms; stuck at:"
                                    + stack(thread);
                        }
                    }
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        synchronized (report) {
            report.nanos = System.nanoTime() - t0;
            return report;
        }
    }

    static String describe(String name, long index, long seed, byte[] bytes) {
        return String.format("%s case %d (seed 0x%016x, %d bytes: %s)", name, index, seed, bytes.length,
                HexFormat.of().formatHex(bytes));
    }

    private static String stack(Thread t) {
        StringBuilder sb = new StringBuilder();
        StackTraceElement[] st = t.getStackTrace();
        for (int i = 0; i < Math.min(st.length, 25); i++) sb.append("\n        at ").append(st[i]);
        return sb.toString();
    }

    /** A short name of an exception for the tally: its class, and for a DecodeException its cause's class. */
    static String outcomeName(Throwable t) {
        String s = className(t);
        if (t instanceof DecodeException && t.getCause() != null) s += " <- " + className(t.getCause());
        return s;
    }

    /** The simple name for this project's and the JDK's classes, the full name for a library's (two are called DecodeException). */
    private static String className(Throwable t) {
        String name = t.getClass().getName();
        return name.startsWith("org.wireshootout.") || name.startsWith("java.") ? t.getClass().getSimpleName() : name;
    }

    private static final class Worker<T> implements Runnable {
        private final Subject<T> subject;
        private final long cases;
        private final long baseSeed;
        private final Report report;
        volatile Current current;
        volatile boolean stop;

        Worker(Subject<T> subject, long cases, long baseSeed, Report report) {
            this.subject = subject;
            this.cases = cases;
            this.baseSeed = baseSeed;
            this.report = report;
        }

        @Override
        public void run() {
            try {
                campaign();
            } catch (Throwable t) {
                synchronized (report) {
                    if (report.failure == null) report.failure = subject.name() + ": the campaign itself failed: " + t;
                }
            }
        }

        private void campaign() {
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            // the valid encodings, and what a fresh codec decodes from each (the recovery check's expectation)
            List<byte[]> samples = new ArrayList<>();
            List<T> expected = new ArrayList<>();
            for (T v : subject.values()) {
                HeldMessage<T> writer = HeldMessage.of(subject.codecs().get(), subject.capacity());
                try {
                    writer.encode(v);
                } catch (RuntimeException cannotCarry) {
                    continue; // a value this format refuses to write (a declared limitation)
                }
                byte[] bytes = writer.bytes();
                HeldMessage<T> reader = HeldMessage.of(subject.codecs().get(), subject.capacity());
                reader.load(bytes, 0, bytes.length);
                T back = subject.targets().get();
                reader.decode(back);
                samples.add(bytes);
                expected.add(back);
            }
            if (samples.isEmpty()) throw new IllegalStateException("no value could be encoded");
            HeldMessage<T> codec = HeldMessage.of(subject.codecs().get(), subject.capacity());
            T target = subject.targets().get();
            T check = subject.targets().get();
            Map<String, Long> outcomes = new TreeMap<>();
            long slowest = -1;
            long slowestIndex = 0;
            long slowestSeed = 0;
            int slowestLength = 0;
            long mostAllocated = 0;
            long done = 0;
            for (long i = 0; i < cases && !stop; i++) {
                long seed = caseSeed(baseSeed, i);
                byte[] bytes = Mutator.mutate(seed, samples);
                String outcome;
                long a0 = threads.getCurrentThreadAllocatedBytes();
                long t0 = System.nanoTime();
                current = new Current(i, seed, bytes, t0);
                try {
                    codec.load(bytes, 0, bytes.length);
                    codec.decode(target);
                    outcome = "decoded";
                } catch (Error e) {
                    fail(describe(subject.name(), i, seed, bytes) + " threw " + e, e);
                    return;
                } catch (DecodeException e) {
                    outcome = outcomeName(e);
                } catch (Throwable e) {
                    // a library's own exception (or the JDK's) names neither the format nor the offset
                    fail(describe(subject.name(), i, seed, bytes) + " let " + e + " escape unwrapped:"
                            + " a decoder may throw only this project's DecodeException", e);
                    return;
                }
                long t = System.nanoTime() - t0;
                long allocated = threads.getCurrentThreadAllocatedBytes() - a0;
                current = null;
                if (allocated > MAX_CASE_ALLOCATION) {
                    fail(describe(subject.name(), i, seed, bytes) + " allocated " + allocated + " bytes", null);
                    return;
                }
                mostAllocated = Math.max(mostAllocated, allocated);
                outcomes.merge(outcome, 1L, Long::sum);
                if (t > slowest) {
                    slowest = t;
                    slowestIndex = i;
                    slowestSeed = seed;
                    slowestLength = bytes.length;
                }
                // the codec must still read a valid message correctly after the bad one
                int k = (int) (i % samples.size());
                byte[] good = samples.get(k);
                try {
                    codec.load(good, 0, good.length);
                    codec.decode(check);
                } catch (Throwable e) {
                    fail(subject.name() + ": after " + describe(subject.name(), i, seed, bytes)
                            + " the codec failed on a valid message: " + e, e);
                    return;
                }
                if (!subject.same().test(expected.get(k), check)) {
                    fail(subject.name() + ": after " + describe(subject.name(), i, seed, bytes)
                            + " the codec decoded a valid message as " + check + " instead of " + expected.get(k), null);
                    return;
                }
                done++;
            }
            long retimed = -1;
            if (slowest >= 0) {
                byte[] bytes = Mutator.mutate(slowestSeed, samples);
                for (int k = 0; k < 5; k++) {
                    long t0 = System.nanoTime();
                    try {
                        codec.load(bytes, 0, bytes.length);
                        codec.decode(target);
                    } catch (RuntimeException refused) {
                        // as it was the first time
                    }
                    long t = System.nanoTime() - t0;
                    retimed = retimed < 0 ? t : Math.min(retimed, t);
                }
            }
            synchronized (report) {
                report.slowestRetimedNanos = retimed;
                report.cases = done;
                report.outcomes.putAll(outcomes);
                report.slowestNanos = slowest;
                report.slowestIndex = slowestIndex;
                report.slowestSeed = slowestSeed;
                report.slowestLength = slowestLength;
                report.mostAllocated = mostAllocated;
            }
        }

        private void fail(String what, Throwable cause) {
            current = null;
            synchronized (report) {
                if (report.failure == null) {
                    StringBuilder sb = new StringBuilder(what);
                    if (cause != null) {
                        StackTraceElement[] st = cause.getStackTrace();
                        for (int i = 0; i < Math.min(st.length, 12); i++) sb.append("\n        at ").append(st[i]);
                    }
                    report.failure = sb.toString();
                }
            }
        }
    }
}
