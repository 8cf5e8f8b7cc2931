package org.wireshootout.cli;

import org.wireshootout.report.RunComparison;
import org.wireshootout.report.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** Two run directories side by side, marking differences larger than the spread between forks. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two run directories per benchmark, format and percentile; a difference is marked only "
                + "when it exceeds the spread between the forks of either run.")
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The first (reference) run directory.")
    Path a;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The second run directory.")
    Path b;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the Markdown here instead of standard output.")
    Path out;

    @Override
    public Integer call() throws IOException {
        RunComparison c = new RunComparison(RunDirectory.read(a), RunDirectory.read(b));
        String md = c.markdown();
        if (out == null) {
            System.out.print(md);
        } else {
            Files.writeString(out, md, StandardCharsets.UTF_8);
            System.out.println("wrote " + out);
        }
        return 0;
    }
}
