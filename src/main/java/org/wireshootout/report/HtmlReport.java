package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * {@code report.html}: the report's figures as one self-contained page. The tables are written here (sortable
 * by any column); the charts (decision chart, latency curves per benchmark) are drawn by the page's script from
 * the embedded data, with a switch per format that shows or hides its series everywhere, and the values of a
 * point shown on hover.
 */
final class HtmlReport {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final RunDirectory run;
    private final Summary summary;
    private final ToIntFunction<JmhResult> bytes;

    HtmlReport(RunDirectory run, Summary summary, ToIntFunction<JmhResult> bytes) {
        this.run = run;
        this.summary = summary;
        this.bytes = bytes;
    }

    /**
     * The page: every section of {@code markdown} (the report.md text) in its order, the answer, the benchmarks
     * and the wire drawn here with sortable tables and interactive charts, every other section (cautions,
     * reference tables, evolution, profiles, environment, how to read) converted from the Markdown, so that the
     * page says everything report.md says.
     */
    String html(String markdown) {
        String name = String.valueOf(run.dir.getFileName());
        HtmlPage page = new HtmlPage("Wire Shootout run " + name);
        page.h(1, "Wire Shootout run " + name, null);
        List<String[]> sections = sections(markdown);
        // the preamble: the run line, the one-fork caution, the settings, the problems (title line dropped)
        String preamble = sections.get(0)[1];
        page.raw(MarkdownHtml.html(preamble.substring(preamble.indexOf('\n') + 1), "run-"));
        if (!run.unreadable.isEmpty()) page.raw("<p class=\"warn\">Unreadable result files (left out): " + HtmlPage.esc(String.join("; ", run.unreadable)) + "</p>\n");
        List<String> notOk = notOk();
        if (!notOk.isEmpty()) page.raw("<p class=\"warn\">Formats without complete results: " + HtmlPage.esc(String.join(", ", notOk)) + "</p>\n");
        String busy = Settledness.busyText(run.env);
        if (!busy.isEmpty()) page.raw("<p class=\"warn\" id=\"busy\">Busy machine. " + HtmlPage.esc(busy) + "</p>\n");
        String unsettled = Settledness.unsettledText(run, false);
        if (!unsettled.isEmpty()) page.raw("<p class=\"warn\" id=\"unsettled\">Not settled. " + HtmlPage.esc(unsettled) + "</p>\n");

        page.raw("<div id=\"toggles\"><span class=\"label\">Formats shown in the charts:</span> "
                + "<button type=\"button\" id=\"all-on\">all</button> <button type=\"button\" id=\"all-off\">none</button> "
                + "<span id=\"format-switches\"></span></div>\n");
        boolean benchmarksDone = false;
        for (String[] section : sections.subList(1, sections.size())) {
            switch (section[0]) {
                case "The answer":
                    answer(page, section[1]);
                    break;
                case "Every benchmark":
                    benchmarks(page);
                    benchmarksDone = true;
                    break;
                case WireSection.TITLE:
                    WireSection.html(page, run);
                    break;
                default:
                    page.raw(MarkdownHtml.html(section[1], "md-"));
            }
        }
        if (!benchmarksDone) benchmarks(page);
        page.h(2, "Run settings", "settings");
        Set<String> settings = new LinkedHashSet<>();
        for (JmhResult r : run.results) settings.add(ReportWriter.runSettings(r));
        page.p("JMH settings: " + String.join("; ", settings) + ".");
        if (!run.env.isMissingNode()) page.p("Command: " + run.env.path("commandLine").asText());
        return page.html(data());
    }

    /** The Markdown cut at its "## " headings: first the preamble ("" and its text), then each heading and its text. */
    static List<String[]> sections(String markdown) {
        List<String[]> out = new ArrayList<>();
        String heading = "";
        StringBuilder text = new StringBuilder();
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("## ")) {
                out.add(new String[] {heading, text.toString()});
                heading = line.substring(3).trim();
                text.setLength(0);
            }
            text.append(line).append('\n');
        }
        out.add(new String[] {heading, text.toString()});
        return out;
    }

    private static String withoutTablesAndImages(String md) {
        StringBuilder sb = new StringBuilder();
        for (String line : md.split("\n", -1)) {
            if (line.startsWith("|") || line.startsWith("![") || line.startsWith("## ")) continue;
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    private void answer(HtmlPage page, String mdAnswer) {
        if (!summary.isEmpty()) {
            page.h(2, "The answer", "answer");
            // the report's own sentences: the answer, what the rank and the columns mean
            page.raw(MarkdownHtml.html(withoutTablesAndImages(mdAnswer), "answer-"));
            page.p("Round trip (" + ReportWriter.REFERENCE_BENCHMARK + ") p50 against bytes per message: the dashed line is the "
                    + "frontier of speed and size (no other format is both faster and smaller); red triangles allocate 16 B/op or more (an object per operation). "
                    + "Hover a point for its figures; click a column heading to sort.");
            page.raw("<div class=\"chart\"><svg id=\"decision\" class=\"decision\" width=\"1000\" height=\"560\" "
                    + "role=\"img\" aria-label=\"round trip p50 against bytes per message\"></svg></div>\n");
            List<List<String>> rows = new ArrayList<>();
            List<String> formats = new ArrayList<>();
            for (Summary.Row r : summary.rows) {
                rows.add(List.of(r.rankText(), r.name, Fmt.nanos(r.p50) + Settledness.mark(r.result), Fmt.nanos(r.p99),
                        r.bytes < 0 ? "?" : Integer.toString(r.bytes), Fmt.bytesPerOp(r.alloc).isEmpty() ? "?" : Fmt.bytesPerOp(r.alloc),
                        r.labels == null ? "?" : Rows.kind(r.labels), r.format == null ? "?" : r.inPlace(),
                        ReportWriter.frontierCell(r), r.labels == null ? "?" : none(Rows.safetyNote(r.labels))));
                formats.add(r.result.format());
            }
            page.table("summary", List.of("Rank", "Format", "p50 (ns)", "p99 (ns)", "Bytes per message", "B/op", "Text or binary",
                    "In-place read", "On the frontier", "Safety notes"),
                    new boolean[] {true, false, true, true, true, true, false, false, false, false}, rows, formats);
            page.p("Rank: " + ReportWriter.TIES.replace("`", "") + " ?: not in this build's registry, or no -prof gc in the run.");
        }

    }

    private void benchmarks(HtmlPage page) {
        page.h(2, "Every benchmark", "benchmarks");
        page.p("Times in ns per operation (JMH SampleTime). Curves: one line per format, grey dashed lines are the reference "
                + "rows (baseline, limit); a line stops at the last percentile with a sample above it, then jumps to its worst sample.");
        int chart = 0;
        List<JmhResult> otherModes = new ArrayList<>();
        for (String b : run.benchmarks()) {
            List<JmhResult> rs = new ArrayList<>();
            for (JmhResult r : run.resultsFor(b)) (r.hasHistograms() ? rs : otherModes).add(r);
            if (rs.isEmpty()) continue;
            page.h(3, b, "b-" + b);
            page.raw("<div class=\"chart\"><svg class=\"curves\" id=\"curves-" + chart++ + "\" data-benchmark=\"" + HtmlPage.esc(b)
                    + "\" width=\"1000\" height=\"480\" role=\"img\" aria-label=\"" + HtmlPage.esc(b) + " latency by percentile\"></svg></div>\n");
            List<String> headers = new ArrayList<>();
            headers.add("Format");
            for (double p : ReportWriter.BENCHMARK_PERCENTILES) headers.add(Fmt.percentileName(p) + " (ns)");
            headers.add("B/op");
            headers.add("samples");
            headers.add("forks");
            boolean[] numeric = new boolean[headers.size()];
            for (int i = 1; i < numeric.length; i++) numeric[i] = true;
            List<List<String>> rows = new ArrayList<>();
            List<String> formats = new ArrayList<>();
            for (JmhResult r : rs) {
                List<String> c = new ArrayList<>();
                c.add(Rows.name(r));
                for (double p : ReportWriter.BENCHMARK_PERCENTILES) c.add(Fmt.nanos(r.percentile(p)) + (p == 50 ? Settledness.mark(r) : ""));
                c.add(Fmt.bytesPerOp(r.allocBytesPerOp).isEmpty() ? "no -prof gc" : Fmt.bytesPerOp(r.allocBytesPerOp));
                c.add(Long.toString(r.sampleCount()));
                c.add(Integer.toString(r.forkHistograms.size()));
                rows.add(c);
                formats.add(r.format());
            }
            page.table(null, headers, numeric, rows, formats);
        }
        if (!otherModes.isEmpty()) {
            page.h(3, "Results without sample histograms (whole data set per operation)", "bulk");
            List<List<String>> rows = new ArrayList<>();
            List<String> formats = new ArrayList<>();
            for (JmhResult r : otherModes) {
                double[] mm = ReportWriter.minMax(r.rawData);
                long shots = r.rawData.stream().mapToLong(List::size).sum();
                rows.add(List.of(r.shortName(), Rows.name(r), Fmt.fixed(r.score, 3) + " " + r.scoreUnit,
                        shots == 0 ? "no shots recorded" : Fmt.fixed(mm[0], 3) + ".." + Fmt.fixed(mm[1], 3),
                        Long.toString(shots), Fmt.bytesPerOp(r.allocBytesPerOp).isEmpty() ? "no -prof gc" : Fmt.bytesPerOp(r.allocBytesPerOp)));
                formats.add(r.format());
            }
            page.table("bulk-table", List.of("Benchmark", "Format", "mean (time per operation)", "fastest..slowest shot", "shots", "B/op"),
                    new boolean[] {false, false, true, true, true, true}, rows, formats);
        }
    }

    private String runLine() {
        JsonNode env = run.env;
        if (env.isMissingNode()) return "No readable env.json: the run's environment is unknown.";
        JsonNode cpu = env.path("cpu");
        return "Profile " + env.path("profile").asText("?") + ", " + env.path("state").asText("?") + ", started "
                + env.path("started").asText("?") + ". Pinned to CPU " + cpu.path("pinned").asText("?")
                + (cpu.path("pinnedIsolated").asBoolean(false) ? " (isolated)" : " (not isolated)")
                + (run.jdk().isEmpty() ? "" : ", JDK " + run.jdk()) + ", " + cpu.path("model").asText("?") + ".";
    }

    private List<String> notOk() {
        List<String> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = run.env.path("formats").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String status = e.getValue().path("status").asText("?");
            if (!status.equals("ok")) out.add(e.getKey() + " (" + status + ")");
        }
        return out;
    }

    /** The figures the script draws: the decision chart's points, and per benchmark every row's curve. */
    private JsonNode data() {
        ObjectNode root = JSON.objectNode();
        Set<String> formats = new LinkedHashSet<>();
        ArrayNode decision = root.putArray("decision");
        for (Summary.Row r : summary.rows) {
            formats.add(r.result.format());
            if (r.bytes < 0 || Double.isNaN(r.p50)) continue;
            ObjectNode p = decision.addObject();
            p.put("format", r.result.format());
            p.put("name", r.name);
            p.put("bytes", r.bytes);
            p.put("p50", r.p50);
            putNumber(p, "p99", r.p99);
            putNumber(p, "alloc", r.alloc);
            p.put("frontier", r.frontier);
            p.put("allocates", r.allocates());
        }
        ArrayNode labels = root.putArray("curveLabels");
        for (String l : Charts.curveLabels()) labels.add(l);
        ArrayNode benches = root.putArray("benchmarks");
        for (String b : run.benchmarks()) {
            ObjectNode bn = null;
            for (JmhResult r : run.resultsFor(b)) {
                if (!r.hasHistograms()) continue;
                if (bn == null) {
                    bn = benches.addObject();
                    bn.put("name", b);
                    bn.putArray("rows");
                }
                if (r.format() != null) formats.add(r.format());
                ObjectNode row = ((ArrayNode) bn.get("rows")).addObject();
                row.put("format", r.format() == null ? "" : r.format());
                row.put("name", Rows.name(r));
                row.put("family", Rows.family(r).name());
                row.put("reference", Rows.family(r) == Rows.Family.REFERENCE);
                row.put("samples", r.sampleCount());
                putNumber(row, "alloc", r.allocBytesPerOp);
                int size = bytes.applyAsInt(r);
                if (size >= 0) row.put("bytes", size);
                ArrayNode ys = row.putArray("ys");
                for (double v : Charts.curve(r)) {
                    if (Double.isNaN(v)) ys.addNull();
                    else ys.add(v);
                }
            }
        }
        for (JmhResult r : run.results) if (r.format() != null) formats.add(r.format());
        ArrayNode fs = root.putArray("formats");
        for (String f : formats) fs.add(f);
        return root;
    }

    private static void putNumber(ObjectNode o, String field, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) o.putNull(field);
        else o.put(field, v);
    }

    private static String none(String s) {
        return s == null || s.isBlank() ? "none" : s;
    }
}
