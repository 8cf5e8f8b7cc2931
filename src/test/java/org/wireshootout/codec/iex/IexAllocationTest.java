package org.wireshootout.codec.iex;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.IexFormat;
import org.wireshootout.model.iex.IexMessage;

import java.lang.management.ManagementFactory;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The IEX rows whose labels claim no allocation per message are held to it: after a warm-up, encoding and
 * decoding a cycle of one message of every type on one thread must allocate less than a byte per call on
 * average, counted by the JVM's per-thread allocation counter. The least of several windows is taken, so a
 * one-off (class initialisation, the JIT's first compilation) does not count; a per-message allocation shows
 * in every window. The rows labelled {@code allocates} are skipped.
 */
class IexAllocationTest {
    private static final int ROUNDS = 2_000;
    private static final int WINDOWS = 5;

    @ParameterizedTest(name = "{0}")
    @EnumSource(IexFormat.class)
    void rowsThatClaimNoAllocationAllocateNothingPerMessage(IexFormat format) {
        Assumptions.assumeFalse(format.labels().allocates, format + " is labelled as allocating: "
                + format.labels().allocationNote);
        com.sun.management.ThreadMXBean threads = threadBean();
        Codec<IexMessage> codec = format.newCodec();
        List<IexMessage> messages = IexSamples.handMade();
        IexMessage target = new IexMessage();
        long calls = (long) ROUNDS * messages.size();
        cycle(codec, messages, target);
        long least = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS; window++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            cycle(codec, messages, target);
            least = Math.min(least, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertTrue(least < calls, format + " allocated at least " + least + " bytes in every window of " + calls
                + " encode+decode pairs");
    }

    private static void cycle(Codec<IexMessage> codec, List<IexMessage> messages, IexMessage target) {
        for (int r = 0; r < ROUNDS; r++) {
            for (IexMessage m : messages) {
                codec.encode(m);
                codec.decode(target);
            }
        }
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
