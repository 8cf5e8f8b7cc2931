package org.wireshootout.generator;

import java.util.SplittableRandom;

/**
 * Whether the generated {@code fill} methods draw their text with non-ASCII characters now and then (as they do by
 * default) or ASCII only, on this thread. The round-trip check before a row is timed ({@link GeneratedRoundTrip})
 * fills its decode targets ASCII-only: a target whose text the JDK holds two bytes a char sends the decode down paths
 * (a builder's two-byte storage) that the timed decodes of an ASCII value never take, and the JIT then keeps them in
 * the code it compiles for the timed loop, where the hand-written rows' check, whose targets hold ASCII text, leaves
 * them out (docs/schema.md, "The round-trip check's targets").
 */
public final class AsciiFill {
    private static final ThreadLocal<boolean[]> ON = ThreadLocal.withInitial(() -> new boolean[1]);

    private AsciiFill() {
    }

    /** Whether fills on this thread draw ASCII text only (read by the generated {@code SeededValues.text}). */
    public static boolean on() {
        return ON.get()[0];
    }

    /** {@code m.fill(r)}, its text drawn from ASCII only. */
    public static <M extends GeneratedMessage<M>> M fill(M m, SplittableRandom r) {
        boolean[] on = ON.get();
        boolean was = on[0];
        on[0] = true;
        try {
            return m.fill(r);
        } finally {
            on[0] = was;
        }
    }
}
