package org.wireshootout.bench;

import net.openhft.affinity.Affinity;

import java.util.BitSet;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pins the benchmark thread (and only it) to a CPU from inside the JVM, with Java Thread Affinity, for
 * {@code microbenchmarks/run.sh --affinity thread}. The rest of the JVM (JIT compilers, GC, JMH's control
 * threads) stays wherever the process mask lets it run, so it does not share the measured CPU.
 *
 * <p>The hook needs no line in any benchmark class: JMH runs benchmark threads on an executor it can be told
 * to take from a class ({@code -Djmh.executor=CUSTOM -Djmh.executor.class=...$PinnedExecutor}), and
 * {@link PinnedExecutor} binds each of its threads before it runs JMH's task, so setup, warm-up and
 * measurement all run on the pinned thread. The CPU list comes from {@value #CPU_PROPERTY}; the host JVM
 * passes its {@code -D} flags on to every fork. A benchmark may also call {@link #bindIfRequested()} from a
 * {@code @Setup(Level.Trial)} method, which does the same for the calling thread.
 *
 * <p>A request that cannot be honoured (no JNA, a CPU outside the allowed set) fails the benchmark rather
 * than letting a result claim a pinning it did not have.
 */
public final class AffinitySupport {

    /** Comma-separated CPU ids; benchmark thread {@code i} goes to entry {@code i % n}. */
    public static final String CPU_PROPERTY = "wireshootout.affinity.cpu";

    /** The line each successful binding prints (to stderr, which JMH copies into the run's log). */
    static final String LOG_PREFIX = "[wireshootout.affinity] ";

    private AffinitySupport() {
    }

    /** The CPUs asked for with {@value #CPU_PROPERTY}, or an empty array when none were. */
    public static int[] requestedCpus() {
        String value = System.getProperty(CPU_PROPERTY);
        if (value == null || value.isBlank()) return new int[0];
        String[] parts = value.split(",");
        int[] cpus = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                cpus[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(CPU_PROPERTY + " must be CPU ids separated by commas, not '" + value + "'", e);
            }
            if (cpus[i] < 0) throw new IllegalArgumentException(CPU_PROPERTY + ": negative CPU id in '" + value + "'");
        }
        return cpus;
    }

    /**
     * Binds the calling thread to the first requested CPU; does nothing (returns false) when none was requested.
     * For a {@code @Setup(Level.Trial)} method of a benchmark that is run without the custom executor.
     */
    public static boolean bindIfRequested() {
        int[] cpus = requestedCpus();
        if (cpus.length == 0) return false;
        bindCurrentThread(cpus[0]);
        return true;
    }

    /** Binds the calling thread to {@code cpu} and checks that the kernel now reports exactly that mask. */
    public static void bindCurrentThread(int cpu) {
        Affinity.setAffinity(cpu);
        BitSet now = Affinity.getAffinity();
        if (now == null || now.cardinality() != 1 || !now.get(cpu)) {
            throw new IllegalStateException("could not pin thread '" + Thread.currentThread().getName() + "' to CPU "
                    + cpu + ": affinity is now " + now + " (implementation " + Affinity.getAffinityImpl().getClass().getSimpleName()
                    + "; JNA available: " + Affinity.isJNAAvailable() + ")");
        }
    }

    /**
     * JMH's benchmark-thread executor when {@code -Djmh.executor=CUSTOM -Djmh.executor.class=} names this class:
     * a fixed pool like JMH's default, whose threads bind themselves to their CPU before each task they run
     * (binding again is a cheap system call outside any timed region, and it survives a thread being replaced).
     */
    public static final class PinnedExecutor extends ThreadPoolExecutor {

        /** The constructor JMH looks up: the number of benchmark threads and a name prefix. */
        public PinnedExecutor(int maxThreads, String prefix) {
            super(maxThreads, maxThreads, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), new PinnedThreadFactory(prefix));
            if (requestedCpus().length == 0) {
                throw new IllegalStateException(getClass().getName() + " needs -D" + CPU_PROPERTY + "=<cpu>[,<cpu>...]");
            }
        }

        // JMH hands its tasks to an ExecutorCompletionService, which asks this executor to wrap them, so the
        // binding happens on the worker thread before JMH's code. A failure there must end the fork: JMH's
        // control thread waits for the task to reach the benchmark loop and would sit out its whole timeout
        // (10 minutes by default) if the task merely threw.
        @Override
        protected <T> RunnableFuture<T> newTaskFor(Callable<T> task) {
            return new FutureTask<>(() -> {
                try {
                    bindWorker();
                } catch (RuntimeException | Error e) {
                    System.err.println(LOG_PREFIX + "FAILED, ending this fork: " + e);
                    System.err.flush();
                    System.exit(3);
                }
                return task.call();
            });
        }

        @Override
        protected <T> RunnableFuture<T> newTaskFor(Runnable task, T value) {
            return newTaskFor(() -> {
                task.run();
                return value;
            });
        }

        private static void bindWorker() {
            Thread t = Thread.currentThread();
            if (!(t instanceof PinnedThread)) {
                throw new IllegalStateException("task runs on a thread this executor did not make: " + t.getName());
            }
            PinnedThread pinned = (PinnedThread) t;
            bindCurrentThread(pinned.cpu);
            if (!pinned.announced) {
                pinned.announced = true;
                System.err.println(LOG_PREFIX + "benchmark thread '" + t.getName() + "' pinned to CPU " + pinned.cpu
                        + " (tid " + Affinity.getThreadId() + ", mask " + Affinity.getAffinity() + ")");
            }
        }
    }

    private static final class PinnedThreadFactory implements ThreadFactory {
        private final String prefix;
        private final int[] cpus = requestedCpus();
        private final AtomicInteger count = new AtomicInteger();

        PinnedThreadFactory(String prefix) {
            this.prefix = prefix;
        }

        @Override
        public Thread newThread(Runnable r) {
            int n = count.getAndIncrement();
            PinnedThread t = new PinnedThread(r, prefix + "-pinned-" + n, cpus[n % cpus.length]);
            t.setDaemon(true);
            return t;
        }
    }

    private static final class PinnedThread extends Thread {
        final int cpu;
        boolean announced;

        PinnedThread(Runnable r, String name, int cpu) {
            super(r, name);
            this.cpu = cpu;
        }
    }
}
