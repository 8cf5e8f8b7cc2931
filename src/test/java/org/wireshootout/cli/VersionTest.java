package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code -V} prints the version line (it used to print nothing), for the tool and for its commands. */
class VersionTest {

    private static String run(Object command) {
        PrintStream saved = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            assertEquals(0, new CommandLine(command).execute("-V"));
        } finally {
            System.setOut(saved);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void dashVPrintsTheVersionAndTheJvm() {
        for (Object c : new Object[] {new Main(), new ReportCommand(), new CompareCommand(), new FormatsCommand()}) {
            String out = run(c);
            assertTrue(out.startsWith("Wire Shootout " + Version.projectVersion() + "\n"), c.getClass().getSimpleName() + ": " + out);
            assertTrue(out.contains("JVM: " + System.getProperty("java.vm.name")), out);
        }
    }
}
