package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two reasons not to take a run's figures at their word, each found from what the run recorded.
 *
 * <p><b>A row whose measurement iterations did not settle.</b> In each fork, every measurement iteration gets
 * one figure: its p50 from its own samples (SampleTime, JMH's estimator) or its score (AverageTime, Throughput;
 * SingleShotTime rows are single operations and are not judged). The row is <i>unsettled</i> when, in at least
 * one fork with two or more measured iterations, the largest figure exceeds the smallest by more than
 * {@link #SPREAD} of the smallest <i>and</i> by more than {@link #ABSOLUTE_NS} ns (for times; a 10 ns timer tick
 * alone moves a 60 ns p50 by a sixth). Iterations of one fork share one JVM's code, so they should agree; when
 * they do not, either the JIT was still compiling (figures falling from the first iteration to the last) or the
 * machine disturbed some of them (scattered), and the row's figure depends on when it was taken.
 *
 * <p><b>A busy machine.</b> From {@code env.json}'s {@code machineLoad} (written by {@code run.sh}): the machine
 * was busy when a recorded 1-minute load average (before the run, after any format, after the run) was above
 * the number of online CPUs (this run itself adds about one), or when another JMH process was seen (a JMH
 * fork or host, or the holder of JMH's lock). Runs made before {@code run.sh} recorded this say nothing.
 */
public final class Settledness {
    private Settledness() {
    }

    /** Iteration figures of one fork may differ by this fraction of the smallest before the row is unsettled. */
    public static final double SPREAD = 0.25;
    /** ... and by more than this many ns (two ticks of a 10 ns timer), for rows measured in time. */
    public static final double ABSOLUTE_NS = 20;
    /** The mark beside an unsettled row's p50 in the report's tables. */
    public static final String MARK = "‡";
    /** The same mark on the console, where the terminal's character set may lack {@link #MARK}. */
    public static final String CONSOLE_MARK = "~";

    /** One unsettled row: the fork (1-based) whose iterations disagree most, and their figures in order. */
    public static final class Unsettled {
        public final JmhResult result;
        public final int fork;
        public final List<Double> iterations;
        /** (largest - smallest) / smallest of {@link #iterations}. */
        public final double spread;

        Unsettled(JmhResult result, int fork, List<Double> iterations, double spread) {
            this.result = result;
            this.fork = fork;
            this.iterations = List.copyOf(iterations);
            this.spread = spread;
        }

        /** "falling" (first largest, last smallest: still warming up), "rising" (the reverse) or "scattered". */
        public String direction() {
            double first = iterations.get(0);
            double last = iterations.get(iterations.size() - 1);
            double min = iterations.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            double max = iterations.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            if (first == max && last == min) return "falling";
            if (first == min && last == max) return "rising";
            return "scattered";
        }
    }

    /** The row's measurement iterations per fork, one figure each (see the class comment); empty when not judged. */
    static List<List<Double>> iterationFigures(JmhResult r) {
        List<List<Double>> forks = new ArrayList<>();
        if (r.mode.equals("ss")) return forks;
        if (r.hasHistograms()) {
            int nForks = r.forkHistograms.size();
            int total = r.iterationHistograms.size();
            if (nForks == 0 || total % nForks != 0) return forks;
            int per = total / nForks;
            for (int f = 0; f < nForks; f++) {
                List<Double> it = new ArrayList<>();
                for (int i = 0; i < per; i++) it.add(r.iterationHistograms.get(f * per + i).percentile(50));
                forks.add(it);
            }
            return forks;
        }
        for (List<Double> fork : r.rawData) forks.add(new ArrayList<>(fork));
        return forks;
    }

    /** Nanoseconds per unit of the row's figures; NaN when the unit is not a time per operation (Throughput). */
    static double nanosPerUnit(String scoreUnit) {
        String u = scoreUnit == null ? "" : scoreUnit.trim();
        if (u.startsWith("ns/")) return 1;
        if (u.startsWith("us/") || u.startsWith("µs/")) return 1e3;
        if (u.startsWith("ms/")) return 1e6;
        if (u.startsWith("s/")) return 1e9;
        return Double.NaN;
    }

    /** The row's verdict: the fork with the widest spread when it breaks the rule, else null (settled or not judged). */
    public static Unsettled check(JmhResult r) {
        double perUnit = nanosPerUnit(r.scoreUnit);
        Unsettled worst = null;
        List<List<Double>> forks = iterationFigures(r);
        for (int f = 0; f < forks.size(); f++) {
            List<Double> it = forks.get(f);
            if (it.size() < 2 || it.stream().anyMatch(v -> v == null || Double.isNaN(v) || v <= 0)) continue;
            double min = it.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
            double max = it.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
            double spread = (max - min) / min;
            boolean wide = spread > SPREAD && (Double.isNaN(perUnit) || (max - min) * perUnit > ABSOLUTE_NS);
            if (wide && (worst == null || spread > worst.spread)) worst = new Unsettled(r, f + 1, it, spread);
        }
        return worst;
    }

    /** " ‡" after an unsettled row's figure, else "". */
    public static String mark(JmhResult r) {
        return check(r) == null ? "" : " " + MARK;
    }

    /** Every unsettled row of the run, in the run's order. */
    public static List<Unsettled> unsettled(RunDirectory run) {
        List<Unsettled> out = new ArrayList<>();
        for (JmhResult r : run.results) {
            Unsettled u = check(r);
            if (u != null) out.add(u);
        }
        return out;
    }

    /** The rule in one sentence, for the reports. */
    public static String rule() {
        return "in one fork, the measurement iterations' p50s (their scores in modes without samples) differ by more than "
                + Math.round(SPREAD * 100) + " % of the smallest and by more than " + Fmt.nanos(ABSOLUTE_NS) + " ns";
    }

    /**
     * The unsettled rows in a sentence ({@code code} wraps names in Markdown backticks), or "" when there are none:
     * each with its benchmark, the fork and its iteration figures.
     */
    public static String unsettledText(RunDirectory run, boolean code) {
        List<Unsettled> us = unsettled(run);
        if (us.isEmpty()) return "";
        List<String> items = new ArrayList<>();
        for (Unsettled u : us) {
            List<String> figures = new ArrayList<>();
            for (double v : u.iterations) figures.add(figure(v, u.result.scoreUnit));
            String q = code ? "`" : "";
            items.add(q + Rows.name(u.result) + q + " (" + u.result.shortName() + ", fork " + u.fork + ": "
                    + (u.result.hasHistograms() ? "iteration p50s " : "iteration scores ") + String.join(", ", figures)
                    + " " + unitWord(u.result.scoreUnit) + ", " + u.direction() + ")");
        }
        String q = code ? "`" : "";
        return us.size() + (us.size() == 1 ? " row's" : " rows'") + " measurement iterations did not settle (" + MARK
                + " beside the p50): " + String.join("; ", items) + ". The rule: " + rule() + ". Falling figures mean "
                + "the JIT was still at work when measuring began; scattered ones, the machine. Such a row's figure "
                + "and rank depend on when it was taken: warm it up longer (e.g. " + q + "-- -wi 10" + q + ") or give it more forks ("
                + q + "--profile standard" + q + ").";
    }

    private static String figure(double v, String unit) {
        return nanosPerUnit(unit) == 1 ? Fmt.nanos(v) : String.format(Locale.ROOT, "%.4g", v);
    }

    private static String unitWord(String unit) {
        return nanosPerUnit(unit) == 1 ? "ns" : unit;
    }

    // ---- the machine ----------------------------------------------------------------------------------------

    /** What made the machine busy, each reason a phrase; empty when it was not, or env.json did not record it. */
    public static List<String> busyReasons(JsonNode env) {
        List<String> reasons = new ArrayList<>();
        JsonNode m = env.path("machineLoad");
        if (!m.isObject()) return reasons;
        int cpus = m.path("cpus").asInt(0);
        double before = m.path("before").path(0).asDouble(Double.NaN);
        double after = m.path("after").path(0).asDouble(Double.NaN);
        double highest = Double.NaN;
        for (double l : new double[] {before, after}) if (!Double.isNaN(l)) highest = Double.isNaN(highest) ? l : Math.max(highest, l);
        for (Iterator<Map.Entry<String, JsonNode>> it = env.path("formats").fields(); it.hasNext(); ) {
            JsonNode l = it.next().getValue().path("loadAfter");
            if (l.isNumber()) highest = Double.isNaN(highest) ? l.asDouble() : Math.max(highest, l.asDouble());
        }
        if (cpus > 0 && !Double.isNaN(highest) && highest > cpus) {
            reasons.add("1-minute load average up to " + load(highest) + " on " + cpus + " CPUs (before the run "
                    + (Double.isNaN(before) ? "not recorded" : load(before)) + ", after it "
                    + (Double.isNaN(after) ? "not recorded" : load(after)) + ")");
        }
        List<String> pids = new ArrayList<>();
        for (JsonNode p : m.path("otherJava")) if (p.path("jmh").asBoolean(false)) pids.add(p.path("pid").asText());
        JsonNode lock = m.path("jmhLock");
        for (JsonNode p : lock.path("heldAtStart")) if (!pids.contains(p.asText())) pids.add(p.asText());
        if (!pids.isEmpty()) {
            String ignored = lock.path("ignored").asBoolean(false) && !lock.path("ignoredBy").asText("").isEmpty()
                    ? "; its lock ignored by " + lock.path("ignoredBy").asText() : "";
            int shown = Math.min(pids.size(), 6);
            reasons.add("another JMH run beside this one (process" + (pids.size() == 1 ? " " : "es ")
                    + String.join(", ", pids.subList(0, shown)) + (pids.size() > shown ? " and " + (pids.size() - shown) + " more" : "")
                    + ignored + ")");
        }
        return reasons;
    }

    /** The busy-machine warning as a sentence, or "" when the machine was not busy (or nothing was recorded). */
    public static String busyText(JsonNode env) {
        List<String> reasons = busyReasons(env);
        if (reasons.isEmpty()) return "";
        return "The machine was busy during this run: " + String.join("; ", reasons) + ". Other work takes the CPU "
                + "unevenly, so rows measured at different moments met different competition: figures are high and "
                + "rankings doubtful. Re-run on a quiet machine before trusting them.";
    }

    private static String load(double l) {
        return String.format(Locale.ROOT, "%.2f", l);
    }
}
