package org.wireshootout.cli;

import org.wireshootout.report.ReportWriter;
import org.wireshootout.report.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** Turns a run directory of JMH JSON files into report.md and PNG charts beside them. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write report.md and PNG charts into a run directory (results/<run>/) from its JMH JSON files "
                + "and env.json.")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run directory.")
    Path dir;

    @Override
    public Integer call() throws IOException {
        RunDirectory run = RunDirectory.read(dir);
        for (String u : run.unreadable) System.err.println("skipped unreadable result file " + u);
        if (run.results.isEmpty()) {
            System.err.println("no JMH results in " + dir);
            return 1;
        }
        Path out = new ReportWriter(run).write();
        System.out.println("wrote " + out + " (" + run.results.size() + " results)");
        return 0;
    }
}
