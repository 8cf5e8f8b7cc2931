package org.wireshootout.bench.replay;

import org.HdrHistogram.Histogram;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.process.ChildJvm;
import org.wireshootout.report.MarkdownTable;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The replay shootout: a whole IEX data set (a capture, or the generated day) serialized and deserialized
 * message by message through every {@link IexFormat}, each message timed on its own into an HdrHistogram
 * ({@link FormatRun} says exactly what is timed and how the formats are warmed up), the bytes counted, and what
 * each format decoded folded into per-symbol aggregates ({@link SymbolAggregates}) that must equal the
 * aggregates computed straight from the decoded capture, or the run fails naming the format.
 *
 * <p>Each format runs in a JVM of its own by default ({@link ReplayChild}, started by {@link ChildJvm}: the
 * benchmark forks' flags, this JVM's own flags and heap size passed on, ended when this JVM ends): in one JVM, the replay's call sites would see one codec class after another, so the first format
 * would run with monomorphic, inlined calls and the later ones with megamorphic calls, and each format's
 * garbage and compiled code would be inherited by the next. {@code inProcess} runs them all in this JVM (for
 * tests and quick looks), and says so in the report.
 *
 * <p>Prints Markdown: for serialize and for deserialize a table Schema | Median | 99th | 99.9th | Max | Total
 * (ns per message; Total is the sum of the per-message samples, in ms), the bytes, the timer's own cost, and
 * the aggregate check.
 */
public final class ReplayShootout {
    private final ReplayDataSet data;
    private final List<IexFormat> formats;
    private final int warmupPasses;
    private final long warmupMillis;
    private final boolean inProcess;
    private final PrintStream out;
    private final PrintStream progress;
    private final List<FormatResult> results = new ArrayList<>();

    public ReplayShootout(ReplayDataSet data, List<IexFormat> formats, int warmupPasses, long warmupMillis,
                          boolean inProcess, PrintStream out, PrintStream progress) {
        if (warmupPasses < 0) throw new IllegalArgumentException("warm-up passes " + warmupPasses + " < 0");
        if (warmupMillis < 0) throw new IllegalArgumentException("warm-up time " + warmupMillis + " ms < 0");
        this.warmupMillis = warmupMillis;
        this.data = data;
        this.formats = List.copyOf(formats);
        this.warmupPasses = warmupPasses;
        this.inProcess = inProcess;
        this.out = out;
        this.progress = progress;
    }

    /** The aggregates computed straight from the data set's messages, with no format in between. */
    public static SymbolAggregates reference(List<IexMessage> messages) {
        SymbolAggregates a = new SymbolAggregates();
        for (IexMessage m : messages) a.apply(m);
        return a;
    }

    /**
     * Runs every format and prints the report; returns true when every format completed and its aggregates equal
     * the reference ({@link #results()} holds what each format measured).
     */
    public boolean run() throws IOException, InterruptedException {
        results.clear();
        for (IexFormat f : formats) {
            progress.println("replay: " + f + " ...");
            results.add(inProcess ? FormatRun.measure(f, data.messages, warmupPasses, warmupMillis) : forked(f));
        }
        return report(results);
    }

    /** What the last {@link #run()} measured, in format order. */
    public List<FormatResult> results() {
        return List.copyOf(results);
    }

    private FormatResult forked(IexFormat f) throws IOException, InterruptedException {
        Path result = Files.createTempFile("replay-" + f.name() + "-", ".bin");
        try {
            int exit;
            // ended with this JVM (normally or by a signal) and ending itself when this JVM is gone
            try (ChildJvm.Child p = ChildJvm.of("replay " + f.name(), ReplayChild.class.getName(),
                    Arrays.asList(ReplayChild.arguments(f, result, warmupPasses, warmupMillis, data.capture))).inheritOutput().start()) {
                p.waitFor(Long.MAX_VALUE, java.util.concurrent.TimeUnit.DAYS);
                exit = p.exitStatus();
            }
            if (exit != 0 || Files.size(result) == 0) {
                return failedFork(f, "its JVM exited with " + exit + " and left no result");
            }
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(result)))) {
                return FormatResult.readFrom(in);
            }
        } finally {
            Files.deleteIfExists(result);
        }
    }

    private static FormatResult failedFork(IexFormat f, String why) {
        return FormatResult.failed(f.name(), why);
    }

    // ---- the report ----

    /**
     * Prints the report of {@code results} against this shootout's data set; returns true when every format
     * completed and its aggregates equal the reference computed from the data set.
     */
    public boolean report(List<FormatResult> results) {
        SymbolAggregates reference = reference(data.messages);
        PrintStream o = out;
        o.println("## IEX replay: " + data.name());
        o.println();
        o.printf("- Data set: %,d messages%s: %s.%n", data.messages.size(),
                data.capture != null ? " (every message of the capture's complete packets)" : "", data.typeCounts());
        o.printf("- Formats: %d, %s; JVM %s (%s).%n", formats.size(),
                inProcess ? "all in this one JVM (call sites turn megamorphic after the first format: prefer the default, one JVM per format)"
                        : "each in a JVM of its own with the benchmark flags and this JVM's own flags (its heap size, else a fixed 1 GiB heap)",
                System.getProperty("java.version"), System.getProperty("java.vm.name"));
        StringBuilder warm = new StringBuilder();
        for (FormatResult r : results) {
            if (r.ok()) warm.append(warm.length() == 0 ? "" : ", ").append(r.format).append(' ').append(r.warmupPasses);
        }
        o.printf("- Method per format: one untimed verification pass (encode, decode, compare every field of every message); "
                + "untimed warm-up passes identical to the timed pass (serialize all, then deserialize all), at least %d "
                + "pass%s and at least %d ms, then more until two passes in a row see no JIT compilation finish (passes run: "
                + warm + "); System.gc(); then the timed pass. Serialize: each encode timed on its own with System.nanoTime() into an HdrHistogram "
                + "(3 significant digits), its bytes then copied, untimed, into one stream. Deserialize: each message's bytes "
                + "copied, untimed, from the stream into the codec's buffer, the decode timed on its own, the decoded "
                + "message folded, untimed, into per-symbol aggregates.%n", warmupPasses, warmupPasses == 1 ? "" : "es",
                warmupMillis);
        long tMin = Long.MAX_VALUE, tMax = 0, t99 = 0, step = 0;
        for (FormatResult r : results) {
            if (!r.ok()) continue;
            tMin = Math.min(tMin, r.timerMedianNanos);
            tMax = Math.max(tMax, r.timerMedianNanos);
            t99 = Math.max(t99, r.timer99Nanos);
            step = Math.max(step, r.timerStepNanos);
        }
        if (tMax > 0) {
            o.printf("- Timer: a back-to-back System.nanoTime() pair costs %s ns at the median (99th percentile at most %d ns), "
                    + "measured in each format's JVM before its timed pass; two successive readings are never less than %d ns "
                    + "apart here, so smaller differences between the figures below cannot be seen. Every sample contains one "
                    + "timer pair: subtract it for an estimate of the codec alone.%n",
                    tMin == tMax ? Long.toString(tMin) : tMin + "–" + tMax, t99, step);
        }
        o.println();
        o.println("### Serialize (ns per message; Total = sum of the per-message samples, ms)");
        o.println();
        timeTable(o, results, true);
        o.println();
        o.println("### Deserialize (ns per message; Total = sum of the per-message samples, ms)");
        o.println();
        timeTable(o, results, false);
        o.println();
        o.println("### Bytes");
        o.println();
        MarkdownTable bytes = new MarkdownTable().text("Schema").number("Total bytes").number("Bytes/message")
                .number("Min").number("Max");
        for (FormatResult r : results) {
            if (!r.ok()) {
                bytes.row(r.format, "failed", "", "", "");
                continue;
            }
            bytes.row(r.format, String.format("%,d", r.totalBytes),
                    String.format("%.2f", r.messages == 0 ? 0.0 : (double) r.totalBytes / r.messages),
                    Integer.toString(r.minBytes), Integer.toString(r.maxBytes));
        }
        o.print(bytes);
        o.println();
        o.println("### Aggregates");
        o.println();
        o.printf("Reference, computed straight from the decoded data set: %,d symbols; %,d trade reports in %,d symbols, "
                        + "volume %,d; %,d trade breaks (volume %,d; counted apart, not subtracted); %,d symbols with a bid or ask "
                        + "(highest bid and lowest ask seen with a non-zero size, from 8, 5 and Q messages).%n%n",
                reference.size(), reference.trades(), reference.symbolsTraded(), reference.volume(), reference.breaks(),
                reference.brokenVolume(), reference.symbolsQuoted());
        MarkdownTable aggregates = new MarkdownTable().text("Schema").text("Aggregates");
        List<String> failures = new ArrayList<>();
        for (FormatResult r : results) {
            String verdict;
            if (!r.ok()) {
                verdict = "FAILED: " + r.failure;
            } else {
                String diff = reference.firstDifference(r.aggregates);
                verdict = diff == null ? "equal to the reference" : "DIFFERENT: " + diff;
            }
            if (!verdict.startsWith("equal")) failures.add(r.format + ": " + verdict);
            aggregates.row(r.format, verdict);
        }
        o.print(aggregates);
        o.println();
        if (failures.isEmpty()) {
            o.println("Every format's aggregates equal the reference.");
        } else {
            o.println("FAILED: " + String.join("; ", failures));
        }
        return failures.isEmpty();
    }

    private static void timeTable(PrintStream o, List<FormatResult> results, boolean serialize) {
        MarkdownTable t = new MarkdownTable().text("Schema").number("Median").number("99th").number("99.9th")
                .number("Max").number("Total");
        for (FormatResult r : results) {
            if (!r.ok()) {
                t.row(r.format, "failed", "", "", "", "");
                continue;
            }
            Histogram h = serialize ? r.serialize : r.deserialize;
            long max = serialize ? r.serializeMaxNanos : r.deserializeMaxNanos;
            long total = serialize ? r.serializeTotalNanos : r.deserializeTotalNanos;
            // a percentile is the top of its histogram bucket, which can lie above the exact maximum: cap it there
            t.row(r.format, String.format("%,d", Math.min(max, h.getValueAtPercentile(50))),
                    String.format("%,d", Math.min(max, h.getValueAtPercentile(99))),
                    String.format("%,d", Math.min(max, h.getValueAtPercentile(99.9))), String.format("%,d", max),
                    String.format("%.2f", total / 1e6));
        }
        o.print(t);
    }
}
