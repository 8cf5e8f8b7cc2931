package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One entry of a JMH JSON result file ({@code -rf json}): a benchmark method with one set of parameters,
 * its run settings, JMH's aggregate percentiles, the per-fork sample histograms and the {@code -prof gc}
 * allocation figure. Only what the report and the comparison read is kept.
 */
public final class JmhResult {
    /** The secondary metric {@code -prof gc} writes for bytes allocated per operation. */
    public static final String ALLOC_NORM = "gc.alloc.rate.norm";

    public final String benchmark;
    public final String mode;
    public final Map<String, String> params;
    public final int forks;
    public final int threads;
    public final int warmupIterations;
    public final String warmupTime;
    public final int measurementIterations;
    public final String measurementTime;
    public final String jvm;
    public final List<String> jvmArgs;
    public final String jdkVersion;
    public final String vmName;
    public final String vmVersion;
    public final String scoreUnit;
    public final double score;
    public final double scoreError;
    /** JMH's own percentiles of the primary metric, keyed 0..100 as in the JSON. */
    public final NavigableMap<Double, Double> percentiles;
    /** One histogram per fork (its measurement iterations merged); empty for modes without sample histograms. */
    public final List<SampleHistogram> forkHistograms;
    /** One histogram per measurement iteration, every fork's in turn; empty for modes without sample histograms. */
    public final List<SampleHistogram> iterationHistograms;
    /** The score of every measurement iteration, per fork ({@code primaryMetric.rawData}); for SingleShotTime the shots. */
    public final List<List<Double>> rawData;
    /** B/op from {@code -prof gc}, NaN when the run had no gc profiler. */
    public final double allocBytesPerOp;
    /** Per-fork mean of B/op over its iterations (empty without {@code -prof gc}). */
    public final List<Double> forkAllocBytesPerOp;
    /** B/op of every measurement iteration, every fork's in turn (empty without {@code -prof gc}). */
    public final List<Double> iterationAllocBytesPerOp;

    private JmhResult(JsonNode r) {
        benchmark = text(r, "benchmark");
        mode = text(r, "mode");
        Map<String, String> p = new LinkedHashMap<>();
        JsonNode params = r.get("params");
        if (params != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                p.put(e.getKey(), e.getValue().asText());
            }
        }
        this.params = Collections.unmodifiableMap(p);
        forks = r.path("forks").asInt();
        threads = r.path("threads").asInt();
        warmupIterations = r.path("warmupIterations").asInt();
        warmupTime = text(r, "warmupTime");
        measurementIterations = r.path("measurementIterations").asInt();
        measurementTime = text(r, "measurementTime");
        jvm = text(r, "jvm");
        List<String> args = new ArrayList<>();
        for (JsonNode a : r.path("jvmArgs")) args.add(a.asText());
        jvmArgs = Collections.unmodifiableList(args);
        jdkVersion = text(r, "jdkVersion");
        vmName = text(r, "vmName");
        vmVersion = text(r, "vmVersion");

        JsonNode pm = r.path("primaryMetric");
        scoreUnit = text(pm, "scoreUnit");
        score = pm.path("score").asDouble(Double.NaN);
        scoreError = pm.path("scoreError").asDouble(Double.NaN);
        NavigableMap<Double, Double> pct = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = pm.path("scorePercentiles").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            double key;
            try {
                key = Double.parseDouble(e.getKey());
            } catch (NumberFormatException x) {
                throw new IllegalArgumentException("primaryMetric.scorePercentiles has the key \"" + e.getKey() + "\", not a percentile");
            }
            if (!e.getValue().isNumber()) {
                throw new IllegalArgumentException("primaryMetric.scorePercentiles." + e.getKey() + " is " + e.getValue() + ", not a number");
            }
            pct.put(key, e.getValue().asDouble());
        }
        percentiles = Collections.unmodifiableNavigableMap(pct);
        if (!(score >= 0)) throw new IllegalArgumentException("primaryMetric.score is " + pm.path("score") + ": a time or a rate is never negative");
        Map.Entry<Double, Double> below = null;
        for (Map.Entry<Double, Double> e : pct.entrySet()) {
            if (!(e.getKey() >= 0 && e.getKey() <= 100)) throw new IllegalArgumentException("primaryMetric.scorePercentiles has the key " + e.getKey() + ", outside 0..100");
            if (!(e.getValue() >= 0)) {
                throw new IllegalArgumentException("primaryMetric.scorePercentiles." + e.getKey() + " is " + e.getValue() + ": a time is never negative");
            }
            if (below != null && e.getValue() < below.getValue()) {
                throw new IllegalArgumentException("primaryMetric.scorePercentiles." + e.getKey() + " (" + e.getValue() + ") is below "
                        + "scorePercentiles." + below.getKey() + " (" + below.getValue() + "): percentiles rise with the percentage");
            }
            below = e;
        }
        // rawDataHistogram: [fork][iteration][[value, count], ...]
        List<SampleHistogram> hs = new ArrayList<>();
        List<SampleHistogram> its = new ArrayList<>();
        for (JsonNode fork : pm.path("rawDataHistogram")) {
            SampleHistogram h = new SampleHistogram();
            int iterationOfFork = 0;
            for (JsonNode iteration : fork) {
                SampleHistogram one = new SampleHistogram();
                for (JsonNode valueCount : iteration) {
                    if (!valueCount.isArray() || valueCount.size() < 2 || !valueCount.get(0).isNumber() || !valueCount.get(1).isNumber()) {
                        throw new IllegalArgumentException("rawDataHistogram holds " + valueCount + " where [value, count] belongs");
                    }
                    double value = valueCount.get(0).asDouble();
                    long count = valueCount.get(1).asLong();
                    if (!(value >= 0) || count <= 0 || valueCount.get(1).asDouble() != count) {
                        throw new IllegalArgumentException("rawDataHistogram[" + hs.size() + "][" + iterationOfFork + "] holds " + valueCount
                                + ": a sample time is never negative and a count is a whole number above 0");
                    }
                    one.add(value, count);
                }
                h.addAll(one);
                its.add(one);
                iterationOfFork++;
            }
            hs.add(h);
        }
        forkHistograms = Collections.unmodifiableList(hs);
        if (!hs.isEmpty()) agreesWithHistograms(pm, hs);
        iterationHistograms = Collections.unmodifiableList(its);
        List<List<Double>> raw = new ArrayList<>();
        for (JsonNode fork : pm.path("rawData")) {
            List<Double> values = new ArrayList<>();
            for (JsonNode v : fork) values.add(v.asDouble(Double.NaN));
            raw.add(Collections.unmodifiableList(values));
        }
        rawData = Collections.unmodifiableList(raw);

        JsonNode alloc = r.path("secondaryMetrics").path(ALLOC_NORM);
        allocBytesPerOp = alloc.isMissingNode() ? Double.NaN : alloc.path("score").asDouble(Double.NaN);
        List<Double> iterationAlloc = new ArrayList<>();
        for (JsonNode fork : alloc.path("rawData")) for (JsonNode v : fork) iterationAlloc.add(v.asDouble());
        forkAllocBytesPerOp = Collections.unmodifiableList(forkMeans(alloc.path("rawData")));
        iterationAllocBytesPerOp = Collections.unmodifiableList(iterationAlloc);
    }

    /**
     * JMH computes the score (the mean) and the percentiles from the same samples as the histograms: a histogram
     * whose values or counts were changed cannot keep them.
     */
    private static void agreesWithHistograms(JsonNode pm, List<SampleHistogram> forks) {
        SampleHistogram all = new SampleHistogram();
        for (SampleHistogram h : forks) all.addAll(h);
        if (all.count() == 0) throw new IllegalArgumentException("primaryMetric.rawDataHistogram holds no sample");
        double score = pm.path("score").asDouble();
        double mean = all.mean();
        if (Math.abs(mean - score) > 1e-6 * Math.max(Math.abs(score), 1e-9)) {
            throw new IllegalArgumentException("primaryMetric.score is " + score + " where the mean of rawDataHistogram is " + mean
                    + ": the histograms and the score disagree");
        }
        // the histograms' percentiles by JMH's own estimator are the figures JMH wrote
        for (Iterator<Map.Entry<String, JsonNode>> it = pm.path("scorePercentiles").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            double p = Double.parseDouble(e.getKey());
            double stored = e.getValue().asDouble();
            double read = all.percentile(p);
            if (Math.abs(read - stored) > 1e-6 * Math.max(Math.abs(stored), 1e-9)) {
                throw new IllegalArgumentException("primaryMetric.scorePercentiles." + e.getKey() + " is " + stored + " where rawDataHistogram gives " + read
                        + ": the histograms and the percentiles disagree");
            }
        }
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? "" : v.asText();
    }

    /**
     * Every entry of one JMH JSON file. A file that is not JSON, not an array, or holds an entry that is not a
     * JMH result (no {@code benchmark}, {@code mode} or numeric {@code primaryMetric.score}) is refused whole,
     * with the first reason: half a file read as if it were all of it would be a silent loss.
     */
    public static List<JmhResult> read(Path file) throws IOException {
        return read(file, file.getFileName().toString().endsWith(".gz"));
    }

    /** As {@link #read(Path)}, the file gunzipped first when {@code gzip}, whatever its name. */
    static List<JmhResult> read(Path file, boolean gzip) throws IOException {
        JsonNode root;
        try {
            root = readJson(new ObjectMapper(), file, gzip);
        } catch (IOException e) {
            String where = e instanceof com.fasterxml.jackson.core.JsonProcessingException
                    && ((com.fasterxml.jackson.core.JsonProcessingException) e).getLocation() != null
                    ? " (line " + ((com.fasterxml.jackson.core.JsonProcessingException) e).getLocation().getLineNr() + ", column "
                    + ((com.fasterxml.jackson.core.JsonProcessingException) e).getLocation().getColumnNr() + ")" : "";
            String msg = e instanceof com.fasterxml.jackson.core.JsonProcessingException
                    ? ((com.fasterxml.jackson.core.JsonProcessingException) e).getOriginalMessage() : e.getMessage();
            throw new IOException("not valid JSON" + where + ": " + firstLine(msg), e);
        }
        if (root == null || root.isMissingNode()) throw new IOException("empty file");
        if (!root.isArray()) throw new IOException("not a JMH JSON result file (expected an array of results, found " + kind(root) + ")");
        List<JmhResult> out = new ArrayList<>();
        int i = 0;
        for (JsonNode r : root) {
            String problem = problem(r);
            if (problem != null) throw new IOException("entry " + i + " is not a JMH result: " + problem);
            try {
                out.add(new JmhResult(r));
            } catch (RuntimeException e) {
                throw new IOException("entry " + i + " (" + r.path("benchmark").asText() + "): " + e.getMessage(), e);
            }
            i++;
        }
        return out;
    }

    /** The suffix of a compressed JMH file ({@code <format>.json.gz}), read as the plain one is. */
    public static final String GZ = ".json.gz";

    /** True for a JMH result file's name as the reports read it: {@code .json} or {@code .json.gz}. */
    public static boolean isResultFile(String name) {
        return name.endsWith(".json") || name.endsWith(GZ);
    }

    /** The name without {@code .json} or {@code .json.gz}. */
    public static String baseName(String name) {
        return name.endsWith(GZ) ? name.substring(0, name.length() - GZ.length())
                : name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }

    /** The JSON of a file, gunzipped first when its name ends in {@code .gz}. */
    public static JsonNode readJson(ObjectMapper mapper, Path file) throws IOException {
        return readJson(mapper, file, file.getFileName().toString().endsWith(".gz"));
    }

    private static JsonNode readJson(ObjectMapper mapper, Path file, boolean gzip) throws IOException {
        if (!gzip) return mapper.readTree(file.toFile());
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(file), 1 << 16)) {
            return mapper.readTree(in);
        }
    }

    static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    private static String problem(JsonNode r) {
        if (!r.isObject()) return "found " + kind(r);
        if (!r.path("benchmark").isTextual()) return "no \"benchmark\" name";
        if (!r.path("mode").isTextual()) return "no \"mode\"";
        if (!r.path("primaryMetric").path("score").isNumber()) return "no numeric \"primaryMetric.score\"";
        return null;
    }

    private static String kind(JsonNode n) {
        return n.isObject() ? "an object" : n.isArray() ? "an array" : n.isTextual() ? "a string" : n.isNumber() ? "a number " + n : n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The value of the {@code format} parameter, or null when the benchmark has none. */
    public String format() {
        return params.get("format");
    }

    /** {@code Class.method}: the benchmark without its package. */
    public String shortName() {
        int method = benchmark.lastIndexOf('.');
        int cls = method <= 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(cls + 1);
    }

    /** True for SampleTime results, the ones with per-sample histograms. */
    public boolean hasHistograms() {
        return !forkHistograms.isEmpty();
    }

    /** All forks' samples together: what JMH's {@link #percentiles} were computed over. */
    public SampleHistogram histogram() {
        SampleHistogram all = new SampleHistogram();
        for (SampleHistogram h : forkHistograms) all.addAll(h);
        return all;
    }

    /** The number of samples behind the percentiles (every fork and measurement iteration). */
    public long sampleCount() {
        long n = 0;
        for (SampleHistogram h : forkHistograms) n += h.count();
        return n;
    }

    /** JMH's percentile p (0..100) as written in the JSON; NaN when JMH did not write that one. */
    public double percentile(double p) {
        Double v = percentiles.get(p);
        return v == null ? Double.NaN : v;
    }

    /** The parameters other than {@code format}, as {@code k=v, ...}; empty when there are none. */
    public String otherParams() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (e.getKey().equals("format")) continue;
            sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }

    /** The mean of each fork's iteration values in a metric's {@code rawData} ([fork][iteration]); a fork without values is left out. */
    static List<Double> forkMeans(JsonNode rawData) {
        List<Double> means = new ArrayList<>();
        for (JsonNode fork : rawData) {
            double sum = 0;
            int k = 0;
            for (JsonNode v : fork) {
                sum += v.asDouble();
                k++;
            }
            if (k > 0) means.add(sum / k);
        }
        return means;
    }
}
