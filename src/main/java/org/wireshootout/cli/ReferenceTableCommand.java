package org.wireshootout.cli;

import org.wireshootout.report.SideBySideTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * Prints the table of a side-by-side run against the reference benchmark from its JMH files (the
 * "Against the reference figures" table of docs/reference.md is this command's output for the committed run).
 */
@Command(name = "reference-table", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Print, as Markdown, the table of a side-by-side run (../shared/anchor/side-by-side.sh --out DIR): per "
                + "row the medians over the rounds of the reference's and this project's p50, p99 and B/op, and the median "
                + "ratio project / reference. Exits 1 when a file could not be read (the rest is still printed).")
public final class ReferenceTableCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", description = "The side-by-side run's folder (A-<row>-<round>.json, B-<row>-<round>.json).")
    Path dir;

    @picocli.CommandLine.Option(names = "--sides", paramLabel = "A,B", split = ",",
            description = "The names of the two sides in the headings, A's first (default: reference,project).")
    java.util.List<String> sides = java.util.List.of("reference", "project");

    @Override
    public Integer call() {
        SideBySideTable table;
        if (sides.size() != 2) {
            System.err.println("reference-table: --sides takes two names, A's first");
            return 2;
        }
        try {
            table = SideBySideTable.of(dir, sides.get(0), sides.get(1));
        } catch (IOException e) {
            System.err.println("reference-table: " + e.getMessage());
            return 1;
        }
        System.out.print(table.markdown());
        for (String p : table.problems()) System.err.println("reference-table: " + p);
        return table.problems().isEmpty() ? 0 : 1;
    }
}
