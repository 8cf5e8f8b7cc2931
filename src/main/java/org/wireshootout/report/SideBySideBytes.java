package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A side-by-side run's allocation fork by fork: for each row and side, the B/op of every fork of every round (JMH's
 * {@code -prof gc} {@code gc.alloc.rate.norm}, the mean of the fork's measurement iterations), and their least,
 * median and most. Where C2 removes an object in some JVMs and keeps it in others, a side's forks take one of a few
 * values, and the median of three forks is one draw of them; the draws only add to the least (C2 removes objects, it
 * makes none), so the least over forks is what the code allocates when compiled as it can be, and the values each side
 * takes show whether the two sides draw from the same ones.
 */
public final class SideBySideBytes {
    private final MarkdownTable table;
    private final List<String> problems = new ArrayList<>();

    private SideBySideBytes() {
        table = new MarkdownTable().text("row").text("side").text("each round's forks' B/op (rounds apart by \";\")").number("forks")
                .number("least").number("median").number("most");
    }

    /** @throws IOException when the folder cannot be listed or holds no side-by-side file */
    public static SideBySideBytes of(Path dir, String a, String b) throws IOException {
        TreeMap<String, TreeMap<String, TreeMap<Integer, Path>>> files = SideBySideIterations.files(dir);
        SideBySideBytes t = new SideBySideBytes();
        ObjectMapper json = new ObjectMapper();
        for (var row : files.entrySet()) {
            for (String side : new String[] {"A", "B"}) {
                TreeMap<Integer, Path> rounds = row.getValue().get(side);
                if (rounds == null) continue;
                List<Double> all = new ArrayList<>();
                StringBuilder cell = new StringBuilder();
                for (Map.Entry<Integer, Path> round : rounds.entrySet()) {
                    List<Double> forks = t.read(json, round.getValue());
                    if (forks == null) continue;
                    if (cell.length() > 0) cell.append("; ");
                    for (int i = 0; i < forks.size(); i++) cell.append(i == 0 ? "" : ", ").append(SideBySideTable.fixed(forks.get(i), 1));
                    all.addAll(forks);
                }
                if (all.isEmpty()) continue;
                double[] v = all.stream().mapToDouble(Double::doubleValue).toArray();
                java.util.Arrays.sort(v);
                t.table.row(row.getKey(), side.equals("A") ? a : b, cell.toString(), Integer.toString(v.length),
                        SideBySideTable.fixed(v[0], 1), SideBySideTable.fixed(SideBySideTable.median(v), 1), SideBySideTable.fixed(v[v.length - 1], 1));
            }
        }
        return t;
    }

    /** Each fork's B/op, or null (and a problem noted) when the file has none (a run without {@code -prof gc}). */
    private List<Double> read(ObjectMapper json, Path file) {
        try {
            JsonNode alloc = JmhResult.readJson(json, file).path(0).path("secondaryMetrics").path(JmhResult.ALLOC_NORM);
            List<Double> forks = JmhResult.forkMeans(alloc.path("rawData"));
            if (forks.isEmpty()) {
                problems.add(file + ": no " + JmhResult.ALLOC_NORM + " per fork (secondaryMetrics rawData; run with -prof gc)");
                return null;
            }
            return forks;
        } catch (IOException | RuntimeException e) {
            problems.add(file + ": " + e.getMessage());
            return null;
        }
    }

    /** The table in Markdown. */
    public String markdown() {
        return table.toString();
    }

    /** What could not be read; empty when all was read. */
    public List<String> problems() {
        return problems;
    }
}
