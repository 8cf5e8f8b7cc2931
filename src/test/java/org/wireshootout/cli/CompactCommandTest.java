package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * `compact` makes a run's JMH files light without changing what the reports say: the compacted run gives the same
 * report.md (and compare output) as the original, its files are .json.gz and smaller, and a file it cannot read is
 * left alone and named.
 */
class CompactCommandTest {

    @TempDir
    Path tmp;

    private Path copy(String name) throws IOException {
        Path from;
        try {
            from = Path.of(CompactCommandTest.class.getResource("/runs/quick-baseline-limit").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path to = Files.createDirectories(tmp.resolve(name));
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : (Iterable<Path>) s::iterator) Files.copy(p, to.resolve(p.getFileName()));
        }
        return to;
    }

    @Test
    void aCompactedRunGivesTheSameReport() throws IOException {
        Path run = copy("run");
        long plainBytes = Files.size(run.resolve("limit.json")) + Files.size(run.resolve("baseline.json"));
        assertEquals(0, ResultToolsTest.run(new ReportCommand(), run.toString()).status);
        String before = Files.readString(run.resolve("report.md"));
        ResultToolsTest.Outcome cmp = ResultToolsTest.run(new CompareCommand(), run.toString(), run.toString());

        ResultToolsTest.Outcome c = ResultToolsTest.run(new CompactCommand(), run.toString());
        assertEquals(0, c.status, c.err);
        assertTrue(c.out.contains("compacted 2 of 2 JMH files"), c.out);
        assertFalse(Files.exists(run.resolve("limit.json")) || Files.exists(run.resolve("baseline.json")), "the plain files are gone");
        long gzBytes = Files.size(run.resolve("limit.json.gz")) + Files.size(run.resolve("baseline.json.gz"));
        assertTrue(gzBytes * 3 < plainBytes, "compacted to less than a third: " + plainBytes + " -> " + gzBytes);
        assertTrue(Files.exists(run.resolve("env.json")), "the manifest is left as it was");

        ResultToolsTest.Outcome r = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(0, r.status, r.err);
        assertEquals(before, Files.readString(run.resolve("report.md")), "the same report from the compacted files");
        ResultToolsTest.Outcome cmp2 = ResultToolsTest.run(new CompareCommand(), run.toString(), run.toString());
        assertEquals(cmp.out, cmp2.out, "the same comparison");
    }

    @Test
    void aFileThatIsNoJmhResultIsLeftAloneAndNamed() throws IOException {
        Path run = copy("foreign");
        Files.writeString(run.resolve("notes.json"), "{\"a\": 1}");
        ResultToolsTest.Outcome c = ResultToolsTest.run(new CompactCommand(), run.toString());
        assertEquals(1, c.status, c.err);
        assertTrue(c.err.contains(run.resolve("notes.json") + " (not a readable JMH result file"), c.err);
        assertEquals("{\"a\": 1}", Files.readString(run.resolve("notes.json")));
        assertTrue(Files.exists(run.resolve("limit.json.gz")), "the others are compacted");
    }

    @Test
    void thePlainAndTheCompressedFileOfOneFormatAreNotCountedTwice() throws IOException {
        Path run = copy("both");
        Files.copy(run.resolve("limit.json"), tmp.resolve("limit.json"));
        assertEquals(0, ResultToolsTest.run(new CompactCommand(), run.toString()).status);
        Files.copy(tmp.resolve("limit.json"), run.resolve("limit.json"));
        ResultToolsTest.Outcome r = ResultToolsTest.run(new ReportCommand(), run.toString());
        assertEquals(1, r.status, r.err);
        assertTrue(r.err.contains(run.resolve("limit.json.gz").toString()) && r.err.contains("beside limit.json"), r.err);
    }
}
