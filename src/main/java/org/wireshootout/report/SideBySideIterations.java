package org.wireshootout.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.stream.Stream;

/**
 * A side-by-side run's measurement iterations one by one: for each row, round and side, every fork's iterations'
 * p50 (JMH's estimator over that iteration's own samples), and per row and side the median over all iterations,
 * optionally apart below and above a split. On a host whose speed moves between two levels while one JVM runs,
 * with no method compiled in between, this shows whether both sides met both levels, and compares them level by
 * level; the table of medians ({@link SideBySideTable}) cannot.
 */
public final class SideBySideIterations {
    /** The split that {@link #of} takes to mean: per row, {@link #AUTO_FACTOR} times the fastest iteration of either side. */
    public static final double AUTO = -1;
    /**
     * The automatic split over a row's fastest iteration: between the two levels this host shows (1.7 to 2 times
     * apart) and above the spread of the lower one (about 10 %).
     */
    public static final double AUTO_FACTOR = 1.4;

    private final StringBuilder text = new StringBuilder();
    private final List<String> problems = new ArrayList<>();

    private SideBySideIterations() {
    }

    /**
     * @param split a p50 in ns that parts the iterations into those below it and those at or above it, {@link #AUTO}
     *              for one per row, or NaN for none
     * @throws IOException when the folder cannot be listed or holds no side-by-side file
     */
    public static SideBySideIterations of(Path dir, String a, String b, double split) throws IOException {
        TreeMap<String, TreeMap<String, TreeMap<Integer, Path>>> files = files(dir);
        SideBySideIterations it = new SideBySideIterations();
        MarkdownTable each = new MarkdownTable().text("row").number("round").text("side").text("each fork's iterations' p50 (ns), forks apart by \";\"");
        MarkdownTable summary = new MarkdownTable().text("row").text("side").number("iterations").number("median p50");
        if (split == AUTO) {
            summary.number("split").number("below").number("their median").number("at or above").number("their median");
        } else if (!Double.isNaN(split)) {
            String s = SideBySideTable.fixed(split, 0);
            summary.number("below " + s).number("their median").number("at or above " + s).number("their median");
        }
        for (var row : files.entrySet()) {
            TreeMap<String, List<Double>> all = new TreeMap<>();
            for (var side : row.getValue().entrySet()) {
                String name = side.getKey().equals("A") ? a : b;
                for (Map.Entry<Integer, Path> round : side.getValue().entrySet()) {
                    List<List<Double>> forks = it.read(round.getValue());
                    if (forks == null) continue;
                    StringBuilder cell = new StringBuilder();
                    for (List<Double> fork : forks) {
                        if (cell.length() > 0) cell.append("; ");
                        for (int i = 0; i < fork.size(); i++) cell.append(i == 0 ? "" : " ").append(SideBySideTable.fixed(fork.get(i), 0));
                        all.computeIfAbsent(name, k -> new ArrayList<>()).addAll(fork);
                    }
                    each.row(row.getKey(), Integer.toString(round.getKey()), name, cell.toString());
                }
            }
            double cut = split;
            if (split == AUTO) {
                cut = all.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).min().orElse(Double.NaN) * AUTO_FACTOR;
            }
            for (String name : new String[] {a, b}) {
                List<Double> v = all.get(name);
                if (v == null) continue;
                List<String> cells = new ArrayList<>(List.of(row.getKey(), name, Integer.toString(v.size()), SideBySideTable.fixed(median(v), 0)));
                if (split == AUTO) cells.add(SideBySideTable.fixed(cut, 0));
                if (!Double.isNaN(split)) {
                    double c = cut;
                    List<Double> below = v.stream().filter(x -> x < c).toList();
                    List<Double> above = v.stream().filter(x -> x >= c).toList();
                    cells.add(Integer.toString(below.size()));
                    cells.add(below.isEmpty() ? "-" : SideBySideTable.fixed(median(below), 0));
                    cells.add(Integer.toString(above.size()));
                    cells.add(above.isEmpty() ? "-" : SideBySideTable.fixed(median(above), 0));
                }
                summary.row(cells.toArray(new String[0]));
            }
        }
        it.text.append(each).append('\n').append(summary);
        return it;
    }

    /**
     * A side-by-side run's files, row by row, side ({@code A} or {@code B}) by side, round by round.
     *
     * @throws IOException when the folder cannot be listed or holds no side-by-side file
     */
    static TreeMap<String, TreeMap<String, TreeMap<Integer, Path>>> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException(dir + " is not a folder");
        TreeMap<String, TreeMap<String, TreeMap<Integer, Path>>> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.forEach(f -> {
                Matcher m = SideBySideTable.FILE.matcher(f.getFileName().toString());
                if (m.matches()) {
                    files.computeIfAbsent(m.group(2), k -> new TreeMap<>()).computeIfAbsent(m.group(1), k -> new TreeMap<>())
                            .put(Integer.parseInt(m.group(3)), f);
                }
            });
        }
        if (files.isEmpty()) throw new IOException(dir + " holds no A-<row>-<round>.json / B-<row>-<round>.json files of a side-by-side run");
        return files;
    }

    private List<List<Double>> read(Path file) {
        return iterationP50s(file, problems);
    }

    /**
     * Each fork's iterations' p50 in {@code file}, or null (and a problem added to {@code problems}) when the file is not
     * a readable SampleTime result; shared with {@link SideBySidePaired}.
     */
    static List<List<Double>> iterationP50s(Path file, List<String> problems) {
        try {
            List<JmhResult> results = JmhResult.read(file);
            if (results.isEmpty()) {
                problems.add(file + ": no result");
                return null;
            }
            JmhResult r = results.get(0);
            int forks = r.forkHistograms.size();
            if (forks == 0 || r.iterationHistograms.size() % forks != 0) {
                problems.add(file + ": no per-iteration samples (rawDataHistogram) to read");
                return null;
            }
            int per = r.iterationHistograms.size() / forks;
            List<List<Double>> out = new ArrayList<>();
            for (int f = 0; f < forks; f++) {
                List<Double> fork = new ArrayList<>();
                for (int i = 0; i < per; i++) fork.add(r.iterationHistograms.get(f * per + i).percentile(50));
                out.add(fork);
            }
            return out;
        } catch (IOException | RuntimeException e) {
            problems.add(file + ": " + e.getMessage());
            return null;
        }
    }

    private static double median(List<Double> values) {
        return SideBySideTable.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The two tables in Markdown: every iteration, then the medians per row and side. */
    public String markdown() {
        return text.toString();
    }

    /** What could not be read; empty when all was read. */
    public List<String> problems() {
        return problems;
    }
}
