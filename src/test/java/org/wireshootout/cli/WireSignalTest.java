package org.wireshootout.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wireshootout.process.ChildJvm;
import org.wireshootout.wire.WireProgress;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real {@code wire} process, in each mode (in process, forks, cross-process), sent SIGTERM or SIGINT in the middle
 * of its first cell: it exits non-zero, no process it started is left, no temporary directory is left, and its
 * summary names the cell cut short. SIGKILL of the parent of forks or cross-process sides: the children see their
 * parent gone and end (the forks removing their own temporary directories). Waits are for events, bounded
 * generously for a loaded machine; nothing here is timed.
 */
class WireSignalTest {
    private static final long READY_SECONDS = 180;
    private static final long END_SECONDS = 90;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"in-process,TERM", "in-process,INT", "forks,TERM", "forks,INT", "cross-process,TERM", "cross-process,INT",
            "forks,KILL", "cross-process,KILL"})
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void aSignalEndsEveryProcessAndLeavesNoFile(String mode, String signal, @TempDir Path temp) throws Exception {
        if (signal.equals("INT")) {
            // a JVM started with SIGINT ignored (a background job of a shell without job control) passes that on
            Assumptions.assumeFalse(ignoresSigint(), "this test JVM was started with SIGINT ignored; its children would ignore it too");
        }
        Path tmp = temp.resolve("tmp");
        Path out = temp.resolve("out");
        Files.createDirectories(tmp);
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(ChildJvm.jvmFlags(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "wire",
                "--formats", "sbe", "--transports", "aeron-ipc", "--rates", "2500", "--seconds", "600", "--cpus", "none",
                "--receiver-idle", "sleep", "--driver-idle", "sleep", "--temp-dir", tmp.toString(), "--out", out.toString()));
        switch (mode) {
            case "in-process": cmd.addAll(List.of("--forks", "1")); break;
            case "forks": cmd.addAll(List.of("--forks", "2")); break;
            default: cmd.add("--cross-process"); break;
        }
        Path log = temp.resolve("wire.log");
        Process wire = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Path progressDir = mode.equals("forks") ? out.resolve("fork-1") : out;
            int sides = mode.equals("cross-process") ? 2 : mode.equals("forks") ? 1 : 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
            // the first cell's processes, the same ones on two looks 200 ms apart: on a loaded machine the warm-up's
            // children can still be ending when the first cell's start (one look alone took one of those for a side)
            List<ProcessHandle> started = List.of();
            List<ProcessHandle> before = null;
            while (!inFirstCell(progressDir) || list(tmp).isEmpty() || started.size() != sides || !started.equals(before)) {
                if (!wire.isAlive()) fail(mode + ": wire ended before its first cell ran (exit " + wire.exitValue() + "):\n" + Files.readString(log));
                if (System.nanoTime() > deadline) {
                    fail(mode + ": wire not in its first cell with " + sides + " processes of its own within " + READY_SECONDS
                            + " s (it had " + started + "):\n" + Files.readString(log));
                }
                Thread.sleep(200);
                before = started;
                started = wire.descendants().filter(ProcessHandle::isAlive).collect(Collectors.toList());
            }
            assertEquals(sides, started.size(), "the processes wire started: " + started);
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(wire.pid())).start();
            assertEquals(0, kill.waitFor(), "kill -" + signal);

            assertTrue(wire.waitFor(END_SECONDS, TimeUnit.SECONDS), mode + ": wire still running " + END_SECONDS + " s after SIG" + signal);
            assertNotEquals(0, wire.exitValue(), Files.readString(log));
            for (ProcessHandle p : started) {
                assertTrue(p.onExit().thenApply(h -> true).completeOnTimeout(false, END_SECONDS, TimeUnit.SECONDS).get(),
                        mode + ": process " + p.pid() + " still running after SIG" + signal + " to its parent");
            }
            if (signal.equals("KILL") && mode.equals("cross-process")) return; // the host's directory died with its owner
            assertEquals(List.of(), list(tmp), mode + ": temporary files left after SIG" + signal + " (listed first)\n" + Files.readString(log));
            if (signal.equals("KILL")) return;
            String summary = Files.readString(out.resolve("summary.md"));
            assertTrue(summary.contains("cut short") && summary.contains("sbe over aeron-ipc"), summary);
        } finally {
            wire.descendants().forEach(ProcessHandle::destroyForcibly);
            wire.destroyForcibly();
        }
    }

    private static boolean inFirstCell(Path dir) {
        try {
            if (!Files.isRegularFile(dir.resolve(WireProgress.FILE))) return false;
            JsonNode p = new ObjectMapper().readTree(dir.resolve(WireProgress.FILE).toFile());
            return p.path("current").asText("").startsWith("[1/");
        } catch (IOException e) {
            return false; // being replaced
        }
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.collect(Collectors.toList());
        }
    }

    private static boolean ignoresSigint() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) return (Long.parseLong(line.substring(7).trim(), 16) & 2) != 0;
        }
        return false;
    }
}
