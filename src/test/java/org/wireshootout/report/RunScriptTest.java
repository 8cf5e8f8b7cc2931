package org.wireshootout.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The helpers microbenchmarks/run.sh sources, run with bash as the script runs them. */
class RunScriptTest {

    static final Path LIB = Path.of("microbenchmarks", "lib.sh").toAbsolutePath();

    @TempDir
    Path tmp;

    /** Runs {@code script} in bash after sourcing lib.sh, with {@code args} as $1...; returns stdout, fails on a non-zero exit. */
    static String bash(String script, String... args) throws IOException, InterruptedException {
        return bashWith(Map.of(), script, args);
    }

    /** As {@link #bash}, with these environment variables set (an empty value removes the variable). */
    private static String bashWith(Map<String, String> env, String script, String... args) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(LIB), LIB + " (tests run from the repository root)");
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "source \"$0\"; " + script, LIB.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (e.getValue().isEmpty()) pb.environment().remove(e.getKey());
            else pb.environment().put(e.getKey(), e.getValue());
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "bash did not finish");
        assertEquals(0, p.exitValue(), "bash exit status; output: " + out);
        return out;
    }

    @Test
    void aRunDirectoryIsNeverReused() throws Exception {
        Path root = tmp.resolve("results");
        Path first = Path.of(bash("make_run_dir \"$1\" \"$2\"", root.toString(), "20260101T000000Z-quick").trim());
        assertEquals(root.resolve("20260101T000000Z-quick"), first);
        Files.writeString(first.resolve("limit.json"), "earlier run");

        Path second = Path.of(bash("make_run_dir \"$1\" \"$2\"", root.toString(), "20260101T000000Z-quick").trim());
        Path third = Path.of(bash("make_run_dir \"$1\" \"$2\"", root.toString(), "20260101T000000Z-quick").trim());
        assertNotEquals(first, second);
        assertNotEquals(second, third);
        assertTrue(Files.isDirectory(second) && Files.isDirectory(third));
        try (var s = Files.list(second)) {
            assertEquals(0, s.count(), "a new directory is empty");
        }
        assertEquals("earlier run", Files.readString(first.resolve("limit.json")), "the earlier run is untouched");
    }

    @Test
    void benchmarkListingIsParsedGenerically() throws Exception {
        String lp = "Benchmarks: \n"
                + "org.wireshootout.bench.AccessBenchmark.access\n"
                + "  param \"format\" = {limit, sbe}\n"
                + "org.wireshootout.bench.DataBenchmark.roundTrip\n"
                + "  param \"format\" = {baseline, limit, twireUTF}\n"
                + "org.wireshootout.bench.IexBenchmark.replay\n"
                + "  param \"capture\" = {deep, tops}\n"
                + "org.wireshootout.bench.SizedBenchmark.encode\n"
                + "  param \"size\" = {1, 10}\n"
                + "  param \"format\" = {limit}\n";
        Path f = tmp.resolve("lp.txt");
        Files.writeString(f, lp);
        String out = bash("parse_lp < \"$1\"", f.toString());
        assertEquals("org.wireshootout.bench.AccessBenchmark.access\tlimit,sbe\n"
                + "org.wireshootout.bench.DataBenchmark.roundTrip\tbaseline,limit,twireUTF\n"
                + "org.wireshootout.bench.IexBenchmark.replay\t\n"
                + "org.wireshootout.bench.SizedBenchmark.encode\tlimit\n", out);
    }

    @Test
    void jsonStringsSurviveAwkwardText() throws Exception {
        String awkward = "quote \" backslash \\ tab \t newline \n bell \u0007 µs";
        String json = bash("printf '{\"v\": %s, \"a\": %s}' \"$(json_str \"$1\")\" \"$(json_arr \"$1\" x)\"", awkward);
        var node = ReportFixtures.JSON.readTree(json);
        assertEquals(awkward, node.get("v").asText());
        assertEquals(awkward, node.get("a").get(0).asText());
        assertEquals("x", node.get("a").get(1).asText());
    }

    @Test
    void cpuListsExpand() throws Exception {
        assertEquals("0 1 2 5 7 8\n", bash("cpu_list_expand \"$1\"", "0-2,5,7-8"));
    }

    @Test
    void aRecordedCommandQuotesOnlyWhatNeedsItAndReadsBackAsTheSameWords() throws Exception {
        String line = bash("shell_words \"$@\"", "microbenchmarks/run.sh", "--formats", "baseline,sbe", "--bench", "roundTrip$",
                "a b", "it's", "", "--", "-f", "3");
        assertEquals("microbenchmarks/run.sh --formats baseline,sbe --bench 'roundTrip$' 'a b' 'it'\\''s' '' -- -f 3", line);
        // the shell reads it back as the same words
        String words = bash("eval \"set -- $1\"; printf '<%s>' \"$@\"", line);
        assertEquals("<microbenchmarks/run.sh><--formats><baseline,sbe><--bench><roundTrip$><a b><it's><><--><-f><3>", words);
    }

    @Test
    void colourCodesAreStripped() throws Exception {
        assertEquals("[INFO] ok\n", bash("printf '\\033[0m\\033[0m[INFO] \\033[1;32mok\\033[m\\n' | strip_ansi"));
    }

    @Test
    void theVersionIsThePomsOwn() throws Exception {
        String pom = java.nio.file.Files.readString(Path.of("pom.xml"));
        int artifact = pom.indexOf("<artifactId>wire-shootout</artifactId>");
        int v = pom.indexOf("<version>", artifact) + "<version>".length();
        assertEquals(pom.substring(v, pom.indexOf("</version>", v)) + "\n", bash("project_version pom.xml"));
    }

    @Test
    void jvmBannersAndWarningsInTheListingAreNotBenchmarks() throws Exception {
        // JAVA_TOOL_OPTIONS makes every JVM print this first; read as a benchmark it became a bogus "no-format" group
        String lp = "Picked up JAVA_TOOL_OPTIONS: -Djmh.ignoreLock=true\n"
                + "NOTE: Picked up JDK_JAVA_OPTIONS: -Dx=y\n"
                + "OpenJDK 64-Bit Server VM warning: Options -Xverify:none and -noverify were deprecated\n"
                + "Benchmarks: \n"
                + "org.wireshootout.bench.DataBenchmark.roundTrip\n"
                + "  param \"format\" = {baseline, limit}\n"
                + "Picked up _JAVA_OPTIONS: -Dlate=1\n"
                + "  param \"format\" = {not, this, one}\n"
                + "org.wireshootout.bench.IexBenchmark.replay\n";
        Path f = tmp.resolve("lp.txt");
        Files.writeString(f, lp);
        assertEquals("org.wireshootout.bench.DataBenchmark.roundTrip\tbaseline,limit\n"
                + "org.wireshootout.bench.IexBenchmark.replay\t\n", bash("parse_lp < \"$1\"", f.toString()));
    }

    @Test
    void theHolderOfAnFcntlLockIsFoundAsJmhTakesIt() throws Exception {
        Path locks = Path.of("/proc/locks");
        assumeTrue(Files.isReadable(locks), "needs Linux's /proc/locks");
        Path lockFile = tmp.resolve("jmh.lock");
        Files.createFile(lockFile);
        assertEquals("", bash("jmh_lock_holders \"$1\"", lockFile.toString()), "nobody holds it yet");
        // what JMH's Runner does: RandomAccessFile(..., "rw").getChannel().tryLock()
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
             FileLock lock = ch.tryLock()) {
            assertNotNull(lock);
            assertEquals(ProcessHandle.current().pid() + "\n", bash("jmh_lock_holders \"$1\"", lockFile.toString()));
        }
        assertEquals("", bash("jmh_lock_holders \"$1\"", lockFile.toString()), "released");
        assertEquals("", bash("jmh_lock_holders \"$1\"", tmp.resolve("absent.lock").toString()), "no file, no holder");
    }

    @Test
    void lockHoldersAreReadFromTheLockTableByInode() throws Exception {
        Path lockFile = tmp.resolve("jmh.lock");
        Files.createFile(lockFile);
        long inode = (Long) Files.getAttribute(lockFile, "unix:ino");
        Path table = tmp.resolve("locks");
        Files.writeString(table, "1: POSIX  ADVISORY  WRITE 9896 fe:00:" + inode + " 0 EOF\n"
                + "1: -> POSIX  ADVISORY  WRITE 5555 fe:00:" + inode + " 0 EOF\n"
                + "2: FLOCK  ADVISORY  WRITE 10157 fe:00:" + (inode + 1) + " 0 EOF\n"
                + "3: OFDLCK ADVISORY  WRITE -1 00:2d:" + inode + " 0 EOF\n"
                + "4: POSIX  ADVISORY  WRITE 9896 fe:00:" + inode + " 0 EOF\n");
        assertEquals("9896\n-1\n", bash("jmh_lock_holders \"$1\" \"$2\"", lockFile.toString(), table.toString()),
                "holders once each; a waiter (->) and another file's lock are not holders");
    }

    @Test
    void javaProcessesAreListedWithJmhOnesMarked() throws Exception {
        Path ps = tmp.resolve("ps.txt");
        Files.writeString(ps, "    1 systemd         /sbin/init\n"
                + " 9896 java            /usr/lib/jvm/bin/java -XX:+PrintCommandLineFlags -jar /work/target/benchmarks.jar ^x$\n"
                + " 9950 java            /usr/lib/jvm/bin/java -cp /x org.openjdk.jmh.runner.ForkedMain 127.0.0.1 40000\n"
                + "10009 java            /usr/bin/java -classpath /usr/share/maven/boot/plexus-classworlds.jar org.codehaus.Launcher\n"
                + "10100 java            /opt/other/java -jar app.jar\n"
                + "10200 bash            bash run.sh java\n");
        String out = bash("java_processes 10100 < \"$1\"", ps.toString());
        assertEquals("9896\t1\t/usr/lib/jvm/bin/java -XX:+PrintCommandLineFlags -jar /work/target/benchmarks.jar ^x$\n"
                + "9950\t1\t/usr/lib/jvm/bin/java -cp /x org.openjdk.jmh.runner.ForkedMain 127.0.0.1 40000\n"
                + "10009\t0\t/usr/bin/java -classpath /usr/share/maven/boot/plexus-classworlds.jar org.codehaus.Launcher\n"
                + "10100\t1\t/opt/other/java -jar app.jar\n", out, "a lock holder counts as JMH whatever its command");
        Path longCmd = tmp.resolve("ps-long.txt");
        Files.writeString(longCmd, "42 java " + "x".repeat(500) + "\n");
        String line = bash("java_processes < \"$1\"", longCmd.toString());
        assertEquals(("42\t0\t" + "x".repeat(157) + "...\n"), line, "commands are cut to 160 characters");
    }

    @Test
    void loadAveragesAreReadAndNonsenseIsNot() throws Exception {
        Path f = tmp.resolve("loadavg");
        Files.writeString(f, "2.43 0.82 0.30 3/612 9901\n");
        assertEquals("2.43 0.82 0.30", bash("load_average \"$1\"", f.toString()));
        Files.writeString(f, "busy\n");
        assertEquals("", bash("load_average \"$1\"", f.toString()));
        assertEquals("", bash("load_average \"$1\"", tmp.resolve("none").toString()));
    }

    @Test
    void theIgnoreLockRemedyIsFoundInTheJvmsEnvironmentVariables() throws Exception {
        Map<String, String> none = Map.of("JAVA_TOOL_OPTIONS", "", "JDK_JAVA_OPTIONS", "", "_JAVA_OPTIONS", "");
        assertEquals("", bashWith(none, "ignore_lock_in_env"));
        Map<String, String> tool = new java.util.HashMap<>(none);
        tool.put("JAVA_TOOL_OPTIONS", "-Xmx1g -Djmh.ignoreLock=true");
        assertEquals("JAVA_TOOL_OPTIONS", bashWith(tool, "ignore_lock_in_env"));
        Map<String, String> falseValue = new java.util.HashMap<>(none);
        falseValue.put("_JAVA_OPTIONS", "-Djmh.ignoreLock=false -Djmh.ignoreLock=truer");
        assertEquals("", bashWith(falseValue, "ignore_lock_in_env"));
    }

    /** quick_plan with the given budget, format count and benchmark x format count: {iteration ms, seconds}. */
    private static long[] plan(int budget, int groups, int combos) throws Exception {
        String out = bash("QUICK_WI=5 QUICK_I=3 QUICK_MIN_ITER_MS=1000 QUICK_MAX_ITER_MS=5000 QUICK_STARTUP=20 QUICK_HOST=2 QUICK_FORK=4; "
                + "quick_plan \"$@\"", Integer.toString(budget), Integer.toString(groups), Integer.toString(combos));
        String[] w = out.trim().split(" ");
        return new long[] {Long.parseLong(w[0]), Long.parseLong(w[1])};
    }

    @Test
    void theQuickPlanFitsTheBudgetWithIterationsOfASecondOrMore() throws Exception {
        for (int budget : new int[] {440, 600, 900, 1800}) {
            long[] p = plan(budget, 30, 30);
            assertTrue(p[0] >= 1000, budget + " s: iterations of " + p[0] + " ms");
            assertTrue(p[1] <= budget, budget + " s: planned " + p[1] + " s");
            assertEquals(0, p[0] % 100, "whole hundreds of ms");
        }
        assertTrue(plan(900, 30, 30)[0] > plan(600, 30, 30)[0], "more budget, longer iterations");
        assertEquals(5000, plan(100000, 30, 30)[0], "capped");
    }

    @Test
    void aBudgetTooSmallForTheQuickPlanSaysWhatItNeeds() throws Exception {
        long[] p = plan(120, 30, 30);
        assertEquals(0, p[0], "refused");
        // 20 s of the run's own + 30 x (2 s host + 4 s fork + 8 x 1 s)
        assertEquals(20 + 30 * (2 + 4 + 8), p[1]);
        long[] exact = plan((int) p[1], 30, 30);
        assertEquals(1000, exact[0], "the budget it names is enough");
        assertEquals(0, plan((int) p[1] - 1, 30, 30)[0], "and a second less is not");
    }
}
