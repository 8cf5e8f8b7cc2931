package org.wireshootout.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every fork's B/op of a side-by-side run, round by round, and each side's least, median and most over its forks. */
class SideBySideBytesTest {

    @TempDir
    Path dir;

    /** A result whose -prof gc figure has one array of iteration values per fork. */
    private void result(String file, double[]... forks) throws IOException {
        StringBuilder raw = new StringBuilder("[");
        for (int f = 0; f < forks.length; f++) {
            raw.append(f == 0 ? "[" : ", [");
            for (int i = 0; i < forks[f].length; i++) raw.append(i == 0 ? "" : ", ").append(forks[f][i]);
            raw.append(']');
        }
        raw.append(']');
        Files.writeString(dir.resolve(file), "[{\"benchmark\": \"x\", \"primaryMetric\": {\"scorePercentiles\": {\"50.0\": 100, \"99.0\": 200}},"
                + " \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": 0, \"rawData\": " + raw + "}}}]");
    }

    @Test
    void eachForksMeanRoundByRoundAndTheLeastMedianAndMostOverTheForks() throws IOException {
        result("A-fory-1.json", new double[] {128.0, 128.2});
        result("A-fory-2.json", new double[] {176.0, 176.0}, new double[] {128.0, 128.0});
        result("B-fory-1.json", new double[] {152.0, 152.0});
        result("B-fory-2.json", new double[] {128.0, 128.0}, new double[] {128.0, 128.0});
        SideBySideBytes t = SideBySideBytes.of(dir, "hand-written", "generated");
        assertTrue(t.problems().isEmpty(), t.problems().toString());
        assertEquals("| row | side | each round's forks' B/op (rounds apart by \";\") | forks | least | median | most |\n"
                + "|---|---|---|---:|---:|---:|---:|\n"
                + "| fory | hand-written | 128.1; 176.0, 128.0 | 3 | 128.0 | 128.1 | 176.0 |\n"
                + "| fory | generated | 152.0; 128.0, 128.0 | 3 | 128.0 | 128.0 | 152.0 |\n", t.markdown());
    }

    @Test
    void generatedVsHandRunsAgainTheRowsWhoseForksDisagreeOrWhoseGeneratedSideIsOver() throws Exception {
        result("A-draws-1.json", new double[] {128.0});
        result("A-draws-2.json", new double[] {176.0});
        result("B-draws-1.json", new double[] {128.0});
        result("B-draws-2.json", new double[] {128.0});
        result("A-over-1.json", new double[] {100.0});
        result("B-over-1.json", new double[] {101.5});
        result("A-steady-1.json", new double[] {300.0});
        result("A-steady-2.json", new double[] {300.0});
        result("B-steady-1.json", new double[] {300.5});
        result("B-steady-2.json", new double[] {300.9});
        result("A-under-1.json", new double[] {600.0});
        result("B-under-1.json", new double[] {500.0});
        String md = SideBySideBytes.of(dir, "hand-written", "generated").markdown();
        // what microbenchmarks/generated-vs-hand.sh --bytes-rounds reads: reference-table --bytes into lib.sh's selection
        assertEquals("draws\nover\n", RunScriptTest.bash("printf '%s' \"$1\" | bytes_rows_to_rerun", md));
    }

    @Test
    void aFileWithoutTheAllocationFigureIsNamed() throws IOException {
        result("A-row-1.json", new double[] {8.0});
        Files.writeString(dir.resolve("B-row-1.json"), "[{\"benchmark\": \"x\", \"primaryMetric\": {}}]");
        SideBySideBytes t = SideBySideBytes.of(dir, "a", "b");
        assertEquals(1, t.problems().size(), t.problems().toString());
        assertTrue(t.problems().get(0).contains("B-row-1.json") && t.problems().get(0).contains("-prof gc"), t.problems().get(0));
        assertTrue(t.markdown().contains("| row | a | 8.0 | 1 | 8.0 | 8.0 | 8.0 |"), t.markdown());
    }

    @Test
    void aFolderWithoutSideBySideFilesIsRefused() {
        assertThrows(IOException.class, () -> SideBySideBytes.of(dir, "a", "b"));
    }
}
