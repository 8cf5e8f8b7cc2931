package org.wireshootout.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The helpers microbenchmarks/run.sh sources, run with bash as the script runs them. */
class RunScriptTest {

    static final Path LIB = Path.of("microbenchmarks", "lib.sh").toAbsolutePath();

    @TempDir
    Path tmp;

    /** Runs {@code script} in bash after sourcing lib.sh, with {@code args} as $1...; returns stdout, fails on a non-zero exit. */
    private static String bash(String script, String... args) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(LIB), LIB + " (tests run from the repository root)");
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", "source \"$0\"; " + script, LIB.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
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
}
