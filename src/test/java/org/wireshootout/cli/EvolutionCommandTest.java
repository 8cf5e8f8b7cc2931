package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `evolution --json DIR`: one line naming the problem, no stack trace. */
class EvolutionCommandTest {

    @Test
    void aDirectoryForJsonIsOneLine(@TempDir Path temp) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            rc = new CommandLine(new EvolutionCommand()).execute("--format", "sbe", "--json", temp.toString());
        } finally {
            System.setErr(saved);
        }
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, rc, text);
        assertTrue(text.startsWith("evolution: --json " + temp + " is a directory"), text);
        assertEquals(1, text.strip().lines().count(), text);
    }
}
