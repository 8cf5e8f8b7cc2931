package org.wireshootout.cli;

import org.wireshootout.bench.replay.ReplayDataSet;
import org.wireshootout.bench.replay.ReplayShootout;
import org.wireshootout.registry.IexFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code replay [--formats a,b] [--warmup-passes N] [--warmup-millis MS] [--in-process] [CAPTURE]}: the replay shootout
 * ({@link ReplayShootout}). Exits 0 when every format's aggregates equal those computed straight from the
 * data set, 1 when any format failed or differed (the report names it), 2 on bad arguments or an unreadable
 * capture.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay an IEX data set through every IEX format, message by message: per-message serialize and "
                + "deserialize times (median, 99th, 99.9th, max, total), bytes, and a check that every format's per-symbol "
                + "aggregates equal those of the decoded capture. Prints Markdown tables.")
public final class ReplayCommand implements Callable<Integer> {

    /** The IEX registry's row names, for the help text. */
    static final class IexFormatNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(IexFormat.values()).map(IexFormat::name).iterator();
        }
    }

    @Parameters(arity = "0..1", paramLabel = "CAPTURE",
            description = "An IEX capture (pcap or pcapng, gzipped or not); every message of its complete packets is "
                    + "replayed. Without one, the generated default day (DeepGenerator.defaultDataSet()).")
    String capture;

    @Option(names = "--formats", paramLabel = "a,b", completionCandidates = IexFormatNames.class,
            description = "Comma-separated IEX formats (default: all: ${COMPLETION-CANDIDATES}).")
    String formats;

    @Option(names = "--warmup-passes", paramLabel = "N",
            description = "At least this many untimed passes over the whole data set before the timed one, each "
                    + "identical to it; more follow until --warmup-millis have passed and then until two passes in a row "
                    + "see no JIT compilation finish (at most 50 more). Both 0: no warm-up at all (default: ${DEFAULT-VALUE}).")
    int warmupPasses = 10;

    @Option(names = "--warmup-millis", paramLabel = "MS",
            description = "At least this long warming up, per format (default: ${DEFAULT-VALUE}).")
    long warmupMillis = 2000;

    @Option(names = "--in-process", description = "Run every format in this JVM instead of one JVM per format "
            + "(quicker; later formats then run with megamorphic call sites).")
    boolean inProcess;

    @Override
    public Integer call() throws Exception {
        if (warmupPasses < 0 || warmupMillis < 0) {
            System.err.println("replay: --warmup-passes and --warmup-millis must be 0 or more");
            return 2;
        }
        List<IexFormat> chosen;
        try {
            chosen = IexFormat.list(formats);
        } catch (IllegalArgumentException e) {
            System.err.println("replay: " + e.getMessage());
            return 2;
        }
        ReplayDataSet data;
        try {
            data = ReplayDataSet.load(capture);
        } catch (java.io.IOException e) {
            System.err.println("replay: cannot read " + capture + ": " + e.getMessage());
            return 2;
        }
        ReplayShootout shootout = new ReplayShootout(data, chosen, warmupPasses, warmupMillis, inProcess,
                System.out, System.err);
        if (!shootout.run()) {
            System.err.println("replay: FAILED: a format failed or its aggregates differ (see the table)");
            return 1;
        }
        return 0;
    }
}
