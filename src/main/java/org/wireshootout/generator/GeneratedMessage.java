package org.wireshootout.generator;

import java.util.SplittableRandom;

/**
 * What every message class generated from a schema offers the benchmarks and the tests, whatever its fields: a
 * seeded value generator, a field-by-field comparison for the round-trip check, and a reset. The classes are
 * mutable and reusable (see {@link org.wireshootout.schema.MessageClassGenerator}).
 *
 * @param <M> the message class itself
 */
public interface GeneratedMessage<M extends GeneratedMessage<M>> {

    /** Fills every field with values drawn from {@code r}; the same seed gives the same message. */
    M fill(SplittableRandom r);

    /** The first field (a path such as {@code asks[0].size}) in which {@code other} differs from this, or null. */
    String firstDifference(M other);

    /** How many edge values {@link #edge} has: 0 to {@code EDGES - 1}. */
    int EDGES = 4;

    /**
     * Every field set to an edge value of its type: 0 the lowest (minima, empty text, bytes and groups, optional fields
     * absent), 1 the highest (maxima, bounds, infinities, multi-byte text), 2 the odd ones (NaN, ASCII control
     * characters and NUL, U+FFFF, every byte value, one entry per group), 3 as 2 with -0.0 in place of NaN.
     */
    M edge(int which);

    /** Every field back to its empty value, storage kept. */
    M clear();

    /**
     * {@code h} mixed with every field present: equal messages give equal sums in every JVM (no identity hash), so
     * that a receiver in another process can check what it decoded against what was sent.
     */
    long checksum(long h);

    /** One step of {@link #checksum}: {@code h} mixed with {@code v}. */
    static long mix(long h, long v) {
        h ^= v * 0x9E3779B97F4A7C15L;
        h = Long.rotateLeft(h, 29) * 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 32);
    }
}
