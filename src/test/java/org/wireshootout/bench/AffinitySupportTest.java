package org.wireshootout.bench;

import net.openhft.affinity.Affinity;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.BitSet;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The thread-affinity hook: the property, the binding, and the executor JMH is pointed at. */
class AffinitySupportTest {

    @AfterEach
    void clearProperty() {
        System.clearProperty(AffinitySupport.CPU_PROPERTY);
    }

    @Test
    void cpuPropertyIsParsed() {
        assertArrayEquals(new int[0], AffinitySupport.requestedCpus());
        System.setProperty(AffinitySupport.CPU_PROPERTY, "1");
        assertArrayEquals(new int[] {1}, AffinitySupport.requestedCpus());
        System.setProperty(AffinitySupport.CPU_PROPERTY, " 2, 3 ");
        assertArrayEquals(new int[] {2, 3}, AffinitySupport.requestedCpus());
        System.setProperty(AffinitySupport.CPU_PROPERTY, "two");
        assertThrows(IllegalArgumentException.class, AffinitySupport::requestedCpus);
    }

    @Test
    void nothingRequestedBindsNothing() {
        assertEquals(false, AffinitySupport.bindIfRequested());
    }

    /** The last CPU this JVM may run on (the one the run script would also pick). */
    private static int lastAllowedCpu() {
        BitSet mask = Affinity.getAffinity();
        return mask.length() - 1;
    }

    @Test
    void executorThreadsRunPinned() throws Exception {
        int cpu = lastAllowedCpu();
        System.setProperty(AffinitySupport.CPU_PROPERTY, Integer.toString(cpu));
        AffinitySupport.PinnedExecutor executor = new AffinitySupport.PinnedExecutor(1, "test");
        try {
            // as JMH submits: through a completion service, which wraps tasks with the executor's newTaskFor
            ExecutorCompletionService<BitSet> ecs = new ExecutorCompletionService<>(executor);
            ecs.submit(Affinity::getAffinity);
            BitSet seen = ecs.take().get(30, TimeUnit.SECONDS);
            BitSet expected = new BitSet();
            expected.set(cpu);
            assertEquals(expected, seen);
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void aCpuThatCannotBeHadIsRefused() throws Exception {
        Thread t = new Thread(() -> assertThrows(RuntimeException.class, () -> AffinitySupport.bindCurrentThread(4000)));
        Throwable[] failure = new Throwable[1];
        t.setUncaughtExceptionHandler((th, e) -> failure[0] = e);
        t.start();
        t.join();
        if (failure[0] != null) throw new AssertionError(failure[0]);
    }

    @Test
    void executorNeedsACpu() {
        assertThrows(IllegalStateException.class, () -> new AffinitySupport.PinnedExecutor(1, "test"));
    }
}
