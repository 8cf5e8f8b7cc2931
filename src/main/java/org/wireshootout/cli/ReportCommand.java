package org.wireshootout.cli;

import org.wireshootout.report.ReportWriter;
import org.wireshootout.report.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * Turns a run directory of JMH JSON files, or of wire results in its {@code wire/} folder, or both, into report.md,
 * report.html and PNG charts beside them. Exit status: 0 when every file was read, 1 when some result file (or
 * env.json) could not be read (the report is still written from the others, and names them), 2 when there is
 * nothing to report (no directory, no results).
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Write report.md, report.html and PNG charts into a run directory (results/<run>/) from its JMH JSON "
                + "files and env.json, and from the wire results in its wire/ folder (run.sh --wire), and print the ranked round-trip summary. Exits 1 when a file could not be read "
                + "(named on the error output; the report covers the rest), 2 when there is nothing to report.")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run directory.")
    Path dir;

    @Override
    public Integer call() {
        PrintStream err = System.err;
        RunDirectory run;
        try {
            run = RunDirectory.read(dir);
        } catch (IOException e) {
            err.println("report: " + e.getMessage());
            return 2;
        }
        for (String w : run.warnings) err.println("report: warning: " + dir.resolve(w.split(" ", 2)[0]) + " " + w.substring(w.indexOf(' ') + 1));
        for (String u : run.unreadable) err.println("report: unreadable, left out: " + dir.resolve(u.split(" ", 2)[0]) + " " + u.substring(u.indexOf(' ') + 1));
        if (run.results.isEmpty() && run.wire.isEmpty()) {
            err.println("report: no JMH results in " + dir + " and no wire results in its wire/ folder"
                    + (run.unreadable.isEmpty() ? " (no <format>.json files)" : ""));
            return 2;
        }
        ReportWriter writer = new ReportWriter(run);
        Path out;
        try {
            out = writer.write();
        } catch (IOException e) {
            err.println("report: cannot write into " + dir + ": " + e.getMessage());
            return 2;
        }
        System.out.print(writer.consoleSummary());
        System.out.println("wrote " + out + " and " + dir.resolve(ReportWriter.HTML_FILE) + " ("
                + (run.wire.isEmpty() ? run.results.size() + " results"
                        : run.results.size() + " JMH results, " + run.wire.cellCount() + " wire format x transport results") + ")");
        return run.unreadable.isEmpty() ? 0 : 1;
    }
}
