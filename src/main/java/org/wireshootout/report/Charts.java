package org.wireshootout.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * The report's PNG charts from the run's figures: the decision chart (p50 against bytes), horizontal bars
 * (bytes, p50), and the latency-by-percentile curves as small multiples, one panel per family of formats.
 */
final class Charts {
    /** The curves' x positions: the percentiles of the tables, then the worst sample. */
    static final double[] CURVE_PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999};

    private Charts() {
    }

    static List<String> curveLabels() {
        List<String> l = new ArrayList<>();
        for (double p : CURVE_PERCENTILES) l.add(Fmt.percentileName(p));
        l.add("worst");
        return l;
    }

    /**
     * One curve's points: each percentile while at least one sample lies above it (NaN after that), then the
     * worst sample.
     */
    static double[] curve(JmhResult r) {
        return curve(r.sampleCount(), r::percentile, r.percentile(100));
    }

    /** The same from any source of percentiles: {@code n} samples, {@code at} a percentile's value, the worst sample. */
    static double[] curve(long n, DoubleUnaryOperator at, double worst) {
        double[] ys = new double[CURVE_PERCENTILES.length + 1];
        for (int i = 0; i < CURVE_PERCENTILES.length; i++) {
            double p = CURVE_PERCENTILES[i];
            ys[i] = n * (1 - p / 100) < 1 ? Double.NaN : at.applyAsDouble(p);
        }
        ys[CURVE_PERCENTILES.length] = worst;
        return ys;
    }

    /**
     * The panels of one benchmark: the rows of each family (at most {@link Png#MAX_LINES} lines a panel, a family
     * with more split into parts), with the reference rows (baseline, limit) drawn grey in every panel.
     */
    static List<Png.Panel> panels(List<JmhResult> results) {
        Map<Rows.Family, List<JmhResult>> byFamily = new EnumMap<>(Rows.Family.class);
        List<Png.Line> reference = new ArrayList<>();
        for (JmhResult r : results) {
            if (!r.hasHistograms()) continue;
            Rows.Family f = Rows.family(r);
            if (f == Rows.Family.REFERENCE) reference.add(new Png.Line(Rows.name(r), curve(r), true));
            else byFamily.computeIfAbsent(f, k -> new ArrayList<>()).add(r);
        }
        List<Png.Panel> panels = new ArrayList<>();
        if (byFamily.isEmpty()) {
            if (reference.isEmpty()) return panels;
            List<Png.Line> own = new ArrayList<>();
            for (Png.Line l : reference) own.add(new Png.Line(l.label, l.ys, false));
            panels.add(new Png.Panel(Rows.Family.REFERENCE.title, own));
            return panels;
        }
        for (Map.Entry<Rows.Family, List<JmhResult>> e : byFamily.entrySet()) {
            List<Png.Line> lines = new ArrayList<>();
            for (JmhResult r : e.getValue()) lines.add(new Png.Line(Rows.name(r), curve(r), false));
            addPanels(panels, e.getKey().title, reference, lines);
        }
        return panels;
    }

    /**
     * Adds the panels of one group: {@code lines} with {@code reference} drawn in each, at most {@link Png#MAX_LINES}
     * a panel, a group with more split into parts ("(1 of 2)").
     */
    static void addPanels(List<Png.Panel> panels, String title, List<Png.Line> reference, List<Png.Line> lines) {
        int room = Math.max(1, Png.MAX_LINES - reference.size());
        int parts = Math.max(1, (lines.size() + room - 1) / room);
        int per = (lines.size() + parts - 1) / parts;
        for (int k = 0; k < parts; k++) {
            List<Png.Line> panel = new ArrayList<>(reference);
            panel.addAll(lines.subList(Math.min(lines.size(), k * per), Math.min(lines.size(), (k + 1) * per)));
            panels.add(new Png.Panel(title + (parts > 1 ? String.format(Locale.ROOT, " (%d of %d)", k + 1, parts) : ""), panel));
        }
    }

    /** Returns false (and writes nothing) when no result has sample histograms. */
    static boolean percentileCurves(String title, List<JmhResult> results, Path png) throws IOException {
        List<Png.Panel> panels = panels(results);
        if (panels.isEmpty()) return false;
        Png.percentilePanels(title, curveLabels(), panels, png);
        return true;
    }

    static void decision(Summary s, Path png) throws IOException {
        List<Png.Point> points = new ArrayList<>();
        for (Summary.Row r : s.rows) {
            if (r.bytes < 0 || Double.isNaN(r.p50)) continue;
            points.add(new Png.Point(r.name, r.bytes, r.p50, r.frontier, r.allocates()));
        }
        Png.decision("Round trip p50 against bytes per message (" + ReportWriter.REFERENCE_BENCHMARK + ")", points, png);
    }

    /** Bytes per message, smallest first. */
    static void bytesBars(Summary s, Path png) throws IOException {
        List<Png.Bar> bars = new ArrayList<>();
        for (Summary.Row r : s.rows) if (r.bytes >= 0) bars.add(new Png.Bar(r.name, r.bytes, r.bytes + " B"));
        bars.sort(Comparator.comparingDouble((Png.Bar b) -> b.value).thenComparing(b -> b.label));
        Png.horizontalBars("Bytes per message (canonical message, framing included; computed at report time)",
                "bytes", bars, false, png);
    }

    /** Round-trip p50, fastest first (log scale: the rows span three decades). */
    static void p50Bars(Summary s, Path png) throws IOException {
        List<Png.Bar> bars = new ArrayList<>();
        // the rows in their ranked order, each labelled with its rank: "3= bson" where the order is not known
        for (Summary.Row r : s.rows) if (!Double.isNaN(r.p50)) bars.add(new Png.Bar(r.rankText() + " " + r.name, r.p50, timeLabel(r.p50)));
        Png.horizontalBars("Round trip p50 (" + ReportWriter.REFERENCE_BENCHMARK + "); 3= : a rank shared by rows whose p50 spreads overlap",
                "ns", bars, true, png);
    }

    /** 100 -> "100 ns", 1e4 -> "10 µs", 1e7 -> "10 ms". */
    static String timeLabel(double ns) {
        if (ns >= 1e9) return trim(ns / 1e9) + " s";
        if (ns >= 1e6) return trim(ns / 1e6) + " ms";
        if (ns >= 1e3) return trim(ns / 1e3) + " µs";
        return trim(ns) + " ns";
    }

    private static String trim(double v) {
        return String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
