package org.wireshootout.wire;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.iex.CaptureFormatException;

import java.io.IOException;
import java.io.PrintStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The machine's failures named in one line; a failure's text never breaks a summary row. */
class WireFailuresTest {

    @Test
    void theMachinesFailuresAreNamedWhereverTheyAreInTheChain() throws Exception {
        Path root = Path.of("/dev/shm");
        InternalError sigbus = new InternalError("a fault occurred in a recent unsafe memory access operation in compiled Java code");
        String full = WireFailures.environmental(new WireRunException(WireRunException.Kind.FAILED, -1, "wire-receiver failed", sigbus), root);
        assertTrue(full.contains("SIGBUS") && full.contains("/dev/shm is full"), full);
        String capture = WireFailures.environmental(new CaptureFormatException("x.pcap", 0, "bad magic 0x74686973"), root);
        assertEquals("damaged capture: x.pcap: at byte 0: bad magic 0x74686973", capture);
        assertTrue(WireFailures.environmental(new IOException("No space left on device"), root).contains("/dev/shm is full"));
        assertNull(WireFailures.environmental(new WireRunException(WireRunException.Kind.LOST, 7, "message 7 lost", null), root));
    }

    @Test
    void oneLineAndOneCell() {
        assertEquals("first", WireFailures.oneLine(new IllegalStateException("first\n\tat somewhere")));
        assertEquals("NullPointerException", WireFailures.oneLine(new NullPointerException()));
        assertEquals("a b / c", WireFailures.cell("a\r\nb | c"));
    }

    @Test
    void aFailureWithALineBreakKeepsItsSummaryRowOnOneLine(@TempDir Path temp) throws Exception {
        WireSuite suite = new WireSuite(f -> {
            throw new IllegalArgumentException("refused\nfor a reason | with a bar");
        }, List.of("sbe"), List.of(TransportKind.ring), new double[]{5_000}, 5_000, 0.2, false,
                WireConfig.builder().rate(5_000).seconds(0.2).build(), TransportOptions.builder().tempRoot(temp).build(), temp.resolve("out"),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new LinkedHashMap<>());
        assertEquals(1, suite.run());
        List<String> rows = Files.readAllLines(temp.resolve("out").resolve("summary.md")).stream().filter(l -> l.startsWith("| sbe")).toList();
        assertEquals(1, rows.size(), rows.toString());
        assertTrue(rows.get(0).contains("refused for a reason / with a bar") && rows.get(0).endsWith("|"), rows.get(0));
        assertEquals(WireProgress.FINISHED, WireProgress.readFrom(temp.resolve("out")).state());
    }
}
