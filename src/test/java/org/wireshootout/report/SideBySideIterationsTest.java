package org.wireshootout.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every iteration's p50 of a side-by-side run, fork by fork, and the medians per side, split at a level. */
class SideBySideIterationsTest {

    @TempDir
    Path dir;

    /** A SampleTime result whose forks hold iterations of a single sample value each ({@code forks[f][i]} ns, 9 samples). */
    private void result(String file, double[][] forks) throws IOException {
        StringBuilder h = new StringBuilder("[");
        for (int f = 0; f < forks.length; f++) {
            h.append(f == 0 ? "" : ",").append('[');
            for (int i = 0; i < forks[f].length; i++) {
                // 9 samples: 5 at the value, 4 at twice it, so the iteration's p50 is the value
                h.append(i == 0 ? "" : ",").append("[[").append(forks[f][i]).append(",5],[").append(2 * forks[f][i]).append(",4]]");
            }
            h.append(']');
        }
        h.append(']');
        Files.writeString(dir.resolve(file), "[{\"benchmark\": \"x.Y.z\", \"mode\": \"sample\", \"forks\": " + forks.length
                + ", \"primaryMetric\": {\"score\": 0, \"scoreUnit\": \"ns/op\", \"scorePercentiles\": {\"50.0\": 0, \"99.0\": 0, \"100.0\": 0},"
                + " \"rawDataHistogram\": " + h + "}}]");
        ReportFixtures.reconcile(dir.resolve(file));
    }

    @Test
    void everyIterationForkByForkAndTheMediansApartAtTheSplit() throws IOException {
        result("A-row-1.json", new double[][] {{100, 60}, {62, 64}});
        result("B-row-1.json", new double[][] {{110, 105}, {61, 63}});
        result("A-row-2.json", new double[][] {{98, 99}});
        result("B-row-2.json", new double[][] {{59, 58}});
        SideBySideIterations it = SideBySideIterations.of(dir, "anchor", "project", 80);
        assertTrue(it.problems().isEmpty(), it.problems().toString());
        assertEquals("| row | round | side | each fork's iterations' p50 (ns), forks apart by \";\" |\n"
                + "|---|---:|---|---|\n"
                + "| row | 1 | anchor | 100 60; 62 64 |\n"
                + "| row | 2 | anchor | 98 99 |\n"
                + "| row | 1 | project | 110 105; 61 63 |\n"
                + "| row | 2 | project | 59 58 |\n"
                + "\n"
                + "| row | side | iterations | median p50 | below 80 | their median | at or above 80 | their median |\n"
                + "|---|---|---:|---:|---:|---:|---:|---:|\n"
                + "| row | anchor | 6 | 81 | 3 | 62 | 3 | 99 |\n"
                + "| row | project | 6 | 62 | 4 | 60 | 2 | 108 |\n", it.markdown());
    }

    @Test
    void theAutomaticSplitIsPerRowAboveItsFastestIteration() throws IOException {
        result("A-fast-1.json", new double[][] {{100, 200}});
        result("B-fast-1.json", new double[][] {{110, 210}});
        result("A-slow-1.json", new double[][] {{1000, 1300}});
        result("B-slow-1.json", new double[][] {{1500, 2000}});
        String md = SideBySideIterations.of(dir, "a", "b", SideBySideIterations.AUTO).markdown();
        // fast: split 140 (1.4 x 100); slow: split 1400 (1.4 x 1000), so 1500 is at the upper level
        assertTrue(md.contains("| row | side | iterations | median p50 | split | below | their median | at or above | their median |\n"), md);
        assertTrue(md.contains("| fast | a | 2 | 150 | 140 | 1 | 100 | 1 | 200 |\n| fast | b | 2 | 160 | 140 | 1 | 110 | 1 | 210 |\n"), md);
        assertTrue(md.contains("| slow | a | 2 | 1150 | 1400 | 2 | 1150 | 0 | - |\n| slow | b | 2 | 1750 | 1400 | 0 | - | 2 | 1750 |\n"), md);
    }

    @Test
    void withoutASplitOnlyTheMedians() throws IOException {
        result("A-row-1.json", new double[][] {{10, 30, 20}});
        result("B-row-1.json", new double[][] {{40}});
        String md = SideBySideIterations.of(dir, "reference", "project", Double.NaN).markdown();
        assertTrue(md.endsWith("| row | side | iterations | median p50 |\n|---|---|---:|---:|\n"
                + "| row | reference | 3 | 20 |\n| row | project | 1 | 40 |\n"), md);
    }

    @Test
    void aFileWithoutItsSamplesIsNamed() throws IOException {
        result("A-row-1.json", new double[][] {{10}});
        Files.writeString(dir.resolve("B-row-1.json"), "not json");
        SideBySideIterations it = SideBySideIterations.of(dir, "a", "b", Double.NaN);
        assertEquals(1, it.problems().size());
        assertTrue(it.problems().get(0).contains("B-row-1.json") && it.problems().get(0).contains("not valid JSON"), it.problems().toString());
    }

    @Test
    void aFolderWithoutARunIsRefused() {
        IOException e = assertThrows(IOException.class, () -> SideBySideIterations.of(dir, "a", "b", Double.NaN));
        assertTrue(e.getMessage().contains("holds no A-<row>-<round>.json"), e.getMessage());
    }
}
