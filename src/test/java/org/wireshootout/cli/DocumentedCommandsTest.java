package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every command line the documents show for the project's tools parses: the command exists and takes the options
 * written (placeholders such as {@code <run>} stand for any value, {@code [...]} is usage notation); every
 * option shown for {@code microbenchmarks/run.sh} is one its --help lists.
 */
class DocumentedCommandsTest {
    /** The project's documents: the READMEs, CONTRIBUTING.md and every page under docs/ (a run's NOTES.md records what was run then). */
    static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md"), Path.of("microbenchmarks", "README.md"), Path.of("CONTRIBUTING.md")));
        try (Stream<Path> s = Files.list(Path.of("docs"))) {
            s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }
    static final List<String> TOOL = List.of("target/wire-shootout.jar", "org.wireshootout.cli.Main");

    /** The command lines inside the documents' code blocks, continuation lines joined, comments cut. */
    static List<String> commandLines() throws IOException {
        List<String> out = new ArrayList<>();
        for (Path doc : docs()) {
            boolean code = false;
            StringBuilder pending = new StringBuilder();
            for (String line : Files.readAllLines(doc, StandardCharsets.UTF_8)) {
                if (line.startsWith("```")) {
                    code = !code;
                    continue;
                }
                if (!code) continue;
                String l = line.replaceAll("\\s+#\\s.*$", "");
                if (l.endsWith("\\")) {
                    pending.append(l, 0, l.length() - 1).append(' ');
                    continue;
                }
                out.add(pending.append(l).toString().trim());
                pending.setLength(0);
            }
        }
        return out;
    }

    /** Whitespace-separated words, single quotes kept together (and removed). */
    static List<String> words(String line) {
        List<String> w = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) w.add(cur.toString());
                cur.setLength(0);
                any = false;
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (any) w.add(cur.toString());
        return w;
    }

    @Test
    void everyDocumentedToolCommandParses() throws IOException {
        int checked = 0;
        for (String line : commandLines()) {
            List<String> w = words(line);
            int at = -1;
            for (int i = 0; i < w.size(); i++) if (TOOL.contains(w.get(i))) at = i;
            if (at < 0) continue;
            List<String> args = new ArrayList<>();
            boolean usage = false;
            for (String a : w.subList(at + 1, w.size())) {
                if (a.startsWith("[")) usage = true;
                if (!usage) args.add(a.replaceAll("<[^>]*>", "x"));
                if (a.endsWith("]")) usage = false;
            }
            try {
                new CommandLine(new Main()).parseArgs(args.toArray(new String[0]));
            } catch (CommandLine.ParameterException e) {
                fail("documented command does not parse: " + line + "\n  " + e.getMessage());
            }
            checked++;
        }
        assertTrue(checked >= 5, "found only " + checked + " documented tool commands");
    }

    @Test
    void everyDocumentedRunShOptionExists() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", Path.of("microbenchmarks", "run.sh").toString(), "--help").redirectErrorStream(true).start();
        String help = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), help);
        int checked = 0;
        for (String line : commandLines()) {
            List<String> w = words(line);
            int at = w.indexOf("microbenchmarks/run.sh");
            if (at < 0) continue;
            for (String a : w.subList(at + 1, w.size())) {
                if (a.equals("--")) break;
                if (!a.startsWith("-")) continue;
                assertTrue(help.contains(a), "run.sh --help has no " + a + " (documented: " + line + ")");
                checked++;
            }
        }
        assertFalse(checked == 0, "no documented run.sh option found");
    }
}
