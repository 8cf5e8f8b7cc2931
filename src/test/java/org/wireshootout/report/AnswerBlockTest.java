package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wireshootout.report.ReportFixtures.assertShown;
import static org.wireshootout.report.ReportFixtures.percentile;

/**
 * The answer block: its ranked table carries the run's own figures in p50 order, rows whose p50 spreads overlap
 * share a rank, the sentence names the frontier and the fastest rows, the last line names the run; and the project README
 * shows exactly the block of the run it names, near its top.
 */
class AnswerBlockTest {
    /** The README's markers around the generated block; the opening one names the command that prints it. */
    static final Pattern OPEN = Pattern.compile("<!-- answer: java -jar target/wire-shootout\\.jar answer (results/[^ ]+) -->");
    static final String CLOSE = "<!-- /answer -->";
    /** The answer must begin within this many lines of the README's top. */
    static final int ANSWER_WITHIN = 40;
    static final int README_MAX_LINES = 300;

    @TempDir
    Path tmp;

    private static JsonNode roundTrip(Path file) {
        for (JsonNode r : ReportFixtures.readJson(file)) if (ReportFixtures.shortName(r).equals(ReportWriter.REFERENCE_BENCHMARK)) return r;
        throw new AssertionError("no round trip in " + file);
    }

    @Test
    void theTableRanksTheRunsFiguresAndTiesShareARank() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        ReportFixtures.cloneFormat(dir, "limit", "sbe", 1.5);
        ReportFixtures.cloneFormat(dir, "limit", "protobuf", 1.5);
        ReportFixtures.cloneFormat(dir, "limit", "jackson", 4);
        String md = new AnswerBlock(RunDirectory.read(dir)).markdown();

        List<Map<String, String>> t = ReportFixtures.table("#\n" + md, "#");
        assertEquals(List.of("limit", "protobuf", "sbe", "jackson"), t.stream().map(r -> r.get("Format")).toList(), md);
        assertEquals(List.of("1", "2=", "2=", "4"), t.stream().map(r -> r.get("Rank")).toList(), "overlapping p50 spreads share a rank:\n" + md);
        for (String f : List.of("limit", "sbe", "protobuf", "jackson")) {
            JsonNode r = roundTrip(dir.resolve(f + ".json"));
            Map<String, String> shown = t.stream().filter(x -> x.get("Format").equals(f)).findFirst()
                    .orElseThrow(() -> new AssertionError("no row " + f + " in\n" + md));
            assertShown(percentile(r, "50.0"), shown.get("p50 (ns)"), f + " p50");
            assertShown(percentile(r, "99.0"), shown.get("p99 (ns)"), f + " p99");
        }
        Map<String, String> sbe = t.get(2);
        assertEquals("46", sbe.get("Bytes per message"), md);
        assertEquals("binary", sbe.get("Text or binary"), md);
        assertEquals("none", sbe.get("Safety notes"), md);
        assertEquals("reference", t.get(0).get("Text or binary"), md);
        assertFalse(md.contains("| baseline |"), "the harness alone is not ranked:\n" + md);

        String sentence = md.substring(0, md.indexOf('\n'));
        // protobuf: as fast as sbe and smaller; jackson: slower and bigger; limit: the floor, never on the frontier
        assertTrue(sentence.contains("frontier of speed and size (no other format both faster at the median and smaller) is `protobuf` ("), sentence);
        assertTrue(sentence.contains("fastest round trips are `protobuf` (") && sentence.contains("`sbe` (") && sentence.contains("and `jackson` ("), sentence);
        assertTrue(sentence.contains("ns for the hand-written `limit` floor and "), sentence);
        assertTrue(sentence.endsWith(" ns for the harness alone (`baseline`)."), sentence);

        String source = md.substring(md.lastIndexOf("\n\n") + 2);
        assertTrue(source.startsWith("`DataBenchmark.roundTrip` from `results/run`"), source);
        assertTrue(source.contains("2 forks"), source);
        assertTrue(source.contains("CPU 1 (not isolated) of a 2-core AMD EPYC virtual machine"), source);
        assertTrue(source.contains("commit 0bb82ed with uncommitted changes"), source);
        assertTrue(source.contains("started 2026-11-21T20:38:35Z"), source);
    }

    @Test
    void aRunWithoutARoundTripHasNoAnswer() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        for (String f : List.of("baseline", "limit")) ReportFixtures.retarget(dir.resolve(f + ".json"), "roundTrip", "DataBenchmark.encode", Map.of());
        AnswerBlock a = new AnswerBlock(RunDirectory.read(dir));
        assertFalse(a.hasAnswer());
        IllegalStateException e = assertThrows(IllegalStateException.class, a::markdown);
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    }

    /** The README's answer is the block the command prints for the run the README names, and it comes first. */
    @Test
    void theReadmeAnswerIsTheCommittedRunsBlock() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8);
        assertTrue(lines.size() <= README_MAX_LINES, "README.md has " + lines.size() + " lines; at most " + README_MAX_LINES);
        int open = -1;
        int close = -1;
        Matcher m = null;
        for (int i = 0; i < lines.size(); i++) {
            Matcher x = OPEN.matcher(lines.get(i));
            if (open < 0 && x.find()) {
                open = i;
                m = x;
            } else if (open >= 0 && lines.get(i).equals(CLOSE)) {
                close = i;
                break;
            }
        }
        assertTrue(open >= 0, "README.md has no line matching " + OPEN.pattern());
        assertTrue(close > open, "README.md has no " + CLOSE + " after line " + (open + 1));
        assertTrue(open + 1 < ANSWER_WITHIN, "README.md's answer starts at line " + (open + 2) + "; it must be within the first " + ANSWER_WITHIN);
        Path run = Path.of(m.group(1));
        assertTrue(Files.isDirectory(run), "README.md names " + run + ", which is not a folder of this checkout");
        String shown = String.join("\n", lines.subList(open + 1, close)).strip();
        String printed = new AnswerBlock(RunDirectory.read(run)).markdown().strip();
        assertEquals(printed, shown, "README.md's answer differs from the one computed from " + run
                + "; paste the output of `java -jar target/wire-shootout.jar answer " + run + "` between the markers");
        String readme = String.join("\n", lines);
        assertTrue(readme.contains("(" + run + "/report.md)"), "README.md does not link the run it answers from: " + run + "/report.md");
    }
}
