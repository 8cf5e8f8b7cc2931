package org.wireshootout.wire;

import net.openhft.affinity.Affinity;
import org.wireshootout.bench.AffinitySupport;

import java.util.BitSet;

/** Pins the calling thread with Java Thread Affinity (as the benchmarks do) and says what pinning it then has. */
final class Pinning {
    private Pinning() {
    }

    /**
     * Binds the calling thread to {@code cpu} (checked: the kernel must then report exactly that CPU) and returns
     * "CPU n"; with {@code cpu < 0} leaves it alone and returns "not pinned (CPUs ...)" with the mask it may run on.
     */
    static String bind(int cpu) {
        if (cpu < 0) return "not pinned (may run on CPUs " + mask() + ")";
        AffinitySupport.bindCurrentThread(cpu);
        return "CPU " + cpu;
    }

    /** The calling thread's affinity mask as the kernel reports it, e.g. "0,1". */
    static String mask() {
        BitSet b = Affinity.getAffinity();
        if (b == null) return "unknown";
        StringBuilder s = new StringBuilder();
        for (int i = b.nextSetBit(0); i >= 0; i = b.nextSetBit(i + 1)) s.append(s.length() == 0 ? "" : ",").append(i);
        return s.toString();
    }
}
