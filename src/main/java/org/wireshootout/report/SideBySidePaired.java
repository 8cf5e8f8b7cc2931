package org.wireshootout.report;

import org.wireshootout.wire.PairedFigures;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A side-by-side run whose sides took turns an iteration at a time ({@code generated-vs-hand.sh --turns}), read turn
 * by turn: in each round the k-th measurement iteration of one side ran next to the k-th of the other, so the ratio
 * of their p50s (JMH's estimator over each iteration's own samples) compares the two at one moment of the host. Per
 * row: the median of those ratios over every turn of every round, the distribution-free 95 % interval around it
 * ({@link PairedFigures#interval}, the wire harness's paired figure), and each round's median apart.
 *
 * <p>Why this beside the medians of the rounds ({@link SideBySideTable}): on a host that moves between two speed
 * levels, a round's p50 over all its samples sits on whichever level holds just over half of them, so a few turns more
 * at the slow level on one side move that side's p50 from one level to the other though every turn matched. The turns'
 * ratios do not depend on how many turns fell at each level. The interval is over turns, which share their fork's
 * compiled code; the rounds' medians beside it show the forks apart.
 */
public final class SideBySidePaired {
    private final StringBuilder text = new StringBuilder();
    private final List<String> problems = new ArrayList<>();
    private final Map<String, PairedFigures.Interval> rows = new TreeMap<>();

    private SideBySidePaired() {
    }

    /**
     * @throws IOException when the folder cannot be listed or holds no side-by-side file
     */
    public static SideBySidePaired of(Path dir, String a, String b) throws IOException {
        TreeMap<String, TreeMap<String, TreeMap<Integer, Path>>> files = SideBySideIterations.files(dir);
        SideBySidePaired p = new SideBySidePaired();
        MarkdownTable table = new MarkdownTable().text("row").number("turns")
                .number(b + " / " + a + ", turn by turn (median)").text("95 % interval").text("each round's median");
        for (var row : files.entrySet()) {
            TreeMap<Integer, Path> as = row.getValue().getOrDefault("A", new TreeMap<>());
            TreeMap<Integer, Path> bs = row.getValue().getOrDefault("B", new TreeMap<>());
            List<Double> all = new ArrayList<>();
            StringBuilder rounds = new StringBuilder();
            for (Map.Entry<Integer, Path> round : as.entrySet()) {
                Path other = bs.get(round.getKey());
                if (other == null) {
                    p.problems.add(row.getKey() + " round " + round.getKey() + ": no " + b + " side (B-" + row.getKey() + "-" + round.getKey() + ".json)");
                    continue;
                }
                List<Double> x = p.read(round.getValue());
                List<Double> y = p.read(other);
                if (x == null || y == null) continue;
                if (x.size() != y.size()) {
                    p.problems.add(row.getKey() + " round " + round.getKey() + ": " + x.size() + " iterations on the " + a + " side, "
                            + y.size() + " on the " + b + " side; turns pair them one to one (was this a --turns run?)");
                    continue;
                }
                double[] ratios = new double[x.size()];
                for (int k = 0; k < ratios.length; k++) {
                    ratios[k] = y.get(k) / x.get(k);
                    all.add(ratios[k]);
                }
                rounds.append(rounds.length() == 0 ? "" : " ").append(SideBySideTable.fixed(PairedFigures.interval(ratios).median(), 2));
            }
            if (all.isEmpty()) {
                table.row(row.getKey(), "0", "failed", "", "");
                continue;
            }
            PairedFigures.Interval i = PairedFigures.interval(all.stream().mapToDouble(Double::doubleValue).toArray());
            p.rows.put(row.getKey(), i);
            String interval = SideBySideTable.fixed(i.low(), 2) + " to " + SideBySideTable.fixed(i.high(), 2)
                    + (i.coverage() < 0.95 ? " (" + SideBySideTable.fixed(100 * i.coverage(), 0) + " %)" : "");
            table.row(row.getKey(), Integer.toString(all.size()), SideBySideTable.fixed(i.median(), 2), interval, rounds.toString());
        }
        p.text.append(table);
        return p;
    }

    /** Every measurement iteration's p50, forks one after another, or null (a problem noted) when unreadable. */
    private List<Double> read(Path file) {
        List<List<Double>> forks = SideBySideIterations.iterationP50s(file, problems);
        return forks == null ? null : forks.stream().flatMap(List::stream).toList();
    }

    /** Per row, the median of the turns' ratios and its interval; rows that could not be read are absent. */
    public Map<String, PairedFigures.Interval> rows() {
        return rows;
    }

    /** The table in Markdown. */
    public String markdown() {
        return text.toString();
    }

    /** What could not be read; empty when all was read. */
    public List<String> problems() {
        return problems;
    }
}
