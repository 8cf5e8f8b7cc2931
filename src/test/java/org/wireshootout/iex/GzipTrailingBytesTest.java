package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.cli.Main;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes after the last gzip member that are not the start of another member are trailing garbage: a fault
 * naming the compressed offset, and a non-zero exit from {@code stats}; never "cut short" with exit 0. Only a
 * lone {@code 1f} (the first byte of a member's magic) is a member cut short. Crafted files in a temporary folder.
 */
class GzipTrailingBytesTest {

    @TempDir
    Path tmp;

    private static byte[] capture() throws IOException {
        return CaptureFaultsTest.gzip(IexTestData.generate(new DeepGenerator(31, 400, 12), new CaptureWriter.Options()));
    }

    @Test
    void everyStrayByteThatIsNotAMemberStartIsAFaultAtItsOffset() throws IOException {
        byte[] gz = capture();
        IexTestData.Outcome clean = IexTestData.read(gz, "clean.pcap.gz");
        IexTestData.assertNoFault(clean);
        assertFalse(clean.stats.compressedStreamCutShort());
        for (int b = 0; b < 256; b++) {
            if (b == 0x1f) continue;
            for (int extra = 1; extra <= 3; extra++) {
                byte[] damaged = HandBuilt.concat(gz, new byte[extra]);
                for (int i = 0; i < extra; i++) damaged[gz.length + i] = (byte) b;
                String name = String.format("stray-%02x-%d.pcap.gz", b, extra);
                IexTestData.Outcome o = IexTestData.read(damaged, name);
                assertNotNull(o.fault, name + ": read without a fault; cut short " + (o.stats != null && o.stats.compressedStreamCutShort()));
                assertTrue(o.fault.getMessage().startsWith(name + ": "), o.fault.getMessage());
                assertTrue(o.fault.getMessage().contains("compressed byte " + gz.length), o.fault.getMessage());
                assertTrue(o.fault.getMessage().contains("not the gzip magic"), o.fault.getMessage());
                assertEquals(clean.stats.messages(), o.fault.stats().messages(), name + ": everything before the garbage is read");
            }
        }
    }

    @Test
    void aLoneFirstMagicByteIsAMemberCutShort() throws IOException {
        byte[] gz = capture();
        IexTestData.Outcome o = IexTestData.read(HandBuilt.concat(gz, new byte[] {0x1f}), "cut.pcap.gz");
        assertNull(o.fault, () -> o.fault.getMessage());
        assertTrue(o.stats.compressedStreamCutShort());
    }

    @Test
    void statsExitsNonZeroNamingTheFileAndOffset() throws IOException {
        byte[] gz = capture();
        Path file = tmp.resolve("stray.pcap.gz");
        Files.write(file, HandBuilt.concat(gz, new byte[] {0x00}));
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = new CommandLine(new Main()).execute("stats", file.toString());
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, o + err);
        assertTrue(o.contains("ERROR") && o.contains(file.toString()) && o.contains("compressed byte " + gz.length), o);
        assertFalse(o.contains("cut short"), o);
        assertFalse(o.contains("parse rate"), "no parse rate after a fault: " + o);
    }

    @Test
    void statsOfAFileThatIsNoCaptureStopsAtTheError() throws IOException {
        Path file = tmp.resolve("notes.md");
        Files.writeString(file, "# not a capture\n");
        PrintStream savedOut = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            code = new CommandLine(new Main()).execute("stats", file.toString());
        } finally {
            System.setOut(savedOut);
        }
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, o);
        assertTrue(o.contains("not a capture file"), o);
        assertFalse(o.contains("parse rate") || o.contains("decoded 0 messages"), o);
    }
}
