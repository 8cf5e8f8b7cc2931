package org.wireshootout.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Latency along a replay's own time axis: the measured messages of a run at a recorded pace cut into equal spans of
 * the capture's time, each with how many messages the capture sent in it (its rate, at the replay's speed) and the
 * latency of those messages (p50, p99, worst). A burst in the capture shows as a span of high rate, and what it did
 * to latency beside it.
 */
public final class ReplayTimeline {
    /** How many spans the measured part of a replay is cut into. */
    static final int SPANS = 20;

    private ReplayTimeline() {
    }

    /**
     * @param latencies {@code latencies[i]} is message {@code first + i}'s latency (the run's measured messages)
     */
    static Map<String, Object> of(Payload<?> payload, double speed, long first, long[] latencies) {
        int n = latencies.length;
        double[] at = new double[n]; // capture time of each measured message, ns from the replay's first message
        for (int i = 0; i < n; i++) at[i] = payload.recordedAt(first + i);
        double from = n == 0 ? 0 : at[0];
        double to = n == 0 ? 0 : at[n - 1];
        double width = Math.max(1, (to - from) / SPANS);
        List<List<Long>> spans = new ArrayList<>();
        for (int s = 0; s < SPANS; s++) spans.add(new ArrayList<>());
        for (int i = 0; i < n; i++) spans.get((int) Math.min(SPANS - 1, (at[i] - from) / width)).add(latencies[i]);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int s = 0; s < SPANS; s++) {
            List<Long> l = spans.get(s);
            long[] v = l.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(v);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("captureSecondsFrom", s * width / 1e9);
            r.put("messages", v.length);
            // the capture's rate in this span, as the replay sent it (speed times the capture's)
            r.put("replayRatePerSecond", Math.round(v.length / (width / 1e9) * speed));
            r.put("p50Ns", v.length == 0 ? null : v[(int) Math.min(v.length - 1, Math.ceil(0.50 * v.length) - 1)]);
            r.put("p99Ns", v.length == 0 ? null : v[(int) Math.min(v.length - 1, Math.max(0, Math.ceil(0.99 * v.length) - 1))]);
            r.put("worstNs", v.length == 0 ? null : v[v.length - 1]);
            rows.add(r);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("speed", speed);
        m.put("axis", "the capture's own time (IEX-TP segment send times), seconds from the replay's first measured message; "
                + "the replay ran it " + speed + " times faster");
        m.put("spanSeconds", width / 1e9);
        m.put("spans", rows);
        return m;
    }
}
