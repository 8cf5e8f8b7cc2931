package org.wireshootout.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.wire.WireResult;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `wire` writes one re-readable JSON per format x transport and a summary; bad arguments exit 2. */
class WireCommandTest {

    static int run(StringBuilder output, String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int rc;
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            rc = new CommandLine(new WireCommand()).execute(args);
        } finally {
            System.setOut(saved);
        }
        output.append(buf.toString(StandardCharsets.UTF_8));
        return rc;
    }

    @Test
    void writesOneJsonPerCellWhoseHistogramReadsBack(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("run");
        StringBuilder text = new StringBuilder();
        int rc = run(text, "--formats", "sbe", "--transports", "ring", "--rates", "2k,4k", "--every-rate",
                "--seconds", "0.5", "--cpus", "none", "--receiver-idle", "yield", "--temp-dir", temp.resolve("tmp").toString(),
                "--out", out.toString());
        assertEquals(0, rc, text.toString());
        assertTrue(text.toString().contains("[1/1] sbe over ring"), text.toString());
        JsonNode cell = new ObjectMapper().readTree(out.resolve("data-sbe-ring.json").toFile());
        assertEquals(2, cell.get("points").size());
        for (JsonNode p : cell.get("points")) {
            long messages = p.get("messages").asLong();
            long warmup = p.get("warmupMessages").asLong();
            assertEquals(messages, p.get("received").asLong());
            assertEquals(messages - warmup, p.get("recorded").asLong());
            Histogram h = WireResult.decodeHistogram(p.get("histogram").get("data").asText());
            assertEquals(messages - warmup, h.getTotalCount());
            assertEquals(p.get("latencyNs").get("worst").asLong(), h.getMaxValue());
        }
        assertEquals(2000.0, cell.get("points").get(0).get("offeredRatePerSecond").asDouble());
        assertTrue(Files.readString(out.resolve("summary.md")).contains("| sbe | ring |"));
        assertTrue(Files.isRegularFile(out.resolve("run.json")));
    }

    @Test
    void badArgumentsExitTwo(@TempDir Path temp) {
        StringBuilder text = new StringBuilder();
        assertEquals(2, run(text, "--transports", "carrier-pigeon", "--out", temp.toString()));
        assertEquals(2, run(text, "--rates", "fast", "--out", temp.toString()));
        assertEquals(2, run(text, "--rates", "1M,100k", "--out", temp.toString()));
    }

    /** Runs wire with standard output and error both captured into {@code output}. */
    static int runBoth(StringBuilder output, String... args) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            rc = run(output, args);
        } finally {
            System.setErr(saved);
        }
        output.append(err.toString(StandardCharsets.UTF_8));
        return rc;
    }

    @Test
    void anUnknownFormatIsRefusedBeforeAnyJvmOrFolder(@TempDir Path temp) {
        StringBuilder text = new StringBuilder();
        Path out = temp.resolve("run");
        assertEquals(2, runBoth(text, "--formats", "sbe,nosuch", "--out", out.toString()));
        assertTrue(text.toString().contains("--formats") && text.toString().contains("nosuch"), text.toString());
        assertTrue(!text.toString().contains("fork 1/"), "no fork was started: " + text);
        assertTrue(!Files.exists(out), "no results folder: " + out);
        assertEquals(2, runBoth(text, "--payload", "iex", "--formats", "nosuch", "--out", out.toString()));
        assertTrue(!Files.exists(out), "no results folder: " + out);
    }

    /** A generated message as the payload, in process and with sender and receiver in JVMs of their own. */
    @Test
    void aGeneratedMessageIsAPayload(@TempDir Path temp) throws Exception {
        for (String mode : new String[] {"in-process", "cross-process"}) {
            Path out = temp.resolve(mode);
            StringBuilder text = new StringBuilder();
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("--payload", "orderentry", "--formats", "sbe,jackson",
                    "--transports", mode.equals("in-process") ? "ring" : "aeron-ipc", "--rates", "2k", "--seconds", "0.5", "--cpus", "none",
                    "--receiver-idle", "yield", "--driver-idle", "sleep", "--temp-dir", temp.resolve("tmp").toString(), "--out", out.toString()));
            if (mode.equals("cross-process")) args.add("--cross-process");
            else args.addAll(java.util.List.of("--forks", "1"));
            int rc = runBoth(text, args.toArray(String[]::new));
            assertEquals(0, rc, mode + ":\n" + text);
            for (String f : new String[] {"sbe", "jackson"}) {
                String transport = mode.equals("in-process") ? "ring" : "aeron-ipc";
                JsonNode cell = new ObjectMapper().readTree(out.resolve("orderentry-" + f + "-" + transport + ".json").toFile());
                assertEquals("orderentry", cell.get("payload").asText(), mode);
                String source = cell.get("points").get(0).get("source").asText();
                assertTrue(source.startsWith("message orderentry"), source);
                for (JsonNode p : cell.get("points")) assertEquals(p.get("messages").asLong(), p.get("received").asLong(), mode + " " + f);
            }
        }
    }

    @Test
    void aMessageALibraryCannotCarryOrThatDoesNotExistExitsTwo(@TempDir Path temp) {
        StringBuilder text = new StringBuilder();
        Path out = temp.resolve("run");
        assertEquals(2, runBoth(text, "--payload", "mediacontent", "--formats", "jackson,sbe", "--out", out.toString()));
        assertTrue(text.toString().contains("sbe has no row for message mediacontent"), text.toString());
        assertEquals(2, runBoth(text, "--payload", "nosuchmessage", "--out", out.toString()));
        assertTrue(text.toString().contains("--payload must be data, iex or a generated message"), text.toString());
        assertTrue(!Files.exists(out), "no results folder: " + out);
    }

    @Test
    void aFailedWarmUpFailsTheRun(@TempDir Path temp) throws Exception {
        Path notADir = Files.writeString(temp.resolve("file"), "x");
        StringBuilder text = new StringBuilder();
        int rc = runBoth(text, "--forks", "1", "--formats", "sbe", "--transports", "queue", "--rates", "5k", "--seconds", "0.2",
                "--cpus", "none", "--temp-dir", notADir.toString(), "--out", temp.resolve("run").toString());
        assertEquals(1, rc, text.toString());
        String summary = Files.readString(temp.resolve("run").resolve("summary.md"));
        assertTrue(summary.contains("FAILED: warm-up over queue FAILED: cannot create a temporary directory under " + notADir), summary);
    }

    @Test
    void aDamagedCaptureIsOneLineWithASummary(@TempDir Path temp) throws Exception {
        Path capture = Files.write(temp.resolve("bad.pcap"), "this is not a capture at all, not even close".getBytes(StandardCharsets.UTF_8));
        StringBuilder text = new StringBuilder();
        int rc = runBoth(text, "--forks", "1", "--payload", "iex", "--capture", capture.toString(), "--formats", "sbe",
                "--transports", "ring", "--rates", "5k", "--seconds", "0.2", "--cpus", "none", "--out", temp.resolve("run").toString());
        assertEquals(1, rc, text.toString());
        assertTrue(text.toString().contains("wire: damaged capture: "), text.toString());
        assertTrue(!text.toString().contains("\tat "), "no stack trace: " + text);
        String summary = Files.readString(temp.resolve("run").resolve("summary.md"));
        assertTrue(summary.contains("CELLS NOT COMPLETED: sbe over ring") && summary.contains("damaged capture"), summary);
    }

    @Test
    void aUdpPortInUseIsOneLineWithASummary(@TempDir Path temp) throws Exception {
        try (java.net.DatagramSocket taken = new java.net.DatagramSocket(0, java.net.InetAddress.getByName("127.0.0.1"))) {
            StringBuilder text = new StringBuilder();
            int rc = runBoth(text, "--forks", "1", "--formats", "sbe", "--transports", "aeron-udp", "--udp", "127.0.0.1:" + taken.getLocalPort(),
                    "--rates", "5k", "--seconds", "0.2", "--cpus", "none", "--temp-dir", temp.resolve("tmp").toString(),
                    "--out", temp.resolve("run").toString());
            assertEquals(1, rc, text.toString());
            assertTrue(text.toString().contains("wire: Aeron refused to open a channel (is the --udp port already in use?)"), text.toString());
            assertTrue(!text.toString().contains("\tat "), "no stack trace: " + text);
            assertTrue(Files.readString(temp.resolve("run").resolve("summary.md")).contains("CELLS NOT COMPLETED: sbe over aeron-udp"));
            try (java.util.stream.Stream<Path> left = Files.list(temp.resolve("tmp"))) {
                assertEquals(java.util.List.of(), left.toList(), "temporary files left");
            }
        }
    }
}
