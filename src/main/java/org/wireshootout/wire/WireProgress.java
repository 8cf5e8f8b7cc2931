package org.wireshootout.wire;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * How far a {@code wire} run got, written (as JSON) to {@code progress.state} in its output folder at the start, at each cell
 * and at the end (or when cut short): what a parent JVM reads to judge a fork, with the fork's exit status.
 *
 * @param state     {@code running}, {@code finished}, {@code aborted} (a failure of the machine ended it: see
 *                  {@code cause}) or {@code cut short} (the JVM was ended first)
 * @param cellsDone cells completed, of {@code cells}
 * @param current   the cell running or last run ("[3/16] sbe over queue"), null before the first
 * @param failures  each failed cell's first failure, one line each, and any warm-up failure
 * @param cause     why the run was aborted or cut short, one line; null otherwise
 */
public record WireProgress(String state, int cells, int cellsDone, String current, List<String> failures, String cause) {
    /** Not named *.json: the report reads every *.json of a wire folder as a cell. */
    public static final String FILE = "progress.state";
    public static final String RUNNING = "running";
    public static final String FINISHED = "finished";
    public static final String ABORTED = "aborted";
    public static final String CUT_SHORT = "cut short";

    private static final ObjectMapper JSON = new ObjectMapper();

    public WireProgress {
        failures = List.copyOf(failures);
    }

    /** Writes it as {@code dir/progress.state}, replacing the last one whole. */
    public void writeTo(Path dir) throws IOException {
        Path tmp = dir.resolve(FILE + ".tmp");
        JSON.writeValue(tmp.toFile(), this);
        Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The one in {@code dir}, or null when there is none; a damaged file is an IOException naming it. */
    public static WireProgress readFrom(Path dir) throws IOException {
        Path f = dir.resolve(FILE);
        if (!Files.isRegularFile(f)) return null;
        try {
            return JSON.readValue(f.toFile(), WireProgress.class);
        } catch (IOException e) {
            throw new IOException(f + " is not a progress record: " + WireFailures.firstLine(e.getMessage()), e);
        }
    }
}
