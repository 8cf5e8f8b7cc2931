package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Makes a run's JMH files light: each {@code <name>.json} is rewritten as {@code <name>.json.gz} holding only what
 * the reports read (the run settings, the primary metric's score, percentiles, per-iteration scores and sample
 * histograms, and the {@code -prof gc} B/op), then the plain file is removed. The compressed file is read back and
 * must give the same results as the plain one before the plain one goes; the manifest, the evolution matrix, the
 * logs and the wire folder are left as they are.
 */
public final class Compaction {
    /** Top-level fields of a JMH result that the reports read. */
    static final List<String> KEPT = List.of("benchmark", "mode", "threads", "forks", "jvm", "jvmArgs", "jdkVersion", "vmName",
            "vmVersion", "warmupIterations", "warmupTime", "measurementIterations", "measurementTime", "params");
    static final List<String> PRIMARY = List.of("score", "scoreError", "scoreUnit", "scorePercentiles", "rawData", "rawDataHistogram");
    static final List<String> ALLOC = List.of("score", "scoreError", "scoreUnit", "rawData");

    /** What was done to one file. */
    public static final class Outcome {
        public final String file;
        public final long before;
        public final long after;
        /** Null when compacted; else why the file was left alone. */
        public final String skipped;

        Outcome(String file, long before, long after, String skipped) {
            this.file = file;
            this.before = before;
            this.after = after;
            this.skipped = skipped;
        }
    }

    private Compaction() {
    }

    /**
     * Compacts every plain JMH file of {@code dir}. A file that is not a JMH result file (or does not read back
     * the same) is left untouched and reported with the reason.
     *
     * @throws IOException when the folder cannot be listed or a file cannot be written (the plain file then stays)
     */
    public static List<Outcome> compact(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) throw new IOException(dir + " is not a run directory");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().equals(RunDirectory.MANIFEST))
                    .filter(p -> !p.getFileName().toString().equals(RunDirectory.EVOLUTION))
                    .filter(Files::isRegularFile)
                    .sorted().collect(Collectors.toList());
        }
        ObjectMapper mapper = new ObjectMapper();
        List<Outcome> out = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            long before = Files.size(f);
            List<JmhResult> original;
            try {
                original = JmhResult.read(f);
            } catch (IOException e) {
                out.add(new Outcome(name, before, before, "not a readable JMH result file (" + JmhResult.firstLine(e.getMessage()) + ")"));
                continue;
            }
            Path gz = f.resolveSibling(name + ".gz");
            if (Files.exists(gz)) {
                out.add(new Outcome(name, before, before, gz.getFileName() + " exists already"));
                continue;
            }
            ArrayNode kept = mapper.createArrayNode();
            for (JsonNode r : mapper.readTree(f.toFile())) kept.add(trim(mapper, r));
            Path tmp = f.resolveSibling(name + ".gz.tmp");
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                mapper.writeValue(new NonClosing(o), kept);
            }
            List<JmhResult> back = JmhResult.read(tmp, true);
            String differs = differs(original, back);
            if (differs != null) {
                Files.delete(tmp);
                out.add(new Outcome(name, before, before, "the compacted file does not read back the same: " + differs));
                continue;
            }
            Files.move(tmp, gz, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(f);
            out.add(new Outcome(name, before, Files.size(gz), null));
        }
        return out;
    }

    static ObjectNode trim(ObjectMapper mapper, JsonNode r) {
        ObjectNode o = mapper.createObjectNode();
        for (String k : KEPT) if (r.has(k)) o.set(k, r.get(k));
        ObjectNode pm = o.putObject("primaryMetric");
        for (String k : PRIMARY) if (r.path("primaryMetric").has(k)) pm.set(k, r.path("primaryMetric").get(k));
        JsonNode alloc = r.path("secondaryMetrics").path(JmhResult.ALLOC_NORM);
        if (!alloc.isMissingNode()) {
            ObjectNode a = o.putObject("secondaryMetrics").putObject(JmhResult.ALLOC_NORM);
            for (String k : ALLOC) if (alloc.has(k)) a.set(k, alloc.get(k));
        }
        return o;
    }

    /** Null when both lists hold the same figures the reports read; else the first difference. */
    static String differs(List<JmhResult> a, List<JmhResult> b) {
        if (a.size() != b.size()) return a.size() + " results became " + b.size();
        for (int i = 0; i < a.size(); i++) {
            JmhResult x = a.get(i);
            JmhResult y = b.get(i);
            String what = "entry " + i + " (" + x.benchmark + " " + x.params + ")";
            if (!x.benchmark.equals(y.benchmark) || !x.mode.equals(y.mode) || !x.params.equals(y.params)) return what + ": its name or parameters";
            if (Double.compare(x.score, y.score) != 0 || !x.percentiles.equals(y.percentiles)) return what + ": its score or percentiles";
            if (!x.rawData.equals(y.rawData) || x.iterationHistograms.size() != y.iterationHistograms.size()) return what + ": its iterations";
            for (int k = 0; k < x.iterationHistograms.size(); k++) {
                SampleHistogram hx = x.iterationHistograms.get(k);
                SampleHistogram hy = y.iterationHistograms.get(k);
                if (hx.count() != hy.count() || Double.compare(hx.mean(), hy.mean()) != 0) return what + ": histogram " + k;
            }
            if (Double.compare(x.allocBytesPerOp, y.allocBytesPerOp) != 0 || !x.iterationAllocBytesPerOp.equals(y.iterationAllocBytesPerOp)) {
                return what + ": its B/op";
            }
            if (!ReportWriter.runSettings(x).equals(ReportWriter.runSettings(y)) || !x.jvmArgs.equals(y.jvmArgs) || !x.jdkVersion.equals(y.jdkVersion)) {
                return what + ": its run settings";
            }
        }
        return null;
    }

    /** Jackson closes the stream it writes to; the gzip trailer is written by our own close. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream o) {
            super(o);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
