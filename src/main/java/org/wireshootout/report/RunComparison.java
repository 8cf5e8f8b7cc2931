package org.wireshootout.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs side by side: for every benchmark and row present in both, each percentile (and B/op) of run A and
 * run B with their ratio, marked only where the difference is larger than the spread between forks.
 *
 * <p>The rule: JMH keeps each fork's samples apart ({@code rawDataHistogram} is per fork), so each fork's own
 * percentile can be computed with JMH's estimator. A run's spread at a percentile is max - min over its forks.
 * A difference B - A is marked when |B - A| exceeds the larger of the two runs' spreads, i.e. when it is bigger
 * than what merely restarting the JVM moved that percentile by, in either run. With a single fork in either run
 * there is no spread to judge by and nothing is marked. Forks are few (2-10), so the spread understates the
 * true variation: an unmarked difference is not evidence of equality, and a marked one at a far tail rests on
 * few samples (see the report's marks).
 */
public final class RunComparison {
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999, 100};
    static final String ALLOC = "B/op";

    public enum Verdict { SLOWER, FASTER, WITHIN_SPREAD, NO_SPREAD }

    /** One statistic of one row in both runs. */
    public static final class Line {
        public final String benchmark;
        public final String row;
        public final String statistic;
        public final double a;
        public final double b;
        public final double[] aForks;
        public final double[] bForks;
        public final Verdict verdict;

        Line(String benchmark, String row, String statistic, double a, double b, double[] aForks, double[] bForks) {
            this.benchmark = benchmark;
            this.row = row;
            this.statistic = statistic;
            this.a = a;
            this.b = b;
            this.aForks = aForks;
            this.bForks = bForks;
            this.verdict = judge(a, b, aForks, bForks);
        }

        public double ratio() {
            return b / a;
        }
    }

    public final RunDirectory runA;
    public final RunDirectory runB;
    public final List<Line> lines = new ArrayList<>();
    public final List<String> onlyInA = new ArrayList<>();
    public final List<String> onlyInB = new ArrayList<>();

    public RunComparison(RunDirectory a, RunDirectory b) {
        runA = a;
        runB = b;
        Map<String, JmhResult> inA = index(a);
        Map<String, JmhResult> inB = index(b);
        for (Map.Entry<String, JmhResult> e : inA.entrySet()) {
            JmhResult rb = inB.get(e.getKey());
            if (rb == null) {
                onlyInA.add(e.getKey());
                continue;
            }
            add(e.getValue(), rb);
        }
        for (String k : inB.keySet()) if (!inA.containsKey(k)) onlyInB.add(k);
    }

    private static Map<String, JmhResult> index(RunDirectory run) {
        Map<String, JmhResult> m = new LinkedHashMap<>();
        for (JmhResult r : run.results) m.put(r.shortName() + " " + ReportWriter.rowName(r), r);
        return m;
    }

    private void add(JmhResult ra, JmhResult rb) {
        String row = ReportWriter.rowName(ra);
        if (ra.hasHistograms() && rb.hasHistograms()) {
            for (double p : PERCENTILES) {
                lines.add(new Line(ra.shortName(), row, Fmt.percentileName(p), ra.percentile(p), rb.percentile(p),
                        forkPercentiles(ra, p), forkPercentiles(rb, p)));
            }
        }
        if (!Double.isNaN(ra.allocBytesPerOp) && !Double.isNaN(rb.allocBytesPerOp)) {
            lines.add(new Line(ra.shortName(), row, ALLOC, ra.allocBytesPerOp, rb.allocBytesPerOp,
                    toArray(ra.forkAllocBytesPerOp), toArray(rb.forkAllocBytesPerOp)));
        }
    }

    static double[] forkPercentiles(JmhResult r, double p) {
        double[] v = new double[r.forkHistograms.size()];
        for (int i = 0; i < v.length; i++) v[i] = r.forkHistograms.get(i).percentile(p);
        return v;
    }

    private static double[] toArray(List<Double> l) {
        double[] v = new double[l.size()];
        for (int i = 0; i < v.length; i++) v[i] = l.get(i);
        return v;
    }

    /** {min, max} over the forks. */
    static double[] range(double[] forks) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : forks) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return new double[] {min, max};
    }

    static double spread(double[] forks) {
        double[] r = range(forks);
        return r[1] - r[0];
    }

    static Verdict judge(double a, double b, double[] aForks, double[] bForks) {
        if (aForks.length < 2 || bForks.length < 2) return Verdict.NO_SPREAD;
        double spread = Math.max(spread(aForks), spread(bForks));
        if (Math.abs(b - a) > spread) return b > a ? Verdict.SLOWER : Verdict.FASTER;
        return Verdict.WITHIN_SPREAD;
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Comparison\n\n");
        sb.append("- A: `").append(runA.dir).append("`\n");
        sb.append("- B: `").append(runB.dir).append("`\n\n");
        sb.append("Times in ns per operation (JMH's percentiles over all forks), B/op from `-prof gc`. `B/A` is B over A. ")
                .append("A difference is marked (**slower** / **faster**) only when |B - A| is larger than the spread ")
                .append("(max - min) of that statistic across the forks of either run, each fork's percentile computed ")
                .append("with JMH's estimator from its own samples. Where a run has a single fork there is no spread, ")
                .append("and nothing is marked. Few forks understate the spread: unmarked is not the same as equal.\n\n");
        String current = null;
        MarkdownTable t = null;
        for (Line l : lines) {
            if (!l.benchmark.equals(current)) {
                if (t != null) {
                    t.appendTo(sb);
                    sb.append('\n');
                }
                current = l.benchmark;
                sb.append("## ").append(current).append("\n\n");
                t = new MarkdownTable().text("Format").text("Statistic").number("A").number("B").number("B/A")
                        .text("A forks min..max").text("B forks min..max").text("Mark");
            }
            boolean alloc = l.statistic.equals(ALLOC);
            t.row(List.of(l.row, l.statistic, value(l.a, alloc), value(l.b, alloc), Fmt.ratio(l.ratio()),
                    rangeText(l.aForks, alloc), rangeText(l.bForks, alloc), mark(l.verdict)));
        }
        if (t != null) {
            t.appendTo(sb);
            sb.append('\n');
        }
        if (!onlyInA.isEmpty()) sb.append("Only in A: ").append(String.join(", ", onlyInA)).append("\n\n");
        if (!onlyInB.isEmpty()) sb.append("Only in B: ").append(String.join(", ", onlyInB)).append("\n\n");
        return sb.toString();
    }

    private static String value(double v, boolean alloc) {
        return alloc ? Fmt.bytesPerOp(v) : Fmt.nanos(v);
    }

    private static String rangeText(double[] forks, boolean alloc) {
        if (forks.length == 0) return "";
        if (forks.length == 1) return "1 fork: no spread";
        double[] r = range(forks);
        return value(r[0], alloc) + ".." + value(r[1], alloc) + " (" + forks.length + ")";
    }

    static String mark(Verdict v) {
        switch (v) {
            case SLOWER: return "**slower**";
            case FASTER: return "**faster**";
            case NO_SPREAD: return "no spread";
            default: return "";
        }
    }
}
