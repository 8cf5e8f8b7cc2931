package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The result tools on damaged and foreign input: every file they cannot read is named and makes the exit status
 * non-zero, what can be read is still reported, a missing directory or a damaged env.json is a message (never a
 * stack trace), and no tool writes over a .json file.
 */
class ResultToolsTest {

    @TempDir
    Path tmp;

    /** What a command printed and returned (shared with the other commands' tests). */
    static final class Outcome {
        final int status;
        final String out;
        final String err;

        Outcome(int status, String out, String err) {
            this.status = status;
            this.out = out;
            this.err = err;
        }
    }

    static Outcome run(Callable<Integer> command, String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            status = new CommandLine(command).execute(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        Outcome o = new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertFalse(o.err.contains("\tat org.") || o.err.contains("Exception in thread"), "a stack trace: " + o.err);
        return o;
    }

    private Path fixture(String name) throws IOException {
        Path from;
        try {
            from = Path.of(ResultToolsTest.class.getResource("/runs/quick-baseline-limit").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path to = tmp.resolve(name);
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : (Iterable<Path>) s::iterator) Files.copy(p, to.resolve(p.getFileName()));
        }
        return to;
    }

    @Test
    void reportNamesAForeignFileExitsOneAndReportsTheRest() throws IOException {
        Path dir = fixture("run");
        Files.writeString(dir.resolve("other.json"), "[{\"foo\":1},42]");
        Outcome o = run(new ReportCommand(), dir.toString());
        assertEquals(1, o.status, o.err);
        assertTrue(o.err.contains("other.json") && o.err.contains("entry 0 is not a JMH result"), o.err);
        assertTrue(o.out.contains("(6 results)"), "the readable files are reported: " + o.out);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("**Unreadable result files (left out):** other.json (entry 0 is not a JMH result"), md);
    }

    @Test
    void aTruncatedEnvJsonIsNamedNotAStackTrace() throws IOException {
        Path dir = fixture("run");
        String env = Files.readString(dir.resolve("env.json"));
        Files.writeString(dir.resolve("env.json"), env.substring(0, env.length() / 2));
        Outcome o = run(new ReportCommand(), dir.toString());
        assertEquals(1, o.status, o.err);
        assertTrue(o.err.contains("env.json") && o.err.contains("not valid JSON"), o.err);
        assertTrue(Files.isRegularFile(dir.resolve("report.md")), "the report is still written");
        assertEquals(env.substring(0, env.length() / 2), Files.readString(dir.resolve("env.json")), "env.json untouched");
    }

    @Test
    void aMissingDirectoryIsOneLine() {
        Outcome r = run(new ReportCommand(), tmp.resolve("nope").toString());
        assertEquals(2, r.status);
        assertEquals("report: no such run directory: " + tmp.resolve("nope") + "\n", r.err);
        Outcome c = run(new CompareCommand(), tmp.resolve("nope").toString(), tmp.toString());
        assertEquals(2, c.status);
        assertTrue(c.err.startsWith("compare: no such run directory: "), c.err);
    }

    @Test
    void compareAgainstARunOfUnreadableFilesNamesThemAndExitsOne() throws IOException {
        Path a = fixture("a");
        Path b = fixture("b");
        Files.writeString(b.resolve("baseline.json"), "[{\"benchmark\": ");
        Files.writeString(b.resolve("limit.json"), "{\"not\": \"a result\"}");
        Outcome o = run(new CompareCommand(), a.toString(), b.toString());
        assertEquals(1, o.status, o.err);
        assertTrue(o.err.contains("baseline.json") && o.err.contains("limit.json"), o.err);
        assertTrue(o.out.contains("Unreadable in B (left out):** baseline.json") && o.out.contains("limit.json"), o.out);
        assertTrue(o.out.contains("Only in A (6)"), "what A has is still listed: " + o.out);
    }

    @Test
    void compareOfTwoWholeRunsExitsZero() throws IOException {
        Outcome o = run(new CompareCommand(), fixture("a").toString(), fixture("b").toString());
        assertEquals(0, o.status, o.err);
        assertTrue(o.out.startsWith("# Comparison"));
    }

    @Test
    void compareNeverWritesOverAJsonFile() throws IOException {
        Path a = fixture("a");
        Path b = fixture("b");
        String before = Files.readString(a.resolve("limit.json"));
        for (String target : new String[] {"limit.json", "env.json", "new.JSON"}) {
            Outcome o = run(new CompareCommand(), a.toString(), b.toString(), "--out", a.resolve(target).toString());
            assertEquals(2, o.status, target);
            assertTrue(o.err.contains("refusing to write"), o.err);
            o = run(new CompareCommand(), a.toString(), b.toString(), "--html", a.resolve(target).toString());
            assertEquals(2, o.status, target);
        }
        assertEquals(before, Files.readString(a.resolve("limit.json")));
        assertFalse(Files.exists(a.resolve("new.JSON")));
        Outcome ok = run(new CompareCommand(), a.toString(), b.toString(), "--out", tmp.resolve("c.md").toString(),
                "--html", tmp.resolve("c.html").toString());
        assertEquals(0, ok.status, ok.err);
        assertTrue(Files.readString(tmp.resolve("c.html")).startsWith("<!DOCTYPE html>"));
    }

    @Test
    void reportOfADirectoryWithoutResultsExitsTwo() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Outcome o = run(new ReportCommand(), empty.toString());
        assertEquals(2, o.status);
        assertTrue(o.err.contains("no JMH results in"), o.err);
    }
}
