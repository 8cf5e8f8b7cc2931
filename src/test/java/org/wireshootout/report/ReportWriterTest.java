package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Format;
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
                Codec<Data> codec = f.newCodec();
                codec.encode(Data.canonical());
                assertEquals(Integer.toString(codec.bytes().length), row.get("Bytes"));
            } else {
                assertEquals("", row.get("Bytes"), "baseline carries no message");
            }
            long n = sampleCount(r);
            assertEquals(Long.toString(n), row.get("samples"));
            String[][] columns = {{"99.9 %tile", "99.9"}, {"99.99 %tile", "99.99"}, {"99.999 %tile", "99.999"},
                    {"worst", "100.0"}, {"p50", "50.0"}};
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
                String[][] columns = {{"p50", "50.0"}, {"p90", "90.0"}, {"p99", "99.0"}, {"p99.9", "99.9"},
                        {"p99.99", "99.99"}, {"p99.999", "99.999"}, {"worst", "100.0"}};
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
                "percentiles-DataBenchmark.decode.png", "bytes.png")) {
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
        assertFalse(row.get("p50").isEmpty(), "figures are still shown");
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
}
