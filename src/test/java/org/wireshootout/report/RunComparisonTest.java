package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.util.MultisetStatistics;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The comparison marks a planted 3x difference and leaves alone one that is within the fork-to-fork spread. */
class RunComparisonTest {

    @TempDir
    Path tmp;

    private static RunComparison compare(Path a, Path b) throws IOException {
        return new RunComparison(RunDirectory.read(a), RunDirectory.read(b));
    }

    @Test
    void runAgainstItselfMarksNothing() throws IOException {
        RunComparison c = compare(ReportFixtures.fixture(), ReportFixtures.fixture());
        assertFalse(c.lines.isEmpty());
        for (RunComparison.Line l : c.lines) {
            assertEquals(RunComparison.Verdict.WITHIN_SPREAD, l.verdict, l.benchmark + " " + l.row + " " + l.statistic);
            assertEquals(1.0, l.ratio(), 1e-12);
        }
    }

    @Test
    void threeTimesSlowerIsMarkedAtTheMedianAndOnlyWhereItWasPlanted() throws IOException {
        Path b = ReportFixtures.copyFixture(tmp, "slower");
        ReportFixtures.scaleSamples(b.resolve("limit.json"), "limit", 3);
        RunComparison c = compare(ReportFixtures.fixture(), b);
        for (RunComparison.Line l : c.lines) {
            String what = l.benchmark + " " + l.row + " " + l.statistic;
            if (l.row.equals("limit") && !l.statistic.equals(RunComparison.ALLOC)) {
                assertEquals(3.0, l.ratio(), 1e-9, what);
                if (l.statistic.equals("p50")) assertEquals(RunComparison.Verdict.SLOWER, l.verdict, what);
                // far tails may rest on a handful of samples whose forks disagree widely: never marked faster
                assertTrue(l.verdict == RunComparison.Verdict.SLOWER || l.verdict == RunComparison.Verdict.WITHIN_SPREAD, what);
            } else {
                assertEquals(RunComparison.Verdict.WITHIN_SPREAD, l.verdict, what);
            }
        }
        String md = c.markdown();
        assertTrue(md.contains("| **slower** |"), "a marked row in the Markdown");
        assertFalse(md.contains("| **faster** |"));
    }

    @Test
    void aDifferenceInsideTheForkSpreadIsNotMarked() throws IOException {
        // B is A's second fork run twice: its figures differ from A's, but by no more than A's own forks differ
        Path b = ReportFixtures.copyFixture(tmp, "noise");
        for (String file : List.of("baseline.json", "limit.json")) {
            Path p = b.resolve(file);
            JsonNode root = ReportFixtures.readJson(p);
            for (JsonNode r : root) {
                ObjectNode pm = (ObjectNode) r.get("primaryMetric");
                ArrayNode forks = (ArrayNode) pm.get("rawDataHistogram");
                JsonNode second = forks.get(1);
                forks.set(0, second.deepCopy());
                MultisetStatistics s = new MultisetStatistics();
                for (JsonNode fork : forks) for (JsonNode it : fork) for (JsonNode vc : it) s.addValue(vc.get(0).asDouble(), vc.get(1).asLong());
                ObjectNode pct = (ObjectNode) pm.get("scorePercentiles");
                for (Map.Entry<String, JsonNode> e : ReportFixtures.iterable(pct)) {
                    double q = Double.parseDouble(e.getKey());
                    pct.put(e.getKey(), q >= 100 ? s.getMax() : s.getPercentile(q));
                }
            }
            ReportFixtures.writeJson(p, root);
            ReportFixtures.reconcile(p);
        }
        RunComparison c = compare(ReportFixtures.fixture(), b);
        assertTrue(b.resolve("limit.json").toFile().exists() && RunDirectory.read(b).unreadable.isEmpty(), "B reads whole");
        List<RunComparison.Line> differing = c.lines.stream().filter(l -> l.a != l.b).collect(Collectors.toList());
        assertFalse(differing.isEmpty(), "the fixture's forks differ, so B must differ from A somewhere");
        for (RunComparison.Line l : c.lines) {
            assertTrue(l.verdict == RunComparison.Verdict.WITHIN_SPREAD,
                    l.benchmark + " " + l.row + " " + l.statistic + ": " + l.a + " vs " + l.b + " marked " + l.verdict);
        }
    }

    @Test
    void aSingleForkSaysSoAndFallsBackToTheIterationSpread() throws IOException {
        Path b = ReportFixtures.copyFixture(tmp, "onefork");
        Path p = b.resolve("limit.json");
        JsonNode root = ReportFixtures.readJson(p);
        for (JsonNode r : root) {
            ((ArrayNode) r.get("primaryMetric").get("rawDataHistogram")).remove(1);
            ((ArrayNode) r.get("secondaryMetrics").get(JmhResult.ALLOC_NORM).get("rawData")).remove(1);
        }
        ReportFixtures.writeJson(p, root);
        ReportFixtures.reconcile(p);
        ReportFixtures.scaleSamples(p, "limit", 3);
        assertTrue(RunDirectory.read(b).unreadable.isEmpty(), "B reads whole: " + RunDirectory.read(b).unreadable);
        RunComparison c = compare(ReportFixtures.fixture(), b);
        boolean sawLimit = false;
        for (RunComparison.Line l : c.lines) {
            if (!l.row.equals("limit") || l.statistic.equals(RunComparison.ALLOC)) continue;
            sawLimit = true;
            assertEquals(RunComparison.Basis.ITERATIONS, l.basis, l.benchmark + " " + l.statistic);
            assertEquals(2, l.bForks.length, "B's single fork has 2 measurement iterations");
            if (l.statistic.equals("p50")) assertEquals(RunComparison.Verdict.SLOWER, l.verdict, "3x at the median, beyond the iterations' spread");
        }
        assertTrue(sawLimit);
        String md = c.markdown();
        assertTrue(md.contains("Run B has a single fork per row, so nothing can be judged against the JVM-to-JVM spread."), md);
        assertTrue(md.contains("**slower (iterations)**"), "iteration-based marks are labelled as such");
        for (RunComparison.Line l : c.lines) {
            if (l.row.equals("limit") && l.statistic.equals(RunComparison.ALLOC)) {
                assertEquals(RunComparison.Basis.ITERATIONS, l.basis, "B/op of a single fork is judged by its iterations");
                assertEquals(2, l.bForks.length);
            }
        }
    }

    @Test
    void oneForkOfOneIterationMarksNothing() throws IOException {
        Path b = ReportFixtures.copyFixture(tmp, "oneshot");
        Path p = b.resolve("limit.json");
        JsonNode root = ReportFixtures.readJson(p);
        for (JsonNode r : root) {
            ArrayNode forks = (ArrayNode) r.get("primaryMetric").get("rawDataHistogram");
            forks.remove(1);
            ((ArrayNode) forks.get(0)).remove(1);
        }
        ReportFixtures.writeJson(p, root);
        ReportFixtures.reconcile(p);
        ReportFixtures.scaleSamples(p, "limit", 3);
        assertTrue(RunDirectory.read(b).unreadable.isEmpty(), "B reads whole: " + RunDirectory.read(b).unreadable);
        for (RunComparison.Line l : compare(ReportFixtures.fixture(), b).lines) {
            if (!l.row.equals("limit") || l.statistic.equals(RunComparison.ALLOC)) continue;
            assertEquals(RunComparison.Verdict.NO_SPREAD, l.verdict, l.benchmark + " " + l.statistic);
        }
    }

    @Test
    void bulkRowsAreComparedOnTimeAsWellAsAllocation() throws IOException {
        Path a = ReportFixtures.copyFixture(tmp, "bulkA");
        Path b = ReportFixtures.copyFixture(tmp, "bulkB");
        ReportWriterTest.makeSingleShot(a.resolve("limit.json"), new double[][] {{10, 11}, {10.5, 10.2}});
        ReportWriterTest.makeSingleShot(b.resolve("limit.json"), new double[][] {{30, 31}, {30.5, 29.9}});
        RunComparison c = compare(a, b);
        List<RunComparison.Line> time = c.lines.stream()
                .filter(l -> l.row.equals("limit") && l.statistic.startsWith(RunComparison.TIME)).collect(Collectors.toList());
        assertEquals(3, time.size(), "one time line per limit result");
        for (RunComparison.Line l : time) {
            assertEquals(RunComparison.Basis.FORKS, l.basis);
            assertEquals(RunComparison.Verdict.SLOWER, l.verdict, l.benchmark);
        }
    }

    @Test
    void longListsAreWrappedAndGroupedByBenchmark() {
        List<String> keys = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) keys.add("DataBenchmark.encode format" + i);
        keys.add("IexBenchmark.decode sbe");
        String text = RunComparison.wrapped(keys);
        for (String line : text.split("\n")) assertTrue(line.length() <= RunComparison.WRAP, "line of " + line.length() + ": " + line);
        assertTrue(text.startsWith("- DataBenchmark.encode: format0, format1"), text);
        assertTrue(text.contains("- IexBenchmark.decode: sbe"), text);
        for (int i = 0; i < 59; i++) assertTrue(text.contains("format" + i + ","), "format" + i + " followed by a comma, wrapped or not");
        assertTrue(text.contains("format59\n"), "the last of a group ends its line");
    }

    @Test
    void resultsInOnlyOneRunAreListed() throws IOException {
        Path b = ReportFixtures.copyFixture(tmp, "fewer");
        java.nio.file.Files.delete(b.resolve("baseline.json"));
        RunComparison c = compare(ReportFixtures.fixture(), b);
        assertEquals(3, c.onlyInA.size());
        assertTrue(c.onlyInB.isEmpty());
        assertTrue(c.lines.stream().noneMatch(l -> l.row.equals("baseline")));
    }
}
