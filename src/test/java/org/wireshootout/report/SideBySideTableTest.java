package org.wireshootout.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The side-by-side table from a run's JMH files: medians over rounds, the median ratio, the script's rounding. */
class SideBySideTableTest {

    @TempDir
    Path dir;

    private void result(String file, double p50, double p99, Double bytesPerOp) throws IOException {
        String gc = bytesPerOp == null ? "" : ", \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": " + bytesPerOp + "}}";
        Files.writeString(dir.resolve(file), "[{\"benchmark\": \"x\", \"primaryMetric\": {\"scorePercentiles\": {\"50.0\": "
                + p50 + ", \"99.0\": " + p99 + "}}" + gc + "}]");
    }

    @Test
    void mediansOverRoundsAndTheMedianOfTheRatios() throws IOException {
        // rounds: reference 100, 120, 110 ns; project 90, 130, 99 ns -> ratios 0.90, 1.083, 0.90 -> median 0.90
        result("A-row-1.json", 100, 200, 0.25);
        result("A-row-2.json", 120, 400, 0.05);
        result("A-row-3.json", 110, 300, 0.15);
        result("B-row-1.json", 90, 250, 0.0);
        result("B-row-2.json", 130, 150, 24.0);
        result("B-row-3.json", 99, 500, 24.5);
        SideBySideTable t = SideBySideTable.of(dir);
        assertTrue(t.problems().isEmpty(), t.problems().toString());
        assertEquals("| row | reference p50 | project p50 | project / reference (p50) | reference p99 | project p99 | reference B/op | project B/op |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---:|\n"
                + "| row | 110 | 99 | 0.90 | 300 | 250 | 0.1 | 24.0 |\n", t.markdown());
    }

    @Test
    void aTieRoundsToEvenAsTheScriptDoes() {
        assertEquals("70", SideBySideTable.fixed(70.5, 0));
        assertEquals("72", SideBySideTable.fixed(71.5, 0));
        assertEquals("0.99", SideBySideTable.fixed(0.995, 2)); // the double nearest 0.995 lies just below it, as Python sees it too
        assertEquals("n/a", SideBySideTable.fixed(Double.NaN, 1));
    }

    @Test
    void aRowWithoutAReadableRoundIsNamedAndMarkedFailed() throws IOException {
        result("A-good-1.json", 100, 200, 0.0);
        result("B-good-1.json", 90, 180, 0.0);
        result("A-bad-1.json", 100, 200, 0.0);
        Files.writeString(dir.resolve("B-bad-1.json"), "[{\"foo\": 1}]");
        SideBySideTable t = SideBySideTable.of(dir);
        assertTrue(t.markdown().contains("| bad | failed |"), t.markdown());
        assertTrue(t.markdown().contains("| good | 100 | 90 | 0.90 |"), t.markdown());
        assertEquals(2, t.problems().size(), t.problems().toString());
        assertTrue(t.problems().get(0).contains("B-bad-1.json") && t.problems().get(0).contains("not a JMH SampleTime result"), t.problems().toString());
    }

    @Test
    void aFolderWithoutSideBySideFilesIsRefusedByName() throws IOException {
        Files.writeString(dir.resolve("sbe.json"), "[]");
        IOException e = assertThrows(IOException.class, () -> SideBySideTable.of(dir));
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
        assertThrows(IOException.class, () -> SideBySideTable.of(dir.resolve("missing")));
    }

    /**
     * The "Against the reference figures" table (docs/reference.md, linked from the README) is the one computed from
     * the side-by-side run it links (a folder under results/), not typed: re-running the computation must give it.
     */
    @Test
    void theReadmeTableIsTheCommittedRunsTable() throws IOException {
        String readme = Files.readString(Path.of("docs", "reference.md"), StandardCharsets.UTF_8);
        int section = readme.indexOf("# Against the reference figures");
        assertTrue(section >= 0, "docs/reference.md has no 'Against the reference figures' section");
        Matcher m = Pattern.compile("results/([0-9TZ]+-side-by-side)/").matcher(readme.substring(section));
        assertTrue(m.find(), "the section links no results/<run>-side-by-side/ folder");
        Path run = Path.of("results", m.group(1));
        List<String> jsons = new ArrayList<>();
        // committed runs are compacted (<file>.json.gz, see the compact command); a plain file is read as well
        try (DirectoryStream<Path> s = Files.newDirectoryStream(run, "*.{json,json.gz}")) {
            s.forEach(p -> jsons.add(p.getFileName().toString()));
        }
        assertFalse(jsons.isEmpty(), run + " holds no JMH files");
        SideBySideTable t = SideBySideTable.of(run);
        assertTrue(t.problems().isEmpty(), t.problems().toString());
        assertTrue(readme.substring(section).contains(t.markdown()), "docs/reference.md's reference table differs from the one computed from "
                + run + "; paste the output of `java -jar target/wire-shootout.jar reference-table " + run + "`:\n" + t.markdown());
    }

    /**
     * The README's generated-against-hand-written table ("Your own message") holds the figures computed from the run it
     * links, and that run's notes hold the whole computed table: re-running the computation must give them.
     */
    @Test
    void theReadmeGeneratedTableIsTheCommittedRunsTable() throws IOException {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        int section = readme.indexOf("**Your own message.**");
        assertTrue(section >= 0, "the README has no 'Your own message' paragraph");
        Matcher m = Pattern.compile("results/([0-9TZ]+-generated-vs-hand)\\b").matcher(readme.substring(section));
        assertTrue(m.find(), "the paragraph names no results/<run>-generated-vs-hand folder");
        Path run = Path.of("results", m.group(1));
        SideBySideTable t = SideBySideTable.of(run, "hand-written", "generated");
        assertTrue(t.problems().isEmpty(), t.problems().toString());
        assertTrue(Files.readString(run.resolve("NOTES.md"), StandardCharsets.UTF_8).contains(t.markdown()),
                run + "/NOTES.md's table differs from the computed one:\n" + t.markdown());
        List<java.util.Map<String, String>> computed = ReportFixtures.table("computed\n" + t.markdown(), "computed");
        List<java.util.Map<String, String>> shown = ReportFixtures.table(readme.substring(section), "**Your own message.**");
        assertEquals(computed.size(), shown.size(), "one README row per computed row");
        for (java.util.Map<String, String> c : computed) {
            java.util.Map<String, String> r = ReportFixtures.row(shown, c.get("row"));
            assertEquals(c.get("hand-written p50"), r.get("hand-written p50 (ns)"), c.get("row"));
            assertEquals(c.get("generated p50"), r.get("generated p50 (ns)"), c.get("row"));
            assertEquals(c.get("generated / hand-written (p50)"), r.get("generated / hand-written"), c.get("row"));
            if (!Files.isDirectory(run.resolve("bytes"))) {
                assertEquals(c.get("hand-written B/op"), r.get("hand-written B/op"), c.get("row"));
                assertEquals(c.get("generated B/op"), r.get("generated B/op"), c.get("row"));
            }
        }
        // a run with a B/op pass (generated-vs-hand.sh --bytes-pass): the README's B/op columns are that pass's
        // medians over JVMs, and the run's bytes.md is that pass's table
        if (Files.isDirectory(run.resolve("bytes"))) {
            SideBySideBytes bytes = SideBySideBytes.of(run.resolve("bytes"), "hand-written", "generated");
            assertTrue(bytes.problems().isEmpty(), bytes.problems().toString());
            assertEquals(bytes.markdown(), Files.readString(run.resolve("bytes.md"), StandardCharsets.UTF_8), run + "/bytes.md");
            List<java.util.Map<String, String>> perSide = ReportFixtures.table("computed\n" + bytes.markdown(), "computed");
            assertEquals(2 * shown.size(), perSide.size(), "two sides in the B/op pass per README row");
            for (java.util.Map<String, String> c : perSide) {
                java.util.Map<String, String> r = ReportFixtures.row(shown, c.get("row"));
                assertEquals(c.get("median"), r.get(c.get("side") + " B/op"), c.get("row") + ", " + c.get("side"));
            }
        }
        // the sides took turns (generated-vs-hand.sh --turns): each row's turn-by-turn median and its interval, and
        // the run's paired.md is that table
        SideBySidePaired paired = SideBySidePaired.of(run, "hand-written", "generated");
        assertTrue(paired.problems().isEmpty(), paired.problems().toString());
        assertEquals(paired.markdown(), Files.readString(run.resolve("paired.md"), StandardCharsets.UTF_8), run + "/paired.md");
        List<java.util.Map<String, String>> turns = ReportFixtures.table("computed\n" + paired.markdown(), "computed");
        for (java.util.Map<String, String> c : turns) {
            java.util.Map<String, String> r = ReportFixtures.row(shown, c.get("row"));
            assertEquals(c.get("generated / hand-written, turn by turn (median)"), r.get("turn by turn"), c.get("row"));
            assertEquals(c.get("95 % interval"), r.get("95 % interval"), c.get("row"));
        }
    }

    @Test
    void theAnchorsDocumentsTablesAreTheCommittedRunsTables() throws IOException {
        String doc = Files.readString(Path.of("docs", "anchors.md"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("## [^\\n]*\\(results/([0-9TZ]+-anchor-[a-z-]+)\\)").matcher(doc);
        int runs = 0;
        while (m.find()) {
            Path run = Path.of("results", m.group(1));
            SideBySideTable t = SideBySideTable.of(run, "anchor", "project");
            assertTrue(t.problems().isEmpty(), t.problems().toString());
            assertTrue(doc.contains(t.markdown()), "docs/anchors.md's table of " + run + " differs from the computed one:\n" + t.markdown());
            assertTrue(Files.readString(run.resolve("NOTES.md"), StandardCharsets.UTF_8).contains(t.markdown()),
                    run + "/NOTES.md's table differs from the computed one");
            runs++;
        }
        assertTrue(runs > 0, "docs/anchors.md names no results/<run>-anchor-<name> run");
    }
}
