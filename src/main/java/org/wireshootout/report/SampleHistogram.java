package org.wireshootout.report;

import org.openjdk.jmh.util.MultisetStatistics;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Sampled times as JMH keeps them for SampleTime: distinct values with their counts. Percentiles come from
 * JMH's own estimator ({@link MultisetStatistics}), so a percentile computed here over a whole result equals the
 * {@code scorePercentiles} figure JMH wrote, and one computed over a single fork is comparable with it.
 */
public final class SampleHistogram {
    private final NavigableMap<Double, Long> counts = new TreeMap<>();
    private long n;
    private MultisetStatistics stats;

    public void add(double value, long count) {
        if (count <= 0) return;
        counts.merge(value, count, Long::sum);
        n += count;
        stats = null;
    }

    public void addAll(SampleHistogram other) {
        for (Map.Entry<Double, Long> e : other.counts.entrySet()) add(e.getKey(), e.getValue());
    }

    /** The number of samples. */
    public long count() {
        return n;
    }

    public double min() {
        return n == 0 ? Double.NaN : counts.firstKey();
    }

    /** The mean of the samples; NaN when empty. */
    public double mean() {
        if (n == 0) return Double.NaN;
        double sum = 0;
        for (Map.Entry<Double, Long> e : counts.entrySet()) sum += e.getKey() * e.getValue();
        return sum / n;
    }

    public double max() {
        return n == 0 ? Double.NaN : counts.lastKey();
    }

    /** The p-th percentile (p in 0..100) by JMH's estimator; NaN when empty. */
    public double percentile(double p) {
        if (n == 0) return Double.NaN;
        if (p >= 100) return max();
        if (stats == null) {
            stats = new MultisetStatistics();
            for (Map.Entry<Double, Long> e : counts.entrySet()) stats.addValue(e.getKey(), e.getValue());
        }
        return stats.getPercentile(p);
    }
}
