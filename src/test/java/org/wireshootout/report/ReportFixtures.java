package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** The checked-in run directory, copies of it, and a reader for the Markdown tables the report writes. */
final class ReportFixtures {
    static final String FIXTURE = "/runs/quick-baseline-limit";
    static final ObjectMapper JSON = new ObjectMapper();

    private ReportFixtures() {
    }

    static Path fixture() {
        try {
            return Path.of(ReportFixtures.class.getResource(FIXTURE).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A copy of the fixture run directory under {@code parent} (the report writes into its run directory). */
    static Path copyFixture(Path parent, String name) throws IOException {
        Path to = parent.resolve(name);
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(fixture())) {
            for (Path p : (Iterable<Path>) s::iterator) Files.copy(p, to.resolve(p.getFileName()));
        }
        return to;
    }

    static JsonNode readJson(Path p) {
        try {
            return JSON.readTree(p.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void writeJson(Path p, JsonNode n) throws IOException {
        JSON.writeValue(p.toFile(), n);
    }

    /** Every result in the JSON files of a run directory, read directly (not through the code under test). */
    static List<JsonNode> rawResults(Path dir) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                String n = p.getFileName().toString();
                if (!n.endsWith(".json") || n.equals("env.json")) continue;
                for (JsonNode r : readJson(p)) out.add(r);
            }
        }
        return out;
    }

    static String shortName(JsonNode result) {
        String b = result.get("benchmark").asText();
        String[] parts = b.split("\\.");
        return parts[parts.length - 2] + "." + parts[parts.length - 1];
    }

    static long sampleCount(JsonNode result) {
        long n = 0;
        for (JsonNode fork : result.path("primaryMetric").path("rawDataHistogram")) {
            for (JsonNode iteration : fork) for (JsonNode vc : iteration) n += vc.get(1).asLong();
        }
        return n;
    }

    static double percentile(JsonNode result, String key) {
        return result.path("primaryMetric").path("scorePercentiles").path(key).asDouble(Double.NaN);
    }

    /**
     * Recomputes JMH's score (the mean) and percentiles of every result in a file from its histograms, as JMH
     * does: for tests that change the histograms and must leave a file the report still believes.
     */
    static void reconcile(Path jsonFile) throws IOException {
        JsonNode root = readJson(jsonFile);
        for (JsonNode r : root) {
            ObjectNode pm = (ObjectNode) r.get("primaryMetric");
            if (!pm.has("rawDataHistogram")) continue;
            org.openjdk.jmh.util.MultisetStatistics s = new org.openjdk.jmh.util.MultisetStatistics();
            for (JsonNode fork : pm.get("rawDataHistogram")) for (JsonNode it : fork) for (JsonNode vc : it) s.addValue(vc.get(0).asDouble(), vc.get(1).asLong());
            pm.put("score", s.getMean());
            ObjectNode pct = (ObjectNode) pm.get("scorePercentiles");
            for (Map.Entry<String, JsonNode> e : iterable(pct)) {
                double q = Double.parseDouble(e.getKey());
                pct.put(e.getKey(), q >= 100 ? s.getMax() : s.getPercentile(q));
            }
        }
        writeJson(jsonFile, root);
    }

    /** Multiplies every sample value (and JMH's percentiles, mean and error) of matching results by {@code factor}. */
    static void scaleSamples(Path jsonFile, String format, double factor) throws IOException {
        JsonNode root = readJson(jsonFile);
        for (JsonNode r : root) {
            if (!format.equals(r.path("params").path("format").asText())) continue;
            ObjectNode pm = (ObjectNode) r.get("primaryMetric");
            pm.put("score", pm.get("score").asDouble() * factor);
            ObjectNode pct = (ObjectNode) pm.get("scorePercentiles");
            for (Map.Entry<String, JsonNode> e : iterable(pct)) pct.put(e.getKey(), e.getValue().asDouble() * factor);
            for (JsonNode fork : pm.get("rawDataHistogram")) {
                for (JsonNode iteration : fork) {
                    for (JsonNode vc : iteration) ((ArrayNode) vc).set(0, JSON.getNodeFactory().numberNode(vc.get(0).asDouble() * factor));
                }
            }
        }
        writeJson(jsonFile, root);
    }

    /**
     * Adds a format to a run directory: {@code <to>.json} holds the results of {@code <from>.json} under the name
     * {@code to}, every sample multiplied by {@code factor}.
     */
    static void cloneFormat(Path dir, String from, String to, double factor) throws IOException {
        JsonNode root = readJson(dir.resolve(from + ".json"));
        for (JsonNode r : root) ((ObjectNode) r.get("params")).put("format", to);
        Path file = dir.resolve(to + ".json");
        writeJson(file, root);
        scaleSamples(file, to, factor);
    }

    /** Renames the benchmark of every result in a file ({@code org.wireshootout.bench.<name>}) and sets extra parameters. */
    static void retarget(Path file, String method, String benchmark, Map<String, String> extraParams) throws IOException {
        JsonNode root = readJson(file);
        ArrayNode kept = JSON.createArrayNode();
        for (JsonNode r : root) {
            if (!r.get("benchmark").asText().endsWith("." + method)) continue;
            ((ObjectNode) r).put("benchmark", "org.wireshootout.bench." + benchmark);
            for (Map.Entry<String, String> e : extraParams.entrySet()) ((ObjectNode) r.get("params")).put(e.getKey(), e.getValue());
            kept.add(r);
        }
        writeJson(file, kept);
    }

    static Iterable<Map.Entry<String, JsonNode>> iterable(ObjectNode n) {
        List<Map.Entry<String, JsonNode>> l = new ArrayList<>();
        n.fields().forEachRemaining(l::add);
        return l;
    }

    /**
     * The first Markdown table after the line that starts with {@code heading}: one map per row, keyed by the
     * column headings, in order.
     */
    static List<Map<String, String>> table(String markdown, String heading) {
        String[] lines = markdown.split("\n");
        int i = 0;
        while (i < lines.length && !lines[i].startsWith(heading)) i++;
        if (i == lines.length) fail("no heading '" + heading + "' in the report");
        i++;
        while (i < lines.length && !lines[i].startsWith("|")) {
            if (lines[i].startsWith("#")) fail("no table under '" + heading + "'");
            i++;
        }
        if (i == lines.length) fail("no table under '" + heading + "'");
        List<String> headers = cells(lines[i]);
        i += 2; // the alignment row
        List<Map<String, String>> rows = new ArrayList<>();
        for (; i < lines.length && lines[i].startsWith("|"); i++) {
            List<String> c = cells(lines[i]);
            assertEquals(headers.size(), c.size(), "cells in row: " + lines[i]);
            Map<String, String> row = new LinkedHashMap<>();
            for (int k = 0; k < headers.size(); k++) row.put(headers.get(k), c.get(k));
            rows.add(row);
        }
        return rows;
    }

    static Map<String, String> row(List<Map<String, String>> table, String firstCell) {
        for (Map<String, String> r : table) {
            if (r.values().iterator().next().equals(firstCell)) return r;
        }
        fail("no row '" + firstCell + "' in " + table);
        return null;
    }

    private static List<String> cells(String line) {
        String inner = line.substring(1, line.length() - 1);
        List<String> out = new ArrayList<>();
        for (String c : inner.split("(?<!\\\\)\\|", -1)) out.add(c.trim());
        return out;
    }

    /**
     * Asserts that a figure printed in the report equals {@code expected} to the precision it is printed with
     * (half a unit of its last digit), ignoring the few-samples mark.
     */
    static void assertShown(double expected, String cell, String what) {
        String s = cell.replace(ReportWriter.FEW_MARK, "").replace(Settledness.MARK, "").trim();
        if (s.isEmpty()) fail(what + ": empty cell, expected " + expected);
        int dot = s.indexOf('.');
        int decimals = dot < 0 ? 0 : s.length() - dot - 1;
        double shown = Double.parseDouble(s);
        assertEquals(expected, shown, 0.5 * Math.pow(10, -decimals) + 1e-9 * Math.abs(expected),
                what + ": report shows " + cell + ", JSON has " + expected);
    }
}
