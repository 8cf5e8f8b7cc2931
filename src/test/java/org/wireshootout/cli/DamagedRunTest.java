package org.wireshootout.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.wire.WireResult;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * `report` and `compare` over damaged copies of a small real run (the JMH fixture, one wire cell and an evolution
 * matrix): each damage alone gives a non-zero exit and a line naming the file and what is wrong, never a report
 * that silently believes it. The undamaged copy reads with exit 0, so every refusal below is the damage's.
 */
class DamagedRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CELL = "wire/data-sbe-ring.json";

    @TempDir
    Path tmp;

    private static Path resource(String name) {
        try {
            return Path.of(DamagedRunTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The run: the JMH fixture, the wire cell and a small, valid evolution matrix. */
    private Path run(String name) throws IOException {
        Path to = Files.createDirectories(tmp.resolve(name));
        copyTree(resource("/runs/quick-baseline-limit"), to);
        copyTree(resource("/runs/wire-sbe-ring"), to);
        ObjectNode m = JSON.createObjectNode();
        m.putArray("changes").addObject().put("name", "addField").put("what", "v2 adds a field");
        ObjectNode row = m.putArray("rows").addObject().put("row", "baseline").put("mechanism", "none");
        ArrayNode cells = row.putArray("cells");
        cells.addObject().put("change", "addField").put("direction", "oldToNew").put("outcome", "readsCorrectly").put("detail", "");
        cells.addObject().put("change", "addField").put("direction", "newToOld").put("outcome", "failsLoudly").put("detail", "throws");
        JSON.writeValue(to.resolve("evolution.json").toFile(), m);
        return to;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else if (!p.getFileName().toString().equals("README.md")) Files.copy(p, target);
            }
        }
    }

    private static void editJson(Path file, Consumer<JsonNode> edit) throws IOException {
        JsonNode root = JSON.readTree(file.toFile());
        edit.accept(root);
        JSON.writeValue(file.toFile(), root);
    }

    /** The first result's primary metric of a JMH file. */
    private static ObjectNode primary(JsonNode root) {
        return (ObjectNode) root.get(0).get("primaryMetric");
    }

    /** Report and compare on the damaged run: both non-zero, both name the file and the words given. */
    private void assertRefused(Path run, String file, String... words) {
        ResultToolsTest.Outcome r = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertNotEquals(0, r.status, "report accepted the damage in " + file + ": " + r.err);
        String line = r.err.lines().filter(l -> l.contains(run.resolve(file).toString())).findFirst().orElse("");
        assertTrue(!line.isEmpty(), "report does not name " + file + ": " + r.err);
        for (String w : words) assertTrue(line.contains(w), "report's line on " + file + " lacks \"" + w + "\": " + line);

        ResultToolsTest.Outcome c = ResultToolsTest.run(new CompareCommand(), resource("/runs/quick-baseline-limit").toString(), run.toString(),
                "--out", tmp.resolve("compare.md").toString());
        assertNotEquals(0, c.status, "compare accepted the damage in " + file + ": " + c.err);
        assertTrue(c.err.contains(run.resolve(file).toString()), "compare does not name " + file + ": " + c.err);
    }

    @Test
    void theUndamagedRunReadsWhole() throws IOException {
        Path run = run("whole");
        ResultToolsTest.Outcome r = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(0, r.status, r.err);
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("## Crossing the wire") && md.contains("## Schema evolution"), md);
    }

    @Test
    void aWireHistogramWithOneChangedBase64CharacterThatStillDecodesIsRefused() throws IOException {
        Path run = run("base64");
        Path cell = run.resolve(CELL);
        JsonNode root = JSON.readTree(cell.toFile());
        ObjectNode point = (ObjectNode) root.get("points").get(0);
        ObjectNode histogram = (ObjectNode) point.get("histogram");
        String data = histogram.get("data").asText();
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        String damaged = null;
        // from the middle of the text: one character replaced, the first replacement that still decodes
        for (int i = data.length() / 2; i < data.length() - 4 && damaged == null; i++) {
            for (char c : alphabet.toCharArray()) {
                if (c == data.charAt(i)) continue;
                String d = data.substring(0, i) + c + data.substring(i + 1);
                try {
                    WireResult.decodeHistogram(d);
                    damaged = d;
                    break;
                } catch (RuntimeException notDecoding) {
                    // the decoder refuses this one; the report would too
                }
            }
        }
        assertTrue(damaged != null, "no one-character change of the histogram decodes: nothing to test");
        histogram.put("data", damaged);
        JSON.writeValue(cell.toFile(), root);
        assertRefused(run, CELL, "point 1", "histogram");
    }

    @Test
    void aWireHistogramWhoseCountDisagreesWithRecordedIsRefused() throws IOException {
        Path run = run("recorded");
        editJson(run.resolve(CELL), root -> ((ObjectNode) root.get("points").get(1)).put("recorded",
                root.get("points").get(1).get("recorded").asLong() + 1));
        assertRefused(run, CELL, "point 2", "recorded");
    }

    @Test
    void aWirePercentileThatIsNotTheHistogramsIsRefused() throws IOException {
        Path run = run("p99");
        editJson(run.resolve(CELL), root -> ((ObjectNode) root.get("points").get(0).get("latencyNs")).put("p99", 1));
        assertRefused(run, CELL, "point 1", "p99");
    }

    @Test
    void lostAndCorruptedMessagesWithoutAFailureAreRefused() throws IOException {
        Path run = run("lost");
        editJson(run.resolve(CELL), root -> ((ObjectNode) root.get("points").get(0)).put("lost", 5).put("corrupted", 3));
        assertRefused(run, CELL, "lost", "no failure");
    }

    @Test
    void aDamagedWireSettingsFileIsNamed() throws IOException {
        Path run = run("settings");
        Path settings = run.resolve("wire/run.json");
        String s = Files.readString(settings);
        Files.writeString(settings, s.substring(0, s.length() / 2));
        assertRefused(run, "wire/run.json", "not valid JSON");
    }

    @Test
    void negativeJmhPercentilesAreRefused() throws IOException {
        Path run = run("negative");
        editJson(run.resolve("limit.json"), root -> {
            ObjectNode pct = (ObjectNode) primary(root).get("scorePercentiles");
            for (Iterator<Map.Entry<String, JsonNode>> it = pct.fields(); it.hasNext(); ) it.next().setValue(JSON.getNodeFactory().numberNode(-1.0));
        });
        assertRefused(run, "limit.json", "scorePercentiles", "negative");
    }

    @Test
    void jmhPercentilesOutOfOrderAreRefused() throws IOException {
        Path run = run("order");
        editJson(run.resolve("limit.json"), root -> {
            ObjectNode pct = (ObjectNode) primary(root).get("scorePercentiles");
            JsonNode p50 = pct.get("50.0");
            pct.set("50.0", pct.get("99.0"));
            pct.set("99.0", p50);
        });
        assertRefused(run, "limit.json", "scorePercentiles", "below");
    }

    @Test
    void aJmhHistogramCountChangedIsRefused() throws IOException {
        Path run = run("count");
        editJson(run.resolve("baseline.json"), root -> {
            ArrayNode valueCount = (ArrayNode) primary(root).get("rawDataHistogram").get(0).get(0).get(0);
            valueCount.set(1, JSON.getNodeFactory().numberNode(valueCount.get(1).asLong() + 1000));
        });
        assertRefused(run, "baseline.json", "rawDataHistogram", "disagree");
    }

    @Test
    void aNegativeJmhScoreIsRefused() throws IOException {
        Path run = run("score");
        editJson(run.resolve("limit.json"), root -> primary(root).put("score", -1.0));
        assertRefused(run, "limit.json", "score");
    }

    @Test
    void aTruncatedEvolutionMatrixIsNamed() throws IOException {
        Path run = run("evolution");
        String s = Files.readString(run.resolve("evolution.json"));
        Files.writeString(run.resolve("evolution.json"), s.substring(0, s.length() - 20));
        assertRefused(run, "evolution.json", "not valid JSON", "line");
    }

    @Test
    void anEvolutionMatrixWithAnUnknownOutcomeIsNamed() throws IOException {
        Path run = run("outcome");
        editJson(run.resolve("evolution.json"), root -> ((ObjectNode) root.get("rows").get(0).get("cells").get(1)).put("outcome", "fine"));
        assertRefused(run, "evolution.json", "rows[0].cells[1]", "outcome");
    }

    /** A row's variant: its own line in the report; a damaged variant is named as a damaged row is. */
    @Test
    void anEvolutionVariantIsReportedAndADamagedOneIsNamed() throws IOException {
        Consumer<JsonNode> addVariant = root -> {
            ObjectNode v = ((ObjectNode) root.get("rows").get(0)).putArray("variants").addObject()
                    .put("variant", "tolerant reader").put("mechanism", "reads on");
            ArrayNode cells = v.putArray("cells");
            cells.addObject().put("change", "addField").put("direction", "oldToNew").put("outcome", "readsCorrectly").put("detail", "");
            cells.addObject().put("change", "addField").put("direction", "newToOld").put("outcome", "readsCorrectly").put("detail", "");
        };
        Path whole = run("variant");
        editJson(whole.resolve("evolution.json"), addVariant);
        ResultToolsTest.Outcome r = ResultToolsTest.run(new ReportCommand(), whole.toString());
        assertEquals(0, r.status, r.err);
        String md = Files.readString(whole.resolve("report.md"));
        assertTrue(md.contains("| `baseline` tolerant reader | ✓ | ✓ |"), md);
        assertTrue(md.contains("- `baseline` tolerant reader: reads on"), md);
        ResultToolsTest.Outcome c = ResultToolsTest.run(new CompareCommand(), resource("/runs/quick-baseline-limit").toString(), whole.toString(),
                "--out", tmp.resolve("compare-variant.md").toString());
        assertEquals(0, c.status, c.err);

        Path damaged = run("variantOutcome");
        editJson(damaged.resolve("evolution.json"), addVariant.andThen(root ->
                ((ObjectNode) root.get("rows").get(0).get("variants").get(0).get("cells").get(1)).put("outcome", "fine")));
        assertRefused(damaged, "evolution.json", "rows[0].variants[0].cells[1]", "tolerant reader", "outcome");
    }

    @Test
    void aSymbolicLinkLoopIsSkippedWithAWarning() throws IOException {
        Path run = run("loop");
        Files.createSymbolicLink(run.resolve("loop.json"), run.resolve("loop.json"));
        Files.createSymbolicLink(run.resolve("wire/again.json"), run.resolve("wire/again.json"));
        ResultToolsTest.Outcome r = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(0, r.status, r.err);
        assertTrue(r.err.contains("warning: " + run.resolve("loop.json")) && r.err.contains("warning: " + run.resolve("wire/again.json")), r.err);
        assertTrue(Files.readString(run.resolve("report.md")).contains("## Crossing the wire"), "the rest is reported");
        ResultToolsTest.Outcome c = ResultToolsTest.run(new CompareCommand(), run.toString(), run.toString(), "--out", tmp.resolve("c.md").toString());
        assertEquals(0, c.status, c.err);
        assertTrue(c.err.contains("warning: " + run.resolve("loop.json")), c.err);
    }
}
