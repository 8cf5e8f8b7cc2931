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
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Two run directories side by side, marking differences larger than the spread between forks. Exit status: 0
 * when both runs were read whole, 1 when a file of either could not be read (named; the comparison covers the
 * rest) or the runs share no row, 2 on a missing directory or an output path it refuses.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Compare two run directories per benchmark, format and percentile (and bulk time, and B/op); a "
                + "difference is marked only when it exceeds the spread between the forks of either run (with one fork: "
                + "between iterations, labelled so). Exits 1 when a result file could not be read or nothing is in both runs.")
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The first (reference) run directory.")
    Path a;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The second run directory.")
    Path b;

    @Option(names = "--out", paramLabel = "FILE.md", description = "Write the Markdown here instead of standard output.")
    Path out;

    @Option(names = "--html", paramLabel = "FILE.html", description = "Also write the comparison as one self-contained, sortable HTML page.")
    Path html;

    @Override
    public Integer call() {
        for (Path p : new Path[] {out, html}) {
            String refused = refused(p);
            if (refused != null) {
                System.err.println("compare: " + refused);
                return 2;
            }
        }
        RunDirectory ra;
        RunDirectory rb;
        try {
            ra = RunDirectory.read(a);
            rb = RunDirectory.read(b);
        } catch (IOException e) {
            System.err.println("compare: " + e.getMessage());
            return 2;
        }
        boolean unreadable = false;
        for (RunDirectory r : new RunDirectory[] {ra, rb}) {
            for (String w : r.warnings) System.err.println("compare: warning: " + r.dir.resolve(w.split(" ", 2)[0]) + " " + w.substring(w.indexOf(' ') + 1));
            for (String u : r.unreadable) {
                System.err.println("compare: unreadable, left out: " + r.dir.resolve(u.split(" ", 2)[0]) + " " + u.substring(u.indexOf(' ') + 1));
                unreadable = true;
            }
            if (r.results.isEmpty()) System.err.println("compare: no readable JMH results in " + r.dir);
        }
        RunComparison c = new RunComparison(ra, rb);
        try {
            String md = c.markdown();
            if (out == null) {
                System.out.print(md);
            } else {
                Files.writeString(out, md, StandardCharsets.UTF_8);
                System.out.println("wrote " + out);
            }
            if (html != null) {
                Files.writeString(html, c.html(), StandardCharsets.UTF_8);
                System.out.println("wrote " + html);
            }
        } catch (IOException e) {
            System.err.println("compare: cannot write: " + e.getMessage());
            return 2;
        }
        boolean nothing = c.lines.isEmpty() && c.paired.isEmpty();
        if (nothing) System.err.println("compare: no benchmark and row is in both runs");
        return unreadable || nothing ? 1 : 0;
    }

    /** Why an output path is refused, or null: a tool never writes over a result file or a run's manifest. */
    static String refused(Path p) {
        if (p == null) return null;
        String name = p.getFileName() == null ? "" : p.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) return "refusing to write " + p + ": .json files are results or manifests (write .md or .html)";
        if (Files.isDirectory(p)) return p + " is a directory: give a file name";
        return null;
    }
}
