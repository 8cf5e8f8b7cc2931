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

    /** Damaged files: exit status 1, and the JSON names the fault's offset and what it is, after the counts before it. */
    @Test
    void damagedFilesExitNonZeroAndSayWhereInJson(@TempDir Path dir) throws Exception {
        byte[] file = IexTestData.generate(new DeepGenerator(31, 2_000, 8), new CaptureWriter.Options());
        long[] starts = new FaultPrefixTest.Located(file, false).starts;
        int at = (int) starts[starts.length / 2];
        byte[] lying = file.clone();
        java.nio.ByteBuffer.wrap(lying).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(at + 8, (int) Endian.u32le(file, at + 8) + 4);
        Path damaged = Files.write(dir.resolve("lying.pcap"), lying);
        Path prefix = Files.write(dir.resolve("prefix.pcap"), java.util.Arrays.copyOf(file, at));
        byte[] ng = IexTestData.generate(new DeepGenerator(31, 100, 8),
                new CaptureWriter.Options().container(CaptureWriter.Container.PCAPNG));
        Path cutHeader = Files.write(dir.resolve("cut.pcapng"), java.util.Arrays.copyOf(ng, 20));
        Path twoMembers = Files.write(dir.resolve("two.pcap.gz"), HandBuilt.concat(CaptureFaultsTest.gzip(
                java.util.Arrays.copyOf(file, at)), new byte[]{0x1f, 0x0b, 8, 0, 0, 0, 0, 0, 0, 3}));

        String[] clean = run("stats", "--json", prefix.toString());
        assertEquals("0", clean[0], clean[2]);
        JsonNode c = new ObjectMapper().readTree(clean[1].lines().findFirst().orElseThrow());
        assertTrue(c.get("fault").isNull());

        String[] r = run("stats", "--json", damaged.toString(), cutHeader.toString(), twoMembers.toString());
        assertEquals("1", r[0], r[2]);
        List<String> lines = r[1].lines().toList();
        assertEquals(3, lines.size(), r[1]);
        ObjectMapper m = new ObjectMapper();
        JsonNode d = m.readTree(lines.get(0));
        assertEquals(at + 8, d.get("fault").get("offset").asLong(), lines.get(0));
        assertTrue(d.get("fault").get("problem").asText().contains("length lies"), lines.get(0));
        assertEquals(c.get("packets").asLong(), d.get("packets").asLong(), "packets before the fault");
        assertEquals(c.get("messages").asLong(), d.get("messages").asLong(), "messages before the fault");
        assertEquals(0, d.get("otherPackets").asLong());
        assertTrue(d.get("truncatedTail").isNull());
        JsonNode h = m.readTree(lines.get(1));
        assertEquals(0, h.get("fault").get("offset").asLong());
        assertTrue(h.get("fault").get("problem").asText().contains("Section Header Block cut short"), lines.get(1));
        JsonNode g = m.readTree(lines.get(2));
        assertEquals(at, g.get("fault").get("offset").asLong(), lines.get(2));
        assertTrue(g.get("fault").get("problem").asText().contains("what follows gzip member 1"), lines.get(2));
        assertEquals(c.get("messages").asLong(), g.get("messages").asLong(), "the first member's messages");

        String[] human = run("stats", damaged.toString());
        assertEquals("1", human[0]);
        assertTrue(human[1].contains("ERROR") && human[1].contains("at byte " + (at + 8)), human[1]);
    }
}
