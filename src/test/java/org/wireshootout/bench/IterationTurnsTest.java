package org.wireshootout.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The turn-taking {@code generated-vs-hand.sh --turns} asks of two JMH runs, through the same pipes, on two threads. */
class IterationTurnsTest {

    private static final int ITERATIONS = 4;

    @Test
    void theSidesTakeTurnsAnIterationAtATimeAndTheFirstWaitsForTheOthersLast(@TempDir Path dir) throws Exception {
        assertEquals(alternating("A", "B"), run(dir, "A"));
    }

    @Test
    void eitherSideCanGoFirst(@TempDir Path dir) throws Exception {
        assertEquals(alternating("B", "A"), run(dir, "B"));
    }

    @Test
    void offWithoutTheVariable() {
        assertNull(IterationTurns.parse(null));
        assertNull(IterationTurns.parse(""));
    }

    @Test
    void aValueThatNamesNoSideIsRefusedNamingTheVariable() {
        for (String v : new String[] {"/tmp", "/tmp:C", ":A", "A"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IterationTurns.parse(v), v);
            assertTrue(e.getMessage().contains(IterationTurns.ENV) && e.getMessage().contains(v), e.getMessage());
        }
    }

    @Test
    void aFolderWithoutThePipesIsRefusedNamingThePipe(@TempDir Path dir) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> IterationTurns.parse(dir + ":A"));
        assertTrue(e.getMessage().contains(dir.resolve("A").toString()), e.getMessage());
    }

    /** What each side logs when every iteration runs only in its turn: "A1 A1. B1 B1. A2 ..." then the exits. */
    private static List<String> alternating(String first, String second) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= ITERATIONS; i++) {
            for (String s : new String[] {first, second}) {
                out.add(s + i);
                out.add(s + i + ".");
            }
        }
        // the second side ends at once; the first only once the second's last iteration is over
        out.add(second + " exits");
        out.add(first + " exits");
        return out;
    }

    private static List<String> run(Path dir, String first) throws Exception {
        for (String p : new String[] {"A", "B"}) {
            Process mk = new ProcessBuilder("mkfifo", dir.resolve(p).toString()).inheritIO().start();
            assertTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo " + p);
        }
        Files.createFile(dir.resolve("first-" + first));
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (RandomAccessFile start = new RandomAccessFile(dir.resolve(first).toFile(), "rw")) {
            start.write('t');
            Thread a = side(dir, "A", log);
            Thread b = side(dir, "B", log);
            a.join(TimeUnit.SECONDS.toMillis(30));
            b.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(a.isAlive() || b.isAlive(), "a side is still waiting for its turn: " + log);
        }
        // the exits are logged after afterTrial returns, so the second side's may race the first's: order them
        return settleExits(log, first);
    }

    private static Thread side(Path dir, String side, List<String> log) {
        Thread t = new Thread(() -> {
            IterationTurns turns = IterationTurns.parse(dir + ":" + side);
            for (int i = 1; i <= ITERATIONS; i++) {
                turns.beforeIteration();
                log.add(side + i);
                sleep();
                log.add(side + i + ".");
            }
            turns.afterTrial();
            log.add(side + " exits");
        }, "side-" + side);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static List<String> settleExits(List<String> log, String first) {
        List<String> out = new ArrayList<>(log);
        int firstExit = out.indexOf(first + " exits");
        String lastOfSecond = (first.equals("A") ? "B" : "A") + ITERATIONS + ".";
        assertTrue(firstExit > out.indexOf(lastOfSecond), "the first side ended before the other's last iteration: " + log);
        out.remove(firstExit);
        out.add(first + " exits");
        return out;
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void theScriptRefusesTurnsWithMoreThanOneFork() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "microbenchmarks/generated-vs-hand.sh", "--turns", "--", "-f", "2", "-i", "1")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the script did not finish");
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("--turns needs one fork a side") && out.contains("got 2"), out);
    }
}
