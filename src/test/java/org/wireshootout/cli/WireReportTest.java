package org.wireshootout.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * `report` over a run directory holding wire results only (what `run.sh --wire` leaves): the "Crossing the wire"
 * section with a row per cell and its charts, exit 0; a damaged or foreign wire file named, exit non-zero.
 */
class WireReportTest {

    @TempDir
    Path tmp;

    @Test
    void aWireOnlyRunGetsTheSectionTableRowsAndCharts() throws Exception {
        Path run = tmp.resolve("run");
        Path wire = run.resolve("wire");
        ResultToolsTest.Outcome w = ResultToolsTest.run(new WireCommand(), "--formats", "sbe", "--transports", "ring",
                "--rates", "2k", "--seconds", "1", "--cpus", "none", "--receiver-idle", "yield",
                "--temp-dir", tmp.resolve("t").toString(), "--out", wire.toString());
        assertEquals(0, w.status, w.out + w.err);
        // a cell whose only rate failed: the report shows it as failed, from the file alone
        ObjectNode failed = (ObjectNode) new ObjectMapper().readTree(wire.resolve("data-sbe-ring.json").toFile());
        failed.put("transport", "queue");
        failed.putArray("points");
        failed.putArray("failures").add("sbe over queue at 2k msg/s FAILED: message 17 lost");
        new ObjectMapper().writeValue(wire.resolve("data-sbe-queue.json").toFile(), failed);

        ResultToolsTest.Outcome o = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(0, o.status, o.out + o.err);
        assertTrue(o.out.contains("2 wire format x transport results"), o.out);
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("## Crossing the wire"), md);
        assertTrue(md.contains("| sbe | ring | "), md);
        assertTrue(md.contains("| sbe | queue | FAILED: sbe over queue at 2k msg/s FAILED: message 17 lost |"), md);
        assertTrue(md.contains("**Failed:** sbe over queue at 2k msg/s FAILED: message 17 lost"), md);
        // this machine isolates no CPU (CI neither): the unsupported columns are marked and the note says which
        if (new ObjectMapper().readTree(wire.resolve("run.json").toFile()).path("isolatedCpus").asText("").isBlank()) {
            assertTrue(md.contains("No CPU of this machine was isolated") && md.contains(" †"), md);
        }
        // one offered rate: no line against the rate, so no rate chart (it would be empty)
        assertFalse(md.contains("wire-rate.png") || Files.exists(run.resolve("wire-rate.png")), md);
        assertTrue(md.contains("![latency by percentile per transport](wire-percentiles.png)"), md);
        for (String png : new String[] {"wire-percentiles.png"}) {
            byte[] b = Files.readAllBytes(run.resolve(png));
            assertTrue(b.length > 1000 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G', png);
        }
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("<h2 id=\"wire\">Crossing the wire</h2>") && html.contains("data:image/png;base64,"), html);
        assertTrue(html.contains("<td>sbe</td><td>ring</td>"), html);
        assertTrue(html.contains("td.num { white-space: nowrap; }"), "a value and its unit do not wrap");

        // compare over two wire-only runs: no JMH row, said so; never "a single fork per row"
        ResultToolsTest.Outcome c = ResultToolsTest.run(new CompareCommand(), run.toString(), run.toString());
        assertTrue(c.out.contains("Neither run has JMH results") && !c.out.contains("single fork"), c.out);

        // an empty and a foreign file beside it: named, left out, exit 1, the rest still reported
        Files.writeString(wire.resolve("data-empty-ring.json"), "");
        Files.writeString(wire.resolve("data-foreign-ring.json"), "{\"foo\": 1}");
        ResultToolsTest.Outcome bad = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(1, bad.status, bad.err);
        assertTrue(bad.err.contains(wire.resolve("data-empty-ring.json") + " (empty file)"), bad.err);
        assertTrue(bad.err.contains(wire.resolve("data-foreign-ring.json") + " (not a wire result"), bad.err);
        assertTrue(Files.readString(run.resolve("report.md")).contains("| sbe | ring | "));
    }

    @Test
    void thePairedRunsOpenTheSectionWithASentencePerTransport() throws Exception {
        Path run = tmp.resolve("paired-run");
        Path paired = run.resolve("wire").resolve("paired");
        ResultToolsTest.Outcome w = ResultToolsTest.run(new WireCommand(), "--paired", "--formats", "sbe,jackson", "--transports", "ring",
                "--rates", "5k", "--slice-ms", "10", "--cycles", "3", "--warmup-cycles", "1", "--cpus", "none", "--receiver-idle", "yield",
                "--temp-dir", tmp.resolve("t").toString(), "--out", paired.toString());
        assertEquals(0, w.status, w.out + w.err);
        assertTrue(Files.isRegularFile(paired.resolve("paired-data-ring.json")), w.out);
        assertTrue(Files.readString(paired.resolve("paired.md")).contains("| floor (no codec) |"), w.out);

        ResultToolsTest.Outcome o = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(0, o.status, o.out + o.err);
        String md = Files.readString(run.resolve("report.md"));
        int section = md.indexOf("## Crossing the wire");
        int sentence = md.indexOf("- Over `ring` at 5k msg/s (floor p50 ");
        assertTrue(section >= 0 && sentence > section, md);
        assertTrue(md.contains("added the least") && md.contains("over 3 cycles."), md);
        assertTrue(md.contains("| floor (no codec) |") && md.contains("| sbe |") && md.contains("| jackson |"), md);
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("Formats against the floor, interleaved in time") && html.contains("<td>floor (no codec)</td>"), html);

        // compare: the same run with sbe's added cost 50 % higher and jackson's ratio unchanged
        Path other = tmp.resolve("paired-run-b");
        Path otherPaired = other.resolve("wire").resolve("paired");
        Files.createDirectories(otherPaired);
        ObjectNode moved = (ObjectNode) new ObjectMapper().readTree(paired.resolve("paired-data-ring.json").toFile());
        for (com.fasterxml.jackson.databind.JsonNode slot : moved.path("slots")) {
            if (slot.path("format").asText().equals("sbe")) {
                ObjectNode added = (ObjectNode) slot.path("addedNs");
                double a = added.path("median").asDouble();
                added.put("median", a == 0 ? 100 : a * 1.5);
            }
        }
        new ObjectMapper().writeValue(otherPaired.resolve("paired-data-ring.json").toFile(), moved);
        ResultToolsTest.Outcome c = ResultToolsTest.run(new CompareCommand(), run.toString(), other.toString());
        assertEquals(0, c.status, c.out + c.err);
        assertTrue(c.out.contains("## Wire: formats against the floor (paired)"), c.out);
        assertTrue(c.out.contains("Over 2 cells in both runs, the added cost over the floor repeated within 10 % in 1, the ratio to the floor in 2"), c.out);

        // a paired file that lost its slots is named, not read as a wire cell
        Files.writeString(paired.resolve("paired-data-queue.json"), "{\"kind\": \"paired\", \"slots\": []}");
        ResultToolsTest.Outcome bad = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertTrue((bad.out + bad.err).contains("paired/paired-data-queue.json (not a paired result"), bad.out + bad.err);
    }

    @Test
    void aRecordedReplayCrossesEveryTransportCheckedWithItsTimeline() throws Exception {
        String capture = org.wireshootout.SampleData.iex(org.wireshootout.SampleData.TOPS).toString();
        Path run = tmp.resolve("replay-run");
        Path wire = run.resolve("wire");
        // the capture's two segments are 13 µs apart: a thousand times slower, a pass lasts 13 ms
        ResultToolsTest.Outcome w = ResultToolsTest.run(new WireCommand(), "--payload", "iex", "--capture", capture, "--pace", "recorded",
                "--speed", "0.001", "--formats", "sbe", "--cpus", "none", "--receiver-idle", "yield",
                "--temp-dir", tmp.resolve("t").toString(), "--out", wire.toString());
        assertEquals(0, w.status, w.out + w.err);
        for (String transport : new String[] {"ring", "aeron-ipc", "aeron-udp", "queue"}) {
            com.fasterxml.jackson.databind.JsonNode point = new ObjectMapper().readTree(wire.resolve("iex-sbe-" + transport + ".json").toFile())
                    .path("points").path(0);
            long messages = point.path("messages").asLong();
            assertEquals(0, messages % 104, transport + ": whole passes of the capture's 104 messages");
            assertEquals(messages, point.path("received").asLong(), transport + ": every message received and checked");
            assertEquals(104, point.path("recorded").asLong(), transport + ": the measured pass alone is recorded");
            com.fasterxml.jackson.databind.JsonNode spans = point.path("replayTimeline").path("spans");
            long inSpans = 0;
            for (com.fasterxml.jackson.databind.JsonNode span : spans) inSpans += span.path("messages").asLong();
            assertEquals(104, inSpans, transport + ": the timeline holds every measured message");
        }
        ResultToolsTest.Outcome o = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(0, o.status, o.out + o.err);
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("### Latency along the replay") && md.contains("| capture time from (s) | replay rate (msg/s) | sbe p50 / p99 / worst |"), md);
    }

    @Test
    void aRecordedPaceNeedsACaptureAndASpeedNeedsARecordedPace() throws Exception {
        for (String[] args : new String[][] {{"--pace", "recorded"}, {"--payload", "iex", "--pace", "recorded"}, {"--speed", "10"},
                {"--pace", "sometimes"}}) {
            ResultToolsTest.Outcome o = ResultToolsTest.run(new WireCommand(), args);
            assertEquals(2, o.status, String.join(" ", args) + ": " + o.out + o.err);
            assertTrue(o.err.contains("--pace") || o.err.contains("--speed"), o.err);
        }
        String capture = org.wireshootout.SampleData.iex(org.wireshootout.SampleData.TOPS).toString();
        ResultToolsTest.Outcome zero = ResultToolsTest.run(new WireCommand(), "--payload", "iex", "--capture", capture, "--pace", "recorded", "--speed", "0");
        assertEquals(2, zero.status, zero.out + zero.err);
        assertTrue(zero.err.contains("--speed must be a positive factor"), zero.err);
    }

    @Test
    void stagesAreTimedPerMessageAndReportedWithTheClocksCost() throws Exception {
        Path run = tmp.resolve("stages-run");
        Path wire = run.resolve("wire");
        ResultToolsTest.Outcome w = ResultToolsTest.run(new WireCommand(), "--stages", "--formats", "sbe", "--transports", "ring",
                "--rates", "2k", "--seconds", "1", "--forks", "1", "--cpus", "none", "--receiver-idle", "yield",
                "--temp-dir", tmp.resolve("t").toString(), "--out", wire.toString());
        assertEquals(0, w.status, w.out + w.err);
        assertTrue(w.out.contains("stages p50 (p99): lag "), w.out);
        com.fasterxml.jackson.databind.JsonNode point = new ObjectMapper().readTree(wire.resolve("data-sbe-ring.json").toFile()).path("points").path(0);
        com.fasterxml.jackson.databind.JsonNode stages = point.path("stagesNs");
        assertTrue(stages.path("clockReadNs").asDouble() > 0, stages.toString());
        for (String k : new String[] {"scheduleLag", "encode", "handOff", "decode"}) {
            assertTrue(stages.path(k).path("p50").isNumber() && stages.path(k).path("p99").asLong() >= stages.path(k).path("p50").asLong(), k + ": " + stages);
        }
        // encoding and decoding a message take some time; each figure holds at least part of a clock read
        assertTrue(stages.path("encode").path("p50").asLong() > 0 && stages.path("decode").path("p50").asLong() > 0, stages.toString());
        ResultToolsTest.Outcome o = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(0, o.status, o.out + o.err);
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("### Where the time goes (--stages)") && md.contains("| sbe | ring | "), md);

        ResultToolsTest.Outcome echo = ResultToolsTest.run(new WireCommand(), "--stages", "--echo");
        assertEquals(2, echo.status, echo.out + echo.err);
        assertTrue(echo.err.contains("--stages times one-way runs"), echo.err);
    }

    @Test
    void pairedRefusesEchoCrossProcessAndForks() throws Exception {
        for (String[] args : new String[][] {{"--paired", "--echo"}, {"--paired", "--cross-process", "--transports", "aeron-ipc"},
                {"--paired", "--forks", "3"}, {"--paired", "--cycles", "1"}}) {
            ResultToolsTest.Outcome o = ResultToolsTest.run(new WireCommand(), args);
            assertEquals(2, o.status, String.join(" ", args) + ": " + o.out + o.err);
            assertTrue(o.err.contains("--paired") || o.err.contains("--cycles"), o.err);
        }
    }

    @Test
    void onlyUnreadableWireFilesExitTwoAndAreNamed() throws Exception {
        Path wire = Files.createDirectories(tmp.resolve("run").resolve("wire"));
        Files.writeString(wire.resolve("data-sbe-ring.json"), "");
        Files.writeString(wire.resolve("data-x-queue.json"), "[1, 2]");
        ResultToolsTest.Outcome o = ResultToolsTest.run(new ReportCommand(), tmp.resolve("run").toString());
        assertEquals(2, o.status, o.err);
        assertTrue(o.err.contains("data-sbe-ring.json (empty file)") && o.err.contains("data-x-queue.json (not a wire result"), o.err);
        assertTrue(o.err.contains("no wire results"), o.err);
    }
}
