package org.wireshootout.wire;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What an interleaved run measured, per format against the floor: the median of each slice; per cycle the format's
 * slice median less the mean of the two floor slices around it (the one that opens its cycle and the one that opens
 * the next); the median of those differences over the cycles with a distribution-free 95 % interval (order
 * statistics of the binomial), and the same for the ratio. Tails come from every message of the slot pooled.
 *
 * <p>Pure arithmetic over the recorded latencies ({@code latencies[i]} is message {@code firstSeq + i}), so it is
 * tested on made-up numbers.
 */
public final class PairedFigures {

    /** A median over cycles and the 95 % interval around it. */
    public record Interval(double median, double low, double high, double coverage) {
    }

    /** One slot's figures: the floor (slot 0) has no pairing. */
    public record Slot(int slot, String name, long messages, long p50, long p99, long p999, long worst,
                       double[] sliceMedians, Interval added, Interval ratio) {
    }

    private final Interleaved.Schedule schedule;
    private final int cycles;
    private final List<Slot> slots;

    private PairedFigures(Interleaved.Schedule schedule, int cycles, List<Slot> slots) {
        this.schedule = schedule;
        this.cycles = cycles;
        this.slots = slots;
    }

    public Interleaved.Schedule schedule() { return schedule; }

    public int cycles() { return cycles; }

    /** The floor first, then the formats in slot order. */
    public List<Slot> slots() { return slots; }

    /**
     * @param names     the slots' names, the floor's first
     * @param firstSeq  the sequence of {@code latencies[0]}: the first message of a cycle (after the warm-up cycles)
     * @param latencies every measured message's latency, through the floor slice that closes the last cycle
     */
    public static PairedFigures of(Interleaved.Schedule schedule, List<String> names, long firstSeq, long[] latencies) {
        int per = schedule.slotsPerCycle();
        int slice = schedule.sliceMessages();
        if (names.size() != per) throw new IllegalArgumentException(names.size() + " names for " + per + " slots");
        if (firstSeq % ((long) per * slice) != 0) throw new IllegalArgumentException("message " + firstSeq + " does not open a cycle");
        if (latencies.length % slice != 0 || latencies.length / slice % per != 1) {
            throw new IllegalArgumentException(latencies.length + " latencies are not whole cycles of " + per + " slices of " + slice
                    + " and the floor slice that closes them");
        }
        long firstSlice = firstSeq / slice;
        int slices = latencies.length / slice;
        int cycles = (slices - 1) / per;
        double[] medians = new double[slices];
        long[] scratch = new long[slice];
        for (int s = 0; s < slices; s++) {
            System.arraycopy(latencies, s * slice, scratch, 0, slice);
            medians[s] = median(scratch);
        }
        List<Slot> out = new ArrayList<>();
        for (int slot = 0; slot < per; slot++) {
            Histogram h = new Histogram(Receiver.HIGHEST_LATENCY_NS, 3);
            double[] own = new double[slot == 0 ? cycles + 1 : cycles];
            double[] added = new double[cycles];
            double[] ratio = new double[cycles];
            int n = 0;
            for (int s = 0; s < slices; s++) {
                if (schedule.slotOfSlice(firstSlice + s) != slot) continue;
                for (int i = s * slice; i < (s + 1) * slice; i++) h.recordValue(Math.min(latencies[i], Receiver.HIGHEST_LATENCY_NS));
                own[n] = medians[s];
                if (slot != 0) {
                    int cycle = s / per;
                    double floor = (medians[cycle * per] + medians[(cycle + 1) * per]) / 2;
                    added[n] = medians[s] - floor;
                    ratio[n] = floor > 0 ? medians[s] / floor : Double.NaN;
                }
                n++;
            }
            out.add(new Slot(slot, names.get(slot), h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(99),
                    h.getValueAtPercentile(99.9), h.getMaxValue(), own,
                    slot == 0 ? null : interval(added), slot == 0 ? null : interval(ratio)));
        }
        return new PairedFigures(schedule, cycles, List.copyOf(out));
    }

    /** The median of {@code values} (sorted in place). */
    static double median(long[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
    }

    /**
     * The median of {@code values} and the distribution-free interval around it: the j-th smallest and the j-th largest
     * value, j the largest with P(B &lt; j) &le; 0.025 for B ~ Binomial(n, 1/2); its coverage is 1 - 2 P(B &lt; j). With
     * fewer than 6 values no such j exists and the interval is the whole range (coverage below 95 %, stated).
     */
    public static Interval interval(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        if (n == 0) return new Interval(Double.NaN, Double.NaN, Double.NaN, 0);
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        double[] pmf = binomialHalf(n);
        int j = 1;
        double tail = pmf[0]; // P(B < j)
        while (j < n && tail + pmf[j] <= 0.025) {
            tail += pmf[j];
            j++;
        }
        if (j > (n + 1) / 2) j = (n + 1) / 2;
        return new Interval(median, v[j - 1], v[n - j], 1 - 2 * tail);
    }

    /** P(B = k) for B ~ Binomial(n, 1/2), k = 0..n, by logarithms (n can be in the hundreds). */
    private static double[] binomialHalf(int n) {
        double[] p = new double[n + 1];
        double logC = 0;
        for (int k = 0; k <= n; k++) {
            if (k > 0) logC += Math.log(n - k + 1) - Math.log(k);
            p[k] = Math.exp(logC - n * Math.log(2));
        }
        return p;
    }
}
