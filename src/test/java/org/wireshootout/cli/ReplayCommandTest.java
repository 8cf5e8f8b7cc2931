package org.wireshootout.cli;

import org.wireshootout.SampleData;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The replay command on the small real TOPS sample: in this JVM, in forked JVMs, and with bad arguments. */
class ReplayCommandTest {
    private static final Path TOPS = SampleData.IEX_DIR.resolve(SampleData.TOPS);

    private static int run(ByteArrayOutputStream out, String... args) {
        PrintStream saved = System.out;
        PrintStream savedErr = System.err;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            return new CommandLine(new Main()).execute(args);
        } finally {
            System.setOut(saved);
            System.setErr(savedErr);
        }
    }

    @Test
    void inProcessOnTheRealSample() {
        assumeTrue(Files.isReadable(TOPS), "the shared TOPS sample is absent");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = run(out, "replay", "--in-process", "--formats", "limit,capnpPacked,binaryWire", "--warmup-passes", "1", "--warmup-millis", "0", TOPS.toString());
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, report);
        // the capture's third packet is cut off: only the 53 messages of its complete packets are replayed
        assertTrue(report.contains("53 messages (every message of the capture's complete packets)"), report);
        assertTrue(report.contains("| capnpPacked | equal to the reference |"), report);
    }

    /** The real DEEP sample: 11,309 symbols, all of its 48,325 messages in complete packets. */
    @Test
    void inProcessOnTheDeepSample() {
        Path deep = SampleData.IEX_DIR.resolve(SampleData.DEEP);
        assumeTrue(Files.isReadable(deep), "the shared DEEP sample is absent");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = run(out, "replay", "--in-process", "--formats", "iexWire,msgpack", "--warmup-passes", "0", "--warmup-millis", "0", deep.toString());
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, report);
        assertTrue(report.contains("48,325 messages (every message of the capture's complete packets)"), report);
        assertTrue(report.contains("11,309 symbols; 37 trade reports"), report);
        assertTrue(report.contains("| msgpack | equal to the reference |"), report);
    }

    @Test
    void forkedJvmPerFormat() {
        assumeTrue(Files.isReadable(TOPS), "the shared TOPS sample is absent");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = run(out, "replay", "--formats", "sbe,jackson", "--warmup-passes", "1", "--warmup-millis", "0", TOPS.toString());
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, report);
        assertTrue(report.contains("each in a JVM of its own"), report);
        assertTrue(report.contains("| sbe | equal to the reference |") && report.contains("| jackson | equal to the reference |"), report);
    }

    @Test
    void badArguments() {
        assertEquals(2, run(new ByteArrayOutputStream(), "replay", "--in-process", "--formats", "nope"));
        assertEquals(2, run(new ByteArrayOutputStream(), "replay", "--in-process", "--warmup-passes", "-1"));
        assertEquals(2, run(new ByteArrayOutputStream(), "replay", "--in-process", "--warmup-millis", "-1"));
        assertEquals(2, run(new ByteArrayOutputStream(), "replay", "--in-process", "no-such-file.pcap"));
    }
}
