package org.wireshootout.cli;

import org.wireshootout.report.AnswerBlock;
import org.wireshootout.report.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * Prints the answer block of a run directory: the sentence naming the frontier of speed and size and the fastest
 * rows, then the round trip ranked by p50 (the project README's answer is this command's output for the run it
 * names, kept so by a test). Exit status: 0, 1 when some result file could not be read (named on the error output;
 * the block covers the rest), 2 when there is no answer (no directory, no round-trip results).
 */
@Command(name = "answer", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Print, as Markdown, the answer of a run directory (results/<run>/): one sentence naming the frontier of "
                + "speed and size and the fastest rows, then the round trip (DataBenchmark.roundTrip) ranked by p50 with p99, "
                + "bytes per message, B/op, text or binary and safety notes, then where the figures come from. Exits 1 when a "
                + "file could not be read (the rest is still used), 2 when the run has no round-trip results.")
public final class AnswerCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run directory.")
    Path dir;

    @Override
    public Integer call() {
        String missing = Main.missingFlags("answer");
        if (missing != null) {
            System.err.println(missing);
            return Main.FLAGS_MISSING;
        }
        RunDirectory run;
        try {
            run = RunDirectory.read(dir);
        } catch (IOException e) {
            System.err.println("answer: " + e.getMessage());
            return 2;
        }
        for (String u : run.unreadable) System.err.println("answer: unreadable, left out: " + dir.resolve(u.split(" ", 2)[0]) + " " + u.substring(u.indexOf(' ') + 1));
        AnswerBlock answer = new AnswerBlock(run);
        if (!answer.hasAnswer()) {
            System.err.println("answer: " + dir + " has no DataBenchmark.roundTrip results with sample histograms (a run of "
                    + "microbenchmarks/run.sh with that benchmark has them)");
            return 2;
        }
        System.out.print(answer.markdown());
        return run.unreadable.isEmpty() ? 0 : 1;
    }
}
