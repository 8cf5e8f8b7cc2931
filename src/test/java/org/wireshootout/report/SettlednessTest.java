package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rule for unsettled rows and the busy-machine note, from JMH results and env.json as run.sh writes them. */
class SettlednessTest {

    @TempDir
    Path tmp;

    /**
     * A SampleTime result whose fork f, iteration i holds 100 samples at {@code p50s[f][i]} and one slow sample, so
     * that iteration's p50 is that value.
     */
    private JmhResult sampled(String format, String unit, double[]... p50s) throws Exception {
        ObjectNode r = base(format, "sample", unit, p50s.length, p50s[0].length);
        ArrayNode forks = ((ObjectNode) r.get("primaryMetric")).putArray("rawDataHistogram");
        for (double[] fork : p50s) {
            ArrayNode its = forks.addArray();
            for (double v : fork) {
                ArrayNode it = its.addArray();
                it.addArray().add(v).add(100);
                it.addArray().add(v * 50).add(1);
            }
        }
        return read(r);
    }

    /** A result without histograms (AverageTime, SingleShotTime...) with these per-fork iteration scores. */
    private JmhResult scored(String format, String mode, String unit, double[]... scores) throws Exception {
        ObjectNode r = base(format, mode, unit, scores.length, scores[0].length);
        ArrayNode forks = ((ObjectNode) r.get("primaryMetric")).putArray("rawData");
        for (double[] fork : scores) {
            ArrayNode its = forks.addArray();
            for (double v : fork) its.add(v);
        }
        return read(r);
    }

    private static ObjectNode base(String format, String mode, String unit, int forks, int iterations) {
        ObjectNode r = ReportFixtures.JSON.createObjectNode();
        r.put("benchmark", "org.wireshootout.bench.DataBenchmark.roundTrip");
        r.put("mode", mode);
        r.put("forks", forks);
        r.put("measurementIterations", iterations);
        r.putObject("params").put("format", format);
        ObjectNode pm = r.putObject("primaryMetric");
        pm.put("score", 1.0);
        pm.put("scoreUnit", unit);
        pm.putObject("scorePercentiles");
        return r;
    }

    private JmhResult read(ObjectNode r) throws Exception {
        Path f = Files.createTempFile(tmp, "result", ".json");
        ArrayNode root = ReportFixtures.JSON.createArrayNode();
        root.add(r);
        ReportFixtures.writeJson(f, root);
        ReportFixtures.reconcile(f); // the score as JMH computes it from the samples: a report refuses one that disagrees
        return JmhResult.read(f).get(0);
    }

    @Test
    void iterationsThatAgreeAreSettled() throws Exception {
        assertNull(Settledness.check(sampled("sbe", "ns/op", new double[] {80, 80, 90}, new double[] {71, 71, 71})));
        assertEquals("", Settledness.mark(sampled("sbe", "ns/op", new double[] {400, 420, 410})));
    }

    @Test
    void aFallingForkIsUnsettledAndNamed() throws Exception {
        JmhResult r = sampled("bwireFTF", "ns/op", new double[] {571, 561, 561}, new double[] {1442, 560, 370});
        Settledness.Unsettled u = Settledness.check(r);
        assertNotNull(u);
        assertEquals(2, u.fork, "the fork whose iterations disagree");
        assertEquals(List.of(1442.0, 560.0, 370.0), u.iterations);
        assertEquals((1442.0 - 370) / 370, u.spread, 1e-9);
        assertEquals("falling", u.direction());
        assertEquals(" " + Settledness.MARK, Settledness.mark(r));
    }

    @Test
    void theWidestForkIsTheOneReportedAndDirectionsAreTold() throws Exception {
        Settledness.Unsettled u = Settledness.check(sampled("jackson", "ns/op",
                new double[] {370, 361, 510}, new double[] {361, 900, 380}));
        assertNotNull(u);
        assertEquals(2, u.fork);
        assertEquals("scattered", u.direction());
        assertEquals("rising", Settledness.check(sampled("x", "ns/op", new double[] {300, 350, 500})).direction());
    }

    @Test
    void theThresholdIsAQuarterOfTheSmallestIterationFigure() throws Exception {
        double low = 1000;
        assertNull(Settledness.check(sampled("a", "ns/op", new double[] {low, low * (1 + Settledness.SPREAD)})), "at the threshold");
        assertNotNull(Settledness.check(sampled("a", "ns/op", new double[] {low, low * (1 + Settledness.SPREAD) + 2})), "just above it");
    }

    @Test
    void differencesOfATimerTickOrTwoAreNotCountedAgainstFastRows() throws Exception {
        // 20 -> 30 ns is 50 %, but within ABSOLUTE_NS: the timer's ticks, not the JIT
        assertNull(Settledness.check(sampled("baseline", "ns/op", new double[] {30, 20})));
        assertNotNull(Settledness.check(sampled("limit", "ns/op", new double[] {70, 70 + Settledness.ABSOLUTE_NS + 10})));
        // the same difference in µs is far above the floor
        assertNull(Settledness.check(sampled("fast", "us/op", new double[] {0.020, 0.030})), "0.02 -> 0.03 us is 10 ns");
        assertNotNull(Settledness.check(sampled("slow", "us/op", new double[] {2.0, 3.0})), "2 -> 3 us is 1000 ns");
    }

    @Test
    void unitsOtherThanNanosecondsAreConverted() {
        assertEquals(1, Settledness.nanosPerUnit("ns/op"));
        assertEquals(1e3, Settledness.nanosPerUnit("us/op"));
        assertEquals(1e6, Settledness.nanosPerUnit("ms/op"));
        assertEquals(1e9, Settledness.nanosPerUnit("s/op"));
        assertTrue(Double.isNaN(Settledness.nanosPerUnit("ops/us")), "throughput is not a time");
    }

    @Test
    void aSingleIterationOrSingleShotsAreNotJudged() throws Exception {
        assertNull(Settledness.check(sampled("a", "ns/op", new double[] {100}, new double[] {900})));
        assertNull(Settledness.check(scored("a", "ss", "ms/op", new double[] {10, 40, 90})));
    }

    @Test
    void modesWithoutSamplesAreJudgedOnTheirIterationScores() throws Exception {
        assertNotNull(Settledness.check(scored("a", "avgt", "us/op", new double[] {3.0, 2.0, 1.9})));
        assertNull(Settledness.check(scored("a", "avgt", "us/op", new double[] {2.0, 2.1, 2.0})));
        // throughput: no time floor, the spread alone decides
        assertNotNull(Settledness.check(scored("a", "thrpt", "ops/us", new double[] {10, 20})));
    }

    @Test
    void theTextListsEveryUnsettledRowWithItsFigures() throws Exception {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        // limit's iterations are 70, 70 in both forks; make one fork of its round trip fall from 700 to 70
        JsonNode root = ReportFixtures.readJson(dir.resolve("limit.json"));
        for (JsonNode r : root) {
            if (!r.get("benchmark").asText().endsWith("roundTrip")) continue;
            ArrayNode firstIteration = (ArrayNode) r.get("primaryMetric").get("rawDataHistogram").get(0).get(0);
            for (JsonNode vc : firstIteration) ((ArrayNode) vc).set(0, ReportFixtures.JSON.getNodeFactory().numberNode(vc.get(0).asDouble() * 10));
        }
        ReportFixtures.writeJson(dir.resolve("limit.json"), root);
        ReportFixtures.reconcile(dir.resolve("limit.json")); // score and percentiles as JMH computes them from the samples
        RunDirectory run = RunDirectory.read(dir);

        List<Settledness.Unsettled> us = Settledness.unsettled(run);
        assertEquals(1, us.size(), "only limit's round trip: " + us);
        assertEquals("limit", us.get(0).result.format());
        String text = Settledness.unsettledText(run, true);
        assertTrue(text.contains("`limit` (DataBenchmark.roundTrip, fork 1: iteration p50s 700, 70 ns, falling)"), text);
        assertTrue(text.contains(Settledness.rule()), text);

        String md = new ReportWriter(run).markdown(List.of());
        assertTrue(md.contains("**Not settled.** " + text), "the report carries the list");
        Map<String, String> row = ReportFixtures.row(ReportFixtures.table(md, "## The answer"), "1");
        assertEquals("limit", row.get("Format"));
        assertTrue(row.get("p50 (ns)").endsWith(" " + Settledness.MARK), "the answer table marks the row: " + row);
        Map<String, String> baseline = ReportFixtures.row(ReportFixtures.table(md, "### DataBenchmark.roundTrip"), "baseline");
        assertFalse(baseline.get("p50 (ns)").contains(Settledness.MARK), "a settled row is not marked");
        String console = new ReportWriter(run).consoleSummary();
        assertTrue(console.contains("limit" + Settledness.CONSOLE_MARK), console);
    }

    @Test
    void aRunWhoseRowsSettledSaysNothing() throws Exception {
        RunDirectory run = RunDirectory.read(ReportFixtures.copyFixture(tmp, "run"));
        assertEquals("", Settledness.unsettledText(run, true));
        assertFalse(new ReportWriter(run).markdown(List.of()).contains("Not settled"));
    }

    // ---- the busy machine, from env.json ----------------------------------------------------------------

    private static ObjectNode env(int cpus, double before, double after) {
        ObjectNode env = ReportFixtures.JSON.createObjectNode();
        ObjectNode m = env.putObject("machineLoad");
        m.put("cpus", cpus);
        m.putArray("before").add(before).add(before).add(before);
        m.putArray("after").add(after).add(after).add(after);
        ObjectNode lock = m.putObject("jmhLock");
        lock.put("file", "/tmp/jmh.lock");
        lock.putArray("heldAtStart");
        lock.put("ignored", false);
        lock.put("ignoredBy", "");
        m.putArray("otherJava");
        env.putObject("formats");
        return env;
    }

    @Test
    void aLoadAboveTheCpuCountIsBusy() {
        assertEquals(List.of(), Settledness.busyReasons(env(2, 0.4, 1.2)), "our own run adds about one");
        assertEquals(List.of(), Settledness.busyReasons(env(2, 2.0, 2.0)), "at the CPU count is not above it");
        List<String> reasons = Settledness.busyReasons(env(2, 0.5, 3.25));
        assertEquals(1, reasons.size());
        assertTrue(reasons.get(0).contains("up to 3.25 on 2 CPUs"), reasons.get(0));
        assertTrue(reasons.get(0).contains("before the run 0.50, after it 3.25"), reasons.get(0));
    }

    @Test
    void aLoadRecordedAfterAFormatCounts() {
        ObjectNode env = env(4, 1, 1);
        ((ObjectNode) env.get("formats")).putObject("sbe").put("status", "ok").put("loadAfter", 6.5);
        List<String> reasons = Settledness.busyReasons(env);
        assertEquals(1, reasons.size(), reasons.toString());
        assertTrue(reasons.get(0).contains("up to 6.50 on 4 CPUs"), reasons.get(0));
    }

    @Test
    void anotherJmhRunIsBusyWhateverTheLoad() {
        ObjectNode env = env(8, 0.1, 0.1);
        ArrayNode others = (ArrayNode) env.get("machineLoad").get("otherJava");
        others.addObject().put("pid", 4242).put("jmh", true).put("lockHolder", true).put("command", "java -jar benchmarks.jar");
        others.addObject().put("pid", 77).put("jmh", false).put("lockHolder", false).put("command", "java -cp maven");
        ObjectNode lock = (ObjectNode) env.get("machineLoad").get("jmhLock");
        ((ArrayNode) lock.get("heldAtStart")).add(4242);
        lock.put("ignored", true).put("ignoredBy", "--ignore-lock");
        List<String> reasons = Settledness.busyReasons(env);
        assertEquals(List.of("another JMH run beside this one (process 4242; its lock ignored by --ignore-lock)"), reasons);
        assertTrue(Settledness.busyText(env).startsWith("The machine was busy during this run: another JMH run"));
    }

    @Test
    void otherJavaProcessesThatAreNotJmhAreNotBusy() {
        ObjectNode env = env(2, 0.3, 0.3);
        ((ArrayNode) env.get("machineLoad").get("otherJava")).addObject().put("pid", 77).put("jmh", false).put("command", "java -cp maven");
        assertEquals(List.of(), Settledness.busyReasons(env));
    }

    @Test
    void aRunThatRecordedNothingSaysNothing() throws Exception {
        assertEquals(List.of(), Settledness.busyReasons(ReportFixtures.JSON.createObjectNode()));
        assertEquals("", Settledness.busyText(com.fasterxml.jackson.databind.node.MissingNode.getInstance()));
    }

    @Test
    void theReportsCarryTheBusyNote() throws Exception {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        ObjectNode env = (ObjectNode) ReportFixtures.readJson(dir.resolve("env.json"));
        env.set("machineLoad", env(2, 0.2, 5.0).get("machineLoad"));
        ReportFixtures.writeJson(dir.resolve("env.json"), env);
        RunDirectory run = RunDirectory.read(dir);
        String busy = Settledness.busyText(run.env);
        assertFalse(busy.isEmpty());
        assertTrue(new ReportWriter(run).markdown(List.of()).contains("**Busy machine.** " + busy));
        new ReportWriter(run).write();
        String html = Files.readString(dir.resolve(ReportWriter.HTML_FILE));
        assertTrue(html.contains("<p class=\"warn\" id=\"busy\">Busy machine. " + HtmlPage.esc(busy) + "</p>"), "report.html carries it too");
        assertTrue(new ReportWriter(run).consoleSummary().contains("WARNING: the machine was busy"));
    }
}
