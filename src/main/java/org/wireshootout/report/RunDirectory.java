package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.wireshootout.codec.Format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A run as {@code microbenchmarks/run.sh} leaves it: one JMH JSON file per format ({@code <format>.json}),
 * its log ({@code <format>.log}) and the manifest {@code env.json}; or, from {@code run.sh --wire}, the
 * {@code wire} command's results in the {@value WireResults#FOLDER} subfolder. Reading needs only the JSON files, so a
 * directory of plain JMH results (no manifest) can be reported too.
 */
public final class RunDirectory {
    public static final String MANIFEST = "env.json";
    /** The schema-evolution matrix run.sh writes beside the results (the report's evolution section): not a JMH file. */
    public static final String EVOLUTION = "evolution.json";

    /** The order in which benchmark methods are listed; others follow alphabetically. */
    private static final List<String> METHOD_ORDER = List.of("roundTrip", "encode", "decode", "access");

    public final Path dir;
    /** The manifest, or a missing node when the directory has none. */
    public final JsonNode env;
    public final List<JmhResult> results;
    /** JSON files that could not be read (as JMH results, or in the wire folder as wire results), with the reason. */
    public final List<String> unreadable;
    /** The {@code wire} command's results in the {@value WireResults#FOLDER} subfolder (none when there is no such folder). */
    public final WireResults wire;

    private RunDirectory(Path dir, JsonNode env, List<JmhResult> results, List<String> unreadable, WireResults wire) {
        this.dir = dir;
        this.env = env;
        this.results = results;
        this.unreadable = unreadable;
        this.wire = wire;
    }

    /**
     * Reads every result file of the directory. A damaged or foreign file (the manifest included) does not stop
     * the others: it is listed in {@link #unreadable} with the reason, and the commands exit non-zero for it.
     *
     * @throws IOException only when the directory itself is missing or cannot be listed (the message says so)
     */
    public static RunDirectory read(Path dir) throws IOException {
        if (!Files.exists(dir)) throw new IOException("no such run directory: " + dir);
        if (!Files.isDirectory(dir)) throw new IOException(dir + " is not a directory (a run directory holds <format>.json files and env.json)");
        List<String> unreadable = new ArrayList<>();
        Path manifest = dir.resolve(MANIFEST);
        JsonNode env = MissingNode.getInstance();
        if (Files.isRegularFile(manifest)) {
            try {
                JsonNode m = new ObjectMapper().readTree(manifest.toFile());
                if (m == null || !m.isObject()) unreadable.add(MANIFEST + " (not a JSON object: the run's environment is unknown)");
                else env = m;
            } catch (IOException e) {
                unreadable.add(MANIFEST + " (not valid JSON: " + JmhResult.firstLine(e.getMessage()) + ")");
            }
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().equals(MANIFEST))
                    .filter(p -> !p.getFileName().toString().equals(EVOLUTION))
                    .sorted()
                    .collect(Collectors.toList());
        }
        List<JmhResult> results = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            // a format interrupted before JMH wrote its file leaves an empty one: the manifest says so, and the
            // report lists it among the formats without complete results
            if (Files.size(f) == 0) {
                String group = name.substring(0, name.length() - ".json".length());
                String status = env.path("formats").path(group).path("status").asText("");
                if (!status.isEmpty() && !status.equals("ok")) continue;
                unreadable.add(name + " (empty file)");
                continue;
            }
            try {
                results.addAll(JmhResult.read(f));
            } catch (IOException | RuntimeException e) {
                // one damaged file must not hide the others; the report names it
                unreadable.add(name + " (" + JmhResult.firstLine(e.getMessage()) + ")");
            }
        }
        results.sort(Comparator.comparing(JmhResult::shortName, RunDirectory::compareBenchmarks)
                .thenComparingInt(Rows::order)
                .thenComparing(r -> r.format() == null ? "" : r.format())
                .thenComparing(JmhResult::otherParams));
        WireResults wire = WireResults.read(dir.resolve(WireResults.FOLDER));
        for (String u : wire.unreadable) unreadable.add(WireResults.FOLDER + "/" + u);
        return new RunDirectory(dir, env, List.copyOf(results), List.copyOf(unreadable), wire);
    }

    /** The benchmarks present ({@code Class.method}), in reading order. */
    public List<String> benchmarks() {
        Set<String> names = new LinkedHashSet<>();
        for (JmhResult r : results) names.add(r.shortName());
        return new ArrayList<>(names);
    }

    public List<JmhResult> resultsFor(String shortName) {
        return results.stream().filter(r -> r.shortName().equals(shortName)).collect(Collectors.toList());
    }

    /** The six-field registry's entry of that name, if the registry (of this build) has one. */
    public static Optional<Format> lookup(String formatName) {
        return formatName == null ? Optional.empty() : Rows.lookup(Format.values(), formatName);
    }

    /** The JDK the run's forks used ({@code jdkVersion} of the results), or "" when none says. */
    public String jdk() {
        Set<String> v = new LinkedHashSet<>();
        for (JmhResult r : results) if (!r.jdkVersion.isEmpty()) v.add(r.jdkVersion);
        return String.join(", ", v);
    }

    static int compareBenchmarks(String a, String b) {
        String ca = a.contains(".") ? a.substring(0, a.lastIndexOf('.')) : "";
        String cb = b.contains(".") ? b.substring(0, b.lastIndexOf('.')) : "";
        if (!ca.equals(cb)) {
            // the reference measure's class first
            if (ca.equals("DataBenchmark")) return -1;
            if (cb.equals("DataBenchmark")) return 1;
            return ca.compareTo(cb);
        }
        String ma = a.substring(a.lastIndexOf('.') + 1);
        String mb = b.substring(b.lastIndexOf('.') + 1);
        int ia = METHOD_ORDER.indexOf(ma);
        int ib = METHOD_ORDER.indexOf(mb);
        ia = ia < 0 ? Integer.MAX_VALUE : ia;
        ib = ib < 0 ? Integer.MAX_VALUE : ib;
        return ia != ib ? Integer.compare(ia, ib) : ma.compareTo(mb);
    }
}
