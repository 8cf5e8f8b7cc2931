package org.wireshootout.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `wire --forks 2` runs the grid in two child JVMs and merges their files; cross-process refuses more than one fork. */
class WireForksTest {

    @Test
    void twoForksOverTheRingMergeIntoOneFile(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("run");
        StringBuilder text = new StringBuilder();
        int rc = WireCommandTest.run(text, "--forks", "2", "--formats", "sbe", "--transports", "ring", "--rates", "5k", "--seconds", "0.5",
                "--cpus", "none", "--receiver-idle", "yield", "--temp-dir", temp.resolve("tmp").toString(), "--out", out.toString());
        assertEquals(0, rc, text.toString());
        assertTrue(text.toString().contains("fork 1/2 | [1/1] sbe over ring"), text.toString());
        assertTrue(text.toString().contains("fork 2/2 | [1/1] sbe over ring"), text.toString());
        ObjectMapper json = new ObjectMapper();
        long perFork = 0;
        for (int i = 1; i <= 2; i++) {
            JsonNode forkCell = json.readTree(out.resolve("fork-" + i).resolve("data-sbe-ring.json").toFile());
            perFork += forkCell.get("points").get(0).get("recorded").asLong();
        }
        JsonNode cell = json.readTree(out.resolve("data-sbe-ring.json").toFile());
        JsonNode p = cell.get("points").get(0);
        assertEquals(2, cell.get("forks").asInt());
        assertEquals(2, p.get("p50ByForkNs").size());
        assertEquals(perFork, p.get("recorded").asLong());
        assertEquals(p.get("messages").asLong(), p.get("received").asLong(), "both summed: every message of both forks arrived");
        assertTrue(Files.readString(out.resolve("summary.md")).contains("p50 per fork"));
        assertEquals(2, json.readTree(out.resolve("run.json").toFile()).get("forks").asInt());
    }

    @Test
    void aFailingForkFailsTheRunNamingTheForkAndItsFirstFailure(@TempDir Path temp) throws Exception {
        // a temporary "directory" that is a file: the queue cannot make its directory, the warm-up fails, so does the fork
        Path notADir = Files.writeString(temp.resolve("file"), "x");
        StringBuilder text = new StringBuilder();
        int rc = WireCommandTest.run(text, "--forks", "2", "--formats", "sbe", "--transports", "queue", "--rates", "5k",
                "--seconds", "0.2", "--cpus", "none", "--temp-dir", notADir.toString(), "--out", temp.resolve("run").toString());
        assertEquals(1, rc, text.toString());
        assertTrue(text.toString().contains("FAILED: fork 1 exited 1: warm-up over queue FAILED: cannot create a temporary directory under "
                + notADir), text.toString());
        assertTrue(text.toString().contains("FAILED: fork 2 exited 1: "), text.toString());
        assertTrue(Files.readString(temp.resolve("run").resolve("summary.md")).contains("FAILED: fork 1 exited 1"));
    }

    @Test
    void crossProcessRefusesMoreThanOneFork(@TempDir Path temp) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            rc = new CommandLine(new WireCommand()).execute("--forks", "2", "--cross-process", "--out", temp.toString());
        } finally {
            System.setErr(saved);
        }
        assertEquals(2, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--forks 2: cross-process and echo runs take --forks 1"), err.toString());
    }
}
