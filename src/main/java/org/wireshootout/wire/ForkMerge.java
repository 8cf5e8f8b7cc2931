package org.wireshootout.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * One cell's results from several forks (each a fresh JVM running the same sweep) merged into one file of the
 * same shape as a single run's. A JVM takes a latency level as a whole (its compiled code, where the host puts
 * its threads), so the cell's p50 is the median of the forks' p50s, each fork's p50 and their spread are kept;
 * the tails come from the forks' histograms added together, counts are summed, and a rate counts as sustained
 * only when every fork that ran it sustained it.
 */
public final class ForkMerge {
    /** What the merged file says about how it was made. */
    static final String RULE = "p50: median of the forks' p50s (p50ByForkNs, spread = (max - min) / median); the other "
            + "percentiles, worst and mean from the forks' histograms added together; counts summed; sustained only when "
            + "every fork that ran the rate sustained it";
    private static final String[] SUMMED = {"messages", "warmupMessages", "sent", "received", "recorded", "clippedAt60s",
            "backPressureEvents", "backPressureRetries", "wallSeconds"};
    private static final String[] HIGHEST = {"maxSendLagNs", "finalSendLagNs", "maxFrameBytes"};

    private static final ObjectMapper JSON = new ObjectMapper();

    private ForkMerge() {
    }

    /** The median of {@code values} (the mean of the middle two for an even count), rounded. */
    static long median(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : Math.round((v[n / 2 - 1] + v[n / 2]) / 2.0);
    }

    /** (max - min) / median in %, one decimal; 0 for a single value. */
    static double spreadPercent(long[] values) {
        long med = median(values);
        if (values.length < 2 || med == 0) return 0;
        long max = Arrays.stream(values).max().getAsLong();
        long min = Arrays.stream(values).min().getAsLong();
        return Math.round((max - min) * 1000.0 / med) / 10.0;
    }

    /**
     * Merges one cell: {@code cells.get(i)} is the cell's file from fork {@code forks.get(i)} (forks that wrote no
     * file for it are left out by the caller and named in {@code extraFailures}).
     */
    public static ObjectNode mergeCell(List<JsonNode> cells, List<Integer> forks, List<String> extraFailures) {
        if (cells.isEmpty()) throw new IllegalArgumentException("no fork's result to merge");
        JsonNode first = cells.get(0);
        ObjectNode m = JSON.createObjectNode();
        for (String k : List.of("payload", "format", "transport")) m.set(k, first.get(k));
        m.put("forks", cells.size());
        ArrayNode fa = m.putArray("forkNumbers");
        forks.forEach(fa::add);
        m.put("mergeRule", RULE);
        // points by offered rate, each from the forks that ran it
        TreeMap<Double, List<JsonNode>> byRate = new TreeMap<>();
        TreeMap<Double, List<Integer>> forksByRate = new TreeMap<>();
        ArrayNode failures = JSON.createArrayNode();
        Set<String> notRun = new LinkedHashSet<>();
        for (int i = 0; i < cells.size(); i++) {
            for (JsonNode p : cells.get(i).path("points")) {
                double rate = p.path("offeredRatePerSecond").asDouble();
                byRate.computeIfAbsent(rate, r -> new ArrayList<>()).add(p);
                forksByRate.computeIfAbsent(rate, r -> new ArrayList<>()).add(forks.get(i));
            }
            for (JsonNode f : cells.get(i).path("failures")) failures.add("fork " + forks.get(i) + ": " + f.asText());
            for (JsonNode r : cells.get(i).path("ratesNotRun")) notRun.add(r.asText());
        }
        extraFailures.forEach(failures::add);
        ArrayNode points = JSON.createArrayNode();
        double best = 0;
        for (var e : byRate.entrySet()) {
            ObjectNode p = mergePoint(e.getValue(), forksByRate.get(e.getKey()));
            points.add(p);
            notRun.remove(WireSweep.rateLabel(e.getKey()));
            if (p.path("sustained").path("sustained").asBoolean()) best = Math.max(best, e.getKey());
        }
        m.put("highestSustainedRatePerSecond", best);
        m.set("failures", failures);
        ArrayNode nr = m.putArray("ratesNotRun");
        notRun.forEach(nr::add);
        m.set("points", points);
        return m;
    }

    /** One offered rate's points from several forks as one. */
    static ObjectNode mergePoint(List<JsonNode> points, List<Integer> forks) {
        ObjectNode m = points.get(0).deepCopy();
        int n = points.size();
        long[] p50s = new long[n];
        long[] actualP50s = new long[n];
        long lowestAchieved = Long.MAX_VALUE;
        boolean sustained = true, reached = true, backlog = false;
        Histogram sum = null;
        Histogram actualSum = null;
        ArrayNode windows = JSON.createArrayNode();
        ArrayNode loads = JSON.createArrayNode();
        for (int i = 0; i < n; i++) {
            JsonNode p = points.get(i);
            p50s[i] = p.path("latencyNs").path("p50").asLong();
            actualP50s[i] = p.path("latencyFromActualSendNs").path("p50").asLong();
            lowestAchieved = Math.min(lowestAchieved, p.path("achievedRatePerSecond").asLong());
            JsonNode s = p.path("sustained");
            sustained &= s.path("sustained").asBoolean();
            reached &= s.path("offeredReached").asBoolean();
            backlog |= s.path("backlogGrowing").asBoolean();
            sum = add(sum, p.path("histogram").path("data").asText());
            actualSum = p.has("fromActualSendHistogram") && (i == 0 || actualSum != null)
                    ? add(actualSum, p.path("fromActualSendHistogram").asText()) : null;
            windows.add(p.path("windowMediansNs"));
            loads.add(p.path("loadAverage"));
        }
        for (String k : SUMMED) {
            double total = 0;
            for (JsonNode p : points) total += p.path(k).asDouble();
            if (k.equals("wallSeconds")) m.put(k, Math.round(total * 100) / 100.0);
            else m.put(k, Math.round(total));
        }
        for (String k : HIGHEST) {
            long hi = Long.MIN_VALUE;
            for (JsonNode p : points) hi = Math.max(hi, p.path(k).asLong());
            m.put(k, hi);
        }
        m.put("achievedRatePerSecond", lowestAchieved);
        m.put("forks", n);
        ArrayNode fa = m.putArray("forkNumbers");
        forks.forEach(fa::add);
        ArrayNode pa = m.putArray("p50ByForkNs");
        for (long v : p50s) pa.add(v);
        m.put("p50SpreadPercent", spreadPercent(p50s));
        m.set("latencyNs", percentiles(sum, median(p50s), true));
        if (actualSum != null) {
            m.set("latencyFromActualSendNs", percentiles(actualSum, median(actualP50s), false));
            m.put("fromActualSendHistogram", WireResult.encode(actualSum));
        } else {
            m.remove("fromActualSendHistogram");
        }
        m.remove("windowMediansNs");
        m.set("windowMediansNsByFork", windows);
        m.set("loadAverage", loads);
        ObjectNode sus = (ObjectNode) m.path("sustained");
        sus.put("sustained", sustained);
        sus.put("offeredReached", reached);
        sus.put("backlogGrowing", backlog);
        sus.put("rule", sus.path("rule").asText() + "; with forks: in every fork that ran this rate");
        ((ObjectNode) m.path("histogram")).put("data", WireResult.encode(sum));
        m.put("mergeRule", RULE);
        return m;
    }

    private static Histogram add(Histogram sum, String encoded) {
        Histogram h = WireResult.decodeHistogram(encoded);
        if (sum == null) return h;
        sum.add(h);
        return sum;
    }

    /** The listed percentiles and worst from {@code h}, p50 replaced by the forks' median p50. */
    private static ObjectNode percentiles(Histogram h, long p50, boolean minAndMean) {
        ObjectNode o = JSON.createObjectNode();
        for (double p : WireResult.PERCENTILES) o.put(WireResult.pctKey(p), p == 50 ? p50 : h.getValueAtPercentile(p));
        o.put("worst", h.getMaxValue());
        if (minAndMean) {
            o.put("min", h.getMinValue());
            o.put("mean", Math.round(h.getMean()));
        }
        return o;
    }

    /**
     * summary.md of a forked run: per cell at the table's rate the merged p50, each fork's p50 and their spread,
     * the tails of the summed histograms, and the highest rate sustained.
     */
    static String summary(List<ObjectNode> cells, double tableRate, int forks) {
        StringBuilder s = new StringBuilder();
        s.append("Latency from the intended send time at ").append(WireSweep.rateLabel(tableRate)).append(" msg/s (warm-up left out), ")
                .append(forks).append(" forks (a fresh JVM each): p50 is the median of the forks' p50s, spread = (max - min) / median; ")
                .append("p99 and beyond from the forks' histograms added together; sustained only when every fork that ran the rate sustained it.\n\n");
        s.append("| format | transport | p50 | p50 per fork | spread | p99 | p99.9 | worst | back-pressure | highest sustained |\n");
        s.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ObjectNode c : cells) {
            s.append("| ").append(c.path("format").asText()).append(" | ").append(c.path("transport").asText()).append(" | ");
            JsonNode p = null;
            for (JsonNode q : c.path("points")) if (q.path("offeredRatePerSecond").asDouble() == tableRate) p = q;
            String failure = c.path("failures").isEmpty() ? null : WireFailures.cell(c.path("failures").get(0).asText());
            if (p == null) {
                s.append("FAILED: ").append(failure == null ? "no result" : failure).append(" | | | | | | | |\n");
                continue;
            }
            JsonNode lat = p.path("latencyNs");
            List<String> each = new ArrayList<>();
            for (JsonNode v : p.path("p50ByForkNs")) each.add(WireSweep.nanos(v.asLong()));
            s.append(WireSweep.nanos(lat.path("p50").asLong())).append(" | ").append(String.join(", ", each)).append(" | ")
                    .append(p.path("p50SpreadPercent").asDouble()).append(" % | ").append(WireSweep.nanos(lat.path("p99").asLong()))
                    .append(" | ").append(WireSweep.nanos(lat.path("p99.9").asLong())).append(" | ")
                    .append(WireSweep.nanos(lat.path("worst").asLong())).append(" | ").append(p.path("backPressureEvents").asLong()).append(" | ");
            double best = c.path("highestSustainedRatePerSecond").asDouble();
            s.append(best > 0 ? WireSweep.rateLabel(best) : "none").append(failure != null ? " (then failed)" : "").append(" |\n");
        }
        return s.toString();
    }
}
