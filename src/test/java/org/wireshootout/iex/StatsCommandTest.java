package org.wireshootout.iex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.cli.Main;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The stats and generate subcommands, run through the CLI as a user would. */
class StatsCommandTest {

    /** Runs the CLI, returning exit code, stdout, stderr. */
    private static String[] run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            code = new CommandLine(new Main()).execute(args);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new String[]{Integer.toString(code), o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void jsonForTheRealCaptures() throws Exception {
        Path deep = IexTestData.deep();
        Path tops = IexTestData.tops();
        String[] r = run("stats", "--json", deep.toString(), tops.toString());
        assertEquals("0", r[0], r[2]);
        List<String> lines = r[1].lines().toList();
        assertEquals(2, lines.size(), r[1]);
        ObjectMapper m = new ObjectMapper();
        JsonNode d = m.readTree(lines.get(0));
        assertEquals(deep.toString(), d.get("file").asText());
        assertEquals("DEEP 1.0", d.get("protocol").asText());
        assertEquals(5000, d.get("packets").asLong());
        assertEquals(1264, d.get("heartbeats").asLong());
        assertEquals(48325, d.get("messages").asLong());
        assertEquals(11594, d.get("messagesByType").get("P").asLong());
        assertEquals(1526, d.get("messagesByType").get("8").asLong());
        assertEquals(9, d.get("messagesByType").size());
        assertTrue(d.get("truncatedTail").isNull());
        JsonNode t = m.readTree(lines.get(1));
        assertEquals("TOPS 1.6", t.get("protocol").asText());
        assertEquals(2, t.get("packets").asLong());
        assertEquals(1, t.get("heartbeats").asLong());
        assertEquals(53, t.get("messages").asLong());
        JsonNode tail = t.get("truncatedTail");
        assertEquals(1486, tail.get("bytesPresent").asLong());
        assertEquals(1532, tail.get("bytesDeclared").asLong());
        assertEquals(51, tail.get("messagesRecovered").asLong());
        assertEquals(3480, tail.get("offset").asLong());
        assertTrue(r[2].contains("M messages/s"), "parse rate on stderr: " + r[2]);
    }

    @Test
    void humanOutputAndFailureExitCode(@TempDir Path dir) throws Exception {
        Path gen = dir.resolve("day.pcap.gz");
        String[] g = run("generate", "--count", "5000", "--seed", "3", gen.toString());
        assertEquals("0", g[0], g[2]);
        assertTrue(g[1].contains("5,000 DEEP 1.0 messages"), g[1]);
        byte[] head = Files.readAllBytes(gen);
        assertEquals(0x1f, head[0] & 0xFF, "a .gz name means gzip");
        Path junk = dir.resolve("notes.txt");
        Files.writeString(junk, "not a capture");
        String[] r = run("stats", gen.toString(), junk.toString(), dir.resolve("missing.pcap").toString());
        assertEquals("1", r[0]);
        assertTrue(r[1].contains("DEEP 1.0"), r[1]);
        assertTrue(r[1].contains("5,000 in complete packets"), r[1]);
        assertTrue(r[1].contains("not a capture file"), r[1]);
        assertTrue(r[1].contains("missing.pcap: cannot read"), r[1]);
        assertTrue(r[1].contains("parse rate"), r[1]);
        String[] j = run("stats", "--json", junk.toString());
        assertEquals("1", j[0]);
        JsonNode e = new ObjectMapper().readTree(j[1].lines().findFirst().orElseThrow());
        assertTrue(e.get("error").asText().contains("at byte 0"), j[1]);
    }

    @Test
    void generatedFileStatsMatchTheGenerator(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("day.pcapng");
        assertEquals("0", run("generate", "--count", "3000", "--pcapng", "--big-endian", "--nanos", f.toString())[0]);
        DeepGenerator g = new DeepGenerator(DeepGenerator.DEFAULT_SEED, 3000);
        String[] r = run("stats", "--json", f.toString());
        JsonNode s = new ObjectMapper().readTree(r[1].lines().findFirst().orElseThrow());
        assertEquals(3000, s.get("messages").asLong());
        assertEquals(g.segments().size(), s.get("packets").asLong());
        assertEquals(g.sessionId(), s.get("session").asLong());
    }
}
