package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.Labels;
import org.wireshootout.model.Data;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.wireshootout.report.ReportFixtures.assertShown;
import static org.wireshootout.report.ReportFixtures.percentile;
import static org.wireshootout.report.ReportFixtures.row;
import static org.wireshootout.report.ReportFixtures.sampleCount;
import static org.wireshootout.report.ReportFixtures.shortName;
import static org.wireshootout.report.ReportFixtures.table;

/** The report on the checked-in run directory: the rows it must have, and every figure equal to the JSON's. */
class ReportWriterTest {

    static final String COMPARISON = "## Comparison with other libraries";
    static final String CHRONICLE = "## Round trip, Chronicle rows";

    @TempDir
    Path tmp;

    private String report(Path dir) throws IOException {
        Path out = new ReportWriter(RunDirectory.read(dir)).write();
        assertEquals(dir.resolve("report.md"), out);
        return Files.readString(out);
    }

    @Test
    void histogramPercentilesReproduceJmhOwn() throws IOException {
        // the comparison computes per-fork percentiles itself: over all forks they must be JMH's exactly
        for (JmhResult r : RunDirectory.read(ReportFixtures.fixture()).results) {
            assertTrue(r.forkHistograms.size() >= 2, r.benchmark + " fixture should have 2 forks");
            SampleHistogram all = r.histogram();
            for (Map.Entry<Double, Double> e : r.percentiles.entrySet()) {
                assertEquals(e.getValue(), all.percentile(e.getKey()), 1e-9, r.shortName() + " " + r.format() + " p" + e.getKey());
            }
        }
    }

    @Test
    void referenceRowsCarryLabelsBytesAndJsonFigures() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        String md = report(dir);
        List<Map<String, String>> comparison = table(md, COMPARISON);
        List<JsonNode> roundTrips = new ArrayList<>();
        for (JsonNode r : ReportFixtures.rawResults(dir)) if (shortName(r).equals("DataBenchmark.roundTrip")) roundTrips.add(r);
        assertEquals(2, roundTrips.size(), "fixture has baseline and limit round trips");
        assertEquals(roundTrips.size(), comparison.size(), "one row per non-Chronicle round-trip result");
        assertTrue(md.contains("No Chronicle rows in this run."));

        for (JsonNode r : roundTrips) {
            String name = r.path("params").path("format").asText();
            Map<String, String> row = row(comparison, name);
            Format f = Format.byName(name);
            Labels l = f.labels();
            assertEquals(l.textEncoding.label, row.get("Text encoding"));
            assertEquals(Boolean.toString(l.fixedWidth()), row.get("Fixed width values?"));
            assertEquals(Boolean.toString(l.numericFields()), row.get("Numeric fields?"));
            assertEquals(Boolean.toString(l.fieldLess()), row.get("Field-less?"));
            if (f.carriesData()) {
                HeldMessage<Data> codec = f.held();
                codec.encode(Data.canonical());
                assertEquals(Integer.toString(codec.bytes().length), row.get("Bytes"));
            } else {
                assertEquals("", row.get("Bytes"), "baseline carries no message");
            }
            long n = sampleCount(r);
            assertEquals(Long.toString(n), row.get("samples"));
            String[][] columns = {{"99.9 %tile (µs)", "99.9"}, {"99.99 %tile (µs)", "99.99"}, {"99.999 %tile (µs)", "99.999"},
                    {"worst (µs)", "100.0"}, {"p50 (µs)", "50.0"}};
            for (String[] c : columns) {
                double ns = percentile(r, c[1]);
                assertShown(ns / 1000, row.get(c[0]), name + " " + c[0] + " (µs)");
                double p = Double.parseDouble(c[1]);
                boolean few = n * (1 - p / 100) < ReportWriter.FEW_SAMPLES && p < 100;
                assertEquals(few, row.get(c[0]).contains(ReportWriter.FEW_MARK), name + " " + c[0] + " mark with n=" + n);
            }
            double alloc = r.path("secondaryMetrics").path("gc.alloc.rate.norm").path("score").asDouble();
            assertShown(alloc, row.get("B/op"), name + " B/op");
        }
    }

    @Test
    void everyBenchmarkHasItsTableWithJsonFiguresAndLimitRatio() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        String md = report(dir);
        List<JsonNode> all = ReportFixtures.rawResults(dir);
        List<String> benchmarks = new ArrayList<>();
        for (JsonNode r : all) if (!benchmarks.contains(shortName(r))) benchmarks.add(shortName(r));
        assertEquals(3, benchmarks.size(), "roundTrip, encode, decode");
        for (String b : benchmarks) {
            List<Map<String, String>> t = table(md, "### " + b);
            JsonNode limit = null;
            for (JsonNode r : all) if (shortName(r).equals(b) && r.path("params").path("format").asText().equals("limit")) limit = r;
            assertNotNull(limit, "fixture has limit for " + b);
            int rows = 0;
            for (JsonNode r : all) {
                if (!shortName(r).equals(b)) continue;
                rows++;
                String name = r.path("params").path("format").asText();
                Map<String, String> row = row(t, name);
                String[][] columns = {{"p50 (ns)", "50.0"}, {"p90 (ns)", "90.0"}, {"p99 (ns)", "99.0"}, {"p99.9 (ns)", "99.9"},
                        {"p99.99 (ns)", "99.99"}, {"p99.999 (ns)", "99.999"}, {"worst (ns)", "100.0"}};
                for (String[] c : columns) assertShown(percentile(r, c[1]), row.get(c[0]), b + " " + name + " " + c[0]);
                assertEquals(Long.toString(sampleCount(r)), row.get("samples"));
                assertEquals(Integer.toString(r.path("primaryMetric").path("rawDataHistogram").size()), row.get("forks"));
                assertShown(percentile(r, "50.0") / percentile(limit, "50.0"), row.get("x limit"), b + " " + name + " x limit");
            }
            assertEquals(rows, t.size(), b + ": one row per result, baseline included");
        }
    }

    @Test
    void chartsArePngImages() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        String md = report(dir);
        for (String name : List.of("percentiles-DataBenchmark.roundTrip.png", "percentiles-DataBenchmark.encode.png",
                "percentiles-DataBenchmark.decode.png", "bytes.png", "p50.png", "decision.png")) {
            Path png = dir.resolve(name);
            assertTrue(Files.isRegularFile(png), name);
            BufferedImage img = ImageIO.read(png.toFile());
            assertNotNull(img, name + " is not a readable image");
            assertTrue(img.getWidth() > 500 && img.getHeight() > 300, name);
            assertTrue(md.contains("](" + name + ")"), "report links " + name);
        }
    }

    @Test
    void environmentNoteComesFromEnvJson() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        String md = report(dir);
        JsonNode env = ReportFixtures.readJson(dir.resolve("env.json"));
        assertTrue(md.contains("Profile **" + env.get("profile").asText() + "**"));
        assertTrue(md.contains("Pinned to CPU " + env.path("cpu").path("pinned").asText()));
        assertTrue(md.contains(env.path("git").path("commit").asText()));
        assertTrue(md.contains(env.path("kernel").asText()));
        assertTrue(md.contains(env.path("java").path("runtimeVersion").asText()));
        assertTrue(md.contains("net.openhft:chronicle-wire " + env.path("libraries").path("net.openhft:chronicle-wire").asText()));
    }

    @Test
    void profilesBesideTheJsonAreLinkedWithTheProfilerUsed() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        assertFalse(report(dir).contains("## Profiles"), "no profile files, no section");
        Files.writeString(dir.resolve("limit.flame.html"), "<html></html>");
        Files.writeString(dir.resolve("baseline.jfr"), "");
        ObjectNode env = (ObjectNode) ReportFixtures.readJson(dir.resolve("env.json"));
        env.putObject("profiler").put("requested", "async").put("used", "jfr").put("why", "perf events refused");
        ReportFixtures.writeJson(dir.resolve("env.json"), env);
        String md = report(dir);
        assertTrue(md.contains("- [limit.flame.html](limit.flame.html): CPU flame graph"), md);
        assertTrue(md.contains("- [baseline.jfr](baseline.jfr): JDK Flight Recorder"), md);
        assertTrue(md.contains("Profiler: jfr (perf events refused)"), md);
    }

    @Test
    void formatsUnknownToTheRegistryStillGetARowWithBlankLabels() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        Path limit = dir.resolve("limit.json");
        JsonNode root = ReportFixtures.readJson(limit);
        for (JsonNode r : root) ((ObjectNode) r.get("params")).put("format", "retiredFormat");
        ReportFixtures.writeJson(limit, root);
        String md = report(dir);
        Map<String, String> row = row(table(md, COMPARISON), "retiredFormat");
        for (String label : List.of("Text encoding", "Fixed width values?", "Numeric fields?", "Field-less?", "Bytes")) {
            assertEquals("", row.get(label), label);
        }
        assertFalse(row.get("p50 (µs)").isEmpty(), "figures are still shown");
        assertTrue(md.contains("`retiredFormat`: not in this build's registry"));
    }

    @Test
    void chronicleRowsGoToTheReferenceTable() throws IOException {
        Format chronicle = Arrays.stream(Format.values())
                .filter(ReportWriter::isChronicle).findFirst().orElse(null);
        assumeTrue(chronicle != null, "the registry has no Chronicle Wire row yet");
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        Path limit = dir.resolve("limit.json");
        JsonNode root = ReportFixtures.readJson(limit);
        for (JsonNode r : root) ((ObjectNode) r.get("params")).put("format", chronicle.name());
        ReportFixtures.writeJson(limit, root);
        String md = report(dir);
        Map<String, String> row = row(table(md, CHRONICLE), chronicle.name());
        assertEquals(chronicle.labels().textEncoding.label, row.get("Text encoding"));
        assertTrue(table(md, COMPARISON).stream().noneMatch(r -> r.get("Wire Format").equals(chronicle.name())));
    }

    @Test
    void interruptedAndUnreadableFormatsAreListedAndTheRestReported() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        Files.writeString(dir.resolve("other.json"), "");
        JsonNode env = ReportFixtures.readJson(dir.resolve("env.json"));
        ObjectNode other = ((ObjectNode) env.get("formats")).putObject("other");
        other.put("status", "interrupted");
        ((ArrayNode) other.putArray("benchmarks")).add("org.wireshootout.bench.DataBenchmark.roundTrip");
        ReportFixtures.writeJson(dir.resolve("env.json"), env);
        Files.writeString(dir.resolve("broken.json"), "[{\"benchmark\": ");
        String md = report(dir);
        assertTrue(md.contains("**Formats without complete results:** other (interrupted)"), md);
        assertTrue(md.contains("**Unreadable result files (left out):** broken.json"), md);
        assertEquals(2, table(md, COMPARISON).size(), "the readable files are still reported");
    }

    /** Turns every result of a file into a SingleShotTime result with these shots per fork (as BulkBenchmark writes). */
    static void makeSingleShot(Path file, double[][] shots) throws IOException {
        JsonNode root = ReportFixtures.readJson(file);
        for (JsonNode r : root) {
            ObjectNode o = (ObjectNode) r;
            o.put("mode", "ss");
            o.put("forks", shots.length);
            o.put("measurementIterations", shots[0].length);
            o.put("warmupIterations", 3);
            ObjectNode pm = (ObjectNode) o.get("primaryMetric");
            pm.remove("rawDataHistogram");
            pm.remove("scorePercentiles");
            ArrayNode raw = pm.putArray("rawData");
            double sum = 0;
            int n = 0;
            for (double[] fork : shots) {
                ArrayNode f = raw.addArray();
                for (double v : fork) {
                    f.add(v);
                    sum += v;
                    n++;
                }
            }
            pm.put("score", sum / n);
            pm.put("scoreError", "NaN");
            pm.put("scoreUnit", "ms/op");
        }
        ReportFixtures.writeJson(file, root);
    }

    @Test
    void rowsWhoseForkSpreadsOverlapShareARank() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "ties");
        // sbe: limit's samples 10 % slower, its first fork 15 % faster than that again, so that its forks' p50s
        // span limit's; jackson: 50 times limit, beyond every spread
        ReportFixtures.cloneFormat(dir, "limit", "sbe", 1.1);
        JsonNode sbe = ReportFixtures.readJson(dir.resolve("sbe.json"));
        for (JsonNode r : sbe) {
            for (JsonNode it : r.get("primaryMetric").get("rawDataHistogram").get(0)) {
                for (JsonNode vc : it) ((com.fasterxml.jackson.databind.node.ArrayNode) vc).set(0, vc.get(0).asDouble() * 0.85);
            }
        }
        ReportFixtures.writeJson(dir.resolve("sbe.json"), sbe);
        ReportFixtures.reconcile(dir.resolve("sbe.json"));
        ReportFixtures.cloneFormat(dir, "limit", "jackson", 50);
        RunDirectory run = RunDirectory.read(dir);
        assertTrue(run.unreadable.isEmpty(), run.unreadable.toString());
        JmhResult limit = one(run, "limit");
        JmhResult s = one(run, "sbe");
        double limitHigh = Math.max(limit.forkHistograms.get(0).percentile(50), limit.forkHistograms.get(1).percentile(50));
        assertTrue(s.forkHistograms.get(0).percentile(50) <= limitHigh && s.forkHistograms.get(1).percentile(50) > limitHigh,
                "sbe's fork spread overlaps limit's");
        ReportWriter writer = new ReportWriter(run);
        String md = Files.readString(writer.write());
        List<Map<String, String>> answer = table(md, "## The answer");
        assertEquals("1=", rankOf(answer, "limit"), md);
        assertEquals("1=", rankOf(answer, "sbe"), md);
        assertEquals("3", rankOf(answer, "jackson"), "beyond every spread: a rank of its own");
        assertTrue(md.contains("share a rank, marked `=`"), "the table says what = means");
        assertTrue(writer.consoleSummary().contains("1=  limit") || writer.consoleSummary().contains("1=  sbe"), writer.consoleSummary());
        String html = Files.readString(dir.resolve(ReportWriter.HTML_FILE));
        assertTrue(html.contains("<td class=\"num\">1=</td>") && html.contains("<td class=\"num\">3</td>"), "the HTML table ranks the same");
    }

    private static String rankOf(List<Map<String, String>> table, String format) {
        return table.stream().filter(r -> format.equals(r.get("Format"))).findFirst().orElseThrow().get("Rank");
    }

    private static JmhResult one(RunDirectory run, String format) {
        return run.resultsFor("DataBenchmark.roundTrip").stream().filter(r -> format.equals(r.format())).findFirst().orElseThrow();
    }

    @Test
    void theAnswerRanksByMedianAndMarksTheFrontierOfSpeedAndSize() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        // more rows: real registry names (so their bytes are this build's), figures scaled from limit's
        ReportFixtures.cloneFormat(dir, "limit", "sbe", 1.25);
        ReportFixtures.cloneFormat(dir, "limit", "bytesMarshallableStopBit", 2);
        ReportFixtures.cloneFormat(dir, "limit", "jackson", 6);
        ReportFixtures.cloneFormat(dir, "limit", "protobuf", 1.5);
        String md = report(dir);
        List<Map<String, String>> answer = table(md, "## The answer");
        List<JsonNode> rts = new ArrayList<>();
        for (JsonNode r : ReportFixtures.rawResults(dir)) {
            if (shortName(r).equals("DataBenchmark.roundTrip") && !r.path("params").path("format").asText().equals("baseline")) rts.add(r);
        }
        assertEquals(rts.size(), answer.size(), "one ranked row per round-trip format, baseline left out");
        double previous = 0;
        for (Map<String, String> row : answer) {
            JsonNode r = rts.stream().filter(x -> x.path("params").path("format").asText().equals(row.get("Format"))).findFirst().orElseThrow();
            double p50 = percentile(r, "50.0");
            assertShown(p50, row.get("p50 (ns)"), row.get("Format") + " p50");
            assertShown(percentile(r, "99.0"), row.get("p99 (ns)"), row.get("Format") + " p99");
            assertTrue(p50 >= previous, "ranked by p50: " + row.get("Format"));
            previous = p50;
        }
        // the frontier, by its definition, over the competing rows (limit, the hand-written floor, is not one)
        for (Map<String, String> row : answer) {
            Format f = Format.byName(row.get("Format"));
            if (f == Format.limit) {
                assertEquals("reference row", row.get("On the frontier"));
                continue;
            }
            int bytes = Integer.parseInt(row.get("Bytes per message"));
            double p50 = Double.parseDouble(row.get("p50 (ns)"));
            boolean beaten = false;
            for (Map<String, String> other : answer) {
                if (other == row || Format.byName(other.get("Format")) == Format.limit) continue;
                int ob = Integer.parseInt(other.get("Bytes per message"));
                double op = Double.parseDouble(other.get("p50 (ns)"));
                if (ob <= bytes && op <= p50 && (ob < bytes || op < p50)) beaten = true;
            }
            assertEquals(beaten ? "no" : "yes", row.get("On the frontier"), row.get("Format"));
            assertEquals(f.labels().kind.name().toLowerCase(java.util.Locale.ROOT), row.get("Text or binary"));
        }
        assertTrue(md.indexOf("## The answer") < md.indexOf("## Round trip, Chronicle rows"), "the answer comes first");
        assertTrue(md.contains("![round trip p50 against bytes per message](decision.png)"));
        assertTrue(Files.isRegularFile(dir.resolve("report.html")), "report.html beside report.md");
    }

    @Test
    void iexRowsCarryTheIexRegistrysNamesAndNoEmptyCaptureParameter() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        ReportFixtures.cloneFormat(dir, "limit", "binaryWire", 4);
        ReportFixtures.retarget(dir.resolve("binaryWire.json"), "roundTrip", "IexBenchmark.roundTrip", Map.of("capture", ""));
        String md = report(dir);
        Map<String, String> row = row(table(md, "### IexBenchmark.roundTrip"), "binaryWire");
        assertFalse(row.get("p50 (ns)").isEmpty());
        assertFalse(md.contains("capture=)"), "an empty parameter is left out of the row name");
        RunDirectory run = RunDirectory.read(dir);
        JmhResult iex = run.resultsFor("IexBenchmark.roundTrip").get(0);
        assertEquals(Rows.Registry.IEX, Rows.registryOf(iex));
        assertEquals(org.wireshootout.registry.IexFormat.binaryWire.labels().displayName, Rows.labels(iex).orElseThrow().displayName);
        JmhResult data = run.resultsFor("DataBenchmark.roundTrip").stream().filter(r -> "limit".equals(r.format())).findFirst().orElseThrow();
        assertEquals(Format.limit.labels().displayName, Rows.labels(data).orElseThrow().displayName);
        assertTrue(md.contains("IEX rows: names and labels from the IEX registry"));
    }

    @Test
    void singleShotRowsShowTheirShotsWithoutNaNAndTheSettingsNameTheMode() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        makeSingleShot(dir.resolve("limit.json"), new double[][] {{18.0, 19.5}, {18.25, 20.0}});
        String md = report(dir);
        assertFalse(md.contains("NaN"), "no NaN anywhere in the report");
        assertFalse(md.contains(", ss,") || md.contains(" ss,") || md.contains("ss, "), "JMH's short mode name is spelt out");
        assertTrue(md.contains("SingleShotTime, 2 forks x 2 shots after 3 warm-up shots, 1 thread"), md);
        List<Map<String, String>> bulk = table(md, "### Results without sample histograms");
        Map<String, String> r = bulk.get(0);
        assertEquals("18.000..20.000", r.get("fastest..slowest shot (ms/op)"));
        assertEquals("4", r.get("shots"));
        assertShown((18.0 + 19.5 + 18.25 + 20.0) / 4, r.get("mean (ms/op)"), "mean of the shots");
    }

    @Test
    void aBlankLimitRatioIsExplained() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        Files.delete(dir.resolve("limit.json"));
        String md = report(dir);
        for (Map<String, String> r : table(md, "### DataBenchmark.roundTrip")) assertEquals("", r.get("x limit"));
        assertTrue(md.contains("`x limit` is blank: this run has no `limit` row for this benchmark"), md);
    }

    @Test
    void everyTableHeadingNamesItsUnit() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        String md = report(dir);
        for (String heading : List.of(CHRONICLE, COMPARISON, "### DataBenchmark.roundTrip", "## The answer")) {
            if (heading.equals(CHRONICLE) && md.contains("No Chronicle rows in this run.")) continue;
            List<Map<String, String>> t = table(md, heading);
            for (String column : t.get(0).keySet()) {
                boolean timed = column.startsWith("p") && column.matches("p[0-9.]+.*") || column.startsWith("worst") || column.contains("%tile");
                if (timed) assertTrue(column.endsWith("(µs)") || column.endsWith("(ns)"), heading + ": column '" + column + "' has no unit");
            }
        }
    }
}
