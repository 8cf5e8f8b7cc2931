package org.wireshootout.cli;

import org.wireshootout.report.Compaction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Makes a run's JMH files light for committing: {@code <format>.json} becomes {@code <format>.json.gz} with only
 * what report, compare and reference-table read. Exit status: 0 when every JMH file was compacted (or there was
 * none), 1 when a file was left as it was (named, with the reason), 2 when the folder cannot be read or written.
 */
@Command(name = "compact", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Rewrite a run directory's JMH files (<format>.json) as <format>.json.gz keeping only what report, compare "
                + "and reference-table read (settings, score, percentiles, per-iteration scores and histograms, B/op); each is "
                + "read back and checked before the plain file is removed. env.json, evolution.json, logs and wire/ are left alone. "
                + "Exits 1 when a file was left as it was (named).")
public final class CompactCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run directory (results/<run>/) or side-by-side folder.")
    Path dir;

    @Override
    public Integer call() {
        List<Compaction.Outcome> done;
        try {
            done = Compaction.compact(dir);
        } catch (IOException e) {
            System.err.println("compact: " + e.getMessage());
            return 2;
        }
        long before = 0;
        long after = 0;
        boolean skipped = false;
        for (Compaction.Outcome o : done) {
            before += o.before;
            after += o.after;
            if (o.skipped != null) {
                System.err.println("compact: left as it was: " + dir.resolve(o.file) + " (" + o.skipped + ")");
                skipped = true;
            }
        }
        System.out.println(String.format(Locale.ROOT, "compacted %d of %d JMH files in %s: %,d bytes -> %,d bytes",
                done.stream().filter(o -> o.skipped == null).count(), done.size(), dir, before, after));
        return skipped ? 1 : 0;
    }
}
