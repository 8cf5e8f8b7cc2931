package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `bulk --message`: the sizes and times of a generated message's stream per format; rows that cannot carry it named. */
class BulkCommandTest {

    /** Runs bulk with standard output and error both captured into {@code out}. */
    private static int run(StringBuilder out, String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int rc;
        try {
            PrintStream p = new PrintStream(buf, true, StandardCharsets.UTF_8);
            System.setOut(p);
            System.setErr(p);
            rc = new CommandLine(new BulkCommand()).execute(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        out.append(buf.toString(StandardCharsets.UTF_8));
        return rc;
    }

    @Test
    void aGeneratedMessagesStreamPerFormat() {
        StringBuilder out = new StringBuilder();
        assertEquals(0, run(out, "--message", "orderentry", "--records", "50", "--warmup", "0", "--passes", "1", "sbe", "jackson"), out.toString());
        assertTrue(out.toString().contains("Bulk stream of message orderentry"), out.toString());
        assertTrue(out.toString().contains("| sbe |") && out.toString().contains("| jackson |"), out.toString());
    }

    @Test
    void everyRowThatCarriesItAndTheOthersNamed() {
        StringBuilder out = new StringBuilder();
        assertEquals(0, run(out, "--message", "mediacontent", "--records", "5", "--warmup", "0", "--passes", "1"), out.toString());
        assertTrue(out.toString().contains("| protobuf |"), out.toString());
        assertTrue(!out.toString().contains("| sbe |") && out.toString().contains("No row for mediacontent: sbe ("), out.toString());
    }

    @Test
    void aNamedFormatWithNoRowFailsTheRunAndUnknownNamesExitTwo() {
        StringBuilder out = new StringBuilder();
        assertEquals(1, run(out, "--message", "mediacontent", "--records", "5", "--warmup", "0", "--passes", "1", "sbe"), out.toString());
        assertTrue(out.toString().contains("| sbe | no row: "), out.toString());
        assertEquals(2, run(out, "--message", "nosuchmessage"), out.toString());
        assertTrue(out.toString().contains("bulk: no generated message 'nosuchmessage'"), out.toString());
        assertEquals(2, run(out, "--message", "orderentry", "nosuchformat"), out.toString());
        assertEquals(2, run(out, "nosuchformat"), out.toString());
    }
}
