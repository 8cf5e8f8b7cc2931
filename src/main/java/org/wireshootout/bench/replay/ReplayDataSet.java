package org.wireshootout.bench.replay;

import org.wireshootout.iex.DeepGenerator;
import org.wireshootout.iex.IexCaptureReader;
import org.wireshootout.iex.IexListener;
import org.wireshootout.iex.IexTpSegment;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The messages the replay runs on: every message of the complete packets of a capture (those of a packet cut
 * off by the end of the file are left out), or, when no capture is given, the generated default day
 * ({@link DeepGenerator#defaultDataSet()}: seed {@value DeepGenerator#DEFAULT_SEED},
 * {@value DeepGenerator#DEFAULT_MESSAGES} messages).
 */
public final class ReplayDataSet {
    /** The capture path, or null for the generated day. */
    public final String capture;
    public final List<IexMessage> messages;

    private ReplayDataSet(String capture, List<IexMessage> messages) {
        this.capture = capture;
        this.messages = Collections.unmodifiableList(messages);
    }

    public static ReplayDataSet load(String capture) throws IOException {
        if (capture == null || capture.isBlank()) {
            return new ReplayDataSet(null, DeepGenerator.defaultDataSet());
        }
        List<IexMessage> out = new ArrayList<>();
        IexCaptureReader.read(Path.of(capture), new IexListener() {
            private boolean complete;

            @Override
            public void onSegment(IexTpSegment segment) {
                complete = !segment.truncated();
            }

            @Override
            public void onMessage(IexMessage message) {
                if (complete) out.add(message.copy());
            }
        });
        return new ReplayDataSet(capture, out);
    }

    /** Of these messages, directly (for tests and other callers that have them). */
    public static ReplayDataSet of(String name, List<IexMessage> messages) {
        return new ReplayDataSet(name, new ArrayList<>(messages));
    }

    /** "capture X" or "the generated default day (...)" */
    public String name() {
        return capture != null ? capture : "the generated default day (DeepGenerator seed " + DeepGenerator.DEFAULT_SEED
                + ", " + DeepGenerator.DEFAULT_SYMBOLS + " symbols)";
    }

    /** Message counts by type, most frequent first, e.g. "P 11,594, O 11,317, ...". */
    public String typeCounts() {
        Map<IexMessageType, Integer> counts = new EnumMap<>(IexMessageType.class);
        for (IexMessage m : messages) counts.merge(m.type(), 1, Integer::sum);
        List<Map.Entry<IexMessageType, Integer>> e = new ArrayList<>(counts.entrySet());
        e.sort((a, b) -> b.getValue() - a.getValue());
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<IexMessageType, Integer> x : e) {
            sb.append(sb.length() == 0 ? "" : ", ").append(x.getKey().code()).append(' ').append(String.format("%,d", x.getValue()));
        }
        return sb.toString();
    }
}
