package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.wireshootout.wire.WireSweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's "Crossing the wire" part, from the {@code wire} command's results in the run's
 * {@value WireResults#FOLDER} folder: the format x transport table at the table's rate, latency against offered
 * rate, and the latency by percentile per transport (from the histograms read back).
 */
final class WireSection {
    static final String TITLE = "Crossing the wire";
    static final String RATE_CHART = "wire-rate.png";
    static final String PERCENTILE_CHART = "wire-percentiles.png";
    static final List<String> HEADERS = List.of("format", "transport", "p50", "p99", "p99.9", "worst", "p50 from actual send",
            "offered (msg/s)", "achieved (msg/s)", "back-pressure", "highest sustained");

    private WireSection() {
    }

    /** Writes the section's charts into the run directory; returns their file names (none without wire results). */
    static List<String> writeCharts(RunDirectory run) throws IOException {
        WireResults w = run.wire;
        List<String> files = new ArrayList<>();
        if (w.isEmpty()) return files;
        List<RateChart.Panel> ratePanels = new ArrayList<>();
        List<Png.Panel> curvePanels = new ArrayList<>();
        double table = w.tableRate();
        for (String t : w.transports()) {
            List<RateChart.Series> series = new ArrayList<>();
            List<Png.Line> curves = new ArrayList<>();
            for (WireResults.Cell c : w.cells) {
                if (!c.transport.equals(t) || c.points.isEmpty()) continue;
                series.add(series(c));
                WireResults.Point p = c.at(table);
                if (p != null && p.histogram.getTotalCount() > 0) {
                    curves.add(new Png.Line(c.format, Charts.curve(p.histogram.getTotalCount(),
                            q -> p.histogram.getValueAtPercentile(q), p.histogram.getMaxValue()), false));
                }
            }
            if (!series.isEmpty()) ratePanels.add(new RateChart.Panel(t, series));
            if (!curves.isEmpty()) Charts.addPanels(curvePanels, t, List.of(), curves);
        }
        java.util.Set<Double> rates = new java.util.TreeSet<>();
        for (WireResults.Cell c : w.cells) for (WireResults.Point p : c.points) rates.add(p.offered);
        // one offered rate gives no line against the rate: the chart would be empty, so it is left out
        if (!ratePanels.isEmpty() && rates.size() >= 2) {
            RateChart.draw("Latency against offered rate, per transport (" + w.cells.get(0).payload + " payload)", ratePanels,
                    run.dir.resolve(RATE_CHART));
            files.add(RATE_CHART);
        }
        if (!curvePanels.isEmpty()) {
            Png.percentilePanels("Latency by percentile at " + WireSweep.rateLabel(table) + " msg/s, per transport",
                    Charts.curveLabels(), curvePanels, run.dir.resolve(PERCENTILE_CHART));
            files.add(PERCENTILE_CHART);
        }
        return files;
    }

    private static RateChart.Series series(WireResults.Cell c) {
        int n = c.points.size();
        double[] rates = new double[n], p50 = new double[n], p99 = new double[n];
        boolean[] sustained = new boolean[n];
        for (int i = 0; i < n; i++) {
            WireResults.Point p = c.points.get(i);
            rates[i] = p.offered;
            p50[i] = p.latency("p50");
            p99[i] = p.latency("p99");
            sustained[i] = p.sustained();
        }
        return new RateChart.Series(c.format, rates, p50, p99, sustained);
    }

    /** True when the run's settings name at least one isolated CPU (and so the run could be on one). */
    static boolean isolated(WireResults w) {
        String s = w.settings.path("isolatedCpus").asText("");
        return !s.isBlank() && !s.equals("unreadable");
    }

    /** The marker on a figure a machine without an isolated CPU does not support, and what it means. */
    static final String UNSUPPORTED = " †";
    static final String NOT_ISOLATED = "† No CPU of this machine was isolated. What such a machine supports: p50, p99, p50 from the "
            + "actual send and back-pressure at the table's rate, compared within this run, and the paired figures against the floor. "
            + "p99.9 and worst are the machine's (interrupts, neighbours, the hypervisor) as much as the format's, and the highest "
            + "sustained rate is one sweep, which on the development VM moved between 10k and 1M msg/s for the same cell from one run to the "
            + "next: it is shown, marked, and not a figure to rank by here. On an isolated CPU these columns carry no mark.";

    /** The table's rows: one per cell, its figures at the table's rate, or why it has none. */
    static List<List<String>> rows(WireResults w) {
        double table = w.tableRate();
        String mark = isolated(w) ? "" : UNSUPPORTED;
        List<List<String>> rows = new ArrayList<>();
        for (WireResults.Cell c : w.cells) {
            List<String> r = new ArrayList<>(List.of(c.format, c.transport));
            WireResults.Point p = c.at(table);
            if (p == null) {
                String why = c.failures.isEmpty() ? "not run at " + WireSweep.rateLabel(table) + " msg/s" : "FAILED: " + c.failures.get(0);
                r.add(why);
                while (r.size() < HEADERS.size() - 1) r.add("");
            } else {
                for (String k : List.of("p50", "p99")) r.add(ns(p.latency(k)));
                for (String k : List.of("p99.9", "worst")) r.add(ns(p.latency(k)) + mark);
                r.add(ns(p.fromActualSend("p50")));
                r.add(WireSweep.rateLabel(p.offered));
                r.add(WireSweep.rateLabel(Math.round(p.achieved)));
                r.add(Long.toString(p.backPressureEvents()));
            }
            r.add((c.highestSustained > 0 ? WireSweep.rateLabel(c.highestSustained) : "none")
                    + (p != null && !c.failures.isEmpty() ? " (then failed)" : "") + mark);
            rows.add(r);
        }
        return rows;
    }

    private static String ns(long v) {
        return v < 0 ? "" : WireSweep.nanos(v);
    }

    /** The run's settings in a sentence, from run.json. */
    static String settingsLine(WireResults w) {
        JsonNode s = w.settings;
        if (s.isMissingNode()) return "No readable run.json in the wire folder: the run's settings are unknown.";
        List<String> rates = new ArrayList<>();
        for (JsonNode r : s.path("rates")) rates.add(WireSweep.rateLabel(r.asDouble()));
        return "Payload " + s.path("payload").asText("?") + ", offered rates " + String.join(", ", rates) + " msg/s, "
                + s.path("secondsPerRate").asText("?") + " s each (the first " + Math.round(s.path("warmupFraction").asDouble() * 100)
                + " % not recorded), sender CPU " + cpu(s.path("senderCpu")) + ", receiver CPU " + cpu(s.path("receiverCpu"))
                + ", Aeron driver CPU " + cpu(s.path("driverCpu")) + " (" + s.path("driverThreading").asText("?") + "), allowed CPUs "
                + s.path("cpusAllowed").asText("?") + ", isolated: " + none(s.path("isolatedCpus").asText()) + "; load average at the start "
                + s.path("loadAverageAtStart").asText("?") + "; " + s.path("java").asText("?") + "; started "
                + s.path("started").asText("?") + ". Sustained: achieved at least 97 % of the offered rate, no growing backlog, p99 at or under "
                + s.path("p99BoundMicros").asText("?") + " µs.";
    }

    private static String cpu(JsonNode n) {
        return n.asInt(-1) < 0 ? "unpinned" : n.asText();
    }

    private static String none(String s) {
        return s == null || s.isBlank() ? "none" : s;
    }

    /** Problems a reader must see before the figures: failed cells, cells without a file. */
    static List<String> problems(WireResults w) {
        List<String> out = new ArrayList<>();
        for (WireResults.Cell c : w.cells) for (String f : c.failures) out.add(f);
        for (String m : w.missingCells()) out.add(m + ": no result file (refused before any rate ran; see the wire command's output)");
        return out;
    }

    /** Per transport, which threads shared which CPU and how the receiver waited (from its first result). */
    static Map<String, String> threads(WireResults w) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String t : w.transports()) {
            for (WireResults.Cell c : w.cells) {
                if (c.transport.equals(t) && !c.points.isEmpty()) out.putIfAbsent(t, c.points.get(0).cpuSharing());
            }
        }
        return out;
    }

    static String intro(WireResults w) {
        return "The `wire` command's results (`" + WireResults.FOLDER + "/`): a sender at a fixed offered rate, a receiver on "
                + "another thread decoding every message, latency from the moment each message was meant to be sent (so "
                + "a stall counts for every message queued behind it). Table at " + WireSweep.rateLabel(w.tableRate())
                + " msg/s; the highest sustained rate is over every rate that ran.";
    }

    static final String CHART_NOTE = "Latency against offered rate: where p99 (dashed) turns upward, queues are forming; "
            + "past that the rate is not sustained. Latency by percentile: from each cell's histogram at the table's rate, "
            + "read back from its file; a line stops at the last percentile with a sample above it, then jumps to the worst.";

    /** Appends the section to the Markdown report; nothing when the run has no wire results. */
    static void append(StringBuilder sb, RunDirectory run, List<String> charts) {
        WireResults w = run.wire;
        if (w.isEmpty()) return;
        sb.append("## ").append(TITLE).append("\n\n");
        PairedSection.append(sb, w);
        if (w.cells.isEmpty()) return;
        if (!w.paired.isEmpty()) sb.append("### Each format alone, rate by rate\n\n");
        sb.append(intro(w)).append("\n\n").append(settingsLine(w)).append("\n\n");
        List<String> problems = problems(w);
        if (!problems.isEmpty()) sb.append("**Failed:** ").append(String.join("; ", problems)).append(".\n\n");
        MarkdownTable t = new MarkdownTable().text(HEADERS.get(0)).text(HEADERS.get(1));
        for (String h : HEADERS.subList(2, HEADERS.size())) t.number(h);
        for (List<String> r : rows(w)) t.row(r);
        t.appendTo(sb);
        sb.append('\n');
        if (!isolated(w)) sb.append(NOT_ISOLATED).append("\n\n");
        ReplaySection.append(sb, w);
        StagesSection.append(sb, w);
        if (charts.contains(RATE_CHART)) sb.append("![latency against offered rate](").append(RATE_CHART).append(")\n\n");
        if (charts.contains(PERCENTILE_CHART)) sb.append("![latency by percentile per transport](").append(PERCENTILE_CHART).append(")\n\n");
        sb.append(CHART_NOTE).append("\n\n");
        sb.append("Threads per CPU (the JIT, GC and other processes are not pinned):\n\n");
        threads(w).forEach((tr, how) -> sb.append("- ").append(tr).append(": ").append(how).append('\n'));
        sb.append('\n');
    }

    /** The same on the HTML page, the charts embedded (the page loads nothing from elsewhere). */
    static void html(HtmlPage page, RunDirectory run) {
        WireResults w = run.wire;
        if (w.isEmpty()) return;
        page.h(2, TITLE, "wire");
        PairedSection.html(page, w);
        if (w.cells.isEmpty()) return;
        if (!w.paired.isEmpty()) page.h(3, "Each format alone, rate by rate", "wire-grid");
        page.p(intro(w).replace("`", ""));
        page.p(settingsLine(w));
        List<String> problems = problems(w);
        if (!problems.isEmpty()) page.raw("<p class=\"warn\">Failed: " + HtmlPage.esc(String.join("; ", problems)) + "</p>\n");
        boolean[] numeric = new boolean[HEADERS.size()];
        for (int i = 2; i < numeric.length; i++) numeric[i] = true;
        List<String> formats = new ArrayList<>();
        for (WireResults.Cell c : w.cells) formats.add(c.format);
        page.table("wire-table", HEADERS, numeric, rows(w), formats);
        if (!isolated(w)) page.p(NOT_ISOLATED);
        ReplaySection.html(page, w);
        StagesSection.html(page, w);
        for (String chart : List.of(RATE_CHART, PERCENTILE_CHART)) {
            Path f = run.dir.resolve(chart);
            if (!Files.isRegularFile(f)) continue;
            try {
                page.raw("<div class=\"chart\"><img alt=\"" + HtmlPage.esc(chart) + "\" style=\"max-width:100%\" src=\"data:image/png;base64,"
                        + Base64.getEncoder().encodeToString(Files.readAllBytes(f)) + "\"></div>\n");
            } catch (IOException e) {
                page.p(chart + " could not be read: " + e.getMessage());
            }
        }
        page.p(CHART_NOTE);
        StringBuilder list = new StringBuilder("<ul>");
        threads(w).forEach((tr, how) -> list.append("<li>").append(HtmlPage.esc(tr + ": " + how)).append("</li>"));
        page.p("Threads per CPU (the JIT, GC and other processes are not pinned):").raw(list.append("</ul>\n").toString());
    }
}
