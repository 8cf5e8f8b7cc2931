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
}
