package org.wireshootout.iex;

import org.wireshootout.SampleData;
import org.wireshootout.model.iex.IexMessage;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The shared real captures ({@link SampleData}) and helpers. */
final class IexTestData {
    private IexTestData() {
    }

    static final Path DIR = SampleData.IEX_DIR;
    static final String DEEP_NAME = SampleData.DEEP;
    static final String TOPS_NAME = SampleData.TOPS;

    static Path deep() {
        return SampleData.iex(DEEP_NAME);
    }

    static Path tops() {
        return SampleData.iex(TOPS_NAME);
    }

    static byte[] gunzip(Path p) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
            return in.readAllBytes();
        }
    }

    /** What one read produced: the messages (copies), the stats, or the fault. */
    static final class Outcome {
        final List<IexMessage> messages = new ArrayList<>();
        final List<Long> captureTimestamps = new ArrayList<>();
        IexCaptureStats stats;
        CaptureFormatException fault;

        IexCaptureStats statsOrPartial() {
            IexCaptureStats s = stats != null ? stats : fault.stats();
            return s;
        }
    }

    /** Reads a capture held in memory; any exception other than {@link CaptureFormatException} propagates. */
    static Outcome read(byte[] bytes, String name) throws IOException {
        Outcome o = new Outcome();
        IexListener l = new IexListener() {
            @Override
            public void onSegment(IexTpSegment segment) {
                o.captureTimestamps.add(segment.captureTimestamp());
            }

            @Override
            public void onMessage(IexMessage message) {
                o.messages.add(message.copy());
            }
        };
        try {
            o.stats = IexCaptureReader.read(new ByteArrayInputStream(bytes), name, l);
        } catch (CaptureFormatException e) {
            o.fault = e;
        }
        return o;
    }

    static Outcome read(Path file) throws IOException {
        return read(Files.readAllBytes(file), file.toString());
    }

    static byte[] generate(DeepGenerator g, CaptureWriter.Options options) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        g.write(out, options);
        return out.toByteArray();
    }

    static void assertNoFault(Outcome o) {
        if (o.fault != null) throw new AssertionError("unexpected fault: " + o.fault.getMessage(), o.fault);
        assertNotNull(o.stats);
    }

    /** Fails with the first differing message and field, if any. */
    static void assertSameMessages(List<IexMessage> expected, List<IexMessage> actual) {
        int n = Math.min(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            var f = expected.get(i).firstDifference(actual.get(i));
            if (f != null) {
                throw new AssertionError("message " + i + " differs in " + f + ": expected " + expected.get(i).describe(f)
                        + " but was " + actual.get(i).describe(f) + "\n  expected " + expected.get(i) + "\n  actual   " + actual.get(i));
            }
        }
        if (expected.size() != actual.size()) {
            throw new AssertionError("expected " + expected.size() + " messages but read " + actual.size());
        }
    }
}
