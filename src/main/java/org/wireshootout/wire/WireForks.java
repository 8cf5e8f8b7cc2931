package org.wireshootout.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import org.wireshootout.process.ChildJvm;
import org.wireshootout.process.Lifecycle;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code wire --forks N}: the same wire command in N fresh JVMs, one after another (never two at once: they would
 * share the CPUs), each writing into {@code fork-<i>/} under the output folder, then one merged file per
 * format x transport ({@link ForkMerge}) and {@code summary.md} in the output folder itself. Each fork's lines are
 * passed through with its number in front. A fork that fails (exit status not 0, or no result for a cell) fails
 * the whole run, named with the cell it was on (read from its {@link WireProgress} record, never from its console text).
 */
public final class WireForks {
    private final int forks;
    private final List<String> firstForkArgs;
    private final List<String> laterForkArgs;
    private final Path out;
    private final PrintStream progress;
    private final Map<String, Object> settings;
    private final List<String> formatOrder;
    private final List<String> transportOrder;
    private final double tableRate;

    /**
     * {@code firstForkArgs} and {@code laterForkArgs}: the wire options of fork 1 and of the others (both without
     * {@code --out} and {@code --forks}); the settings are written to run.json with the fork layout added.
     */
    public WireForks(int forks, List<String> firstForkArgs, List<String> laterForkArgs, Path out, PrintStream progress,
                     Map<String, Object> settings, List<String> formatOrder, List<String> transportOrder, double tableRate) {
        if (forks < 2) throw new IllegalArgumentException("--forks above 1 runs child JVMs; 1 runs in this JVM");
        this.forks = forks;
        this.firstForkArgs = firstForkArgs;
        this.laterForkArgs = laterForkArgs;
        this.out = out;
        this.progress = progress;
        this.settings = settings;
        this.formatOrder = formatOrder;
        this.transportOrder = transportOrder;
        this.tableRate = tableRate;
    }

    /** The subfolder fork {@code i} (from 1) writes into. */
    public static String forkFolder(int i) {
        return "fork-" + i;
    }

    /**
     * Runs the forks and merges them; returns the number of cells (or forks, for a fork that named none) that failed.
     * A fork aborted by a failure of the machine (a port in use, a full temporary directory, a damaged capture)
     * ends the run: the later forks would meet it too. When this JVM is ended first, its exit hook ends the fork
     * running (which writes its own partial summary) and merges what the forks wrote, naming the fork cut short.
     */
    public int run() throws IOException, InterruptedException {
        Files.createDirectories(out);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        settings.put("forks", forks);
        settings.put("forkArgs", Map.of("fork 1", firstForkArgs, "forks 2.." + forks, laterForkArgs));
        json.writeValue(out.resolve("run.json").toFile(), settings);
        long t0 = System.nanoTime();
        Map<Integer, String> crashed = new TreeMap<>();
        try (Lifecycle.Registration cut = Lifecycle.atExit(Lifecycle.Phase.REPORT, () -> cutShort(json, crashed))) {
            for (int i = 1; i <= forks; i++) {
                List<String> args = i == 1 ? firstForkArgs : laterForkArgs;
                progress.printf("fork %d/%d: a fresh JVM, wire %s  (elapsed %d s)%n", i, forks, String.join(" ", args),
                        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0));
                running = i;
                Verdict v = runFork(i, args);
                if (Lifecycle.shuttingDown()) return 1; // the exit hook merges and reports
                if (v.why != null) crashed.put(i, v.why);
                if (v.abort) {
                    for (int j = i + 1; j <= forks; j++) crashed.put(j, "fork " + j + " not run: fork " + i + " was aborted");
                    break;
                }
            }
            running = 0;
            int failed = merge(json, crashed);
            cut.close();
            progress.printf("Done in %d s (%d forks): %s%n", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0), forks, out);
            return failed;
        }
    }

    private volatile int running;

    /** In the exit hook, once the fork running was ended: merge what the forks wrote, naming the fork cut short. */
    private void cutShort(ObjectMapper json, Map<Integer, String> crashed) {
        Map<Integer, String> all = new TreeMap<>(crashed);
        if (running > 0) {
            all.put(running, "fork " + running + " cut short: this JVM was ended (SIGTERM, SIGINT or an exit)"
                    + lastCell(running));
            for (int j = running + 1; j <= forks; j++) all.put(j, "fork " + j + " not run: the run was cut short");
        }
        try {
            merge(json, all);
        } catch (IOException | RuntimeException e) {
            progress.println("wire: cannot merge the forks' results: " + e.getMessage());
        }
        progress.println("wire: CUT SHORT during fork " + running + " of " + forks + "; partial summary in " + out.resolve("summary.md"));
        progress.flush();
    }

    private String lastCell(int i) {
        try {
            WireProgress p = WireProgress.readFrom(out.resolve(forkFolder(i)));
            return p == null || p.current() == null ? "" : " during " + p.current();
        } catch (IOException e) {
            return "";
        }
    }

    /** How a fork ended: {@code why} null when it exited 0 having finished; {@code abort} when it ended the run. */
    private record Verdict(String why, boolean abort) {
    }

    /**
     * Runs one fork, passing its lines through; judged by its exit status and its progress record
     * ({@link WireProgress}), never by its console text: why it failed names its first failure (which names the
     * cell and the message), or the cause of its abort, or the cell it was on when it crashed.
     */
    private Verdict runFork(int i, List<String> args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--forks", "1", "--out", out.resolve(forkFolder(i)).toString()));
        String prefix = "  fork " + i + "/" + forks + " | ";
        int rc;
        try (ChildJvm.Child p = CrossProcess.wireJvm("fork " + i, all).start()) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.output(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) progress.println(prefix + line);
            }
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                String why = "fork " + i + " closed its output but did not exit within 30 s";
                progress.println("FAILED: " + why);
                return new Verdict(why, false);
            }
            rc = p.exitStatus();
        }
        WireProgress record;
        try {
            record = WireProgress.readFrom(out.resolve(forkFolder(i)));
        } catch (IOException e) {
            record = null;
            progress.println("wire: " + e.getMessage());
        }
        boolean finished = record != null && WireProgress.FINISHED.equals(record.state());
        if (rc == 0 && finished && record.failures().isEmpty()) return new Verdict(null, false);
        String detail;
        if (record == null) {
            detail = "it left no progress record (" + WireProgress.FILE + "): it ended before its first cell";
        } else if (record.cause() != null) {
            detail = record.cause();
        } else if (!record.failures().isEmpty()) {
            detail = record.failures().get(0);
        } else if (!finished) {
            detail = "it was " + record.state() + (record.current() == null ? " before its first cell" : ", last on " + record.current());
        } else {
            detail = "its progress record says it finished without a failure";
        }
        String why = "fork " + i + " exited " + rc + ": " + detail;
        progress.println("FAILED: " + why);
        return new Verdict(why, record != null && WireProgress.ABORTED.equals(record.state()));
    }

    private int merge(ObjectMapper json, Map<Integer, String> crashed) throws IOException {
        // file name -> (fork -> that fork's cell)
        Map<String, Map<Integer, JsonNode>> cells = new TreeMap<>();
        for (int i = 1; i <= forks; i++) {
            Path dir = out.resolve(forkFolder(i));
            if (!Files.isDirectory(dir)) continue;
            List<Path> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(f -> f.toString().endsWith(".json") && !f.getFileName().toString().equals("run.json")).toList();
            }
            for (Path f : files) {
                cells.computeIfAbsent(f.getFileName().toString(), k -> new TreeMap<>()).put(i, json.readTree(f.toFile()));
            }
        }
        List<ObjectNode> merged = new ArrayList<>();
        int failed = 0;
        for (Map.Entry<String, Map<Integer, JsonNode>> e : cells.entrySet()) {
            List<String> missing = new ArrayList<>();
            for (int i = 1; i <= forks; i++) {
                if (!e.getValue().containsKey(i)) missing.add("fork " + i + " wrote no result for this cell" + (crashed.containsKey(i) ? " (" + crashed.get(i) + ")" : ""));
            }
            ObjectNode m;
            try {
                m = ForkMerge.mergeCell(new ArrayList<>(e.getValue().values()), new ArrayList<>(e.getValue().keySet()), missing);
            } catch (IllegalArgumentException | UncheckedIOException ex) {
                throw new IOException(e.getKey() + " does not merge: " + ex.getMessage(), ex);
            }
            json.writeValue(out.resolve(e.getKey()).toFile(), m);
            merged.add(m);
            if (!m.path("failures").isEmpty()) {
                failed++;
                progress.println("FAILED: " + m.path("format").asText() + " over " + m.path("transport").asText() + ": "
                        + m.path("failures").get(0).asText());
            }
        }
        // a fork that failed without any cell saying so (a crash between cells) still fails the run
        boolean named = failed > 0;
        if (!crashed.isEmpty() && !named) failed = crashed.size();
        merged.sort(Comparator.comparingInt((ObjectNode c) -> order(formatOrder, c.path("format").asText()))
                .thenComparingInt(c -> order(transportOrder, c.path("transport").asText())));
        String summary = ForkMerge.summary(merged, tableRate, forks) + crashedLines(crashed);
        Files.writeString(out.resolve("summary.md"), summary);
        progress.println();
        progress.print(summary);
        return failed;
    }

    private static String crashedLines(Map<Integer, String> crashed) {
        StringBuilder s = new StringBuilder();
        crashed.values().forEach(why -> s.append("\nFAILED: ").append(WireFailures.cell(why)).append('\n'));
        return s.toString();
    }

    private static int order(List<String> list, String v) {
        int i = list.indexOf(v);
        return i < 0 ? Integer.MAX_VALUE : i;
    }
}
