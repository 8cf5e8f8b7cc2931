package org.wireshootout.codec;

import org.junit.jupiter.api.Assumptions;

import java.lang.management.ManagementFactory;

/**
 * Counts the bytes one thread allocates, with the JVM's per-thread allocation counter (bytes, never time). A
 * claim of "no allocation per call" is checked as: after a warm-up, the least of several windows of
 * {@code calls} calls allocates fewer than {@code calls} bytes. The least window takes the one-off allocations
 * out (class initialisation, the JIT's first compilation); a per-call allocation shows in every window. The
 * calling test is skipped, saying so, on a JVM without the counter.
 */
public final class AllocationProbe {
    private static final int WINDOWS = 5;
    /** How many times {@link #leastBytes} runs its window: one warm-up and the measured windows. */
    public static final int RUNS = 1 + WINDOWS;

    private AllocationProbe() {
    }

    /** Runs {@code window} (which makes {@code calls} calls) once to warm up, then {@value #WINDOWS} times; returns the least bytes allocated in one run. */
    public static long leastBytes(Runnable window) {
        com.sun.management.ThreadMXBean threads = threadBean();
        window.run();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < WINDOWS; i++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            window.run();
            least = Math.min(least, threads.getCurrentThreadAllocatedBytes() - before);
        }
        return least;
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter on this JVM");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "per-thread allocation counting is off");
        return threads;
    }
}
