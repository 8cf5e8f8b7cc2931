package org.wireshootout.codec;

import org.junit.jupiter.api.Assumptions;
import org.opentest4j.TestAbortedException;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.MessageFormat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * "The generated row of {@code data} allocates no more than its hand-written row": both rows' bytes per call, every
 * object each codec's code makes counted, in a JVM of its own that compiles with C1 alone ({@code
 * -XX:TieredStopAtLevel=1}), which removes no object: no escape analysis, no C2 rewriting of string building.
 *
 * <p>Why not in this JVM, as users run: which objects C2 removes is a draw of each compile. SnakeYAML's encode keeps
 * about 13,590 or 13,644 B/op under JMH on either side, fork by fork, and one JVM here can have the hand-written row's
 * encode on the low draw and the generated row's on the high one (14,217 against 14,232 B in CI at a1e2dcf7); BSON's
 * round trip drew 576, 680 and 696 B on one side from one JVM to the next, and C2 with escape analysis off still
 * removes objects once a method is compiled, not before. Comparing two draws says nothing about the codecs. Under C1
 * the count is the same from the first call and in every JVM (SnakeYAML 38,096 B per round trip on both sides, run
 * after run), and a codec that makes one object more per call than its hand-written row shows it. What each row keeps
 * with C2, as users run, is JMH's B/op in the generated-against-hand-written table
 * ({@code microbenchmarks/generated-vs-hand.sh}).
 */
public final class DataAllocation {
    /** Calls per window of {@link AllocationProbe#leastBytes}: under C1 the count per call does not vary, so a few suffice. */
    private static final int CALLS = 2_000;
    private static final String RESULT = "allocation ";
    private static final String SKIP = "skip ";

    /** What is counted: encoding the value alone, decoding it alone, or encoding then decoding. */
    public enum Measure {
        encode, decode, pair;

        /** Bytes per call of {@code held} doing this, at the least over the probe's windows; a decode must give the value. */
        <T> long bytes(HeldMessage<T> held, T value, T target) {
            return switch (this) {
                case encode -> perCall(() -> held.encode(value));
                case decode -> {
                    held.encode(value); // the bytes held, outside the windows
                    yield decoded(perCall(() -> held.decode(target)), value, target);
                }
                case pair -> decoded(perCall(() -> {
                    held.encode(value);
                    held.decode(target);
                }), value, target);
            };
        }

        private static long decoded(long bytes, Object value, Object target) {
            if (!value.equals(target)) throw new AssertionError("decoded " + target + ", encoded " + value);
            return bytes;
        }

        private static long perCall(Runnable call) {
            return AllocationProbe.leastBytes(() -> {
                for (int i = 0; i < CALLS; i++) call.run();
            }) / CALLS;
        }
    }

    private DataAllocation() {
    }

    /**
     * Asserts that {@code row}'s generated codec of {@code data} allocates no more per call than its hand-written row
     * in each of {@code measures}, counted in a JVM of its own compiling with C1 alone; prints both sides' counts.
     */
    public static void assertNoMore(MessageFormat row, Measure... measures) {
        Map<Measure, long[]> counted = countApart(row, measures);
        StringBuilder line = new StringBuilder(row + " data, C1 alone, B per call (hand-written, generated):");
        counted.forEach((m, b) -> line.append(' ').append(m).append(' ').append(b[0]).append(", ").append(b[1]).append(';'));
        System.out.println(line);
        for (Measure m : measures) {
            long[] b = counted.get(m);
            if (b == null) throw new AssertionError(row + ": no count of " + m + " from the measuring JVM");
            if (b[1] > b[0]) {
                throw new AssertionError(row + ": the generated data row allocates " + b[1] + " B per " + m
                        + ", the hand-written " + b[0] + " B (every object counted, C1 alone)");
            }
        }
    }

    /** {hand-written, generated} bytes per call for each measure, from a JVM compiling with C1 alone. */
    private static Map<Measure, long[]> countApart(MessageFormat row, Measure... measures) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // the module flags and properties the test JVM runs with; nothing else (an agent, a debugger port)
            if (flag.startsWith("--add-") || flag.startsWith("--enable-native-access") || flag.startsWith("-D")) cmd.add(flag);
        }
        cmd.addAll(List.of("-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), DataAllocation.class.getName(),
                row.name()));
        for (Measure m : measures) cmd.add(m.name());
        Path out = null;
        Process p = null;
        try {
            out = Files.createTempFile("data-allocation-", ".txt");
            p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(3, TimeUnit.MINUTES)) throw new AssertionError(row + ": the measuring JVM did not finish in 3 minutes");
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            Map<Measure, long[]> counted = new EnumMap<>(Measure.class);
            for (String l : lines) {
                Assumptions.assumeFalse(l.startsWith(SKIP), l);
                if (!l.startsWith(RESULT)) continue;
                String[] f = l.substring(RESULT.length()).split(" ");
                counted.put(Measure.valueOf(f[0]), new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
            if (p.exitValue() != 0) {
                throw new AssertionError(row + ": the measuring JVM exited " + p.exitValue() + ":\n" + String.join("\n", lines));
            }
            return counted;
        } catch (IOException e) {
            throw new AssertionError(row + ": could not run the measuring JVM: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(row + ": interrupted", e);
        } finally {
            if (p != null) p.destroyForcibly();
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temporary file of a few lines
                }
            }
        }
    }

    /** The measuring JVM: {@code <row> <measure>...}; prints one {@value #RESULT} line per measure. */
    public static void main(String[] args) {
        MessageFormat row = MessageFormat.valueOf(args[0]);
        try {
            for (int i = 1; i < args.length; i++) {
                Measure m = Measure.valueOf(args[i]);
                long[] b = handAndGenerated(row, m);
                System.out.println(RESULT + m + " " + b[0] + " " + b[1]);
            }
        } catch (TestAbortedException e) {
            System.out.println(SKIP + e.getMessage());
        }
    }

    /** {hand-written, generated} bytes per call of {@code m}, the hand-written side first. */
    private static <M extends GeneratedMessage<M>> long[] handAndGenerated(MessageFormat row, Measure m) {
        HeldMessage<Data> h = HeldMessage.of(row.handWritten().newCodec());
        GeneratedMessages.Entry data = GeneratedMessages.of("data");
        HeldMessage<M> g = HeldMessage.of(data.newCodec(row));
        M value = GeneratedSamples.of(data);
        return new long[] {m.bytes(h, Data.canonical(), new Data()), m.bytes(g, value, data.newMessage())};
    }
}
