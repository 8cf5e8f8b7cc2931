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
 * its log ({@code <format>.log}) and the manifest {@code env.json}. Reading needs only the JSON files, so a
 * directory of plain JMH results (no manifest) can be reported too.
 */
public final class RunDirectory {
    public static final String MANIFEST = "env.json";

    /** The order in which benchmark methods are listed; others follow alphabetically. */
    private static final List<String> METHOD_ORDER = List.of("roundTrip", "encode", "decode", "access");

    public final Path dir;
    /** The manifest, or a missing node when the directory has none. */
    public final JsonNode env;
    public final List<JmhResult> results;
    /** JSON files that could not be read as JMH results, with the reason. */
    public final List<String> unreadable;

    private RunDirectory(Path dir, JsonNode env, List<JmhResult> results, List<String> unreadable) {
        this.dir = dir;
        this.env = env;
        this.results = results;
        this.unreadable = unreadable;
    }

    public static RunDirectory read(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException(dir + " is not a directory");
        Path manifest = dir.resolve(MANIFEST);
        JsonNode env = Files.isRegularFile(manifest) ? new ObjectMapper().readTree(manifest.toFile()) : MissingNode.getInstance();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().equals(MANIFEST))
                    .sorted()
                    .collect(Collectors.toList());
        }
        List<JmhResult> results = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        for (Path f : files) {
            // a format interrupted before JMH wrote its file leaves no JSON, or an empty one: the manifest says which
            if (Files.size(f) == 0) continue;
            try {
                results.addAll(JmhResult.read(f));
            } catch (IOException | RuntimeException e) {
                // one damaged file must not hide the others; the report names it
                unreadable.add(f.getFileName() + " (" + e.getMessage().lines().findFirst().orElse("") + ")");
            }
        }
        results.sort(Comparator.comparing(JmhResult::shortName, RunDirectory::compareBenchmarks)
                .thenComparing(r -> r.format() == null ? "" : r.format(), RunDirectory::compareFormats)
                .thenComparing(JmhResult::otherParams));
        return new RunDirectory(dir, env, List.copyOf(results), List.copyOf(unreadable));
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

    /** The registry entry of that name, if the registry (of this build) has one. */
    public static Optional<Format> lookup(String formatName) {
        if (formatName == null) return Optional.empty();
        for (Format f : Format.values()) if (f.name().equals(formatName)) return Optional.of(f);
        for (Format f : Format.values()) if (f.name().equalsIgnoreCase(formatName)) return Optional.of(f);
        return Optional.empty();
    }

    /** Registry order first (the order of the reference table), then unknown names alphabetically. */
    static int compareFormats(String a, String b) {
        int ia = lookup(a).map(Enum::ordinal).orElse(Integer.MAX_VALUE);
        int ib = lookup(b).map(Enum::ordinal).orElse(Integer.MAX_VALUE);
        return ia != ib ? Integer.compare(ia, ib) : a.compareTo(b);
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
