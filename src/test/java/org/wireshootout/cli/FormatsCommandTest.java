package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import org.wireshootout.codec.Format;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** `formats` is what run.sh orders formats by: exactly the registry's names, in its order. */
class FormatsCommandTest {

    private static List<String> run(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            assertEquals(0, new CommandLine(new FormatsCommand()).execute(args));
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
        assertEquals(List.of(), run("--library", "no such library"));
    }
}
