package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The table of a side-by-side run against the reference benchmark ({@code ../shared/anchor/side-by-side.sh}),
 * computed from the run's JMH files: {@code A-<row>-<round>.json} is the reference's result for a row and round,
 * {@code B-<row>-<round>.json} this project's. Per row, over the rounds where both files are readable: the
 * median p50, p99 and B/op of each side, and the median of the per-round ratios project p50 / reference p50,
 * the same rule and the same rounding as the script's own table, so the README's table can be made from the
 * committed files rather than typed.
 */
public final class SideBySideTable {
    /** A side-by-side run's JMH file: side, row, round. */
    static final Pattern FILE = Pattern.compile("([AB])-(.+)-(\\d+)\\.json(\\.gz)?");

    /** One round of one side: p50, p99 (ns) and B/op (NaN without {@code -prof gc}). */
    private static final class Figures {
        final double p50;
        final double p99;
        final double bytesPerOp;

        Figures(double p50, double p99, double bytesPerOp) {
            this.p50 = p50;
            this.p99 = p99;
            this.bytesPerOp = bytesPerOp;
        }
    }

    private final MarkdownTable table;
    private final List<String> problems = new ArrayList<>();

    private SideBySideTable(String a, String b) {
        table = new MarkdownTable().text("row").number(a + " p50").number(b + " p50")
                .number(b + " / " + a + " (p50)").number(a + " p99").number(b + " p99")
                .number(a + " B/op").number(b + " B/op");
    }

    /**
     * Reads the side-by-side run in {@code dir}.
     *
     * @throws IOException when the folder cannot be listed or holds no {@code A-<row>-<round>.json} file
     */
    public static SideBySideTable of(Path dir) throws IOException {
        return of(dir, "reference", "project");
    }

    /** {@link #of(Path)} with the two sides' names in the headings ({@code A} first). */
    public static SideBySideTable of(Path dir, String a, String b) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException(dir + " is not a folder");
        TreeMap<String, TreeSet<Integer>> rounds = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(f -> {
                Matcher m = FILE.matcher(f.getFileName().toString());
                if (m.matches()) rounds.computeIfAbsent(m.group(2), k -> new TreeSet<>()).add(Integer.parseInt(m.group(3)));
            });
        }
        if (rounds.isEmpty()) throw new IOException(dir + " holds no A-<row>-<round>.json / B-<row>-<round>.json files of a side-by-side run");
        SideBySideTable t = new SideBySideTable(a, b);
        ObjectMapper json = new ObjectMapper();
        for (var row : rounds.entrySet()) t.addRow(json, dir, row.getKey(), row.getValue());
        return t;
    }

    private void addRow(ObjectMapper json, Path dir, String row, TreeSet<Integer> roundNumbers) {
        List<Figures> a = new ArrayList<>();
        List<Figures> b = new ArrayList<>();
        for (int round : roundNumbers) {
            Figures x = read(json, dir.resolve("A-" + row + "-" + round + ".json"));
            Figures y = read(json, dir.resolve("B-" + row + "-" + round + ".json"));
            if (x != null && y != null) {
                a.add(x);
                b.add(y);
            }
        }
        if (a.isEmpty()) {
            problems.add(row + ": no round with both A-" + row + "-N.json and B-" + row + "-N.json readable in " + dir);
            table.row(row, "failed", "", "", "", "", "", "");
            return;
        }
        double[] ratios = new double[a.size()];
        for (int i = 0; i < ratios.length; i++) ratios[i] = b.get(i).p50 / a.get(i).p50;
        table.row(row, fixed(median(a, f -> f.p50), 0), fixed(median(b, f -> f.p50), 0), fixed(median(ratios), 2),
                fixed(median(a, f -> f.p99), 0), fixed(median(b, f -> f.p99), 0),
                fixed(median(a, f -> f.bytesPerOp), 1), fixed(median(b, f -> f.bytesPerOp), 1));
    }

    /** One JMH result file's figures, or null (and a problem noted) when it is missing or not such a file. */
    private Figures read(ObjectMapper json, Path file) {
        Path gz = file.resolveSibling(file.getFileName() + ".gz");
        if (!Files.isRegularFile(file) && Files.isRegularFile(gz)) file = gz;
        if (!Files.isRegularFile(file)) {
            problems.add(file + ": missing");
            return null;
        }
        try {
            JsonNode first = JmhResult.readJson(json, file).path(0);
            JsonNode p = first.path("primaryMetric").path("scorePercentiles");
            if (!p.path("50.0").isNumber() || !p.path("99.0").isNumber()) {
                problems.add(file + ": no p50 / p99 in primaryMetric.scorePercentiles (not a JMH SampleTime result)");
                return null;
            }
            JsonNode alloc = first.path("secondaryMetrics").path("gc.alloc.rate.norm").path("score");
            return new Figures(p.get("50.0").asDouble(), p.get("99.0").asDouble(), alloc.isNumber() ? alloc.asDouble() : Double.NaN);
        } catch (IOException e) {
            problems.add(file + ": " + e.getMessage());
            return null;
        }
    }

    private static double median(List<Figures> rounds, ToDoubleFunction<Figures> figure) {
        return median(rounds.stream().mapToDouble(figure).toArray());
    }

    static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /**
     * {@code value} with {@code decimals} places, rounding the exact binary value half to even, as the script's
     * Python formatting does ({@code String.format} would round a tie such as 70.5 up).
     */
    static String fixed(double value, int decimals) {
        if (Double.isNaN(value)) return "n/a";
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** The table in Markdown, a row per benchmark row, in name order. */
    public String markdown() {
        return table.toString();
    }

    /** What could not be read (a missing or foreign file, a row with no usable round); empty when all was read. */
    public List<String> problems() {
        return problems;
    }
}
