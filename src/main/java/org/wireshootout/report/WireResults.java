package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.HdrHistogram.Histogram;
import org.wireshootout.wire.TransportKind;
import org.wireshootout.wire.WireResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Comparator;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The {@code wire} command's results as a run directory holds them ({@code <run>/wire/}): its settings
 * ({@code run.json}) and one file per format x transport ({@code <payload>-<format>-<transport>.json}, a sweep
 * over the offered rates). Every histogram is read back, so a damaged file is found here, not in a chart.
 */
public final class WireResults {
    /** The subfolder of a run directory that {@code run.sh --wire} writes the results into. */
    public static final String FOLDER = "wire";
    static final String SETTINGS = "run.json";

    /** Settings of the run ({@code run.json}), or a missing node. */
    final JsonNode settings;
    /** The cells in file-name order: payload, format, transport. */
    final List<Cell> cells;
    /** Files of the folder that could not be read, each "name (reason)", the name relative to the folder. */
    final List<String> unreadable;
    /** Entries of the folder skipped without being a fault of the results (a symbolic link in a loop), with the reason. */
    final List<String> warnings;
    /**
     * The paired runs ({@code wire --paired}: {@code paired-<payload>-<transport>.json}, in the folder or in its
     * {@value #PAIRED} subfolder), one per transport, in the transports' order.
     */
    final List<JsonNode> paired;

    /** Where {@code run.sh --wire} writes the paired runs, under the wire folder. */
    static final String PAIRED = "paired";

    private WireResults(JsonNode settings, List<Cell> cells, List<String> unreadable, List<String> warnings, List<JsonNode> paired) {
        this.settings = settings;
        this.cells = cells;
        this.unreadable = unreadable;
        this.warnings = warnings;
        this.paired = paired;
    }

    private static boolean isPaired(Path f) {
        String name = f.getFileName().toString();
        return name.startsWith("paired-") && name.endsWith(".json");
    }

    /** The paired files of {@code folder}, read; a damaged one is listed in {@code unreadable} with the reason. */
    private static void readPaired(ObjectMapper mapper, Path folder, String prefix, List<JsonNode> into, List<String> unreadable) throws IOException {
        if (!Files.isDirectory(folder)) return;
        List<Path> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = list.filter(WireResults::isPaired).filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
        for (Path f : files) {
            String name = prefix + f.getFileName();
            try {
                JsonNode n = mapper.readTree(f.toFile());
                if (n == null || !"paired".equals(n.path("kind").asText()) || !n.path("slots").isArray() || n.path("slots").size() < 2) {
                    unreadable.add(name + " (not a paired result: no \"kind\": \"paired\" with a floor and a format in \"slots\")");
                    continue;
                }
                for (JsonNode slot : n.path("slots")) {
                    if (slot.path("slot").asInt(-1) > 0 && slot.path("addedNs").path("median").isMissingNode()) {
                        throw new IOException("slot " + slot.path("format").asText("?") + " has no addedNs");
                    }
                }
                into.add(n);
            } catch (IOException e) {
                unreadable.add(name + " (" + JmhResult.firstLine(e.getMessage()) + ")");
            }
        }
    }

    /** One format over one transport: its points (one per offered rate that ran) and its failures. */
    static final class Cell {
        final String payload;
        final String format;
        final String transport;
        final double highestSustained;
        final List<String> failures;
        final List<String> ratesNotRun;
        final List<Point> points;

        Cell(String payload, String format, String transport, double highestSustained, List<String> failures,
             List<String> ratesNotRun, List<Point> points) {
            this.payload = payload;
            this.format = format;
            this.transport = transport;
            this.highestSustained = highestSustained;
            this.failures = failures;
            this.ratesNotRun = ratesNotRun;
            this.points = points;
        }

        String name() {
            return format + " over " + transport;
        }

        /** The point at {@code rate}, or null when that rate did not run (or failed). */
        Point at(double rate) {
            for (Point p : points) if (p.offered == rate) return p;
            return null;
        }
    }

    /** One offered rate's figures (ns), as the wire command wrote them, and its histogram read back. */
    static final class Point {
        final JsonNode json;
        final double offered;
        final double achieved;
        final Histogram histogram;

        Point(JsonNode json, Histogram histogram) {
            this.json = json;
            this.offered = json.path("offeredRatePerSecond").asDouble();
            this.achieved = json.path("achievedRatePerSecond").asDouble();
            this.histogram = histogram;
        }

        /** A latency figure from the intended send time ("p50" ... "worst"), -1 when the file has none. */
        long latency(String key) {
            return json.path("latencyNs").path(key).asLong(-1);
        }

        long fromActualSend(String key) {
            return json.path("latencyFromActualSendNs").path(key).asLong(-1);
        }

        long backPressureEvents() {
            return json.path("backPressureEvents").asLong();
        }

        boolean sustained() {
            return json.path("sustained").path("sustained").asBoolean(false);
        }

        /** "CPU 0: sender; CPU 1: receiver, aeron-driver-0; receiver idle strategy yield", from the file. */
        String cpuSharing() {
            List<String> parts = new ArrayList<>();
            json.path("cpuSharing").fields().forEachRemaining(e -> parts.add(e.getKey() + ": " + String.join(", ", texts(e.getValue()))));
            String receiver = json.path("threads").path("receiver").asText("");
            int idle = receiver.indexOf("idle strategy ");
            return String.join("; ", parts) + (idle < 0 ? "" : "; receiver " + receiver.substring(idle));
        }
    }

    /** No wire results: what a run directory without a wire folder has. */
    static WireResults none() {
        return new WireResults(MissingNode.getInstance(), List.of(), List.of(), List.of(), List.of());
    }

    /** True when the run has no wire result (no folder, or no readable cell or paired run in it). */
    public boolean isEmpty() {
        return cells.isEmpty() && paired.isEmpty();
    }

    public int cellCount() {
        return cells.size();
    }

    /**
     * Reads {@code folder} (a run's {@value #FOLDER} subfolder); no folder means no results. A damaged or foreign
     * file does not stop the others: it is listed in {@link #unreadable} with the reason.
     */
    static WireResults read(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) return none();
        ObjectMapper mapper = new ObjectMapper();
        List<String> unreadable = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        JsonNode settings = MissingNode.getInstance();
        Path s = folder.resolve(SETTINGS);
        if (Files.isRegularFile(s)) {
            try {
                JsonNode n = mapper.readTree(s.toFile());
                if (n != null && n.isObject()) settings = n;
                else unreadable.add(SETTINGS + " (not a JSON object: the run's settings are unknown)");
            } catch (IOException e) {
                unreadable.add(SETTINGS + " (not valid JSON: " + JmhResult.firstLine(e.getMessage()) + ")");
            }
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = list.filter(p -> {
                        String broken = RunDirectory.brokenLink(p);
                        if (broken != null) warnings.add(broken);
                        return broken == null;
                    })
                    .filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().equals(SETTINGS)).filter(p -> !isPaired(p)).sorted().collect(Collectors.toList());
        }
        List<Cell> cells = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            try {
                cells.add(cell(mapper, f));
            } catch (IOException | IllegalArgumentException e) {
                unreadable.add(name + " (" + JmhResult.firstLine(e.getMessage()) + ")");
            }
        }
        // the command line's order of formats, then the transports' own order, as the wire command's summary
        List<String> formatOrder = texts(settings.path("formats"));
        cells.sort(Comparator.comparingInt((Cell c) -> formatOrder.contains(c.format) ? formatOrder.indexOf(c.format) : Integer.MAX_VALUE)
                .thenComparing(c -> c.format).thenComparingInt(c -> transportOrder(c.transport)));
        List<JsonNode> paired = new ArrayList<>();
        readPaired(mapper, folder, "", paired, unreadable);
        readPaired(mapper, folder.resolve(PAIRED), PAIRED + "/", paired, unreadable);
        paired.sort(Comparator.comparingInt(n -> transportOrder(n.path("transport").asText())));
        return new WireResults(settings, List.copyOf(cells), List.copyOf(unreadable), List.copyOf(warnings), List.copyOf(paired));
    }

    private static Cell cell(ObjectMapper mapper, Path f) throws IOException {
        if (Files.size(f) == 0) throw new IOException("empty file");
        JsonNode root;
        try {
            root = mapper.readTree(f.toFile());
        } catch (IOException e) {
            throw new IOException("not valid JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject() || !root.path("points").isArray() || !root.path("failures").isArray()) {
            throw new IOException("not a wire result: no \"points\" and \"failures\" arrays");
        }
        List<Point> points = new ArrayList<>();
        int i = 0;
        for (JsonNode p : root.get("points")) {
            i++;
            for (String key : List.of("offeredRatePerSecond", "achievedRatePerSecond", "latencyNs", "histogram")) {
                if (p.path(key).isMissingNode()) throw new IOException("not a wire result: point " + i + " has no \"" + key + "\"");
            }
            Histogram h;
            try {
                h = WireResult.decodeHistogram(p.path("histogram").path("data").asText());
            } catch (RuntimeException e) {
                throw new IOException("point " + i + ": the histogram does not read back (" + e.getMessage() + ")", e);
            }
            String mismatch = mismatch(p, h);
            if (mismatch != null) throw new IOException("point " + i + " (offered " + p.path("offeredRatePerSecond").asText() + " msg/s): " + mismatch);
            points.add(new Point(p, h));
        }
        List<String> failures = texts(root.get("failures"));
        if (failures.isEmpty()) {
            // a point that lost or damaged messages is a failed cell: the wire command lists it among the failures
            i = 0;
            for (JsonNode p : root.get("points")) {
                i++;
                for (String key : List.of("lost", "corrupted", "duplicated")) {
                    long n = p.path(key).asLong(0);
                    if (n != 0) {
                        throw new IOException("point " + i + " counts " + n + " " + key + " message(s) (\"" + key
                                + "\") but the file lists no failure: the counts and the failures disagree");
                    }
                }
            }
        }
        String[] id = idFromName(f.getFileName().toString());
        return new Cell(root.path("payload").asText(id[0]), root.path("format").asText(id[1]), root.path("transport").asText(id[2]),
                root.path("highestSustainedRatePerSecond").asDouble(), failures, texts(root.path("ratesNotRun")), points);
    }

    /**
     * Why a point's decoded histogram disagrees with the figures the wire command stored beside it (null when they
     * agree): its sample count against {@code recorded}, its largest value against {@code latencyNs.worst}, and
     * every listed percentile against the histogram's (p50 only for one fork: with forks it is the forks' median).
     * One changed character of the base64 text can still decode; it cannot keep all of these.
     */
    static String mismatch(JsonNode p, Histogram h) {
        if (p.has("recorded") && h.getTotalCount() != p.path("recorded").asLong(-1)) {
            return "the histogram holds " + h.getTotalCount() + " samples where \"recorded\" says " + p.path("recorded").asText();
        }
        JsonNode lat = p.path("latencyNs");
        if (lat.has("worst") && h.getTotalCount() > 0 && h.getMaxValue() != lat.path("worst").asLong(-1)) {
            return "the histogram's largest value is " + h.getMaxValue() + " ns where \"latencyNs.worst\" says " + lat.path("worst").asText();
        }
        boolean forks = p.path("forks").asInt(1) > 1;
        for (double pct : WireResult.PERCENTILES) {
            String key = key(pct);
            if (!lat.has(key) || (pct == 50 && forks) || h.getTotalCount() == 0) continue;
            long stored = lat.path(key).asLong(-1);
            long read = h.getValueAtPercentile(pct);
            if (stored != read) return "the histogram's " + key + " is " + read + " ns where \"latencyNs." + key + "\" says " + lat.path(key).asText();
        }
        JsonNode previous = null;
        String previousKey = null;
        for (String key : List.of("min", "p50", "p90", "p99", "p99.9", "p99.99", "p99.999", "worst")) {
            JsonNode v = lat.path(key);
            if (v.isMissingNode()) continue;
            if (!v.isNumber() || v.asDouble() < 0) return "\"latencyNs." + key + "\" is " + v + ", not a non-negative number";
            if (previous != null && v.asDouble() < previous.asDouble()) {
                return "\"latencyNs." + key + "\" (" + v + ") is below \"latencyNs." + previousKey + "\" (" + previous + ")";
            }
            previous = v;
            previousKey = key;
        }
        return null;
    }

    private static String key(double pct) {
        String s = Double.toString(pct);
        return "p" + (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s);
    }

    /** Payload, format and transport from {@code <payload>-<format>-<transport>.json}: for files that do not say. */
    static String[] idFromName(String name) {
        String base = name.substring(0, name.length() - ".json".length());
        for (TransportKind t : TransportKind.values()) {
            String suffix = "-" + t.label();
            int dash = base.indexOf('-');
            if (base.endsWith(suffix) && dash > 0 && dash < base.length() - suffix.length()) {
                return new String[] {base.substring(0, dash), base.substring(dash + 1, base.length() - suffix.length()), t.label()};
            }
        }
        return new String[] {"?", base, "?"};
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : array) out.add(n.asText());
        return out;
    }

    /** The rate the table reports: run.json's {@code tableRate}, else the lowest rate any cell ran. */
    double tableRate() {
        double r = settings.path("tableRate").asDouble(0);
        if (r > 0) return r;
        double lowest = 0;
        for (Cell c : cells) for (Point p : c.points) lowest = lowest == 0 ? p.offered : Math.min(lowest, p.offered);
        return lowest;
    }

    private static int transportOrder(String label) {
        for (TransportKind t : TransportKind.values()) if (t.label().equals(label)) return t.ordinal();
        return Integer.MAX_VALUE;
    }

    /** The transports present, in the order of {@link TransportKind}. */
    List<String> transports() {
        List<String> out = new ArrayList<>();
        for (Cell c : cells) if (!out.contains(c.transport)) out.add(c.transport);
        out.sort(Comparator.comparingInt(WireResults::transportOrder));
        return out;
    }

    /** Cells run.json asked for that have no result file (a format refused before any rate ran). */
    List<String> missingCells() {
        TreeSet<String> missing = new TreeSet<>();
        for (JsonNode f : settings.path("formats")) {
            for (JsonNode t : settings.path("transports")) {
                boolean found = false;
                for (Cell c : cells) found |= c.format.equals(f.asText()) && c.transport.equals(t.asText());
                if (!found) missing.add(f.asText() + " over " + t.asText());
            }
        }
        return new ArrayList<>(missing);
    }
}
