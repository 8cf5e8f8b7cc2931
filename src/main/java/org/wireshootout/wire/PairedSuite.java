package org.wireshootout.wire;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The paired mode of the wire command: per transport one {@link PairedRun} of every format and the floor, one JSON
 * per transport ({@code paired-<payload>-<transport>.json}) and {@code paired.md} with a table per transport, each
 * written as soon as its run ends. A transport whose run fails is reported and the others still run; the exit status
 * says whether any failed.
 */
public final class PairedSuite {
    private final WireSuite.PayloadFactory payloads;
    private final List<String> formats;
    private final List<TransportKind> transports;
    private final WireConfig config;
    private final TransportOptions options;
    private final int sliceMessages;
    private final int cycles;
    private final int warmupCycles;
    private final Path out;
    private final PrintStream progress;
    private final Map<String, Object> settings;

    public PairedSuite(WireSuite.PayloadFactory payloads, List<String> formats, List<TransportKind> transports, WireConfig config,
                       TransportOptions options, int sliceMessages, int cycles, int warmupCycles, Path out, PrintStream progress,
                       Map<String, Object> settings) {
        if (formats.size() > Interleaved.MAX_FORMATS) {
            throw new IllegalArgumentException("--paired interleaves at most " + Interleaved.MAX_FORMATS + " formats, not " + formats.size());
        }
        this.payloads = payloads;
        this.formats = formats;
        this.transports = transports;
        this.config = config;
        this.options = options;
        this.sliceMessages = sliceMessages;
        this.cycles = cycles;
        this.warmupCycles = warmupCycles;
        this.out = out;
        this.progress = progress;
        this.settings = settings;
    }

    /** Runs every transport; 0 when all ran, else the number that failed. */
    public int run() throws IOException {
        Files.createDirectories(out);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        json.writeValue(out.resolve("run.json").toFile(), settings);
        List<Object> payloadList = new ArrayList<>();
        for (String f : formats) payloadList.add(payloads.forFormat(f));
        StringBuilder md = new StringBuilder("# Formats against the floor, interleaved in time\n\n");
        md.append("Each transport runs the formats and a floor (the same frames, no codec) in one run, in slices that take turns "
                + "(a floor slice, then each format's, rotated every cycle); a format's added cost is its slice's median less the mean "
                + "of the floor slices around it, per cycle; the table gives the median over the cycles and a 95 % interval. "
                + "p50 and p99 are of every measured message of the slot.\n\n");
        int failed = 0;
        for (TransportKind t : transports) {
            progress.println("paired: " + t.label() + ": floor and " + String.join(", ", formats) + " ...");
            try {
                PairedRun.Result r = run(payloadList, t);
                String payloadKind = r.run().kind;
                json.writeValue(out.resolve("paired-" + payloadKind + "-" + t.label() + ".json").toFile(), r.toJson());
                String table = PairedRun.table(r);
                md.append("## ").append(t.label()).append("\n\n").append(PairedRun.describe(r)).append(".\n\n").append(table).append('\n');
                progress.println("paired: " + PairedRun.describe(r));
                progress.print(table);
            } catch (RuntimeException e) {
                failed++;
                String line = WireFailures.oneLine(e);
                progress.println("paired: " + t.label() + ": FAILED: " + line);
                md.append("## ").append(t.label()).append("\n\nFAILED: ").append(line).append("\n\n");
            }
            Files.writeString(out.resolve("paired.md"), md.toString());
        }
        progress.println("paired: " + out.resolve("paired.md"));
        return failed;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private PairedRun.Result run(List<Object> payloadList, TransportKind t) {
        return PairedRun.run((List) payloadList, t, options, config, sliceMessages, cycles, warmupCycles);
    }
}
