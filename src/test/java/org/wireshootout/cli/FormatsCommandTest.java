package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `formats` is what run.sh orders formats by: exactly the registry's names, in its order. */
class FormatsCommandTest {

    private static List<String> run(String... args) {
        return run(0, args);
    }

    private static List<String> run(int status, String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            assertEquals(status, new CommandLine(new FormatsCommand()).execute(args));
        } finally {
            System.setOut(saved);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }

    @Test
    void printsTheRegistryInOrder() {
        List<String> expected = new ArrayList<>();
        for (Format f : Format.values()) expected.add(f.name());
        assertEquals(expected, run());
    }

    @Test
    void filtersByLibrary() {
        String library = Format.limit.labels().library;
        List<String> expected = new ArrayList<>();
        for (Format f : Format.values()) if (f.labels().library.equals(library)) expected.add(f.name());
        assertEquals(expected, run("--library", library));
    }

    @Test
    void anUnknownLibraryIsAnErrorThatListsTheLibraries() {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(List.of(), run(2, "--library", "no such library"));
        } finally {
            System.setErr(saved);
        }
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith("formats: no library 'no such library'; libraries: "), e);
        for (Format f : Format.values()) assertTrue(e.contains(f.labels().library), f.labels().library);
    }

    @Test
    void iexListsTheIexRegistryAndLongAddsTheLabels() {
        List<String> expected = new ArrayList<>();
        for (IexFormat f : IexFormat.values()) expected.add(f.name());
        assertEquals(expected, run("--iex"));
        List<String> lines = run("--iex", "-l");
        for (int i = 0; i < lines.size(); i++) {
            String[] cells = lines.get(i).split("\t");
            IexFormat f = IexFormat.values()[i];
            assertEquals(List.of(f.name(), f.labels().library, f.labels().displayName), List.of(cells[0], cells[1], cells[2]));
        }
    }

    /** docs/formats.md shows the formats table exactly as {@code formats --markdown} prints it for this build. */
    @Test
    void theFormatsDocumentShowsTheTableAsPrinted() throws java.io.IOException {
        String table = String.join("\n", run("--markdown")) + "\n";
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("docs", "formats.md"), StandardCharsets.UTF_8);
        assertTrue(doc.contains(table), "docs/formats.md's formats table differs from this build's; paste the output of "
                + "`java -jar target/wire-shootout.jar formats --markdown`:\n" + table);
    }
}
