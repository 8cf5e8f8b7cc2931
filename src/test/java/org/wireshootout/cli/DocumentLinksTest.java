package org.wireshootout.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every relative link in the project's documents (the READMEs, CONTRIBUTING.md, docs/ and the runs' NOTES.md) points
 * to a file of the checkout, and every {@code #anchor} to a heading of the file it names: a section that moves
 * leaves no dead link behind.
 */
class DocumentLinksTest {
    /** {@code [text](target)} and {@code ![alt](target)}, the target without spaces or an optional title. */
    static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");

    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(DocumentedCommandsTest.docs());
        try (Stream<Path> s = Files.list(Path.of("results"))) {
            s.map(run -> run.resolve("NOTES.md")).filter(Files::isRegularFile).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens. */
    static Set<String> anchors(Path markdown) throws IOException {
        Set<String> out = new HashSet<>();
        boolean code = false;
        for (String line : Files.readAllLines(markdown, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) code = !code;
            if (code || !line.startsWith("#")) continue;
            out.add(slug(line.replaceFirst("^#+\\s*", "")));
        }
        return out;
    }

    static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    @Test
    void theSlugIsGitHubs() {
        assertTrue(slug("Preparing a machine for the full run").equals("preparing-a-machine-for-the-full-run"));
        assertTrue(slug("The gallery: what goes on the wire").equals("the-gallery-what-goes-on-the-wire"));
        assertTrue(slug("The wire room (`run.sh --wire`)").equals("the-wire-room-runsh---wire"));
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> dead = new ArrayList<>();
        int checked = 0;
        for (Path doc : documents()) {
            List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
            boolean code = false;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("```")) code = !code;
                if (code) continue;
                Matcher m = LINK.matcher(lines.get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z]+:.*")) continue; // https:, mailto:
                    String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                    String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                    Path resolved = file.isEmpty() ? doc : doc.resolveSibling(file).normalize();
                    String where = doc + ":" + (i + 1) + ": " + target;
                    checked++;
                    if (!Files.exists(resolved)) {
                        dead.add(where + " (no " + resolved + ")");
                    } else if (anchor != null && !anchors(resolved).contains(anchor)) {
                        dead.add(where + " (no heading #" + anchor + " in " + resolved + ")");
                    }
                }
            }
        }
        assertTrue(checked >= 20, "found only " + checked + " relative links");
        assertTrue(dead.isEmpty(), "dead links:\n" + String.join("\n", dead));
    }
}
