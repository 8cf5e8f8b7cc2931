package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code reference-table --bytes}: every fork's B/op; refused beside {@code --iterations} or {@code --paired}, the other per-fork tables. */
class ReferenceTableCommandTest {
    @TempDir
    Path dir;

    /** Exit status, stdout and stderr, through the commands' tests' shared runner ({@link ResultToolsTest#run}). */
    private static String[] run(String... args) {
        ResultToolsTest.Outcome o = ResultToolsTest.run(new ReferenceTableCommand(), args);
        return new String[] {Integer.toString(o.status), o.out, o.err};
    }

    private void result(String file, double bytes) throws Exception {
        Files.writeString(dir.resolve(file), "[{\"benchmark\": \"x\", \"primaryMetric\": {\"scorePercentiles\": {\"50.0\": 100, \"99.0\": 200}},"
                + " \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": " + bytes + ", \"rawData\": [[" + bytes + "]]}}}]");
    }

    @Test
    void bytesPrintsEachSidesForksAndExitsZero() throws Exception {
        result("A-row-1.json", 128);
        result("B-row-1.json", 176);
        String[] r = run("--bytes", "--sides", "hand-written,generated", dir.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("| row | hand-written | 128.0 | 1 | 128.0 | 128.0 | 128.0 |"), r[1]);
        assertTrue(r[1].contains("| row | generated | 176.0 | 1 | 176.0 | 176.0 | 176.0 |"), r[1]);
    }

    @Test
    void twoOfTheTablesAtOnceAreRefusedWithExitTwo() throws Exception {
        result("A-row-1.json", 128);
        result("B-row-1.json", 128);
        for (String[] two : new String[][] {{"--bytes", "--iterations"}, {"--paired", "--iterations"}, {"--bytes", "--paired"}}) {
            String[] r = run(two[0], two[1], dir.toString());
            assertEquals("2", r[0], String.join(" ", two));
            assertTrue(r[2].contains("--bytes, --iterations and --paired are three tables; give one"), r[2]);
        }
    }
}
