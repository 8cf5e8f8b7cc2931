package org.wireshootout.bench.replay;

import org.wireshootout.registry.IexFormat;
import org.wireshootout.process.ChildJvm;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JVM of one format in the replay shootout ({@link ReplayShootout} starts it): loads the data set,
 * measures the one format ({@link FormatRun}) and writes the result to the file the parent reads.
 *
 * <p>Arguments: {@code FORMAT RESULT-FILE WARMUP-PASSES WARMUP-MILLIS [CAPTURE]}. Exits 0 with the result
 * written, 2 on bad arguments or an unreadable capture (the parent then reports the format as failed).
 */
public final class ReplayChild {
    private ReplayChild() {
    }

    /** The arguments {@link #main} takes, in its order. */
    static String[] arguments(IexFormat format, Path result, int warmupPasses, long warmupMillis, String capture) {
        String[] base = {format.name(), result.toString(), Integer.toString(warmupPasses), Long.toString(warmupMillis)};
        if (capture == null) return base;
        String[] withCapture = java.util.Arrays.copyOf(base, 5);
        withCapture[4] = capture;
        return withCapture;
    }

    public static void main(String[] args) throws Exception {
        ChildJvm.watchParentIfChild();
        if (args.length != 4 && args.length != 5) {
            System.err.println("replay child: expected FORMAT RESULT-FILE WARMUP-PASSES WARMUP-MILLIS [CAPTURE], got " + args.length + " arguments");
            System.exit(2);
        }
        IexFormat format = IexFormat.byName(args[0]);
        Path result = Path.of(args[1]);
        int warmupPasses = Integer.parseInt(args[2]);
        long warmupMillis = Long.parseLong(args[3]);
        ReplayDataSet data;
        try {
            data = ReplayDataSet.load(args.length == 5 ? args[4] : null);
        } catch (java.io.IOException e) {
            System.err.println("replay child: cannot read " + args[4] + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        FormatResult r = FormatRun.measure(format, data.messages, warmupPasses, warmupMillis);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(result)))) {
            r.writeTo(out);
        }
    }
}
