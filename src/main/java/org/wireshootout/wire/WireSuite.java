package org.wireshootout.wire;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.wireshootout.process.Lifecycle;

/**
 * The format x transport grid: for each cell a {@link WireSweep} over the rates, one JSON file per cell
 * ({@code <payload>-<format>-<transport>.json}) in the output folder, a progress line per step, and at the end
 * {@code summary.md}: p50, p99, p99.9 and worst at the table's rate and the highest rate sustained, per cell.
 */
public final class WireSuite {
    /** Makes the payload of one format (the codec registry lookup and the data set). */
    public interface PayloadFactory {
        Payload<?> forFormat(String format) throws IOException;
    }

    private final PayloadFactory payloads;
    private final List<String> formats;
    private final List<TransportKind> transports;
    private final double[] rates;
    private final double tableRate;
    private final double seconds;
    private final boolean everyRate;
    private final WireConfig base;
    private final TransportOptions options;
    private final Path out;
    private final PrintStream progress;
    private final Map<String, Object> settings;
    private WireSweep.Runner runner = WireSweep.IN_PROCESS;

    public WireSuite(PayloadFactory payloads, List<String> formats, List<TransportKind> transports, double[] rates,
                     double tableRate, double seconds, boolean everyRate, WireConfig base, TransportOptions options, Path out,
                     PrintStream progress, Map<String, Object> settings) {
        if (rates.length == 0) throw new IllegalArgumentException("no rate to run");
        for (int i = 1; i < rates.length; i++) {
            if (rates[i] <= rates[i - 1]) throw new IllegalArgumentException("rates must be given lowest first, each higher than the last");
        }
        this.payloads = payloads;
        this.formats = formats;
        this.transports = transports;
        this.rates = rates.clone();
        boolean listed = false;
        for (double r : rates) listed |= r == tableRate;
        if (!listed) throw new IllegalArgumentException("the table's rate " + WireSweep.rateLabel(tableRate) + " is not one of the rates");
        this.tableRate = tableRate;
        this.seconds = seconds;
        this.everyRate = everyRate;
        this.base = base;
        this.options = options;
        this.out = out;
        this.progress = progress;
        this.settings = settings;
    }

    /** Runs each point with {@code r} instead of in this JVM (the cross-process mode). */
    public WireSuite runner(WireSweep.Runner r) {
        this.runner = r;
        return this;
    }

    // what the run has done so far, for the partial summary when it is cut short (read by the exit hook)
    private final List<Row> rows = new ArrayList<>();
    private final List<String> failureLines = new ArrayList<>();
    private volatile String current;
    private volatile int cellsDone;
    private int cells;

    /**
     * Runs the grid; returns the number of cells that failed (a lost, duplicated or corrupted message, or an error),
     * plus one for a failed warm-up. A failure of the machine (a UDP port in use, a full temporary directory, a
     * damaged capture) ends the run: one line naming it, the cells not run named in the summary. When the JVM is
     * ended first (SIGTERM, SIGINT), its exit hook writes the summary of the cells done, naming the one cut short.
     */
    public int run() throws IOException {
        Files.createDirectories(out);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        json.writeValue(out.resolve("run.json").toFile(), settings);
        cells = formats.size() * transports.size();
        int cell = 0;
        int failed = 0;
        long t0 = System.nanoTime();
        rows.clear();
        failureLines.clear();
        warmupFailures.clear();
        progress(WireProgress.RUNNING, null);
        String aborted = null;
        try (Lifecycle.Registration cutShort = Lifecycle.atExit(Lifecycle.Phase.REPORT, this::cutShort)) {
            try {
                failed += warmUpTransports();
                grid:
                for (String format : formats) {
                    Payload<?> payload;
                    try {
                        payload = payloads.forFormat(format);
                        payload.verifyRoundTrip();
                    } catch (IllegalArgumentException e) {
                        progress.println("  " + format + " skipped: " + e.getMessage());
                        failed += transports.size();
                        cell += transports.size();
                        for (TransportKind t : transports) addRow(new Row(format, t, null, format + " skipped: " + e.getMessage()));
                        continue;
                    }
                    for (TransportKind t : transports) {
                        if (Lifecycle.shuttingDown()) break grid;
                        cell++;
                        long elapsed = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
                        current = "[" + cell + "/" + cells + "] " + format + " over " + t.label();
                        progress(WireProgress.RUNNING, null);
                        progress.printf("%s, rates %s  (elapsed %d s)%n", current, ratesLabel(), elapsed);
                        WireSweep sweep = WireSweep.run(runner, payload, t, options, base, rates, tableRate, seconds, everyRate, line -> progress.println("  " + line));
                        json.writeValue(out.resolve(payload.kind() + "-" + format + "-" + t.label() + ".json").toFile(), sweep.toJson());
                        if (!sweep.failures().isEmpty()) failed++;
                        addRow(new Row(format, t, sweep, sweep.failures().isEmpty() ? null : sweep.failures().get(0)));
                    }
                }
            } catch (WireFailures.Abort e) {
                aborted = e.getMessage();
            } catch (IOException | RuntimeException | InternalError e) {
                String cause = WireFailures.environmental(e, options == null ? null : options.tempRoot());
                if (cause == null) throw e;
                aborted = cause;
            }
            if (Lifecycle.shuttingDown()) return failed + 1; // the exit hook writes the partial summary
            if (aborted != null) {
                progress.println("wire: " + aborted);
                failed++;
            }
            String summary = summary(rows) + notRun(aborted == null ? null : "not run: the run was aborted (" + aborted + ")");
            Files.writeString(out.resolve("summary.md"), summary);
            cutShort.close();
            progress(aborted == null ? WireProgress.FINISHED : WireProgress.ABORTED, aborted);
            progress.println();
            progress.print(summary);
            progress.printf("Done in %d s: %s%n", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0), out);
        }
        return failed;
    }

    private synchronized void addRow(Row r) {
        rows.add(r);
        if (r.failure != null) failureLines.add(r.failure);
        cellsDone = rows.size();
    }

    private void progress(String state, String cause) {
        try {
            synchronized (this) {
                new WireProgress(state, cells, cellsDone, current, failureLines, cause).writeTo(out);
            }
        } catch (IOException e) {
            progress.println("wire: cannot write " + out.resolve(WireProgress.FILE) + ": " + e.getMessage());
        }
    }

    /** In the exit hook: the summary of the cells done, naming the cell cut short and those not run. */
    private void cutShort() {
        String cut = current == null ? "before the first cell" : "during " + current;
        String cause = "the JVM was ended (SIGTERM, SIGINT or an exit) " + cut;
        String summary;
        synchronized (this) {
            summary = summary(new ArrayList<>(rows)) + notRun("cut short: " + cause);
        }
        try {
            Files.writeString(out.resolve("summary.md"), summary);
        } catch (IOException e) {
            progress.println("wire: cannot write the partial summary: " + e.getMessage());
        }
        progress(WireProgress.CUT_SHORT, cause);
        progress.println();
        progress.print(summary);
        progress.println("wire: CUT SHORT: " + cause + "; partial summary in " + out.resolve("summary.md"));
        progress.flush();
    }

    /** The cells without a row, as a line naming them and {@code why}; "" when every cell has one. */
    private synchronized String notRun(String why) {
        if (why == null) return "";
        List<String> missing = new ArrayList<>();
        for (String f : formats) {
            for (TransportKind t : transports) {
                boolean done = false;
                for (Row r : rows) done |= r.format.equals(f) && r.transport == t;
                if (!done) missing.add(f + " over " + t.label());
            }
        }
        StringBuilder s = new StringBuilder("\n").append(missing.isEmpty() ? "" : "CELLS NOT COMPLETED: " + String.join(", ", missing) + "\n");
        s.append("FAILED: ").append(WireFailures.cell(why)).append('\n');
        return s.toString();
    }

    /**
     * One untimed second per transport with the first format before the grid: the first use of a transport in
     * this JVM loads and initialises its library (Chronicle Queue's first run here lagged seconds behind its
     * schedule), which belongs to no cell. A warm-up that fails fails the run (returns the number that failed);
     * a failure of the machine ends it ({@link WireFailures.Abort}).
     */
    private int warmUpTransports() throws IOException {
        Payload<?> first;
        try {
            first = payloads.forFormat(formats.get(0));
            first.verifyRoundTrip();
        } catch (IllegalArgumentException e) {
            return 0; // the grid reports it
        }
        WireConfig warm = base.atRate(Math.min(tableRate, 50_000), 1);
        int failed = 0;
        for (TransportKind t : transports) {
            current = "warm-up over " + t.label();
            progress.println("warm-up: " + formats.get(0) + " over " + t.label() + " for 1 s (not recorded)");
            try {
                runner.run(first, t, options, warm);
            } catch (RuntimeException | InternalError e) {
                String cause = WireFailures.environmental(e, options == null ? null : options.tempRoot());
                if (cause != null) throw new WireFailures.Abort(cause, e);
                String why = "warm-up over " + t.label() + " FAILED: " + WireFailures.oneLine(e);
                progress.println("  " + why);
                synchronized (this) {
                    failureLines.add(why);
                    warmupFailures.add(why);
                }
                failed++;
            }
        }
        current = null;
        return failed;
    }

    private final List<String> warmupFailures = new ArrayList<>();

    /**
     * The echoer's side of an echo run across two hosts: the same runs in the same order as {@link #run} on the
     * sender's host with every rate (the warm-ups, then format by transport by rate), each one echoing every
     * message of that run. Returns the number of runs that failed; after a failure the two sides are out of step,
     * so the rest are not tried.
     */
    public int runEchoerOnly(WireSweep.EchoerRunner echoer) throws IOException {
        List<Runnable> plan = new ArrayList<>();
        Payload<?> first = checkedOrNull(formats.get(0));
        WireConfig warm = base.atRate(Math.min(tableRate, 50_000), 1);
        if (first != null) {
            for (TransportKind t : transports) plan.add(() -> echoer.echo(first, t, options, warm));
        }
        for (String format : formats) {
            Payload<?> payload = checkedOrNull(format);
            if (payload == null) continue;
            for (TransportKind t : transports) {
                for (double rate : rates) plan.add(() -> echoer.echo(payload, t, options, base.atRate(rate, seconds)));
            }
        }
        progress.println("echoer: " + plan.size() + " runs (" + transports.size() + " warm-up" + (transports.size() == 1 ? "" : "s")
                + " first), rates " + ratesLabel() + "; start the sender's side with the same options and --sender-only");
        for (Runnable step : plan) {
            try {
                step.run();
            } catch (WireRunException | IllegalStateException | java.io.UncheckedIOException e) {
                progress.println("echoer FAILED: " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    private Payload<?> checkedOrNull(String format) throws IOException {
        try {
            Payload<?> p = payloads.forFormat(format);
            p.verifyRoundTrip();
            return p;
        } catch (IllegalArgumentException e) {
            progress.println("  " + format + " skipped: " + e.getMessage());
            return null;
        }
    }

    private String ratesLabel() {
        List<String> s = new ArrayList<>();
        for (double r : rates) s.add(WireSweep.rateLabel(r));
        return String.join(", ", s);
    }

    private static final class Row {
        final String format;
        final TransportKind transport;
        final WireSweep sweep;
        final String failure;

        Row(String format, TransportKind transport, WireSweep sweep, String failure) {
            this.format = format;
            this.transport = transport;
            this.sweep = sweep;
            this.failure = failure;
        }
    }

    private String summary(List<Row> rows) {
        double first = tableRate;
        StringBuilder s = new StringBuilder();
        s.append(base.echo ? "Round-trip latency (echo mode: sender -> echoer -> sender, one clock) from the intended send time at "
                : "Latency from the intended send time at ").append(WireSweep.rateLabel(first))
                .append(" msg/s (warm-up left out); highest sustained of ").append(ratesLabel())
                .append(" msg/s (p99 bound ").append(WireSweep.nanos(base.p99BoundNanos)).append(").\n\n");
        s.append("| format | transport | p50 | p99 | p99.9 | worst | p50 from actual send | back-pressure | highest sustained |\n");
        s.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            WireResult p = r.sweep == null ? null : r.sweep.at(first);
            s.append("| ").append(r.format).append(" | ").append(r.transport.label()).append(" | ");
            if (p == null) {
                s.append("FAILED: ").append(r.failure == null ? "no result" : WireFailures.cell(r.failure)).append(" | | | | | | |\n");
                continue;
            }
            s.append(WireSweep.nanos(p.percentile(50))).append(" | ").append(WireSweep.nanos(p.percentile(99))).append(" | ")
                    .append(WireSweep.nanos(p.percentile(99.9))).append(" | ").append(WireSweep.nanos(p.worst())).append(" | ")
                    .append(WireSweep.nanos(p.fromActualSend.getValueAtPercentile(50))).append(" | ")
                    .append(p.backPressureEvents).append(" | ");
            double best = r.sweep.highestSustainedRate();
            s.append(best > 0 ? WireSweep.rateLabel(best) : "none").append(r.failure != null ? " (then failed)" : "").append(" |\n");
        }
        Map<String, String> sharing = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.sweep == null || r.sweep.points().isEmpty()) continue;
            WireResult p = r.sweep.points().get(0);
            sharing.putIfAbsent(r.transport.label(), p.cpuSharing() + ", receiver idle " + p.receiverIdle);
        }
        s.append("\nThreads per CPU (the JIT, GC and other processes are not pinned):\n");
        sharing.forEach((t, how) -> s.append("- ").append(t).append(": ").append(how).append("\n"));
        for (String w : warmupFailures) s.append("\nFAILED: ").append(WireFailures.cell(w)).append('\n');
        return s.toString();
    }

    /** The settings map a caller records in run.json. */
    public static Map<String, Object> settings() {
        return new LinkedHashMap<>();
    }
}
