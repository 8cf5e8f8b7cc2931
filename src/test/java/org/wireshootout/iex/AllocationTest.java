package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Decoding allocates per file, not per message: twice the messages, (nearly) the same bytes allocated. */
class AllocationTest {

    private static long allocatedBy(Path file, com.sun.management.ThreadMXBean mx) throws IOException {
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        long[] sink = new long[1];
        IexCaptureReader.read(file, m -> sink[0] += m.timestamp());
        return mx.getThreadAllocatedBytes(tid) - before;
    }

    @Test
    void allocationDoesNotGrowWithTheMessageCount(@TempDir Path dir) throws IOException {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "this JVM does not count allocated bytes per thread");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled(), "allocation counting is off");
        Path small = dir.resolve("small.pcap");
        Path large = dir.resolve("large.pcap");
        new DeepGenerator(1, 20_000).write(small, new CaptureWriter.Options());
        new DeepGenerator(1, 40_000).write(large, new CaptureWriter.Options());
        for (int i = 0; i < 5; i++) { // past class loading and the first compilations
            allocatedBy(small, mx);
            allocatedBy(large, mx);
        }
        long a = allocatedBy(small, mx);
        long b = allocatedBy(large, mx);
        // one byte per extra message would already be 20,000 bytes; a reused target allocates nothing per message
        assertTrue(b - a < 16_384, "20,000 more messages allocated " + (b - a) + " more bytes (" + a + " vs " + b + ")");
    }
}
