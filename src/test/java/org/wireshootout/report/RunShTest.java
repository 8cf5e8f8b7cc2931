package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * microbenchmarks/run.sh itself, run against a stand-in {@code java} (a shell script given with {@code --java}):
 * it lists three formats of two benchmarks and a benchmark without formats, reports a {@code java.io.tmpdir} of the
 * test's own, and answers a JMH command by recording it and writing a result file. Nothing is measured; what is
 * checked is what run.sh decides: the default plan, the budget, and JMH's lock.
 */
class RunShTest {

    static final Path SCRIPTS = Path.of("microbenchmarks").toAbsolutePath();

    /** The stand-in java. JAVA_TOOL_OPTIONS makes it print the JVM's banner on stderr first, as every JVM does. */
    static final String FAKE_JAVA = String.join("\n",
            "#!/usr/bin/env bash",
            "[ -n \"${JAVA_TOOL_OPTIONS:-}\" ] && echo \"Picked up JAVA_TOOL_OPTIONS: $JAVA_TOOL_OPTIONS\" >&2",
            "if [[ \" $* \" == *' -XshowSettings:properties '* ]]; then",
            "  { echo 'Property settings:'; echo \"    java.io.tmpdir = $FAKE_TMPDIR\"; echo '    java.vendor = Stand-in'; } >&2; exit 0",
            "fi",
            "jar=''; prev=''",
            "for a in \"$@\"; do [ \"$prev\" = -jar ] && jar=$a; prev=$a; done",
            "if [[ $jar == *wire-shootout.jar ]]; then",
            "  case \" $* \" in",
            "    *' formats '*) echo 'baseline limit sbe' ;;",
            "    *' evolution '*) prev=''; for a in \"$@\"; do [ \"$prev\" = --json ] && echo '{}' > \"$a\"; prev=$a; done ;;",
            "  esac",
            "  exit 0",
            "fi",
            "if [[ \" $* \" == *' org.wireshootout.generator.CodecGenerator '* ]]; then",
            "  [ -n \"${FAKE_GEN_LOG:-}\" ] && echo \"$*\" > \"$FAKE_GEN_LOG\"",
            "  [ -n \"${FAKE_GEN_FAULT:-}\" ] && { echo \"$FAKE_GEN_FAULT\" >&2; exit 1; }",
            "  cls=''; prev=''; for a in \"$@\"; do [ \"$prev\" = --classes ] && cls=$a; prev=$a; done",
            "  mkdir -p \"$cls/META-INF/wireshootout\" && printf '%b' \"$FAKE_INDEX\" > \"$cls/META-INF/wireshootout/generated-messages.tsv\"; exit 0",
            "fi",
            "if [[ \" $* \" == *' -lp '* ]]; then",
            "  echo 'Benchmarks: '",
            "  echo 'org.wireshootout.bench.DataBenchmark.encode'",
            "  echo '  param \"format\" = {baseline, limit, sbe}'",
            "  echo 'org.wireshootout.bench.DataBenchmark.roundTrip'",
            "  echo '  param \"format\" = {baseline, limit, sbe}'",
            "  echo 'org.wireshootout.bench.IexBenchmark.replay'",
            "  if [ -n \"${FAKE_MESSAGES:-}\" ]; then",
            "    echo 'org.wireshootout.bench.MessageBenchmark.roundTrip'",
            "    echo '  param \"format\" = {baseline, limit, sbe}'",
            "    echo '  param \"message\" = {data, quote}'",
            "  fi",
            "  if [ -n \"${FAKE_UNIONS:-}\" ]; then",
            "    echo 'org.wireshootout.bench.UnionBenchmark.roundTrip'",
            "    echo '  param \"format\" = {limit, sbe}'",
            "    echo '  param \"stream\" = {day}'",
            "    echo '  param \"union\" = {iex.IexMessage}'",
            "  fi",
            "  exit 0",
            "fi",
            "echo \"$*\" >> \"$FAKE_LOG\"",
            "if [ -n \"${FAKE_JMH_LOCKED:-}\" ]; then",
            "  echo 'ERROR: Another JMH instance might be running. Unable to acquire the JMH lock (/tmp/jmh.lock), exiting. Use -Djmh.ignoreLock=true to forcefully continue.'",
            "  exit 1",
            "fi",
            "rff=''; format=''; prev=''; out='['",
            "for a in \"$@\"; do",
            "  [ \"$prev\" = -rff ] && rff=$a",
            "  [ \"$prev\" = -p ] && [[ $a == format=* ]] && format=${a#format=}",
            "  prev=$a",
            "done",
            "for a in \"$@\"; do",
            "  case $a in '^'*) b=${a#^}; b=${b%$}; b=${b//\\\\/}",
            "    [ \"$out\" = '[' ] || out+=','",
            "    out+=\"{\\\"benchmark\\\": \\\"$b\\\", \\\"mode\\\": \\\"sample\\\", \\\"params\\\": {\\\"format\\\": \\\"$format\\\"}, \\\"primaryMetric\\\": {\\\"score\\\": 1.0}}\" ;;",
            "  esac",
            "done",
            "echo \"$out]\" > \"$rff\"",
            "exit 0",
            "");

    @TempDir
    Path tmp;
    Path root;
    Path javaTmp;
    Path fakeLog;
    Path results;
    String cpu;

    record Run(int exit, String out, String err) {
        List<String> errLines() {
            List<String> l = new ArrayList<>();
            for (String s : err.split("\n")) if (!s.isBlank() && !s.startsWith("WARNING: CPU") && !s.startsWith("WARNING: so tails")) l.add(s);
            return l;
        }
    }

    @BeforeEach
    void standIn() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")) || Files.isExecutable(Path.of("/bin/taskset")), "run.sh needs taskset");
        root = tmp.resolve("repo");
        Files.createDirectories(root.resolve("microbenchmarks"));
        Files.createDirectories(root.resolve("target"));
        for (String f : List.of("run.sh", "lib.sh")) Files.copy(SCRIPTS.resolve(f), root.resolve("microbenchmarks").resolve(f));
        Files.writeString(root.resolve("target/benchmarks.jar"), "stand-in");
        Files.writeString(root.resolve("target/wire-shootout.jar"), "stand-in");
        Path java = root.resolve("java");
        Files.writeString(java, FAKE_JAVA);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        fakeLog = tmp.resolve("jmh-commands.txt");
        results = tmp.resolve("results");
        // a CPU this process may use (the first one), so run.sh's taskset is allowed
        Process p = new ProcessBuilder("bash", "-c", "taskset -pc $$ | sed 's/.*: *//; s/[-,].*//'").start();
        cpu = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertTrue(cpu.matches("[0-9]+"), "a CPU number: " + cpu);
    }

    private Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("microbenchmarks/run.sh").toString(),
                "--java", root.resolve("java").toString(), "--cpu", cpu, "--results", results.toString(), "--no-report"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        for (String v : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "FAKE_JMH_LOCKED")) pb.environment().remove(v);
        pb.environment().put("FAKE_TMPDIR", javaTmp.toString());
        pb.environment().put("FAKE_LOG", fakeLog.toString());
        pb.environment().putAll(env);
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "run.sh did not finish");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private List<String> jmhCommands() throws IOException {
        return Files.exists(fakeLog) ? Files.readAllLines(fakeLog) : List.of();
    }

    private Path onlyRunDir() throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            List<Path> dirs = s.toList();
            assertEquals(1, dirs.size(), "one run directory: " + dirs);
            return dirs.get(0);
        }
    }

    private boolean noRunDir() throws IOException {
        if (!Files.exists(results)) return true;
        try (Stream<Path> s = Files.list(results)) {
            return s.findAny().isEmpty();
        }
    }

    /** Holds JMH's lock as JMH does (FileChannel.tryLock on java.io.tmpdir/jmh.lock) while {@code body} runs. */
    private <T> T holdingTheLock(java.util.concurrent.Callable<T> body) throws Exception {
        Path lockFile = javaTmp.resolve("jmh.lock");
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
             FileLock lock = ch.tryLock()) {
            assertNotNull(lock);
            return body.call();
        }
    }

    @Test
    void theDefaultRunIsTheRoundTripOverEveryFormatAtSettlingIterationsWithinTheBudget() throws Exception {
        Run r = run(Map.of(), "--budget", "100");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Profile quick: DataBenchmark.roundTrip over 3 formats (the default set; other benchmarks with --bench REGEX or --all)"), r.out());
        List<String> cmds = jmhCommands();
        assertEquals(3, cmds.size(), "one JMH run per format, no no-format group: " + cmds);
        for (String c : cmds) {
            assertTrue(c.contains("DataBenchmark\\.roundTrip$"), c);
            assertFalse(c.contains("encode") || c.contains("IexBenchmark"), "only the round trip: " + c);
            assertTrue(c.contains("-f 1 -wi 5 -w ") && c.contains(" -i 3 -r "), c);
        }
        JsonNode env = ReportFixtures.readJson(onlyRunDir().resolve("env.json"));
        JsonNode plan = env.get("plan");
        assertTrue(plan.get("defaultSet").asBoolean());
        assertTrue(plan.get("iterationMs").asInt() >= 1000, plan.toString());
        assertTrue(plan.get("plannedSeconds").asInt() <= 100, plan.toString());
        assertTrue(r.out().contains("Planned time: about " + fmtSecs(plan.get("plannedSeconds").asInt()) + " of the 1m40s budget"), r.out());
        assertTrue(cmds.get(0).contains("-w " + plan.get("iterationMs").asInt() + "ms"), cmds.get(0));
        assertEquals(List.of("baseline", "limit", "sbe"), fieldNames(env.get("formats")));
        JsonNode load = env.get("machineLoad");
        assertEquals(3, load.get("before").size(), "the 1, 5 and 15 minute load averages before");
        assertEquals(3, load.get("after").size(), "and after");
        assertTrue(load.get("cpus").asInt() > 0);
        assertTrue(load.get("otherJava").isArray());
        for (String f : List.of("baseline", "limit", "sbe")) assertTrue(env.get("formats").get(f).get("loadAfter").isNumber(), f);
    }

    @Test
    void otherBenchmarksAreOptIn() throws Exception {
        Run r = run(Map.of(), "--budget", "1000", "--all");
        assertEquals(0, r.exit(), r.err());
        List<String> cmds = jmhCommands();
        assertEquals(4, cmds.size(), "three formats and the no-format group: " + cmds);
        assertTrue(cmds.get(0).contains("encode") && cmds.get(0).contains("roundTrip"), cmds.get(0));
        assertTrue(r.out().contains("Profile quick: 7 benchmark x format runs over 4 formats"), r.out());
    }

    @Test
    void aBudgetThatCannotHoldThePlanIsRefusedWithTheBudgetItNeeds() throws Exception {
        Run r = run(Map.of(), "--budget", "40");
        assertEquals(2, r.exit(), r.out() + r.err());
        List<String> lines = r.errLines();
        assertEquals(1, lines.size(), "one line: " + lines);
        String line = lines.get(0);
        assertTrue(line.contains("--budget 40 cannot hold the quick plan: DataBenchmark.roundTrip over 3 formats"), line);
        assertTrue(line.contains("40 s holds 1 of the 3 formats"), line);
        String needed = line.replaceAll(".*Give --budget ([0-9]+),.*", "$1");
        assertTrue(noRunDir(), "nothing started");
        assertTrue(jmhCommands().isEmpty());
        Run enough = run(Map.of(), "--budget", needed);
        assertEquals(0, enough.exit(), "the budget it named is enough: " + enough.err());
    }

    @Test
    void anotherJmhRunHoldingTheLockIsSaidInOneLineBeforeAnythingStarts() throws Exception {
        Run r = holdingTheLock(() -> run(Map.of(), "--budget", "100"));
        assertEquals(3, r.exit(), r.out() + r.err());
        List<String> lines = r.errLines();
        assertEquals(1, lines.size(), "one line: " + lines);
        String line = lines.get(0);
        assertTrue(line.startsWith("run.sh: another JMH run holds " + javaTmp.resolve("jmh.lock") + " (pid " + ProcessHandle.current().pid()), line);
        assertTrue(line.contains("--ignore-lock"), "the remedy: " + line);
        assertTrue(noRunDir(), "no results directory");
        assertTrue(jmhCommands().isEmpty(), "no JMH started");
    }

    @Test
    void ignoreLockRunsBesideItAndPassesTheFlagToJmh() throws Exception {
        Run r = holdingTheLock(() -> run(Map.of(), "--budget", "100", "--ignore-lock"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("running beside it as asked (--ignore-lock)"), r.err());
        for (String c : jmhCommands()) assertTrue(c.contains("-Djmh.ignoreLock=true -jar"), "on the host JVM: " + c);
        JsonNode m = ReportFixtures.readJson(onlyRunDir().resolve("env.json")).get("machineLoad");
        long me = ProcessHandle.current().pid();
        assertEquals(me, m.get("jmhLock").get("heldAtStart").get(0).asLong());
        assertTrue(m.get("jmhLock").get("ignored").asBoolean());
        assertEquals("--ignore-lock", m.get("jmhLock").get("ignoredBy").asText());
        boolean seen = false;
        for (JsonNode p : m.get("otherJava")) {
            if (p.get("pid").asLong() == me) {
                seen = true;
                assertTrue(p.get("jmh").asBoolean() && p.get("lockHolder").asBoolean(), p.toString());
            }
        }
        assertTrue(seen, "the lock's holder is among the other java processes: " + m);
    }

    @Test
    void theJavaToolOptionsRemedyWorksAndItsBannerIsNoBenchmark() throws Exception {
        Run r = holdingTheLock(() -> run(Map.of("JAVA_TOOL_OPTIONS", "-Djmh.ignoreLock=true"), "--budget", "100"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("running beside it as asked (JAVA_TOOL_OPTIONS)"), r.err());
        assertTrue(Files.readString(onlyRunDir().resolve("baseline.log")).contains("Picked up JAVA_TOOL_OPTIONS"),
                "every JVM printed the banner (kept in the format's log)");
        JsonNode env = ReportFixtures.readJson(onlyRunDir().resolve("env.json"));
        assertEquals(List.of("baseline", "limit", "sbe"), fieldNames(env.get("formats")), "no bogus no-format group");
        for (JsonNode f : env.get("formats")) assertEquals("ok", f.get("status").asText());
        for (String c : jmhCommands()) assertFalse(c.contains("-Djmh.ignoreLock"), "the environment carries it: " + c);
        assertEquals("JAVA_TOOL_OPTIONS", env.get("machineLoad").get("jmhLock").get("ignoredBy").asText());
    }

    @Test
    void aLockTakenAfterTheStartStopsTheRunWithTheSameLine() throws Exception {
        Run r = run(Map.of("FAKE_JMH_LOCKED", "1"), "--budget", "100");
        assertEquals(3, r.exit(), r.out() + r.err());
        assertEquals(1, jmhCommands().size(), "stopped after the first format");
        assertTrue(r.err().contains("run.sh: another JMH run holds " + javaTmp.resolve("jmh.lock")), r.err());
        assertTrue(r.err().contains("--ignore-lock") && r.err().contains("Stopped after baseline."), r.err());
        JsonNode env = ReportFixtures.readJson(onlyRunDir().resolve("env.json"));
        assertEquals("failed: JMH lock held by another run", env.get("formats").get("baseline").get("status").asText());
        assertEquals("not run", env.get("formats").get("limit").get("status").asText());
        assertEquals("stopped: another JMH run took the JMH lock", env.get("state").asText());
    }

    @Test
    void optionsAfterTheDoubleDashThatSetTheTimingTakeThePlanAway() throws Exception {
        Run r = run(Map.of(), "--budget", "10", "--", "-w", "100ms", "-r", "100ms");
        assertEquals(0, r.exit(), "the user chose the timing: nothing to refuse: " + r.err());
        assertTrue(r.out().contains("Planned time: not planned (options after -- set the timing; --budget is not applied)"), r.out());
    }

    /**
     * {@code -p message=K} after {@code --} runs the message benchmarks over K alone, each format that has a generated
     * row for it (the jar's index), instead of JMH being given run.sh's list of the shapes and K beside it (it would run
     * both, K twice); a format with no row for K is left out, saying so; a key the jar does not hold is refused.
     */
    @Test
    void aMessageGivenAfterTheDoubleDashReplacesTheShapes() throws Exception {
        Path jar = root.resolve("target/benchmarks.jar");
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            z.putNextEntry(new java.util.zip.ZipEntry("META-INF/wireshootout/generated-messages.tsv"));
            z.write(String.join("\n",
                    "message\tdata\tx.Data\tdata.schema", "message\tquote\tx.Quote\tquote.schema",
                    "row\tdata\tsbe\tx.DataSbe", "row\tquote\tsbe\tx.QuoteSbe", "row\tquote\tlimit\tx.QuoteLimit",
                    "cannot\tdata\tlimit\tnot for this test", "").getBytes(StandardCharsets.UTF_8));
        }
        Map<String, String> env = Map.of("FAKE_MESSAGES", "1");
        String[] args = {"--profile", "standard", "--bench", "MessageBenchmark\\.roundTrip$", "--"};

        Run quote = run(env, concat(args, "-f", "1", "-p", "message=quote"));
        assertEquals(0, quote.exit(), quote.err());
        List<String> cmds = jmhCommands();
        assertEquals(2, cmds.size(), "limit and sbe carry quote: " + cmds);
        for (String c : cmds) {
            assertTrue(c.endsWith("-f 1") || c.contains(" -f 1 "), c);
            assertEquals(1, c.split(" -p message=", -1).length - 1, "one message list: " + c);
            assertTrue(c.contains(" -p message=quote "), c);
        }
        assertTrue(quote.err().contains("baseline has no generated row for message quote: left out"), quote.err());

        Files.deleteIfExists(fakeLog);
        Run both = run(env, concat(args, "-p", "message=data,quote"));
        assertEquals(0, both.exit(), both.err());
        cmds = jmhCommands();
        assertEquals(2, cmds.size(), cmds.toString());
        assertTrue(cmds.get(0).contains("-p format=limit -p message=quote "), "limit: the message it carries only: " + cmds.get(0));
        assertTrue(cmds.get(1).contains("-p format=sbe -p message=data,quote "), cmds.get(1));

        Files.deleteIfExists(fakeLog);
        Run unknown = run(env, concat(args, "-p", "message=nosuch"));
        assertEquals(2, unknown.exit(), unknown.out() + unknown.err());
        assertTrue(unknown.err().contains("no message 'nosuch' in ") && unknown.err().contains("(its messages: data, quote)"), unknown.err());
        assertTrue(jmhCommands().isEmpty(), "nothing started");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** lib.sh's fmt_secs: "1m40s", "59s". */
    private static String fmtSecs(int s) {
        return s >= 60 ? (s / 60) + "m" + String.format("%02d", s % 60) + "s" : s + "s";
    }

    /**
     * {@code --message} on a schema with a union: UnionBenchmark runs the union's seeded stream beside MessageBenchmark
     * through the rows the generator wrote a stream for; a row without one runs the messages alone, and says why.
     */
    @Test
    void aUnionInTheUsersSchemaRunsItsSeededStreamThroughTheRowsThatWriteOne() throws Exception {
        Path schema = tmp.resolve("orders.schema");
        Files.writeString(schema, "schema orders\n");
        Map<String, String> env = Map.of("FAKE_MESSAGES", "1", "FAKE_UNIONS", "1", "FAKE_INDEX", String.join("\\n",
                "message\torders.Ack\tx.Ack\torders.schema", "row\torders.Ack\tlimit\tx.AckCodec", "row\torders.Ack\tsbe\tx.AckCodec2",
                "union\torders.Events\tx.Events\torders.schema", "unionrow\torders.Events\tsbe\tx.EventsCodec",
                "unioncannot\torders.Events\tlimit\ta reason given for the test", ""));
        Run r = run(env, "--message", schema.toString(), "--dry-run");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("limit writes no stream of orders.Events: a reason given for the test"), r.out());
        assertTrue(r.out().contains("Unions: orders.Events; rows: sbe"), r.out());
        String sbe = planLine(r.out(), "sbe: ");
        String limit = planLine(r.out(), "limit: ");
        assertTrue(sbe.contains("UnionBenchmark") && sbe.contains("-p union=orders.Events -p stream=seeded"), sbe);
        assertTrue(sbe.contains("MessageBenchmark") && sbe.contains("-p message=orders.Ack"), sbe);
        assertTrue(limit.contains("MessageBenchmark") && limit.contains("-p message=orders.Ack"), limit);
        assertFalse(limit.contains("UnionBenchmark") || limit.contains("union="), limit);
    }

    /**
     * {@code --message} with {@code --formats}: only those libraries' codecs are generated (so that one whose generator
     * fails can be left out), a name that is no library with generated codecs is refused before anything is generated,
     * and a generator that fails stops the run with exit 1, its message shown and the way round it named.
     */
    @Test
    void formatsWithAMessageGenerateOnlyThoseLibraries() throws Exception {
        Path jar = root.resolve("target/benchmarks.jar");
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            z.putNextEntry(new java.util.zip.ZipEntry("META-INF/wireshootout/generated-messages.tsv"));
            z.write(String.join("\n", "message\tdata\tx.Data\tdata.schema", "row\tdata\tsbe\tx.DataSbe", "row\tdata\tlimit\tx.DataLimit", "")
                    .getBytes(StandardCharsets.UTF_8));
        }
        Path schema = tmp.resolve("orders.schema");
        Files.writeString(schema, "schema orders\n");
        Path genLog = tmp.resolve("generator-args.txt");
        Map<String, String> env = Map.of("FAKE_MESSAGES", "1", "FAKE_GEN_LOG", genLog.toString(), "FAKE_INDEX", String.join("\\n",
                "message\torders.Ack\tx.Ack\torders.schema", "row\torders.Ack\tsbe\tx.AckCodec", ""));

        Run r = run(env, "--message", schema.toString(), "--formats", "sbe", "--dry-run");
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readString(genLog).contains(" --formats sbe "), Files.readString(genLog));
        assertTrue(r.out().contains("Messages: orders.Ack; rows: sbe"), r.out());

        Files.delete(genLog);
        Run unknown = run(env, "--message", schema.toString(), "--formats", "sbe,nosuch", "--dry-run");
        assertEquals(2, unknown.exit(), unknown.err());
        assertTrue(unknown.err().contains("--formats: 'nosuch' is not a library with generated codecs (they are sbe,limit)"), unknown.err());
        assertFalse(Files.exists(genLog), "nothing generated");

        Map<String, String> failing = new java.util.HashMap<>(env);
        failing.put("FAKE_GEN_FAULT", "codec generation failed: the generator of row sbe failed (a fault of the generator)");
        Run fault = run(failing, "--message", schema.toString(), "--dry-run");
        assertEquals(1, fault.exit(), fault.err());
        assertTrue(fault.err().contains("the generator of row sbe failed"), fault.err());
        assertTrue(fault.err().contains("where it names a library, --formats can leave that one out"), fault.err());
        assertFalse(Files.exists(root.resolve("target/messages/orders")), "the generator's folder is removed");
    }

    private static String planLine(String out, String start) {
        for (String l : out.split("\n")) if (l.startsWith(start)) return l;
        throw new AssertionError("no line starting '" + start + "' in:\n" + out);
    }
}
