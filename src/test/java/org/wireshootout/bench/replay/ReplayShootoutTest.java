package org.wireshootout.bench.replay;

import org.junit.jupiter.api.Test;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.iex.DeepGenerator;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay in one JVM on a small generated day: every format passes; a format that decodes another market fails by name. */
class ReplayShootoutTest {
    private static final List<IexMessage> DAY = new DeepGenerator(DeepGenerator.DEFAULT_SEED, 5_000).messages();

    @Test
    void everyFormatMatchesTheReference() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReplayShootout s = new ReplayShootout(ReplayDataSet.of("test day", DAY), List.of(IexFormat.values()), 1, 0, true,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        boolean ok = s.run();
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(ok, report);
        assertTrue(report.contains("| Schema | Median | 99th | 99.9th | Max | Total |"), report);
        assertTrue(report.contains("### Deserialize"), report);
        assertTrue(report.contains("Every format's aggregates equal the reference."), report);
        for (IexFormat f : IexFormat.values()) assertTrue(report.contains("| " + f.name() + " | equal to the reference |"), report);
        List<FormatResult> results = s.results();
        assertEquals(IexFormat.values().length, results.size());
        for (FormatResult r : results) {
            assertTrue(r.ok(), r.failure);
            assertEquals(DAY.size(), r.messages);
            assertEquals(DAY.size(), r.serialize.getTotalCount(), "one serialize sample per message");
            assertEquals(DAY.size(), r.deserialize.getTotalCount(), "one deserialize sample per message");
            assertTrue(r.serializeTotalNanos > 0 && r.deserializeTotalNanos > 0);
            assertTrue(r.totalBytes >= (long) r.minBytes * DAY.size() && r.totalBytes <= (long) r.maxBytes * DAY.size());
        }
        long iexBytes = 0;
        for (IexMessage m : DAY) iexBytes += m.type().wireLength();
        assertEquals(iexBytes, results.get(IexFormat.iexWire.ordinal()).totalBytes, "iexWire bytes are the IEX lengths");
    }

    /** Results measured on the real day, reported against a day in which one trade's size differs. */
    @Test
    void aDifferentMarketFailsNamingTheFormat() throws Exception {
        FormatResult sbe = FormatRun.measure(IexFormat.sbe, DAY, 0, 0);
        assertTrue(sbe.ok(), sbe.failure);
        List<IexMessage> other = new ArrayList<>(DAY);
        int i = 0;
        while (other.get(i).type() != IexMessageType.TRADE_REPORT) i++;
        IexMessage t = other.get(i).copy();
        other.set(i, t.setSize(t.size() + 1));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReplayShootout s = new ReplayShootout(ReplayDataSet.of("altered day", other), List.of(IexFormat.sbe), 0, 0, true,
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertFalse(s.report(List.of(sbe)));
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("| sbe | DIFFERENT: symbol \"" + t.symbol() + "\""), report);
        assertTrue(report.contains("FAILED: sbe"), report);
    }

    @Test
    void warmUpPasses() {
        assertEquals(0, FormatRun.measure(IexFormat.limit, DAY, 0, 0).warmupPasses, "both 0: no warm-up");
        int passes = FormatRun.measure(IexFormat.limit, DAY, 3, 0).warmupPasses;
        assertTrue(passes >= 3 && passes <= 3 + FormatRun.MAX_EXTRA_PASSES, "passes " + passes);
        long start = System.nanoTime();
        FormatResult timed = FormatRun.measure(IexFormat.limit, DAY, 1, 300);
        assertTrue(System.nanoTime() - start >= 300_000_000L, "at least the minimum warm-up time");
        assertTrue(timed.warmupPasses > 1, "a 5,000-message pass takes far less than 300 ms: " + timed.warmupPasses);
    }

    @Test
    void aFailedFormatFailsTheRun() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReplayShootout s = new ReplayShootout(ReplayDataSet.of("day", DAY), List.of(IexFormat.limit), 0, 0, true,
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertFalse(s.report(List.of(FormatResult.failed("limit", "message 3 came back with price = 1"))));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("| limit | FAILED: message 3 came back with price = 1 |"));
    }
}
