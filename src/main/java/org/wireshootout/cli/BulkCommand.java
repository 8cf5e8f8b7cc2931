package org.wireshootout.cli;

import org.wireshootout.bulk.BulkRun;
import org.wireshootout.bulk.Compression;
import org.wireshootout.bulk.MessageBulkRun;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataGenerator;
import org.wireshootout.report.MarkdownTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The dump / load / bytes table for the bulk dataset. Sizes are exact; the times are a quick in-process
 * measure (best and median of several passes after warm-up passes, one JVM for all formats), good for a
 * first look; BulkBenchmark under JMH gives the figures to publish.
 */
@Command(name = "bulk", mixinStandardHelpOptions = true,
        description = "Dump the seeded bulk dataset (or, with --message, seeded values of a generated message) through each "
                + "format into one stream, load it back, verify every record, and print total encode/decode time, bytes and compressed bytes.")
public final class BulkCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "FORMAT", description = "Formats (default: all that carry data; with --message, every generated row that carries it).")
    List<String> formats = new ArrayList<>();

    @Option(names = "--records", description = "Records in the dataset (default: " + DataGenerator.DEFAULT_COUNT
            + ", with --message " + MESSAGE_RECORDS + ").")
    Integer records;

    @Option(names = "--message", paramLabel = "NAME", description = "Instead of the six-field data set: that many seeded values of a "
            + "message generated from a schema (orderentry, quote, ..., as the benchmarks' message parameter), through each format's "
            + "generated row (formats: the registry's generated rows, default all that carry it).")
    String message;

    static final int MESSAGE_RECORDS = 10_000;

    @Option(names = "--seed", description = "Generator seed (default: ${DEFAULT-VALUE}).")
    long seed = DataGenerator.DEFAULT_SEED;

    @Option(names = "--warmup", description = "Untimed passes before timing (default: ${DEFAULT-VALUE}).")
    int warmup = 5;

    @Option(names = "--passes", description = "Timed passes; best and median are shown (default: ${DEFAULT-VALUE}).")
    int passes = 5;

    @Override
    public Integer call() {
        String missing = Main.missingFlags("bulk");
        if (missing != null) {
            System.err.println(missing);
            return Main.FLAGS_MISSING;
        }
        if (message != null) return messageTable();
        int records = this.records != null ? this.records : DataGenerator.DEFAULT_COUNT;
        List<Format> chosen = new ArrayList<>();
        try {
            if (formats.isEmpty()) chosen.addAll(Arrays.asList(Format.values()));
            else for (String f : formats) chosen.add(Format.byName(f));
        } catch (IllegalArgumentException e) {
            System.err.println("bulk: " + e.getMessage());
            return 2;
        }
        List<Data> dataset = new DataGenerator(seed).next(records);
        PrintStream o = System.out;
        o.printf("Bulk dataset: %,d records, seed %d; every record verified after load.%n", records, seed);
        header(o);
        MarkdownTable table = columns().number("records changed as the format documents");
        int failures = 0;
        for (Format f : chosen) {
            if (!f.carriesData()) continue;
            System.err.printf("bulk: %s ...%n", f);
            try {
                BulkRun run = new BulkRun(f, dataset);
                long bytes = run.dump();
                int[] lossy = {run.verify()};
                List<String> cells = timedRow(f.name(), bytes, records, run::dump, run::load, () -> lossy[0] = run.verify(), run.stream());
                cells.add(changed(run.adaptedRecords(), lossy[0], f));
                table.row(cells);
            } catch (RuntimeException e) {
                failures++;
                table.row(f.name(), "failed: " + e.getMessage(), "", "", "", "", "", "", "", "", "");
            }
        }
        o.print(table);
        return failures == 0 ? 0 : 1;
    }

    /** The table of a generated message: every format that carries it (or those named), each record checked after load. */
    private int messageTable() {
        int records = this.records != null ? this.records : MESSAGE_RECORDS;
        GeneratedMessages.Entry entry;
        List<MessageFormat> chosen = new ArrayList<>();
        try {
            entry = GeneratedMessages.of(message);
            if (formats.isEmpty()) chosen.addAll(Arrays.asList(MessageFormat.values()));
            else for (String f : formats) chosen.add(MessageFormat.of(f));
        } catch (IllegalArgumentException e) {
            System.err.println("bulk: " + e.getMessage());
            return 2;
        }
        PrintStream o = System.out;
        o.printf("Bulk stream of message %s (%s): %,d records from its seeded generator (seed %d on); every record verified after load.%n",
                message, entry.schemaSource(), records, GeneratedSamples.SEED);
        header(o);
        MarkdownTable table = columns();
        int failures = 0;
        List<String> without = new ArrayList<>();
        for (MessageFormat f : chosen) {
            if (!entry.carriedBy(f)) {
                if (!formats.isEmpty()) {
                    failures++;
                    table.row(f.name(), "no row: " + entry.cannot().getOrDefault(f.name(), "not generated"), "", "", "", "", "", "", "", "");
                } else {
                    without.add(f.name() + " (" + entry.cannot().getOrDefault(f.name(), "not generated") + ")");
                }
                continue;
            }
            System.err.printf("bulk: %s/%s ...%n", f, message);
            try {
                MessageBulkRun<?> run = new MessageBulkRun<>(message, f, records);
                long bytes = run.dump();
                run.verify();
                table.row(timedRow(f.name(), bytes, records, run::dump, run::load, run::verify, run.stream()));
            } catch (RuntimeException e) {
                failures++;
                table.row(f.name(), "failed: " + e.getMessage(), "", "", "", "", "", "", "", "");
            }
        }
        o.print(table);
        if (!without.isEmpty()) o.printf("%nNo row for %s: %s.%n", message, String.join("; ", without));
        return failures == 0 ? 0 : 1;
    }

    private void header(PrintStream o) {
        o.printf("Times: best / median of %d passes after %d warm-up passes, ms, one JVM (%s %s).%n",
                passes, warmup, System.getProperty("java.vm.name"), System.getProperty("java.version"));
        o.println("Bytes: sum of the encodings; stream adds a 1-2 byte length prefix per record; deflate and zstd compress the stream.");
        o.println();
    }

    private static MarkdownTable columns() {
        return new MarkdownTable().text("format").number("dump best ms").number("dump median ms")
                .number("load best ms").number("load median ms").number("bytes").number("bytes/record")
                .number("stream bytes").number("deflate bytes").number("zstd bytes");
    }

    /** Warm-up passes, timed passes of dump then load, a last check, and the row's cells up to the sizes. */
    private List<String> timedRow(String name, long bytes, int records, Runnable dumpPass, Runnable loadPass, Runnable check,
                                  org.wireshootout.bulk.RecordStream stream) {
        for (int i = 0; i < warmup; i++) {
            dumpPass.run();
            loadPass.run();
        }
        double[] dump = new double[passes];
        double[] load = new double[passes];
        for (int i = 0; i < passes; i++) {
            long t0 = System.nanoTime();
            dumpPass.run();
            long t1 = System.nanoTime();
            loadPass.run();
            long t2 = System.nanoTime();
            dump[i] = (t1 - t0) / 1e6;
            load[i] = (t2 - t1) / 1e6;
        }
        check.run();
        byte[] array = stream.array();
        int size = stream.size();
        return new ArrayList<>(List.of(name, ms(min(dump)), ms(median(dump)), ms(min(load)), ms(median(load)),
                String.format("%,d", bytes), String.format("%.1f", (double) bytes / records), String.format("%,d", size),
                String.format("%,d", Compression.deflatedSize(array, size)), String.format("%,d", Compression.zstdSize(array, size))));
    }

    private static String ms(double v) {
        return String.format("%.1f", v);
    }

    private static String changed(int fitted, int lossy, Format f) {
        StringBuilder sb = new StringBuilder();
        if (fitted > 0) sb.append(fitted).append(" with text beyond 8 bits sent as '?'");
        if (lossy > 0) sb.append(sb.length() > 0 ? "; " : "").append(lossy).append(" lost ").append(f.labels().limitations);
        return sb.length() == 0 ? "0" : sb.toString();
    }

    private static double min(double[] v) {
        double m = Double.MAX_VALUE;
        for (double x : v) m = Math.min(m, x);
        return m;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
