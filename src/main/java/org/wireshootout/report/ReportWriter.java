package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.wireshootout.codec.Format;
import org.wireshootout.codec.Labels;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Writes {@code report.md} and its PNG charts into a run directory: the reference table for the Chronicle
 * rows, the comparison with other libraries, one table per benchmark method, the charts, and the
 * environment the run recorded. Every figure is read from the JMH JSON files (JMH's own percentiles); only
 * the bytes per message are computed here, from this build's codecs.
 */
public final class ReportWriter {
    /** The reference table's measure. */
    public static final String REFERENCE_BENCHMARK = "DataBenchmark.roundTrip";
    /** The library label of the rows the reference table holds. */
    public static final String CHRONICLE_LIBRARY = "Chronicle Wire";

    /** The reference table's rows: Chronicle Wire's and Chronicle Bytes' own (BytesMarshallable), as in the seed. */
    public static boolean isChronicle(org.wireshootout.codec.Format f) {
        String library = f.labels().library;
        return library.equals(CHRONICLE_LIBRARY) || library.equals("Chronicle Bytes");
    }
    /** A percentile resting on fewer samples than this above it is marked. */
    public static final double FEW_SAMPLES = 10;
    public static final String FEW_MARK = "†";

    static final double[] REFERENCE_TAILS = {99.9, 99.99, 99.999};
    static final double[] BENCHMARK_PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999, 100};

    public static final String REPORT_FILE = "report.md";
    public static final String BYTES_CHART = "bytes.png";

    private final RunDirectory run;
    private final Map<Format, MessageSizes.Size> sizes = new LinkedHashMap<>();

    public ReportWriter(RunDirectory run) {
        this.run = run;
    }

    /** Writes report.md and the charts; returns the report's path. */
    public Path write() throws IOException {
        List<String> charts = writeCharts();
        Path out = run.dir.resolve(REPORT_FILE);
        Files.writeString(out, markdown(charts), StandardCharsets.UTF_8);
        return out;
    }

    static String chartFile(String benchmark) {
        return "percentiles-" + benchmark + ".png";
    }

    private List<String> writeCharts() throws IOException {
        List<String> files = new ArrayList<>();
        for (String b : run.benchmarks()) {
            List<JmhResult> rs = run.resultsFor(b);
            List<String> labels = new ArrayList<>();
            for (JmhResult r : rs) labels.add(rowName(r));
            String file = chartFile(b);
            if (Charts.percentileCurves(b + ": latency by percentile", rs, labels, run.dir.resolve(file))) files.add(file);
        }
        List<String> names = new ArrayList<>();
        List<Integer> bytes = new ArrayList<>();
        for (String f : formatsInRun()) {
            Optional<Format> format = RunDirectory.lookup(f);
            MessageSizes.Size s = format.map(this::size).orElse(null);
            if (s == null || s.framed < 0) continue;
            names.add(f);
            bytes.add(s.framed);
        }
        if (!names.isEmpty()) {
            Charts.bytesBars(names, bytes, run.dir.resolve(BYTES_CHART));
            files.add(BYTES_CHART);
        }
        return files;
    }

    private MessageSizes.Size size(Format f) {
        return sizes.computeIfAbsent(f, MessageSizes::of);
    }

    private Set<String> formatsInRun() {
        Set<String> s = new LinkedHashSet<>();
        for (JmhResult r : run.results) if (r.format() != null) s.add(r.format());
        return s;
    }

    /** The report's text; {@code charts} are the PNG files (relative to the run directory) to show. */
    public String markdown(List<String> charts) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Wire Shootout run ").append(run.dir.getFileName()).append("\n\n");
        summary(sb);

        List<JmhResult> reference = run.resultsFor(REFERENCE_BENCHMARK);
        sb.append("## Round trip, Chronicle rows (the reference table)\n\n");
        if (reference.isEmpty()) {
            sb.append("This run has no `").append(REFERENCE_BENCHMARK).append("` results.\n\n");
        } else {
            List<JmhResult> chronicle = new ArrayList<>();
            List<JmhResult> others = new ArrayList<>();
            for (JmhResult r : reference) {
                boolean isChronicle = RunDirectory.lookup(r.format()).map(f -> isChronicle(f)).orElse(false);
                (isChronicle ? chronicle : others).add(r);
            }
            sb.append("`").append(REFERENCE_BENCHMARK).append("`, encode then decode of the six-field message. ")
                    .append("Times in µs; p50, B/op and samples beside the reference columns.\n\n");
            if (chronicle.isEmpty()) sb.append("No Chronicle rows in this run.\n");
            else referenceTable(chronicle).appendTo(sb);
            sb.append("\n## Comparison with other libraries\n\n");
            if (others.isEmpty()) sb.append("No other rows in this run.\n");
            else referenceTable(others).appendTo(sb);
            sb.append('\n');
            referenceNotes(sb, reference);
        }

        sb.append("## Every benchmark\n\n");
        sb.append("Times in ns per operation (JMH SampleTime). `x limit` is the row's p50 over the `limit` row's p50 ")
                .append("for the same benchmark; the `baseline` row is the harness alone (timer and call).\n\n");
        List<JmhResult> otherModes = new ArrayList<>();
        for (String b : run.benchmarks()) {
            List<JmhResult> rs = new ArrayList<>();
            for (JmhResult r : run.resultsFor(b)) (r.hasHistograms() ? rs : otherModes).add(r);
            if (rs.isEmpty()) continue;
            sb.append("### ").append(b).append("\n\n");
            benchmarkTable(rs).appendTo(sb);
            sb.append('\n');
        }
        if (!otherModes.isEmpty()) {
            sb.append("### Results without sample histograms\n\n");
            MarkdownTable t = new MarkdownTable().text("Benchmark").text("Format").text("Mode").number("Score").number("Error (99.9%)").text("Unit");
            for (JmhResult r : otherModes) {
                t.row(List.of(r.shortName(), rowName(r), r.mode, Fmt.fixed(r.score, 3), Fmt.fixed(r.scoreError, 3), r.scoreUnit));
            }
            t.appendTo(sb);
            sb.append('\n');
        }

        if (!charts.isEmpty()) {
            sb.append("## Charts\n\n");
            for (String c : charts) sb.append("![").append(c.replace(".png", "")).append("](").append(c).append(")\n\n");
        }

        environment(sb);
        howToRead(sb);
        return sb.toString();
    }

    private void summary(StringBuilder sb) {
        JsonNode env = run.env;
        if (env.isMissingNode()) {
            sb.append("No `env.json` in this directory: the run's environment is unknown.\n\n");
        } else {
            sb.append("Profile **").append(env.path("profile").asText("?")).append("**, ")
                    .append(env.path("state").asText("?")).append(", started ").append(env.path("started").asText("?"))
                    .append(", finished ").append(env.path("finished").asText("not recorded")).append(". ");
            JsonNode cpu = env.path("cpu");
            if (env.path("profile").asText().equals("quick")) {
                sb.append("**Quick profile: a smoke test.** Its warm-up is short; figures are not fit for comparing formats. ");
            }
            sb.append("Pinned to CPU ").append(cpu.path("pinned").asText("?"))
                    .append(cpu.path("pinnedIsolated").asBoolean(false) ? " (isolated)" : " (**not isolated**)")
                    .append(", affinity mode `").append(cpu.path("affinity").asText("?")).append("`.\n\n");
        }
        Set<String> settings = new LinkedHashSet<>();
        for (JmhResult r : run.results) settings.add(runSettings(r));
        sb.append("JMH settings: ").append(String.join("; ", settings)).append(".\n\n");
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

    static String runSettings(JmhResult r) {
        return r.mode + ", " + r.forks + (r.forks == 1 ? " fork" : " forks") + " x " + r.measurementIterations + " x "
                + r.measurementTime + " measured after " + r.warmupIterations + " x " + r.warmupTime + " warm-up, "
                + r.threads + (r.threads == 1 ? " thread" : " threads");
    }

    private MarkdownTable referenceTable(List<JmhResult> rows) {
        MarkdownTable t = new MarkdownTable().text("Wire Format").text("Text encoding").text("Fixed width values?")
                .text("Numeric fields?").text("Field-less?").number("Bytes");
        for (double p : REFERENCE_TAILS) t.number(Fmt.fixed(p, p == 99.9 ? 1 : p == 99.99 ? 2 : 3) + " %tile");
        t.number("worst").number("p50").number("B/op").number("samples");
        for (JmhResult r : rows) {
            List<String> c = new ArrayList<>();
            c.add(rowName(r));
            Optional<Format> f = RunDirectory.lookup(r.format());
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
                .append("(`Format.newCodec().encode(Data.canonical())`, the gallery's computation), framing included; ")
                .append("not measured by the run. ")
                .append(FEW_MARK).append(": fewer than ").append((int) FEW_SAMPLES)
                .append(" samples lie above this percentile (samples x (1 - p) < ").append((int) FEW_SAMPLES)
                .append("), so it is little more than the largest few samples. `worst` is always a single sample.\n\n");
        sb.append("Rows:\n\n");
        for (JmhResult r : rows) {
            Optional<Format> f = RunDirectory.lookup(r.format());
            sb.append("- `").append(rowName(r)).append("`: ");
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
            if (!l.limitations.isEmpty()) sb.append("; cannot carry ").append(l.limitations);
            sb.append('\n');
        }
        sb.append('\n');
    }

    private MarkdownTable benchmarkTable(List<JmhResult> rows) {
        MarkdownTable t = new MarkdownTable().text("Format");
        for (double p : BENCHMARK_PERCENTILES) t.number(Fmt.percentileName(p));
        t.number("B/op").number("samples").number("forks").number("x limit");
        Map<String, JmhResult> limits = new TreeMap<>();
        for (JmhResult r : rows) if ("limit".equals(r.format())) limits.put(r.otherParams(), r);
        for (JmhResult r : rows) {
            List<String> c = new ArrayList<>();
            c.add(rowName(r));
            long n = r.sampleCount();
            for (double p : BENCHMARK_PERCENTILES) {
                c.add(Fmt.nanos(r.percentile(p)) + (p < 100 ? fewMark(n, p) : ""));
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

    /** The mark for a percentile that rests on fewer than {@link #FEW_SAMPLES} samples above it. */
    static String fewMark(long samples, double p) {
        return samples > 0 && samples * (1 - p / 100) < FEW_SAMPLES ? " " + FEW_MARK : "";
    }

    static String rowName(JmhResult r) {
        String f = r.format() == null ? "(no format)" : r.format();
        String other = r.otherParams();
        return other.isEmpty() ? f : f + " (" + other + ")";
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

    private static String orNone(String s) {
        return s == null || s.isBlank() ? "none" : s;
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
                .append("processes, the hypervisor) as much as the code; compare formats on them only from an isolated-core run.\n\n");
    }
}
