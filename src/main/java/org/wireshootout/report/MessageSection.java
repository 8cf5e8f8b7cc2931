package org.wireshootout.report;

import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSizes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The by-message view: the round trip of each message described by a schema ({@code MessageBenchmark.roundTrip}),
 * ranked per message by p50, with the libraries that cannot carry the message and why, then which formats change
 * rank from one message to another. What the generator made of a user's schema is read from the run's
 * {@code generated-messages.tsv} and {@code generated-sizes.tsv} ({@code run.sh --message} writes them); for the
 * shipped shapes, from the build's own index and codecs. After it, the union streams ({@code UnionBenchmark.roundTrip}):
 * each union's stream ranked the same way, with the libraries that write no stream of it and why.
 */
final class MessageSection {
    static final String BENCHMARK = "MessageBenchmark.roundTrip";
    static final String UNION_BENCHMARK = "UnionBenchmark.roundTrip";
    static final String INDEX = "generated-messages.tsv";
    static final String SIZES = "generated-sizes.tsv";

    private MessageSection() {
    }

    private record Row(String format, double p50, double p99, double alloc, int bytes) {
    }

    static void append(StringBuilder sb, RunDirectory run) {
        List<JmhResult> results = new ArrayList<>();
        for (JmhResult r : run.resultsFor(BENCHMARK)) if (r.hasHistograms()) results.add(r);
        if (results.isEmpty()) return;
        Map<String, Map<String, String>> cannot = cannotCarry(run.dir);
        Map<String, Map<String, Integer>> sizes = sizes(run.dir);
        Map<String, List<Row>> byMessage = new LinkedHashMap<>();
        for (JmhResult r : results) {
            String key = r.params.getOrDefault("message", "?");
            int bytes = sizes.getOrDefault(key, Map.of()).getOrDefault(r.format(), -1);
            byMessage.computeIfAbsent(key, k -> new ArrayList<>()).add(new Row(r.format(), r.percentile(50), r.percentile(99), r.allocBytesPerOp, bytes));
        }
        sb.append("## By message\n\n");
        sb.append("Each message described by a schema, through every library whose codec the generator wrote for it (`")
                .append(BENCHMARK).append("`: encode into a reused buffer, decode into a reused message), ranked by p50 within the ")
                .append("message. Bytes: the benchmarked sample as the row encodes it. A library with no row for a message is listed ")
                .append("under it with the reason. Ranks follow the medians only: a difference within the forks' spread is not a ")
                .append("ranking (see `compare`).\n\n");
        Map<String, Map<String, Integer>> ranks = ranked(sb, byMessage, cannot, true);
        if (byMessage.size() > 1) changes(sb, byMessage.keySet(), ranks);
    }

    /**
     * The union streams: {@code UnionBenchmark.roundTrip} per union and stream (one message of the stream after
     * another, each encoded into a reused buffer and decoded into a reused union message), ranked by p50, with the
     * libraries that write no stream of the union and why.
     */
    static void appendUnions(StringBuilder sb, RunDirectory run) {
        Map<String, List<Row>> byUnion = new LinkedHashMap<>();
        Map<String, Map<String, String>> cannot = unionsNotWritten(run.dir);
        Map<String, Map<String, String>> cannotByHeading = new LinkedHashMap<>();
        for (JmhResult r : run.resultsFor(UNION_BENCHMARK)) {
            if (!r.hasHistograms()) continue;
            String union = r.params.getOrDefault("union", "?");
            String heading = union + " (" + r.params.getOrDefault("stream", "?") + " stream)";
            byUnion.computeIfAbsent(heading, k -> new ArrayList<>()).add(new Row(r.format(), r.percentile(50), r.percentile(99), r.allocBytesPerOp, -1));
            cannotByHeading.put(heading, cannot.getOrDefault(union, Map.of()));
        }
        if (byUnion.isEmpty()) return;
        sb.append("## By union stream\n\n");
        sb.append("Each union described by a schema is one stream of its member messages (`").append(UNION_BENCHMARK)
                .append("`: one message of the stream after another, encoded into a reused buffer and decoded into a reused union ")
                .append("message), through every library whose union codec the generator wrote, ranked by p50 within the stream. ")
                .append("The `day` stream is the IEX day of `IexBenchmark`; the `seeded` stream is 1,024 seeded messages of every member. ")
                .append("A library that writes no stream of a union is listed under it with the reason.\n\n");
        ranked(sb, byUnion, cannotByHeading, false);
    }

    /** One ranked table per key (by p50) with its "No row" list; the ranks by format and key. */
    private static Map<String, Map<String, Integer>> ranked(StringBuilder sb, Map<String, List<Row>> byKey,
                                                            Map<String, Map<String, String>> cannot, boolean bytes) {
        Map<String, Map<String, Integer>> ranks = new LinkedHashMap<>();
        for (var e : byKey.entrySet()) {
            List<Row> rows = e.getValue();
            rows.sort(Comparator.comparingDouble(Row::p50));
            sb.append("### ").append(e.getKey()).append("\n\n");
            MarkdownTable t = new MarkdownTable().number("Rank").text("Format").number("p50 (ns)").number("p99 (ns)");
            if (bytes) t.number("Bytes per message");
            t.number("B/op");
            int rank = 0;
            for (Row r : rows) {
                rank++;
                ranks.computeIfAbsent(r.format(), k -> new LinkedHashMap<>()).put(e.getKey(), rank);
                List<String> cells = new ArrayList<>(List.of(String.valueOf(rank), r.format(), Fmt.nanos(r.p50()), Fmt.nanos(r.p99())));
                if (bytes) cells.add(r.bytes() < 0 ? "?" : String.valueOf(r.bytes()));
                cells.add(Double.isNaN(r.alloc()) ? "?" : Fmt.bytesPerOp(r.alloc()));
                t.row(cells);
            }
            t.appendTo(sb);
            Map<String, String> refused = cannot.getOrDefault(e.getKey(), Map.of());
            if (!refused.isEmpty()) {
                sb.append("\nNo row for ").append(e.getKey()).append(":\n\n");
                for (var c : refused.entrySet()) sb.append("- `").append(c.getKey()).append("`: ").append(c.getValue()).append('\n');
            }
            sb.append('\n');
        }
        return ranks;
    }

    private static void changes(StringBuilder sb, Set<String> messages, Map<String, Map<String, Integer>> ranks) {
        sb.append("### Rank by message\n\n");
        MarkdownTable t = new MarkdownTable().text("Format");
        for (String m : messages) t.number(m);
        List<String> moved = new ArrayList<>();
        for (var e : ranks.entrySet()) {
            List<String> cells = new ArrayList<>();
            cells.add(e.getKey());
            Set<Integer> seen = new LinkedHashSet<>();
            for (String m : messages) {
                Integer r = e.getValue().get(m);
                cells.add(r == null ? "-" : String.valueOf(r));
                if (r != null) seen.add(r);
            }
            t.row(cells);
            if (seen.size() > 1) {
                int lo = seen.stream().min(Integer::compare).orElseThrow();
                int hi = seen.stream().max(Integer::compare).orElseThrow();
                moved.add("`" + e.getKey() + "` (" + lo + " to " + hi + ")");
            }
        }
        t.appendTo(sb);
        sb.append('\n');
        if (moved.isEmpty()) sb.append("No format changes rank from one message to another in this run.\n\n");
        else sb.append("Formats whose rank changes with the message: ").append(String.join(", ", moved)).append(".\n\n");
    }

    /** Library -> reason, per message key: the run's own index when it has one, else the build's. */
    static Map<String, Map<String, String>> cannotCarry(Path dir) {
        return refusals(dir, "cannot", GeneratedMessages::all);
    }

    /** Library -> reason, per union key, for the libraries without a stream of it: the run's own index when it has one, else the build's. */
    static Map<String, Map<String, String>> unionsNotWritten(Path dir) {
        return refusals(dir, "unioncannot", GeneratedMessages::unions);
    }

    private static Map<String, Map<String, String>> refusals(Path dir, String kind, java.util.function.Supplier<Map<String, GeneratedMessages.Entry>> build) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        Path index = dir.resolve(INDEX);
        if (Files.isRegularFile(index)) {
            for (String[] p : lines(index)) {
                if (p.length == 4 && p[0].equals(kind)) out.computeIfAbsent(p[1], k -> new LinkedHashMap<>()).put(p[2], p[3]);
            }
            return out;
        }
        for (GeneratedMessages.Entry e : build.get().values()) {
            if (!e.cannot().isEmpty()) out.put(e.key(), e.cannot());
        }
        return out;
    }

    /** Bytes per message by key and format: the run's {@code generated-sizes.tsv} when it has one, else this build's codecs. */
    static Map<String, Map<String, Integer>> sizes(Path dir) {
        Path file = dir.resolve(SIZES);
        if (!Files.isRegularFile(file)) return GeneratedSizes.all();
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        for (String[] p : lines(file)) {
            if (p.length != 3) continue;
            try {
                out.computeIfAbsent(p[0], k -> new LinkedHashMap<>()).put(p[1], Integer.parseInt(p[2]));
            } catch (NumberFormatException ignored) {
                // an unreadable line counts as unknown: "?"
            }
        }
        return out;
    }

    private static List<String[]> lines(Path file) {
        List<String[]> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isEmpty() && !line.startsWith("#")) out.add(line.split("\t", -1));
            }
        } catch (IOException e) {
            // unreadable: no refusals, no sizes known; the rest of the report stands
        }
        return out;
    }

}
