package org.wireshootout.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run whose sides took turns, read turn by turn: the k-th iterations of the two sides paired. */
class SideBySidePairedTest {

    @TempDir
    Path dir;

    /** A one-fork SampleTime result whose iterations hold 5 samples at the value and 4 at twice it (p50: the value). */
    private void result(String file, double... iterations) throws IOException {
        StringBuilder h = new StringBuilder("[[");
        for (int i = 0; i < iterations.length; i++) {
            h.append(i == 0 ? "" : ",").append("[[").append(iterations[i]).append(",5],[").append(2 * iterations[i]).append(",4]]");
        }
        h.append("]]");
        Files.writeString(dir.resolve(file), "[{\"benchmark\": \"x.Y.z\", \"mode\": \"sample\", \"forks\": 1,"
                + " \"primaryMetric\": {\"score\": 0, \"scoreUnit\": \"ns/op\", \"scorePercentiles\": {\"50.0\": 0, \"99.0\": 0, \"100.0\": 0},"
                + " \"rawDataHistogram\": " + h + "}}]");
        ReportFixtures.reconcile(dir.resolve(file));
    }

    @Test
    void eachTurnsRatioThenTheMedianOverEveryTurnOfEveryRound() throws IOException {
        // a host at two levels, 100 and 180: the generated side's p50 over all its samples would sit at 180 (4 of 7
        // turns slow) and the hand-written side's at 100 (3 of 7), yet each turn matched within 2 %
        result("A-row-1.json", 100, 100, 180, 180, 100, 180, 100);
        result("B-row-1.json", 102, 100, 180, 183, 180, 180, 102);
        result("A-row-2.json", 100, 100, 100, 100, 100, 100, 100);
        result("B-row-2.json", 101, 101, 101, 101, 101, 101, 101);
        SideBySidePaired p = SideBySidePaired.of(dir, "hand-written", "generated");
        assertTrue(p.problems().isEmpty(), p.problems().toString());
        // round 1: 1.02 1.00 1.00 1.0167 1.80 1.00 1.02 -> median 1.02; round 2: all 1.01
        // all 14 sorted: 1.00 x3, 1.01 x7, 1.0167, 1.02 x2, 1.80 -> median 1.01; interval: the 3rd smallest, the 3rd largest
        assertEquals("| row | turns | generated / hand-written, turn by turn (median) | 95 % interval | each round's median |\n"
                + "|---|---:|---:|---|---|\n"
                + "| row | 14 | 1.01 | 1.00 to 1.02 | 1.02 1.01 |\n", p.markdown());
        assertEquals(1.01, p.rows().get("row").median(), 1e-9);
    }

    @Test
    void roundsWhoseSidesRanDifferentIterationCountsAreNotPaired() throws IOException {
        result("A-row-1.json", 100, 100, 100);
        result("B-row-1.json", 100, 100);
        result("A-row-2.json", 100, 100);
        result("B-row-2.json", 110, 110);
        SideBySidePaired p = SideBySidePaired.of(dir, "hand-written", "generated");
        assertEquals(1, p.problems().size(), p.problems().toString());
        assertTrue(p.problems().get(0).contains("row round 1") && p.problems().get(0).contains("--turns"), p.problems().get(0));
        assertTrue(p.markdown().contains("| row | 2 | 1.10 | 1.10 to 1.10 (50 %) | 1.10 |"), p.markdown());
    }

    @Test
    void aRowWithNoPairedRoundIsMarkedFailedAndTheMissingSideNamed() throws IOException {
        result("A-row-1.json", 100, 100);
        SideBySidePaired p = SideBySidePaired.of(dir, "hand-written", "generated");
        assertTrue(p.markdown().contains("| row | 0 | failed |"), p.markdown());
        assertTrue(p.problems().get(0).contains("B-row-1.json"), p.problems().toString());
    }
}
