package org.wireshootout.bench;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two JMH runs on one CPU taking turns an iteration at a time, so that both see the host at the same speeds
 * (used by {@code microbenchmarks/generated-vs-hand.sh --turns}). Off unless the environment variable
 * {@value #ENV} names a folder and a side, {@code DIR:A} or {@code DIR:B}: the folder holds two named pipes,
 * {@code A} and {@code B}, which the script makes and keeps open; a side reads one byte from its own pipe before
 * each iteration (blocked, so it takes no CPU while the other side measures) and writes one byte to the other
 * side's pipe before it waits for the next iteration, once its last iteration's results are out. The side the
 * script starts first waits, at the end, for the other side's last iteration before its JVM exits, so neither
 * side's last iteration runs beside the other's shutdown.
 *
 * <p>JMH starts an iteration's clock after the iteration's setup ({@link BenchmarkDefaults}), so the wait is in
 * no figure; the side that is waiting runs nothing.
 */
public final class IterationTurns {
    /** The environment variable that turns this on: {@code DIR:A} or {@code DIR:B}. */
    public static final String ENV = "WIRESHOOTOUT_TURNS";

    private final RandomAccessFile mine;
    private final RandomAccessFile theirs;
    private final boolean first;
    private boolean holding;

    private IterationTurns(Path dir, String side) throws IOException {
        String other = side.equals("A") ? "B" : "A";
        Path myPipe = dir.resolve(side);
        Path theirPipe = dir.resolve(other);
        for (Path p : new Path[] {myPipe, theirPipe}) {
            if (!Files.exists(p)) {
                throw new IllegalStateException(ENV + ": no pipe " + p + " (the script makes it before starting a side)");
            }
        }
        // read-write: opening a named pipe so never blocks on Linux, and the side never sees end of file
        mine = new RandomAccessFile(myPipe.toFile(), "rw");
        theirs = new RandomAccessFile(theirPipe.toFile(), "rw");
        first = Files.exists(dir.resolve("first-" + side));
    }

    /** The turns this JVM takes, or null when {@value #ENV} is not set. */
    static IterationTurns fromEnvironment() {
        return parse(System.getenv(ENV));
    }

    /** The turns a value of {@value #ENV} names, or null for none or an empty one. */
    static IterationTurns parse(String v) {
        if (v == null || v.isEmpty()) {
            return null;
        }
        int colon = v.lastIndexOf(':');
        String side = colon < 0 ? "" : v.substring(colon + 1);
        if (colon <= 0 || !(side.equals("A") || side.equals("B"))) {
            throw new IllegalArgumentException(ENV + "='" + v + "': expected DIR:A or DIR:B");
        }
        try {
            return new IterationTurns(Path.of(v.substring(0, colon)), side);
        } catch (IOException e) {
            throw new UncheckedIOException(ENV + "='" + v + "': " + e.getMessage(), e);
        }
    }

    /** Before an iteration: hand back the turn this side holds, if any, then wait for the next one. */
    void beforeIteration() {
        if (holding) {
            give();
        }
        take();
    }

    /**
     * After the last iteration: hand the turn over for the other side's last iteration; the side that went
     * first then waits for that iteration to end before it lets its JVM exit.
     */
    void afterTrial() {
        if (holding) {
            give();
        }
        if (first) {
            take();
            holding = false;
        }
        close();
    }

    private void take() {
        try {
            if (mine.read() < 0) {
                throw new IllegalStateException(ENV + ": the turn pipe closed");
            }
            holding = true;
        } catch (IOException e) {
            throw new UncheckedIOException(ENV + ": waiting for the turn: " + e.getMessage(), e);
        }
    }

    private void give() {
        try {
            theirs.write('t');
            holding = false;
        } catch (IOException e) {
            throw new UncheckedIOException(ENV + ": handing the turn over: " + e.getMessage(), e);
        }
    }

    private void close() {
        try {
            mine.close();
            theirs.close();
        } catch (IOException ignored) {
            // the script removes the pipes; nothing here is lost
        }
    }
}
