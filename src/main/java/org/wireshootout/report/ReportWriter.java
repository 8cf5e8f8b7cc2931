package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.Labels;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes {@code report.md}, {@code report.html} and the PNG charts into a run directory. The report opens with
 * the answer (a ranked summary of the round trip and the decision chart), then the reference tables, one table
 * per benchmark method, the bulk rows, the wire results when the run has them ({@link WireSection}), the charts
 * and the environment the run recorded; a run with wire results only gets the wire section alone. Every figure is read
 * from the JMH JSON files (JMH's own percentiles); only the bytes per message are computed here, from this
 * build's codecs.
 */
public final class ReportWriter {
    /** The reference table's measure. */
    public static final String REFERENCE_BENCHMARK = "DataBenchmark.roundTrip";
    /** The library label of the rows the reference table holds. */
    public static final String CHRONICLE_LIBRARY = "Chronicle Wire";

    /** The reference table's rows: Chronicle Wire's and Chronicle Bytes' own (BytesMarshallable), as in the seed. */
    public static boolean isChronicle(Format f) {
        String library = f.labels().library;
        return library.equals(CHRONICLE_LIBRARY) || library.equals("Chronicle Bytes");
    }
    /** A percentile resting on fewer samples than this above it is marked. */
    public static final double FEW_SAMPLES = 10;
    public static final String FEW_MARK = "†";

    static final double[] REFERENCE_TAILS = {99.9, 99.99, 99.999};
    static final double[] BENCHMARK_PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999, 100};

    public static final String REPORT_FILE = "report.md";
    public static final String HTML_FILE = "report.html";
    public static final String BYTES_CHART = "bytes.png";
    public static final String P50_CHART = "p50.png";
    public static final String DECISION_CHART = "decision.png";

    private final RunDirectory run;
    private final Map<Format, MessageSizes.Size> sizes = new LinkedHashMap<>();
    private final Summary summary;

    public ReportWriter(RunDirectory run) {
        this.run = run;
        this.summary = new Summary(run, f -> {
            MessageSizes.Size s = size(f);
            return s == null || s.framed < 0 ? null : s.framed;
        });
    }

    /** Writes report.md, report.html and the charts; returns the Markdown report's path. */
    public Path write() throws IOException {
        if (run.results.isEmpty()) return WireReport.write(run);
        List<String> charts = writeCharts();
        Path out = run.dir.resolve(REPORT_FILE);
        String md = markdown(charts);
        Files.writeString(out, md, StandardCharsets.UTF_8);
        Files.writeString(run.dir.resolve(HTML_FILE), new HtmlReport(run, summary, this::bytesOf).html(md), StandardCharsets.UTF_8);
        return out;
    }

    static String chartFile(String benchmark) {
        return "percentiles-" + benchmark + ".png";
    }

    private List<String> writeCharts() throws IOException {
        List<String> files = new ArrayList<>();
        if (summary.rows.stream().anyMatch(r -> r.bytes >= 0)) {
            Charts.decision(summary, run.dir.resolve(DECISION_CHART));
            files.add(DECISION_CHART);
            Charts.bytesBars(summary, run.dir.resolve(BYTES_CHART));
            files.add(BYTES_CHART);
        }
        if (!summary.isEmpty()) {
            Charts.p50Bars(summary, run.dir.resolve(P50_CHART));
            files.add(P50_CHART);
        }
        for (String b : run.benchmarks()) {
            String file = chartFile(b);
            if (Charts.percentileCurves(b + ": latency by percentile", run.resultsFor(b), run.dir.resolve(file))) files.add(file);
        }
        files.addAll(WireSection.writeCharts(run));
        return files;
    }

    private MessageSizes.Size size(Format f) {
        return sizes.computeIfAbsent(f, MessageSizes::of);
    }

    /** Bytes per canonical message of a six-field row, -1 when unknown or not a six-field row. */
    int bytesOf(JmhResult r) {
        Optional<Format> f = Rows.dataFormat(r);
        if (f.isEmpty()) return -1;
        MessageSizes.Size s = size(f.get());
        return s == null || s.framed < 0 ? -1 : s.framed;
    }

    /** The report's text; {@code charts} are the PNG files (relative to the run directory) to show. */
    public String markdown(List<String> charts) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Wire Shootout run ").append(run.dir.getFileName()).append("\n\n");
        runLine(sb);
        problems(sb);
        runConditions(sb);
        answer(sb, charts);
        MessageSection.append(sb, run);
        MessageSection.appendUnions(sb, run);

        List<JmhResult> reference = new ArrayList<>();
        for (JmhResult r : run.resultsFor(REFERENCE_BENCHMARK)) if (r.hasHistograms()) reference.add(r);
        sb.append("## Round trip, Chronicle rows (the reference table)\n\n");
        if (reference.isEmpty()) {
            sb.append("This run has no `").append(REFERENCE_BENCHMARK).append("` results.\n\n");
        } else {
            List<JmhResult> chronicle = new ArrayList<>();
            List<JmhResult> others = new ArrayList<>();
            for (JmhResult r : reference) {
                boolean isChronicle = Rows.dataFormat(r).map(ReportWriter::isChronicle).orElse(false);
                (isChronicle ? chronicle : others).add(r);
            }
            sb.append("`").append(REFERENCE_BENCHMARK).append("`, encode then decode of the six-field message, in the seed ")
                    .append("table's layout: times in µs, as the column headings say.\n\n");
            if (chronicle.isEmpty()) sb.append("No Chronicle rows in this run.\n");
            else referenceTable(chronicle).appendTo(sb);
            sb.append("\n## Comparison with other libraries\n\n");
            sb.append("The same measure and columns (times in µs) for every row that is not Chronicle Wire's or Chronicle Bytes'.\n\n");
            if (others.isEmpty()) sb.append("No other rows in this run.\n");
            else referenceTable(others).appendTo(sb);
            sb.append('\n');
            referenceNotes(sb, reference);
        }

        sb.append("## Every benchmark\n\n");
        sb.append("Times in ns per operation (JMH SampleTime), as the headings say. `x limit` is the row's p50 over the `limit` ")
                .append("row's p50 for the same benchmark; the `baseline` row is the harness alone (timer and call).\n\n");
        List<JmhResult> otherModes = new ArrayList<>();
        for (String b : run.benchmarks()) {
            List<JmhResult> rs = new ArrayList<>();
            for (JmhResult r : run.resultsFor(b)) (r.hasHistograms() ? rs : otherModes).add(r);
            if (rs.isEmpty()) continue;
            sb.append("### ").append(b).append("\n\n");
            if (Rows.registryOf(rs.get(0)) == Rows.Registry.IEX) {
                sb.append("IEX rows: names and labels from the IEX registry (`IexFormat`)")
                        .append(rs.get(0).params.getOrDefault("capture", "").isEmpty() ? ", on the generated data set" : "")
                        .append(".\n\n");
            }
            benchmarkTable(rs).appendTo(sb);
            blankNotes(sb, rs);
        }
        if (!otherModes.isEmpty()) bulk(sb, otherModes);
        EvolutionSection.append(sb, run);
        WireSection.append(sb, run, charts);

        List<String> curves = new ArrayList<>();
        for (String c : charts) if (c.startsWith("percentiles-")) curves.add(c);
        if (!curves.isEmpty() || charts.contains(BYTES_CHART)) {
            sb.append("## Charts\n\n");
            if (charts.contains(P50_CHART)) sb.append("![round trip p50, fastest first](").append(P50_CHART).append(")\n\n");
            if (charts.contains(BYTES_CHART)) sb.append("![bytes per message, smallest first](").append(BYTES_CHART).append(")\n\n");
            for (String c : curves) {
                sb.append("![").append(c.replace(".png", "").replace("percentiles-", "latency by percentile, "))
                        .append("](").append(c).append(")\n\n");
            }
            sb.append("Latency curves: one panel per family of formats, all panels on the same time axis; the grey dashed ")
                    .append("lines are the reference rows (`baseline`, `limit`). A curve stops at the last percentile with at ")
                    .append("least one sample above it, then jumps to its worst sample.\n\n");
        }

        profiles(sb);
        environment(sb);
        howToRead(sb);
        return sb.toString();
    }

    /** Links to the profiles a {@code run.sh --profiler} run left beside the JSON files, if any. */
    private void profiles(StringBuilder sb) {
        List<String> files = new ArrayList<>();
        try (java.util.stream.Stream<Path> s = Files.list(run.dir)) {
            s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".flame.html") || n.endsWith(".jfr"))
                    .sorted()
                    .forEach(files::add);
        } catch (IOException e) {
            sb.append("## Profiles\n\nThe run directory could not be listed: ").append(e.getMessage()).append("\n\n");
            return;
        }
        if (files.isEmpty()) return;
        sb.append("## Profiles\n\n");
        JsonNode p = run.env.path("profiler");
        if (!p.isMissingNode()) {
            sb.append("Profiler: ").append(p.path("used").asText("?")).append(" (").append(p.path("why").asText("")).append(").\n\n");
        }
        for (String f : files) {
            sb.append("- [").append(f).append("](").append(f).append(")")
                    .append(f.endsWith(".jfr") ? ": JDK Flight Recorder recording, open in JDK Mission Control" : ": CPU flame graph").append('\n');
        }
        sb.append('\n');
    }

    /** One line: how the run was made and what its figures are good for. */
    private void runLine(StringBuilder sb) {
        JsonNode env = run.env;
        if (env.isMissingNode()) {
            sb.append("No readable `env.json` in this directory: the run's environment is unknown.\n\n");
        } else {
            String profile = env.path("profile").asText("?");
            JsonNode cpu = env.path("cpu");
            sb.append("Profile **").append(profile).append("**, ")
                    .append(env.path("state").asText("?")).append(", started ").append(env.path("started").asText("?"))
                    .append(", finished ").append(env.path("finished").asText("not recorded")).append(". ");
            sb.append("Pinned to CPU ").append(cpu.path("pinned").asText("?"))
                    .append(cpu.path("pinnedIsolated").asBoolean(false) ? " (isolated)" : " (**not isolated**)")
                    .append(", affinity mode `").append(cpu.path("affinity").asText("?")).append("`")
                    .append(run.jdk().isEmpty() ? "" : ", JDK " + run.jdk()).append(".\n\n");
        }
        int forks = 0;
        for (JmhResult r : run.results) forks = Math.max(forks, r.forks);
        if (forks == 1) {
            sb.append("**One fork per row.** Medians, p99 and B/op place the formats roughly: a difference of a few tens of ")
                    .append("percent between two rows can be this JVM's warm-up or the machine, and every tail beyond p99 is ")
                    .append("mostly the machine. To judge differences, run with several forks (`--profile standard`: 3) and ")
                    .append("use `compare`, which marks only what the forks' spread cannot explain.\n\n");
        }
        Set<String> settings = new LinkedHashSet<>();
        for (JmhResult r : run.results) settings.add(runSettings(r));
        sb.append("JMH settings: ").append(String.join("; ", settings)).append(".\n\n");
    }

    /** The busy-machine warning and the unsettled rows ({@link Settledness}), when there are any. */
    private void runConditions(StringBuilder sb) {
        String busy = Settledness.busyText(run.env);
        if (!busy.isEmpty()) sb.append("**Busy machine.** ").append(busy).append("\n\n");
        String unsettled = Settledness.unsettledText(run, true);
        if (!unsettled.isEmpty()) sb.append("**Not settled.** ").append(unsettled).append("\n\n");
    }

    private void problems(StringBuilder sb) {
        List<String> notOk = new ArrayList<>();
        JsonNode formats = run.env.path("formats");
        for (Iterator<Map.Entry<String, JsonNode>> it = formats.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String status = e.getValue().path("status").asText("?");
            if (!status.equals("ok")) notOk.add(e.getKey() + " (" + status + ")");
        }
        if (!run.unreadable.isEmpty()) {
            sb.append("**Unreadable result files (left out):** ").append(String.join("; ", run.unreadable)).append(".\n\n");
        }
        if (!notOk.isEmpty()) {
            sb.append("**Formats without complete results:** ").append(String.join(", ", notOk))
                    .append(". Their rows are missing or partial; see each `<format>.log`.\n\n");
        }
    }

    /** The ranked summary and the decision chart. */
    private void answer(StringBuilder sb, List<String> charts) {
        if (summary.isEmpty()) return;
        sb.append("## The answer\n\n");
        List<Summary.Row> frontier = summary.frontier();
        Summary.Row fastest = summary.rows.get(0);
        if (!frontier.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (Summary.Row r : frontier) {
                names.add("`" + r.name + "` (" + Fmt.nanos(r.p50) + " ns, " + r.bytes + " B"
                        + (r.allocates() ? ", allocates " + Fmt.bytesPerOp(r.alloc) + " B/op" : "") + ")");
            }
            sb.append("On this machine, in this run, the frontier of speed and size (no other format is both faster ")
                    .append("at the median and smaller) is ").append(String.join(", ", names)).append(". ");
        }
        Summary.Row floor = null;
        for (Summary.Row r : summary.rows) {
            boolean reference = r.labels != null && r.labels.kind == Labels.Kind.REFERENCE;
            if (reference && floor == null) floor = r;
            if (!reference && (fastest.labels != null && fastest.labels.kind == Labels.Kind.REFERENCE)) fastest = r;
        }
        sb.append("Fastest round trip: `").append(fastest.name).append("` at ").append(Fmt.nanos(fastest.p50)).append(" ns p50");
        if (floor != null) sb.append("; the hand-written `").append(floor.name).append("` floor takes ").append(Fmt.nanos(floor.p50)).append(" ns");
        if (summary.baseline != null) {
            sb.append(", and the harness alone (`baseline`) ").append(Fmt.nanos(summary.baseline.p50)).append(" ns");
        }
        sb.append(".\n\n");
        if (charts.contains(DECISION_CHART)) {
            sb.append("![round trip p50 against bytes per message](").append(DECISION_CHART).append(")\n\n");
        }
        MarkdownTable t = new MarkdownTable().number("Rank").text("Format").number("p50 (ns)").number("p99 (ns)")
                .number("Bytes per message").number("B/op").text("Text or binary").text("In-place read")
                .text("On the frontier").text("Safety notes");
        for (Summary.Row r : summary.rows) {
            t.row(List.of(r.rankText(), r.name, Fmt.nanos(r.p50) + Settledness.mark(r.result), Fmt.nanos(r.p99),
                    r.bytes < 0 ? "?" : Integer.toString(r.bytes), Fmt.bytesPerOp(r.alloc).isEmpty() ? "?" : Fmt.bytesPerOp(r.alloc),
                    r.labels == null ? "?" : Rows.kind(r.labels), r.format == null ? "?" : r.inPlace(),
                    frontierCell(r), r.labels == null ? "?" : orNone(Rows.safetyNote(r.labels))));
        }
        t.appendTo(sb);
        sb.append("\nRanked by the median (p50) of `").append(REFERENCE_BENCHMARK).append("`; ").append(TIES).append(" Bytes per message are ")
                .append("the canonical message as this build encodes it, framing included. B/op of 16 or more (the smallest object) means the ")
                .append("row allocates per message (hollow red in the chart); less is occasional allocation (JIT, harness) spread ")
                .append("over many calls. In-place read: the codec reads fields where they lie (`AccessBenchmark`). Safety notes: ")
                .append("what the round-trip and hostile-input tests found (README, \"Hostile input\"). `?`: the row is not ")
                .append("in this build's registry, or the run had no `-prof gc` (B/op). `limit` is the hand-written floor, ranked but kept off ")
                .append("the frontier.\n\n");
    }

    /** How the rank column reads, for the Markdown and HTML reports. */
    static final String TIES = "rows whose p50 intervals overlap (the lowest to highest p50 of their forks, or of their "
            + "iterations when a row has one fork) share a rank, marked `=` (`3=`): their order is not known from this run.";

    /** The ranked summary as plain text for the console (empty when the run has no round trip). */
    public String consoleSummary() {
        if (summary.isEmpty()) return "";
        StringBuilder sb = new StringBuilder();
        sb.append("Round trip (").append(REFERENCE_BENCHMARK).append("), fastest median first; * = on the frontier of speed and size; "
                + "3= = a shared rank (the rows' p50 spreads overlap):\n");
        int w = 6;
        for (Summary.Row r : summary.rows) w = Math.max(w, r.name.length() + 2);
        sb.append(String.format(Locale.ROOT, "  %4s  %-" + w + "s %9s %9s %6s %9s%n", "rank", "format", "p50 ns", "p99 ns", "bytes", "B/op"));
        for (Summary.Row r : summary.rows) {
            sb.append(String.format(Locale.ROOT, "  %4s  %-" + w + "s %9s %9s %6s %9s%n", r.rankText(),
                    r.name + (r.frontier ? "*" : "") + (Settledness.check(r.result) != null ? Settledness.CONSOLE_MARK : ""),
                    Fmt.nanos(r.p50), Fmt.nanos(r.p99), r.bytes < 0 ? "?" : Integer.toString(r.bytes),
                    Fmt.bytesPerOp(r.alloc).isEmpty() ? "?" : Fmt.bytesPerOp(r.alloc)));
        }
        if (summary.baseline != null) sb.append("  (baseline, the harness alone: ").append(Fmt.nanos(summary.baseline.p50)).append(" ns p50)\n");
        int unsettled = Settledness.unsettled(run).size();
        if (unsettled > 0) {
            sb.append("  ").append(Settledness.CONSOLE_MARK).append(" = measurement iterations not settled (").append(unsettled)
                    .append(unsettled == 1 ? " row" : " rows").append(" in the run; the report lists them)\n");
        }
        if (!Settledness.busyReasons(run.env).isEmpty()) {
            sb.append("WARNING: the machine was busy: ").append(String.join("; ", Settledness.busyReasons(run.env))).append('\n');
        }
        return sb.toString();
    }

    /** "yes", "no", "reference row" (the floor is not a choice) or "?" (size unknown). */
    static String frontierCell(Summary.Row r) {
        if (r.labels != null && r.labels.kind == Labels.Kind.REFERENCE) return "reference row";
        return r.bytes < 0 ? "?" : r.frontier ? "yes" : "no";
    }

    static String runSettings(JmhResult r) {
        String threads = r.threads + (r.threads == 1 ? " thread" : " threads");
        String forks = r.forks + (r.forks == 1 ? " fork" : " forks");
        if (r.mode.equals("ss")) {
            return "SingleShotTime, " + forks + " x " + r.measurementIterations + " shots after " + r.warmupIterations
                    + " warm-up shots, " + threads;
        }
        return modeName(r.mode) + ", " + forks + " x " + r.measurementIterations + " x " + r.measurementTime
                + " measured after " + r.warmupIterations + " x " + r.warmupTime + " warm-up, " + threads;
    }

    /** JMH's short mode names as its annotations spell them. */
    static String modeName(String mode) {
        switch (mode) {
            case "sample": return "SampleTime";
            case "ss": return "SingleShotTime";
            case "avgt": return "AverageTime";
            case "thrpt": return "Throughput";
            default: return mode;
        }
    }

    private MarkdownTable referenceTable(List<JmhResult> rows) {
        MarkdownTable t = new MarkdownTable().text("Wire Format").text("Text encoding").text("Fixed width values?")
                .text("Numeric fields?").text("Field-less?").number("Bytes");
        for (double p : REFERENCE_TAILS) t.number(Fmt.fixed(p, p == 99.9 ? 1 : p == 99.99 ? 2 : 3) + " %tile (µs)");
        t.number("worst (µs)").number("p50 (µs)").number("B/op").number("samples");
        for (JmhResult r : rows) {
            List<String> c = new ArrayList<>();
            c.add(Rows.name(r));
            Optional<Format> f = Rows.dataFormat(r);
            if (f.isPresent()) {
                Labels l = f.get().labels();
                c.add(l.textEncoding.label);
                c.add(Boolean.toString(l.fixedWidth()));
                c.add(Boolean.toString(l.numericFields()));
                c.add(Boolean.toString(l.fieldLess()));
                MessageSizes.Size s = size(f.get());
                c.add(s == null || s.framed < 0 ? "" : Integer.toString(s.framed));
            } else {
                for (int i = 0; i < 5; i++) c.add("");
            }
            long n = r.sampleCount();
            for (double p : REFERENCE_TAILS) c.add(Fmt.micros(r.percentile(p)) + fewMark(n, p));
            c.add(Fmt.micros(r.percentile(100)));
            c.add(Fmt.micros(r.percentile(50)));
            c.add(Fmt.bytesPerOp(r.allocBytesPerOp));
            c.add(n > 0 ? Long.toString(n) : "");
            t.row(c);
        }
        return t;
    }

    private void referenceNotes(StringBuilder sb, List<JmhResult> rows) {
        sb.append("Bytes: one canonical message encoded by this build's codec when the report was written ")
                .append("(`Format.held().encode(Data.canonical())`, the gallery's computation), framing included; ")
                .append("not measured by the run; blank for `baseline`, which carries no message, and for a row this build's ")
                .append("registry does not know (its labels are blank too). ")
                .append(FEW_MARK).append(": fewer than ").append((int) FEW_SAMPLES)
                .append(" samples lie above this percentile (samples x (1 - p) < ").append((int) FEW_SAMPLES)
                .append("), so it is little more than the largest few samples. `worst` is always a single sample.");
        if (rows.stream().anyMatch(r -> Double.isNaN(r.allocBytesPerOp))) sb.append(" B/op blank: the run had no `-prof gc`.");
        sb.append("\n\nRows:\n\n");
        for (JmhResult r : rows) {
            Optional<Format> f = Rows.dataFormat(r);
            sb.append("- `").append(Rows.name(r)).append("`: ");
            if (f.isEmpty()) {
                sb.append("not in this build's registry (labels and bytes unknown)\n");
                continue;
            }
            Labels l = f.get().labels();
            sb.append(l.displayName).append(" — library ").append(l.library).append(", ").append(lower(l.kind))
                    .append(", ").append(lower(l.memory)).append(" memory, marshalling ").append(lower(l.marshalling));
            MessageSizes.Size s = size(f.get());
            if (s != null && s.header > 0) sb.append("; bytes include a ").append(s.header).append("-byte header");
            if (s != null && s.error != null) sb.append("; bytes not computed: ").append(s.error);
            if (l.allocates) sb.append("; allocates per message: ").append(l.allocationNote);
            for (Labels.Limitation x : l.limitations) sb.append("; cannot carry ").append(Rows.limitation(x));
            sb.append('\n');
        }
        sb.append('\n');
    }

    private MarkdownTable benchmarkTable(List<JmhResult> rows) {
        MarkdownTable t = new MarkdownTable().text("Format");
        for (double p : BENCHMARK_PERCENTILES) t.number(Fmt.percentileName(p) + " (ns)");
        t.number("B/op").number("samples").number("forks").number("x limit");
        Map<String, JmhResult> limits = new TreeMap<>();
        for (JmhResult r : rows) if ("limit".equals(r.format())) limits.put(r.otherParams(), r);
        for (JmhResult r : rows) {
            List<String> c = new ArrayList<>();
            c.add(Rows.name(r));
            long n = r.sampleCount();
            for (double p : BENCHMARK_PERCENTILES) {
                c.add(Fmt.nanos(r.percentile(p)) + (p < 100 ? fewMark(n, p) : "") + (p == 50 ? Settledness.mark(r) : ""));
            }
            c.add(Fmt.bytesPerOp(r.allocBytesPerOp));
            c.add(Long.toString(n));
            c.add(Integer.toString(r.forkHistograms.size()));
            JmhResult limit = limits.get(r.otherParams());
            c.add(limit == null ? "" : Fmt.ratio(r.percentile(50) / limit.percentile(50)));
            t.row(c);
        }
        return t;
    }

    /** The sentence under a table that says why any of its cells is blank. */
    private static void blankNotes(StringBuilder sb, List<JmhResult> rows) {
        List<String> notes = new ArrayList<>();
        boolean hasLimit = rows.stream().anyMatch(r -> "limit".equals(r.format()));
        if (!hasLimit) notes.add("`x limit` is blank: this run has no `limit` row for this benchmark");
        if (rows.stream().anyMatch(r -> Double.isNaN(r.allocBytesPerOp))) notes.add("B/op blank: the run had no `-prof gc`");
        if (rows.stream().anyMatch(r -> Arrays.stream(BENCHMARK_PERCENTILES).anyMatch(p -> Double.isNaN(r.percentile(p))))) {
            notes.add("a blank percentile: JMH wrote none for it");
        }
        if (!notes.isEmpty()) sb.append('\n').append(String.join("; ", notes)).append(".\n");
        sb.append('\n');
    }

    /** Results without sample histograms (the bulk benchmarks' single shots): time per operation, with the shots' range. */
    private static void bulk(StringBuilder sb, List<JmhResult> rows) {
        sb.append("### Results without sample histograms\n\n");
        sb.append("One operation of `BulkBenchmark` (and `MessageBulkBenchmark`) is the whole data set (SingleShotTime): its time is the mean of the ")
                .append("measured shots, beside the fastest and slowest shot.\n\n");
        Set<String> units = new LinkedHashSet<>();
        for (JmhResult r : rows) units.add(r.scoreUnit);
        String unit = units.size() == 1 ? units.iterator().next() : "";
        MarkdownTable t = new MarkdownTable().text("Benchmark").text("Format").text("Mode")
                .number(unit.isEmpty() ? "mean" : "mean (" + unit + ")").number(unit.isEmpty() ? "fastest..slowest shot" : "fastest..slowest shot (" + unit + ")")
                .number("shots").number("B/op");
        for (JmhResult r : rows) {
            double[] mm = minMax(r.rawData);
            long shots = r.rawData.stream().mapToLong(List::size).sum();
            String score = Fmt.fixed(r.score, 3) + (unit.isEmpty() ? " " + r.scoreUnit : "");
            t.row(List.of(r.shortName(), Rows.name(r), modeName(r.mode), score,
                    shots == 0 ? "no shots recorded" : Fmt.fixed(mm[0], 3) + ".." + Fmt.fixed(mm[1], 3), Long.toString(shots),
                    Fmt.bytesPerOp(r.allocBytesPerOp).isEmpty() ? "no -prof gc" : Fmt.bytesPerOp(r.allocBytesPerOp)));
        }
        t.appendTo(sb);
        sb.append('\n');
    }

    static double[] minMax(List<List<Double>> raw) {
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (List<Double> fork : raw) {
            for (double v : fork) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return new double[] {min, max};
    }

    /** The mark for a percentile that rests on fewer than {@link #FEW_SAMPLES} samples above it. */
    static String fewMark(long samples, double p) {
        return samples > 0 && samples * (1 - p / 100) < FEW_SAMPLES ? " " + FEW_MARK : "";
    }

    static String rowName(JmhResult r) {
        return Rows.name(r);
    }

    private static String orNone(String s) {
        return s == null || s.isBlank() ? "none" : s;
    }

    private void environment(StringBuilder sb) {
        sb.append("## Environment\n\n");
        Set<String> jvmArgs = new LinkedHashSet<>();
        Set<String> jvms = new LinkedHashSet<>();
        for (JmhResult r : run.results) {
            jvmArgs.add(String.join(" ", r.jvmArgs));
            jvms.add(r.jvm + " (" + r.vmName + " " + r.vmVersion + ")");
        }
        sb.append("- Fork JVM (from the results): ").append(String.join("; ", jvms)).append('\n');
        for (String a : jvmArgs) sb.append("- Fork JVM arguments: `").append(a).append("`\n");
        JsonNode env = run.env;
        if (env.isMissingNode()) {
            sb.append("- No env.json: nothing else is known about the machine.\n\n");
            return;
        }
        JsonNode java = env.path("java");
        JsonNode cpu = env.path("cpu");
        JsonNode git = env.path("git");
        line(sb, "Command", "`" + env.path("commandLine").asText() + "`");
        line(sb, "JDK", java.path("vendor").asText() + " " + java.path("runtimeVersion").asText() + " (" + java.path("command").asText() + ")");
        line(sb, "Fork JVM flags after ergonomics", "`" + java.path("forkFlags").asText("not recorded") + "`");
        line(sb, "CPU", cpu.path("model").asText() + ", " + cpu.path("cores").asText() + " CPUs online (" + cpu.path("online").asText()
                + ")" + (cpu.path("hypervisor").asBoolean(false) ? ", virtual machine" : ""));
        line(sb, "Pinning", "CPU " + cpu.path("pinned").asText() + (cpu.path("pinnedIsolated").asBoolean(false) ? " (isolated)" : " (not isolated)")
                + ", mode " + cpu.path("affinity").asText() + ": " + cpu.path("how").asText()
                + "; isolated CPUs: " + orNone(cpu.path("isolated").asText()) + ", nohz_full: " + orNone(cpu.path("nohzFull").asText()));
        line(sb, "Frequency", "governor " + cpu.path("governor").asText("?") + ", turbo/boost " + cpu.path("turbo").asText("?"));
        line(sb, "Transparent huge pages", env.path("memory").path("thp").asText("?") + " (defrag " + env.path("memory").path("thpDefrag").asText("?") + ")");
        line(sb, "Kernel", env.path("kernel").asText() + "; relevant boot arguments: " + orNone(env.path("kernelArgs").asText()));
        line(sb, "Project", "commit " + git.path("commit").asText("?") + (git.path("dirty").asBoolean(false) ? " with uncommitted changes" : ""));
        StringBuilder libs = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = env.path("libraries").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            libs.append(libs.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue().asText());
        }
        line(sb, "Libraries (from the jar)", libs.toString());
        sb.append('\n');
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static void line(StringBuilder sb, String key, String value) {
        sb.append("- ").append(key).append(": ").append(value).append('\n');
    }

    private static void howToRead(StringBuilder sb) {
        sb.append("## How to read these numbers\n\n")
                .append("- SampleTime times a sample of single calls, each between two `System.nanoTime()` reads: every figure ")
                .append("includes the timer's own cost (tens of ns). The `baseline` row, which does nothing, shows that floor.\n")
                .append("- Percentiles are JMH's (its estimator over all forks' samples). JMH stores sample values above 1024 ns ")
                .append("with 10 significant bits (about 0.1 % resolution); the timer ticks in whole ns or coarser.\n")
                .append("- A percentile rests on the samples above it: with n samples, p99.99 is decided by n/10000 of them. ")
                .append(FEW_MARK).append(" marks fewer than ").append((int) FEW_SAMPLES).append(".\n")
                .append("- Tails (p99.9 and beyond) on a machine that is not isolated measure the machine (interrupts, other ")
                .append("processes, the hypervisor) as much as the code; compare formats on them only from an isolated-core run.\n")
                .append("- ").append(Settledness.MARK).append(" beside a p50: the row's measurement iterations did not settle (")
                .append(Settledness.rule()).append("); its figure depends on when it was taken.\n\n");
    }
}
