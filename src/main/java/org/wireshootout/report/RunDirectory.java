package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.wireshootout.registry.Format;

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
    /** Entries skipped without being a fault of the results (a symbolic link that leads nowhere or in a loop), with the reason. */
    public final List<String> warnings;

    private RunDirectory(Path dir, JsonNode env, List<JmhResult> results, List<String> unreadable, WireResults wire, List<String> warnings) {
        this.dir = dir;
        this.env = env;
        this.results = results;
        this.unreadable = unreadable;
        this.wire = wire;
        this.warnings = warnings;
    }

    /**
     * Null when {@code p} can be followed; else why not (a symbolic link in a loop, or to nothing). Such an entry is
     * left out with a warning: following it would abort the whole reading.
     */
    static String brokenLink(Path p) {
        if (!Files.isSymbolicLink(p)) return null;
        try {
            p.toRealPath();
            return null;
        } catch (IOException e) {
            return p.getFileName() + " (a symbolic link that cannot be followed, skipped: " + JmhResult.firstLine(e.getMessage()) + ")";
        }
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
        List<String> warnings = new ArrayList<>();
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
        String evolution = evolutionProblem(dir.resolve(EVOLUTION));
        if (evolution != null) unreadable.add(EVOLUTION + " (" + evolution + ")");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> {
                        String broken = brokenLink(p);
                        if (broken != null) warnings.add(broken);
                        return broken == null;
                    })
                    .filter(p -> JmhResult.isResultFile(p.getFileName().toString()))
                    .filter(p -> !p.getFileName().toString().equals(MANIFEST))
                    .filter(p -> !p.getFileName().toString().equals(EVOLUTION))
                    .sorted()
                    .collect(Collectors.toList());
        }
        List<JmhResult> results = new ArrayList<>();
        Set<String> plain = new LinkedHashSet<>();
        for (Path f : files) if (f.getFileName().toString().endsWith(".json")) plain.add(JmhResult.baseName(f.getFileName().toString()));
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.endsWith(JmhResult.GZ) && plain.contains(JmhResult.baseName(name))) {
                // the same results twice would count twice: the plain file is read, the compressed one named
                unreadable.add(name + " (beside " + JmhResult.baseName(name) + ".json, which holds the same format's results: remove one)");
                continue;
            }
            // a format interrupted before JMH wrote its file leaves an empty one: the manifest says so, and the
            // report lists it among the formats without complete results
            if (Files.size(f) == 0) {
                String group = JmhResult.baseName(name);
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
        WireResults wire = warnings.stream().anyMatch(w -> w.startsWith(WireResults.FOLDER + " ")) ? WireResults.none()
                : WireResults.read(dir.resolve(WireResults.FOLDER));
        for (String u : wire.unreadable) unreadable.add(WireResults.FOLDER + "/" + u);
        for (String w : wire.warnings) warnings.add(WireResults.FOLDER + "/" + w);
        return new RunDirectory(dir, env, List.copyOf(results), List.copyOf(unreadable), wire, List.copyOf(warnings));
    }

    /**
     * Why the evolution matrix beside the results cannot be reported (null when there is none, or it reads): not
     * JSON, or not the shape the {@code evolution} command writes (changes with names, rows with a name and cells
     * whose change, direction and outcome are known, and, where a row has {@code variants}, each variant named with
     * such cells; a file without variants reads as rows without any).
     */
    static String evolutionProblem(Path file) {
        if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) || brokenLink(file) != null) return null;
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            String where = e instanceof com.fasterxml.jackson.core.JsonProcessingException
                    && ((com.fasterxml.jackson.core.JsonProcessingException) e).getLocation() != null
                    ? " at line " + ((com.fasterxml.jackson.core.JsonProcessingException) e).getLocation().getLineNr() + ", column "
                    + ((com.fasterxml.jackson.core.JsonProcessingException) e).getLocation().getColumnNr() : "";
            return "not valid JSON" + where;
        }
        if (root == null || !root.isObject()) return "not a JSON object: not an evolution matrix";
        if (!root.path("changes").isArray() || root.path("changes").isEmpty()) return "no \"changes\" array";
        if (!root.path("rows").isArray() || root.path("rows").isEmpty()) return "no \"rows\" array";
        Set<String> changes = new LinkedHashSet<>();
        int i = 0;
        for (JsonNode c : root.path("changes")) {
            if (!c.path("name").isTextual() || c.path("name").asText().isEmpty()) return "changes[" + i + "] has no \"name\"";
            changes.add(c.path("name").asText());
            i++;
        }
        List<String> outcomes = List.of("readsCorrectly", "failsLoudly", "silentlyWrong", "notExpressible");
        i = 0;
        for (JsonNode r : root.path("rows")) {
            if (!r.path("row").isTextual() || r.path("row").asText().isEmpty()) return "rows[" + i + "] has no \"row\" name";
            String rowName = r.path("row").asText();
            String problem = cellsProblem(r, "rows[" + i + "]", rowName, changes, outcomes);
            if (problem != null) return problem;
            // variants: absent in files written before they existed, which read as a row with none
            if (!r.path("variants").isMissingNode() && !r.path("variants").isArray()) return "rows[" + i + "] (" + rowName + ") has \"variants\" that is not an array";
            int k = 0;
            for (JsonNode v : r.path("variants")) {
                String where = "rows[" + i + "].variants[" + k + "]";
                if (!v.path("variant").isTextual() || v.path("variant").asText().isEmpty()) return where + " (" + rowName + ") has no \"variant\" name";
                problem = cellsProblem(v, where, rowName + " " + v.path("variant").asText(), changes, outcomes);
                if (problem != null) return problem;
                k++;
            }
            i++;
        }
        return null;
    }

    /** Why a row's (or a variant's) cells are not one per change and direction with a known outcome, or null. */
    private static String cellsProblem(JsonNode line, String at, String name, Set<String> changes, List<String> outcomes) {
        if (!line.path("cells").isArray()) return at + " (" + name + ") has no \"cells\" array";
        int j = 0;
        Set<String> seen = new LinkedHashSet<>();
        for (JsonNode cell : line.path("cells")) {
            String where = at + ".cells[" + j + "] (" + name + ")";
            if (!changes.contains(cell.path("change").asText())) return where + " names the change " + cell.path("change") + ", not one of \"changes\"";
            String direction = cell.path("direction").asText();
            if (!direction.equals("oldToNew") && !direction.equals("newToOld")) return where + " has the direction " + cell.path("direction") + ", not oldToNew or newToOld";
            if (!outcomes.contains(cell.path("outcome").asText())) return where + " has the outcome " + cell.path("outcome") + ", not one of " + outcomes;
            if (!seen.add(cell.path("change").asText() + " " + direction)) return where + " repeats " + cell.path("change").asText() + " " + direction;
            j++;
        }
        if (seen.size() != 2 * changes.size()) return at + " (" + name + ") has " + seen.size() + " cells where "
                + changes.size() + " changes x 2 directions make " + 2 * changes.size();
        return null;
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
