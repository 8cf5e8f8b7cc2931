package org.wireshootout.cli;

import org.wireshootout.bulk.BulkRun;
import org.wireshootout.bulk.Compression;
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
        description = "Dump the seeded bulk dataset through each format into one stream, load it back, verify "
                + "every record, and print total encode/decode time, bytes and compressed bytes.")
public final class BulkCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "FORMAT", description = "Formats (default: all that carry data).")
    List<String> formats = new ArrayList<>();

    @Option(names = "--records", description = "Records in the dataset (default: ${DEFAULT-VALUE}).")
    int records = DataGenerator.DEFAULT_COUNT;

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
        List<Format> chosen = new ArrayList<>();
        if (formats.isEmpty()) chosen.addAll(Arrays.asList(Format.values()));
        else for (String f : formats) chosen.add(Format.byName(f));
        List<Data> dataset = new DataGenerator(seed).next(records);
        PrintStream o = System.out;
        o.printf("Bulk dataset: %,d records, seed %d; every record verified after load.%n", records, seed);
        o.printf("Times: best / median of %d passes after %d warm-up passes, ms, one JVM (%s %s).%n",
                passes, warmup, System.getProperty("java.vm.name"), System.getProperty("java.version"));
        o.println("Bytes: sum of the encodings; stream adds a 1-2 byte length prefix per record; deflate and zstd compress the stream.");
        o.println();
        MarkdownTable table = new MarkdownTable().text("format").number("dump best ms").number("dump median ms")
                .number("load best ms").number("load median ms").number("bytes").number("bytes/record")
                .number("stream bytes").number("deflate bytes").number("zstd bytes")
                .number("records changed as the format documents");
        int failures = 0;
        for (Format f : chosen) {
            if (!f.carriesData()) continue;
            System.err.printf("bulk: %s ...%n", f);
            try {
                BulkRun run = new BulkRun(f, dataset);
                long bytes = run.dump();
                int lossy = run.verify();
                for (int i = 0; i < warmup; i++) {
                    run.dump();
                    run.load();
                }
                double[] dump = new double[passes];
                double[] load = new double[passes];
                for (int i = 0; i < passes; i++) {
                    long t0 = System.nanoTime();
                    run.dump();
                    long t1 = System.nanoTime();
                    run.load();
                    long t2 = System.nanoTime();
                    dump[i] = (t1 - t0) / 1e6;
                    load[i] = (t2 - t1) / 1e6;
                }
                run.verify();
                byte[] stream = run.stream().array();
                int size = run.stream().size();
                table.row(f.name(), ms(min(dump)), ms(median(dump)), ms(min(load)), ms(median(load)),
                        String.format("%,d", bytes), String.format("%.1f", (double) bytes / records), String.format("%,d", size),
                        String.format("%,d", Compression.deflatedSize(stream, size)),
                        String.format("%,d", Compression.zstdSize(stream, size)), changed(run.adaptedRecords(), lossy, f));
            } catch (RuntimeException e) {
                failures++;
                table.row(f.name(), "failed: " + e.getMessage(), "", "", "", "", "", "", "", "", "");
            }
        }
        o.print(table);
        return failures == 0 ? 0 : 1;
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
