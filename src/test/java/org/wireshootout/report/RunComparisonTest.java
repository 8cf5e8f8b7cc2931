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
        }
        RunComparison c = compare(ReportFixtures.fixture(), b);
        List<RunComparison.Line> differing = c.lines.stream().filter(l -> l.a != l.b).collect(Collectors.toList());
        assertFalse(differing.isEmpty(), "the fixture's forks differ, so B must differ from A somewhere");
        for (RunComparison.Line l : c.lines) {
            assertTrue(l.verdict == RunComparison.Verdict.WITHIN_SPREAD,
                    l.benchmark + " " + l.row + " " + l.statistic + ": " + l.a + " vs " + l.b + " marked " + l.verdict);
        }
    }

    @Test
    void aSingleForkGivesNoSpreadAndNoMark() throws IOException {
        Path b = ReportFixtures.copyFixture(tmp, "onefork");
        Path p = b.resolve("limit.json");
        JsonNode root = ReportFixtures.readJson(p);
        for (JsonNode r : root) ((ArrayNode) r.get("primaryMetric").get("rawDataHistogram")).remove(1);
        ReportFixtures.writeJson(p, root);
        ReportFixtures.scaleSamples(p, "limit", 3);
        RunComparison c = compare(ReportFixtures.fixture(), b);
        boolean sawLimit = false;
        for (RunComparison.Line l : c.lines) {
            if (!l.row.equals("limit") || l.statistic.equals(RunComparison.ALLOC)) continue;
            sawLimit = true;
            assertEquals(RunComparison.Verdict.NO_SPREAD, l.verdict, l.benchmark + " " + l.statistic);
        }
        assertTrue(sawLimit);
        assertTrue(c.markdown().contains("1 fork: no spread"));
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
