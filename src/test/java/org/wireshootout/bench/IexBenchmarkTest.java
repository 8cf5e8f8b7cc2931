package org.wireshootout.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.wireshootout.SampleData;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.iex.IexDataSet;
import org.wireshootout.model.iex.IexMessage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The IEX benchmark's state, driven by hand: settings inherited, every message cycled through and decoded intact. */
class IexBenchmarkTest {
    private static final Path TOPS = SampleData.IEX_DIR.resolve(SampleData.TOPS);

    @Test
    void sharesTheRunSettings() throws Exception {
        assertTrue(BenchmarkDefaults.class.isAssignableFrom(IexBenchmark.class));
        assertNull(IexBenchmark.class.getDeclaredAnnotation(Fork.class), "must not declare its own @Fork");
        Param format = IexBenchmark.class.getField("format").getAnnotation(Param.class);
        assertArrayEquals(new String[] {Param.BLANK_ARGS}, format.value(), "no values: JMH takes every IexFormat");
        assertArrayEquals(new String[] {""}, IexBenchmark.class.getField("capture").getAnnotation(Param.class).value(),
                "default: the generated day");
    }

    /** Every format over the real TOPS sample (it has quote updates), twice round the cycle. */
    @ParameterizedTest
    @EnumSource(IexFormat.class)
    void cyclesThroughEveryMessage(IexFormat format) throws Exception {
        assumeTrue(Files.isReadable(TOPS), "the shared TOPS sample is absent");
        List<IexMessage> messages = IexDataSet.load(TOPS.toString());
        IexBenchmark b = new IexBenchmark();
        b.format = format;
        b.capture = TOPS.toString();
        b.setUp();
        int n = messages.size();
        for (int k = 0; k < 2 * n; k++) {
            IexMessage expected = messages.get(k % n);
            IexMessage decoded = b.decode();
            assertNull(expected.firstDifference(decoded), format + " decode of message " + k % n);
        }
        for (int k = 0; k < n; k++) {
            assertTrue(b.encode() > 0); // message 2k, then the round trip takes the next one
            IexMessage expected = messages.get((2 * k + 1) % n);
            assertNull(expected.firstDifference(b.roundTrip()), format + " roundTrip of message " + (2 * k + 1) % n);
        }
    }

    @Test
    void generatedDayByDefault() throws Exception {
        IexBenchmark b = new IexBenchmark();
        b.format = IexFormat.sbe;
        b.capture = "";
        b.setUp();
        IexMessage first = b.decode();
        List<IexMessage> day = IexDataSet.load("");
        assertEquals(100_000, day.size());
        assertNull(day.get(0).firstDifference(first), "the first message of the generated day");
    }

    @Test
    void aMissingCaptureIsRefused() {
        IexBenchmark b = new IexBenchmark();
        b.format = IexFormat.limit;
        b.capture = "no-such-capture.pcap";
        assertThrows(RuntimeException.class, b::setUp);
    }
}
