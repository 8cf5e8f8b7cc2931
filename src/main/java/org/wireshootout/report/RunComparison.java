package org.wireshootout.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs side by side: for every benchmark and row present in both, each percentile (and B/op, and for the
 * bulk rows the time per operation) of run A and run B with their ratio, marked only where the difference is
 * larger than the spread the runs themselves show.
 *
 * <p>The rule: JMH keeps each fork's samples apart ({@code rawDataHistogram} is per fork), so each fork's own
 * percentile can be computed with JMH's estimator. A run's spread at a percentile is max - min over its forks.
 * A difference B - A is marked when |B - A| exceeds the larger of the two runs' spreads, i.e. when it is bigger
 * than what merely restarting the JVM moved that percentile by, in either run. Forks are few (2-10), so the
 * spread understates the true variation: an unmarked difference is not evidence of equality, and a marked one
 * at a far tail rests on few samples (see the report's marks).
 *
 * <p>When either run has a single fork there is no JVM-to-JVM spread. The comparison then says so, and falls
 * back to the spread between measurement iterations (each iteration's percentile from its own samples), when
 * both runs have at least two: a weaker rule, since iterations share one JVM's JIT decisions and memory layout,
 * and its marks are labelled as such. With one iteration as well, nothing is marked.
 */
public final class RunComparison {
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999, 100};
    static final String ALLOC = "B/op";
    static final String TIME = "time/op";
    /** Lists of names longer than this many characters are wrapped, one group per line. */
    static final int WRAP = 100;

    public enum Verdict { SLOWER, FASTER, WITHIN_SPREAD, NO_SPREAD }

    /** What a mark was judged by. */
    public enum Basis { FORKS, ITERATIONS, NONE }

    /** One statistic of one row in both runs. */
    public static final class Line {
        public final String benchmark;
        public final String row;
        public final String format;
        public final String statistic;
        public final double a;
        public final double b;
        /** The per-fork (or per-iteration, see {@link #basis}) values the spread is taken over. */
        public final double[] aForks;
        public final double[] bForks;
        public final Basis basis;
        public final Verdict verdict;

        Line(String benchmark, String row, String format, String statistic, double a, double b, double[] aForks, double[] bForks, Basis basis) {
            this.benchmark = benchmark;
            this.row = row;
            this.format = format;
            this.statistic = statistic;
            this.a = a;
            this.b = b;
            this.aForks = aForks;
            this.bForks = bForks;
            this.basis = basis;
            this.verdict = basis == Basis.NONE ? Verdict.NO_SPREAD : judge(a, b, aForks, bForks);
        }

        public double ratio() {
            return b / a;
        }
    }

    public final RunDirectory runA;
    public final RunDirectory runB;
    public final List<Line> lines = new ArrayList<>();
    /** The two runs' paired wire results side by side (empty when they share none). */
    public final PairedComparison paired;
    public final List<String> onlyInA = new ArrayList<>();
    public final List<String> onlyInB = new ArrayList<>();

    public RunComparison(RunDirectory a, RunDirectory b) {
        runA = a;
        runB = b;
        paired = new PairedComparison(a.wire, b.wire);
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
        for (JmhResult r : run.results) m.put(r.shortName() + " " + Rows.name(r), r);
        return m;
    }

    /** The least number of forks of any row in the run (0 for an empty run). */
    static int minForks(RunDirectory run) {
        int min = Integer.MAX_VALUE;
        for (JmhResult r : run.results) min = Math.min(min, r.hasHistograms() ? r.forkHistograms.size() : r.rawData.size());
        return run.results.isEmpty() ? 0 : min;
    }

    private void add(JmhResult ra, JmhResult rb) {
        String row = Rows.name(ra);
        String format = ra.format() == null ? "" : ra.format();
        if (ra.hasHistograms() && rb.hasHistograms()) {
            boolean forks = ra.forkHistograms.size() >= 2 && rb.forkHistograms.size() >= 2;
            boolean iterations = ra.iterationHistograms.size() >= 2 && rb.iterationHistograms.size() >= 2;
            Basis basis = forks ? Basis.FORKS : iterations ? Basis.ITERATIONS : Basis.NONE;
            for (double p : PERCENTILES) {
                lines.add(new Line(ra.shortName(), row, format, Fmt.percentileName(p), ra.percentile(p), rb.percentile(p),
                        spreadValues(ra, p, basis), spreadValues(rb, p, basis), basis));
            }
        } else if (!ra.hasHistograms() && !rb.hasHistograms() && !Double.isNaN(ra.score) && !Double.isNaN(rb.score)) {
            // single shots (bulk): the score is the mean time per operation; each fork's mean, or each shot
            boolean forks = ra.rawData.size() >= 2 && rb.rawData.size() >= 2;
            double[] va = forks ? forkMeans(ra) : shots(ra);
            double[] vb = forks ? forkMeans(rb) : shots(rb);
            Basis basis = forks ? Basis.FORKS : va.length >= 2 && vb.length >= 2 ? Basis.ITERATIONS : Basis.NONE;
            lines.add(new Line(ra.shortName(), row, format, TIME + " (" + ra.scoreUnit + ")", ra.score, rb.score, va, vb, basis));
        }
        if (!Double.isNaN(ra.allocBytesPerOp) && !Double.isNaN(rb.allocBytesPerOp)) {
            boolean forks = ra.forkAllocBytesPerOp.size() >= 2 && rb.forkAllocBytesPerOp.size() >= 2;
            boolean iterations = ra.iterationAllocBytesPerOp.size() >= 2 && rb.iterationAllocBytesPerOp.size() >= 2;
            lines.add(new Line(ra.shortName(), row, format, ALLOC, ra.allocBytesPerOp, rb.allocBytesPerOp,
                    toArray(forks ? ra.forkAllocBytesPerOp : ra.iterationAllocBytesPerOp),
                    toArray(forks ? rb.forkAllocBytesPerOp : rb.iterationAllocBytesPerOp),
                    forks ? Basis.FORKS : iterations ? Basis.ITERATIONS : Basis.NONE));
        }
    }

    private static double[] spreadValues(JmhResult r, double p, Basis basis) {
        if (basis == Basis.ITERATIONS) {
            double[] v = new double[r.iterationHistograms.size()];
            for (int i = 0; i < v.length; i++) v[i] = r.iterationHistograms.get(i).percentile(p);
            return v;
        }
        return forkPercentiles(r, p);
    }

    static double[] forkPercentiles(JmhResult r, double p) {
        double[] v = new double[r.forkHistograms.size()];
        for (int i = 0; i < v.length; i++) v[i] = r.forkHistograms.get(i).percentile(p);
        return v;
    }

    private static double[] forkMeans(JmhResult r) {
        double[] v = new double[r.rawData.size()];
        for (int i = 0; i < v.length; i++) v[i] = r.rawData.get(i).stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        return v;
    }

    private static double[] shots(JmhResult r) {
        return r.rawData.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
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

    /** How the marks of this comparison were made, in one plain paragraph. */
    String rule() {
        int fa = minForks(runA), fb = minForks(runB);
        StringBuilder sb = new StringBuilder();
        if (runA.results.isEmpty() || runB.results.isEmpty()) {
            // a run of wire results only (run.sh --wire) has no JMH row: its forks are not "a single fork"
            String which = runA.results.isEmpty() && runB.results.isEmpty() ? "Neither run has" : runA.results.isEmpty() ? "Run A has no" : "Run B has no";
            sb.append("**").append(which.equals("Neither run has") ? "Neither run has JMH results" : which + " JMH results")
                    .append(", so no benchmark row can be compared.** This command compares JMH results and the paired wire ")
                    .append("results (formats against the floor, below, when both runs have them); the wire grid (the `")
                    .append(WireResults.FOLDER).append("/` folder's cells) is not compared here: read each run's report.md, whose ")
                    .append("wire table gives each cell's forks and p50 spread.");
            return sb.toString();
        }
        if (fa >= 2 && fb >= 2) {
            sb.append("Both runs have at least 2 forks per row (A: ").append(fa).append(", B: ").append(fb).append("). ")
                    .append("A difference is marked (**slower** / **faster**) only when |B - A| is larger than the spread ")
                    .append("(max - min) of that statistic across the forks of either run, each fork's percentile computed ")
                    .append("with JMH's estimator from its own samples. Few forks understate the spread: unmarked is not the ")
                    .append("same as equal.");
        } else {
            sb.append("**").append(fa < 2 && fb < 2 ? "Both runs have" : fa < 2 ? "Run A has" : "Run B has")
                    .append(" a single fork per row, so nothing can be judged against the JVM-to-JVM spread.** ")
                    .append("Instead, where both runs have 2 or more measurement iterations, a difference is marked ")
                    .append("(**slower (iterations)** / **faster (iterations)**) when |B - A| is larger than the spread of ")
                    .append("that statistic across the iterations of either run. Iterations share one JVM, so this spread is ")
                    .append("smaller than the real one: treat these marks as leads to re-measure with `--profile standard` ")
                    .append("(3 forks), not as findings.");
        }
        return sb.toString();
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Comparison\n\n");
        sb.append("- A: `").append(runA.dir).append("`").append(runA.jdk().isEmpty() ? "" : " (JDK " + runA.jdk() + ")").append('\n');
        sb.append("- B: `").append(runB.dir).append("`").append(runB.jdk().isEmpty() ? "" : " (JDK " + runB.jdk() + ")").append("\n\n");
        for (String u : runA.unreadable) sb.append("**Unreadable in A (left out):** ").append(u).append("\n\n");
        for (String u : runB.unreadable) sb.append("**Unreadable in B (left out):** ").append(u).append("\n\n");
        if (!runA.jdk().isEmpty() && !runB.jdk().isEmpty() && !runA.jdk().equals(runB.jdk())) {
            sb.append("The runs used different JDKs: every difference below includes the JDK's, allocation too ")
                    .append("(e.g. a library's formatting path that allocates on one JDK and not on the other).\n\n");
        }
        sb.append("Times in ns per operation (JMH's percentiles over all forks); bulk rows (`").append(TIME)
                .append("`) in the unit JMH recorded, the mean of the shots; B/op from `-prof gc`. `B/A` is B over A.\n\n");
        sb.append(rule()).append("\n\n");
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
                        .text("A spread min..max (n)").text("B spread min..max (n)").text("Mark");
            }
            t.row(List.of(l.row, l.statistic, value(l.a, l.statistic), value(l.b, l.statistic), Fmt.ratio(l.ratio()),
                    rangeText(l.aForks, l.statistic, l.basis), rangeText(l.bForks, l.statistic, l.basis), mark(l)));
        }
        if (t != null) {
            t.appendTo(sb);
            sb.append('\n');
        }
        sb.append(paired.markdown());
        if (lines.isEmpty() && paired.isEmpty()) sb.append("No benchmark and row is in both runs.\n\n");
        if (!onlyInA.isEmpty()) sb.append("Only in A (").append(onlyInA.size()).append("):\n\n").append(wrapped(onlyInA)).append('\n');
        if (!onlyInB.isEmpty()) sb.append("Only in B (").append(onlyInB.size()).append("):\n\n").append(wrapped(onlyInB)).append('\n');
        return sb.toString();
    }

    /** "Benchmark row" keys grouped by benchmark, one bullet per benchmark, wrapped at {@link #WRAP} characters. */
    static String wrapped(List<String> keys) {
        Map<String, List<String>> byBenchmark = new LinkedHashMap<>();
        for (String k : keys) {
            int sp = k.indexOf(' ');
            byBenchmark.computeIfAbsent(sp < 0 ? k : k.substring(0, sp), x -> new ArrayList<>()).add(sp < 0 ? "" : k.substring(sp + 1));
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<String>> e : byBenchmark.entrySet()) {
            StringBuilder line = new StringBuilder("- ").append(e.getKey()).append(": ");
            String indent = "  ";
            boolean first = true;
            for (String row : e.getValue()) {
                String item = (first ? "" : ", ") + row;
                if (line.length() + item.length() + 1 > WRAP) {
                    sb.append(line.toString().stripTrailing()).append(first ? "" : ",").append('\n');
                    line = new StringBuilder(indent);
                    item = item.startsWith(", ") ? item.substring(2) : item;
                }
                line.append(item);
                first = false;
            }
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    private static String value(double v, String statistic) {
        if (statistic.equals(ALLOC)) return Fmt.bytesPerOp(v);
        if (statistic.startsWith(TIME)) return Fmt.fixed(v, 3);
        return Fmt.nanos(v);
    }

    private static String rangeText(double[] values, String statistic, Basis basis) {
        if (values.length == 0) return "not recorded";
        if (values.length == 1) return "1 " + (basis == Basis.ITERATIONS ? "iteration" : "fork") + ": no spread";
        double[] r = range(values);
        return value(r[0], statistic) + ".." + value(r[1], statistic) + " (" + values.length
                + (basis == Basis.ITERATIONS ? " iterations" : " forks") + ")";
    }

    static String mark(Line l) {
        String basis = l.basis == Basis.ITERATIONS ? " (iterations)" : "";
        switch (l.verdict) {
            case SLOWER: return "**slower" + basis + "**";
            case FASTER: return "**faster" + basis + "**";
            case NO_SPREAD: return "no spread";
            default: return "";
        }
    }

    /** The same comparison as one self-contained, sortable HTML page. */
    public String html() {
        HtmlPage page = new HtmlPage("Wire Shootout comparison");
        page.h(1, "Comparison", null);
        page.p("A: " + runA.dir + (runA.jdk().isEmpty() ? "" : " (JDK " + runA.jdk() + ")"));
        page.p("B: " + runB.dir + (runB.jdk().isEmpty() ? "" : " (JDK " + runB.jdk() + ")"));
        for (String u : runA.unreadable) page.raw("<p class=\"warn\">Unreadable in A (left out): " + HtmlPage.esc(u) + "</p>\n");
        for (String u : runB.unreadable) page.raw("<p class=\"warn\">Unreadable in B (left out): " + HtmlPage.esc(u) + "</p>\n");
        page.p(rule().replace("**", "").replace("`", ""));
        page.raw("<p><label><input type=\"checkbox\" id=\"only-marked\"> only marked rows</label></p>\n");
        StringBuilder t = new StringBuilder();
        t.append("<table class=\"sortable\" id=\"comparison\"><thead><tr><th>Benchmark</th><th>Format</th><th>Statistic</th>")
                .append("<th class=\"num\">A</th><th class=\"num\">B</th><th class=\"num\">B/A</th><th>A spread</th><th>B spread</th><th>Mark</th></tr></thead>\n<tbody>\n");
        for (Line l : lines) {
            String m = mark(l).replace("**", "");
            String cls = l.verdict == Verdict.SLOWER ? "marked-slower" : l.verdict == Verdict.FASTER ? "marked-faster" : "";
            t.append("<tr data-mark=\"").append(l.verdict == Verdict.SLOWER || l.verdict == Verdict.FASTER ? "marked" : "")
                    .append("\" data-row-format=\"").append(HtmlPage.esc(l.format)).append('"')
                    .append(cls.isEmpty() ? "" : " class=\"" + cls + "\"").append('>');
            for (String c : List.of(l.benchmark, l.row, l.statistic)) t.append("<td>").append(HtmlPage.esc(c)).append("</td>");
            for (String c : List.of(value(l.a, l.statistic), value(l.b, l.statistic), Fmt.ratio(l.ratio()))) {
                t.append("<td class=\"num\">").append(HtmlPage.esc(c)).append("</td>");
            }
            for (String c : List.of(rangeText(l.aForks, l.statistic, l.basis), rangeText(l.bForks, l.statistic, l.basis), m)) {
                t.append("<td>").append(HtmlPage.esc(c)).append("</td>");
            }
            t.append("</tr>\n");
        }
        t.append("</tbody></table>\n");
        page.raw(t.toString());
        if (!onlyInA.isEmpty()) page.h(2, "Only in A (" + onlyInA.size() + ")", null).raw("<pre>" + HtmlPage.esc(wrapped(onlyInA)) + "</pre>\n");
        if (!onlyInB.isEmpty()) page.h(2, "Only in B (" + onlyInB.size() + ")", null).raw("<pre>" + HtmlPage.esc(wrapped(onlyInB)) + "</pre>\n");
        return page.html(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
    }
}
