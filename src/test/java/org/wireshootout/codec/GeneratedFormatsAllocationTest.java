package org.wireshootout.codec;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.model.Data;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schema-generated rows that claim no allocation per message (their labels carry no {@code allocates})
 * are held to it: after a warm-up, encodes and decodes on one thread must allocate less than a byte per
 * call on average, counted by the JVM's per-thread allocation counter. This counts bytes, not time. The
 * warm-up and the least of several measured windows take the one-off allocations out (class
 * initialisation, and a one-time allocation seen here around the JIT's first compilation of the encode
 * path); what is left is what the benchmark's {@code -prof gc} would see per message.
 */
class GeneratedFormatsAllocationTest {
    private static final int CALLS = 20_000;
    private static final int WINDOWS = 5;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"sbe", "flatbuffers"})
    void encodeAndDecodeAllocateNothingPerMessage(Format format) {
        assertFalse(format.labels().allocates, format + " is labelled as allocating; this test is for the rows that claim not to");
        com.sun.management.ThreadMXBean threads = threadBean();
        Codec<Data> codec = format.newCodec();
        Data value = Data.canonical();
        Data target = new Data();
        for (int i = 0; i < CALLS; i++) {
            codec.encode(value);
            codec.decode(target);
        }
        // the least of several windows: a per-message allocation shows in every window, a one-off in one only
        long least = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS; window++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < CALLS; i++) {
                codec.encode(value);
                codec.decode(target);
            }
            least = Math.min(least, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertTrue(least < CALLS, format + " allocated at least " + least + " bytes in every window of " + CALLS + " encode+decode pairs");
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
