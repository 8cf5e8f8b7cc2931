package org.wireshootout.report;

import org.wireshootout.registry.Format;
import org.wireshootout.codec.Labels;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The answer a reader looks for first: the round trip of the six-field message, one row per format ranked by
 * its median, with what each costs (p99, bytes per message, bytes allocated per operation) and what it is
 * (text or binary, in-place read, safety notes), and which rows are on the Pareto frontier of speed and size:
 * no other row is both at least as fast (p50) and at least as small (bytes), and better in one of them.
 */
final class Summary {
    /**
     * A row allocates on every operation when its B/op reaches this: the smallest Java object takes 16 bytes, so
     * less than that per operation is occasional allocation (the JIT, the harness, the warm-up's tail) spread
     * over millions of calls, not a message that allocates.
     */
    static final double ALLOCATING = 16.0;

    static final class Row {
        final JmhResult result;
        final String name;
        final Labels labels;
        final Format format;
        final double p50;
        final double p99;
        final double alloc;
        /** Bytes per canonical message, framing included; -1 when unknown (no codec in this build). */
        final int bytes;
        boolean frontier;
        /** The p50's interval: the lowest and highest p50 of the forks, or of the iterations when there is one fork. */
        final double low;
        final double high;
        /** "forks" or "iterations": what {@link #low} and {@link #high} spread over. */
        final String spreadOver;
        /** The rank: 1 + the rows before this one's group of overlapping intervals. */
        int rank;
        /** True when the row's interval overlaps another's (chained): the order inside its group is not known. */
        boolean tied;

        Row(JmhResult result, Format format, int bytes) {
            this.result = result;
            this.name = Rows.name(result);
            this.format = format;
            this.labels = format == null ? null : format.labels();
            this.p50 = result.percentile(50);
            this.p99 = result.percentile(99);
            this.alloc = result.allocBytesPerOp;
            this.bytes = bytes;
            List<SampleHistogram> parts = result.forkHistograms.size() > 1 ? result.forkHistograms : result.iterationHistograms;
            this.spreadOver = result.forkHistograms.size() > 1 ? "forks" : "iterations";
            double lo = p50;
            double hi = p50;
            for (SampleHistogram h : parts) {
                double v = h.percentile(50);
                if (Double.isNaN(v)) continue;
                lo = Double.isNaN(lo) ? v : Math.min(lo, v);
                hi = Double.isNaN(hi) ? v : Math.max(hi, v);
            }
            this.low = lo;
            this.high = hi;
        }

        /** "3", or "3=" when the row shares its rank. */
        String rankText() {
            return rank + (tied ? "=" : "");
        }

        boolean allocates() {
            return !Double.isNaN(alloc) && alloc >= ALLOCATING;
        }

        /** "yes" when the codec reads fields where they lie (the {@code access} benchmark's rows), "?" when unknown. */
        String inPlace() {
            if (format == null) return "?";
            try {
                return format.supportsAccess() ? "yes" : "no";
            } catch (RuntimeException | LinkageError e) {
                return "? (codec not available: " + e.getClass().getSimpleName() + ")";
            }
        }
    }

    final List<Row> rows = new ArrayList<>();
    /** The {@code baseline} row (timer and call only), kept out of the ranking; null when the run has none. */
    final Row baseline;

    Summary(RunDirectory run, Function<Format, Integer> bytes) {
        Row base = null;
        for (JmhResult r : run.resultsFor(ReportWriter.REFERENCE_BENCHMARK)) {
            if (!r.hasHistograms()) continue;
            Optional<Format> f = Rows.dataFormat(r);
            Integer b = f.map(bytes).orElse(null);
            Row row = new Row(r, f.orElse(null), b == null ? -1 : b);
            if (f.isPresent() && !f.get().carriesData()) {
                base = row;
                continue;
            }
            rows.add(row);
        }
        baseline = base;
        rows.sort(Comparator.comparingDouble((Row x) -> x.p50).thenComparingDouble(x -> x.p99).thenComparing(x -> x.name));
        rank(rows);
        for (Row a : rows) {
            if (!competes(a)) continue;
            boolean beaten = false;
            for (Row b : rows) {
                if (b == a || !competes(b)) continue;
                if (b.p50 <= a.p50 && b.bytes <= a.bytes && (b.p50 < a.p50 || b.bytes < a.bytes)) {
                    beaten = true;
                    break;
                }
            }
            a.frontier = !beaten;
        }
    }

    /**
     * Ranks rows sorted by p50: a row whose interval overlaps the group before it (its low at or below the group's
     * highest high) joins that group; every row of a group takes the rank of its first row (1, 1, 3), and a group
     * of more than one row is tied. Only order that the spread between forks (or iterations) cannot undo is ranked.
     */
    static void rank(List<Row> sorted) {
        int i = 0;
        while (i < sorted.size()) {
            int j = i + 1;
            double reach = sorted.get(i).high;
            while (j < sorted.size() && !(sorted.get(j).low > reach)) {
                reach = Math.max(reach, sorted.get(j).high);
                j++;
            }
            for (int k = i; k < j; k++) {
                sorted.get(k).rank = i + 1;
                sorted.get(k).tied = j - i > 1;
            }
            i = j;
        }
    }

    /** Rows with a known size that are formats to choose from: not the reference rows (the hand-written floor). */
    static boolean competes(Row r) {
        return r.bytes >= 0 && !Double.isNaN(r.p50) && (r.labels == null || r.labels.kind != Labels.Kind.REFERENCE);
    }

    List<Row> frontier() {
        List<Row> f = new ArrayList<>();
        for (Row r : rows) if (r.frontier) f.add(r);
        f.sort(Comparator.comparingInt(r -> r.bytes));
        return f;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }
}
