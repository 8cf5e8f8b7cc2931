package org.wireshootout.cli;

import org.wireshootout.report.SideBySideBytes;
import org.wireshootout.report.SideBySideIterations;
import org.wireshootout.report.SideBySidePaired;
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

    @picocli.CommandLine.Option(names = "--iterations",
            description = "Print instead every measurement iteration's p50, fork by fork, for each row, round and side, and "
                    + "per row and side the median over all iterations: whether both sides met the same levels of a host "
                    + "whose speed moves while a JVM runs.")
    boolean iterations;

    @picocli.CommandLine.Option(names = "--bytes",
            description = "Print instead every fork's B/op (-prof gc), round by round, for each row and side, and per row and side "
                    + "the least, median and most over the forks: which values each side's forks draw where C2 removes an "
                    + "object in some JVMs and not in others.")
    boolean bytes;

    @picocli.CommandLine.Option(names = "--paired",
            description = "Print instead, for a run whose sides took turns an iteration at a time (generated-vs-hand.sh --turns), "
                    + "per row the median over every turn of every round of B's iteration p50 over A's iteration p50 in the "
                    + "same turn, its 95 % interval, and each round's median.")
    boolean paired;

    @picocli.CommandLine.Option(names = "--split", paramLabel = "NS|auto",
            description = "With --iterations: also the count and median of the iterations below NS and of those at or above it; "
                    + "auto: per row, 1.4 times the fastest iteration of either side (between the two levels of a host whose "
                    + "speed moves by 1.7 to 2 times).")
    String split;

    @Override
    public Integer call() {
        if (sides.size() != 2) {
            System.err.println("reference-table: --sides takes two names, A's first");
            return 2;
        }
        double cut = Double.NaN;
        if (split != null) {
            if (split.equals("auto")) {
                cut = SideBySideIterations.AUTO;
            } else {
                try {
                    cut = Double.parseDouble(split);
                } catch (NumberFormatException e) {
                    cut = Double.NaN;
                }
                if (!(cut > 0) || Double.isInfinite(cut)) {
                    System.err.println("reference-table: --split takes a time in ns above 0 or 'auto', not '" + split + "'");
                    return 2;
                }
            }
            if (!iterations) {
                System.err.println("reference-table: --split goes with --iterations");
                return 2;
            }
        }
        if ((bytes ? 1 : 0) + (iterations ? 1 : 0) + (paired ? 1 : 0) > 1) {
            System.err.println("reference-table: --bytes, --iterations and --paired are three tables; give one");
            return 2;
        }
        String markdown;
        java.util.List<String> problems;
        try {
            if (bytes) {
                SideBySideBytes b = SideBySideBytes.of(dir, sides.get(0), sides.get(1));
                markdown = b.markdown();
                problems = b.problems();
            } else if (paired) {
                SideBySidePaired pr = SideBySidePaired.of(dir, sides.get(0), sides.get(1));
                markdown = pr.markdown();
                problems = pr.problems();
            } else if (iterations) {
                SideBySideIterations its = SideBySideIterations.of(dir, sides.get(0), sides.get(1), cut);
                markdown = its.markdown();
                problems = its.problems();
            } else {
                SideBySideTable table = SideBySideTable.of(dir, sides.get(0), sides.get(1));
                markdown = table.markdown();
                problems = table.problems();
            }
        } catch (IOException e) {
            System.err.println("reference-table: " + e.getMessage());
            return 1;
        }
        System.out.print(markdown);
        for (String p : problems) System.err.println("reference-table: " + p);
        return problems.isEmpty() ? 0 : 1;
    }
}
