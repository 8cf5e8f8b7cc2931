package org.wireshootout.wire;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;

/**
 * What one run measured: the latency histogram (from the intended send time, warm-up left out), counts, the
 * offered and achieved rates, back-pressure, where each thread ran, and whether the rate was sustained.
 *
 * <p>Sustained means all three: the offered rate was reached (achieved at least {@value #REACHED} of it), no
 * growing backlog (the median latency of the last tenth of the measured messages is at most twice that of the
 * first tenth, or within {@value #BACKLOG_SLACK_NS} ns of it), and p99 at or under the run's bound.
 *
 * <p>In echo mode ({@link #mode} "echo") every latency is a round trip: sender to echoer and back, both ends timed
 * on the sender's clock.
 */
public final class WireResult {
    static final double REACHED = 0.97;
    static final long BACKLOG_SLACK_NS = 50_000;
    /** The percentiles every result lists, in the order of the seed's tables. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999};

    public final String kind;
    /** "one-way" (latency from the intended send to the receiver's decode) or "echo" (the round trip back to the sender's side). */
    public final String mode;
    public final String format;
    public final String source;
    public final TransportKind transport;
    public final Map<String, Object> transportDetails;
    public final Map<String, String> transportThreads;
    public final double offeredRate;
    public final double achievedRate;
    public final long messages;
    public final long warmupMessages;
    public final long sent;
    public final long received;
    public final long clipped;
    public final long backPressureEvents;
    public final long backPressureRetries;
    public final long maxSendLagNanos;
    public final long finalSendLagNanos;
    public final int maxFrameBytes;
    public final long p99BoundNanos;
    public final long[] windowMedians;
    public final boolean offeredReached;
    public final boolean backlogGrowing;
    public final boolean sustained;
    public final String senderPinning;
    public final String receiverPinning;
    public final String receiverIdle;
    public final Histogram histogram;
    /**
     * Latency from the moment the sender actually started on each message (after waiting for its slot), not from
     * the schedule: what a harness that ignores coordinated omission would report. The gap between the two is
     * the queueing behind stalls.
     */
    public final Histogram fromActualSend;
    public final String loadAverage;
    private double wallSeconds;
    private String echoerPinning;
    private Map<String, Object> replayTimeline;
    /** With --stages: the stages' histograms (schedule lag, encode, hand-off, decode), else null. */
    private final Histogram[] stages;
    private double clockReadNanos = -1;

    WireResult(Payload<?> payload, TransportKind transport, Map<String, Object> transportDetails, Map<String, String> transportThreads,
               WireConfig config, SideFigures.Sender s, SideFigures.Receiver r) {
        Histogram histogram = r.histogram;
        Histogram fromActualSend = r.fromActualSend;
        Histogram[] windows = r.windows;
        long sent = s.sent;
        long firstMeasuredIntended = s.firstMeasuredIntended;
        long lastSendNanos = s.lastSendNanos;
        IdleKind receiverIdle = r.idle;
        this.kind = payload.kind();
        this.mode = config.echo ? "echo" : "one-way";
        this.format = payload.format();
        this.source = payload.source();
        this.transport = transport;
        this.transportDetails = transportDetails;
        this.transportThreads = transportThreads;
        this.offeredRate = config.rate;
        this.messages = config.messages;
        this.warmupMessages = config.warmupMessages;
        this.sent = sent;
        this.received = r.received;
        this.clipped = r.clipped;
        this.backPressureEvents = s.backPressureEvents;
        this.backPressureRetries = s.backPressureRetries;
        this.maxSendLagNanos = s.maxSendLagNanos;
        this.finalSendLagNanos = lastSendNanos - s.lastIntended;
        this.maxFrameBytes = s.maxFrameBytes;
        this.p99BoundNanos = config.p99BoundNanos;
        this.senderPinning = s.pinning;
        this.receiverPinning = r.pinning;
        this.receiverIdle = receiverIdle.name() + (config.receiverIdle == null ? " (auto)" : "");
        this.histogram = histogram;
        this.fromActualSend = fromActualSend;
        this.loadAverage = loadAverage();
        this.stages = r.encode == null ? null : new Histogram[] {r.scheduleLag, r.encode, r.handOff, r.decode};
        long measured = sent - config.warmupMessages;
        double intervalNs = 1e9 / config.rate;
        this.achievedRate = measured <= 0 || firstMeasuredIntended < 0 ? 0
                : measured * 1e9 / (lastSendNanos - firstMeasuredIntended + intervalNs);
        List<Long> medians = new ArrayList<>();
        for (Histogram w : windows) {
            if (w.getTotalCount() > 0) medians.add(w.getValueAtPercentile(50));
        }
        this.windowMedians = medians.stream().mapToLong(Long::longValue).toArray();
        this.offeredReached = achievedRate >= REACHED * offeredRate;
        long first = windowMedians.length == 0 ? 0 : windowMedians[0];
        long last = windowMedians.length == 0 ? 0 : windowMedians[windowMedians.length - 1];
        this.backlogGrowing = last > Math.max(2 * first, first + BACKLOG_SLACK_NS);
        this.sustained = offeredReached && !backlogGrowing && histogram.getTotalCount() > 0
                && histogram.getValueAtPercentile(99) <= p99BoundNanos;
    }

    /** The stage names of {@link #stages()}, in order. */
    public static final java.util.List<String> STAGES = java.util.List.of("scheduleLag", "encode", "handOff", "decode");

    /** With --stages: each stage's histogram in the order of {@link #STAGES}; null otherwise. */
    public Histogram[] stages() {
        return stages;
    }

    /** What one System.nanoTime() read cost in this JVM, measured before the run (--stages), or -1. */
    public double clockReadNanos() {
        return clockReadNanos;
    }

    WireResult withClockRead(double ns) {
        this.clockReadNanos = ns;
        return this;
    }

    /** At a recorded pace: latency along the capture's time ({@link ReplayTimeline}). */
    WireResult withReplayTimeline(Map<String, Object> timeline) {
        this.replayTimeline = timeline;
        return this;
    }

    /** The replay's timeline, or null at a fixed rate. */
    public Map<String, Object> replayTimeline() {
        return replayTimeline;
    }

    WireResult withWallSeconds(double s) {
        this.wallSeconds = s;
        return this;
    }

    public double wallSeconds() {
        return wallSeconds;
    }

    /** Echo mode: where the echoer thread ran ("CPU n ..." in this process, else a word on where it was). */
    WireResult withEchoer(String pinning) {
        this.echoerPinning = pinning;
        return this;
    }

    /** The echoer's pinning, or null in one-way mode. */
    public String echoerPinning() {
        return echoerPinning;
    }

    /** Latency at a percentile, in ns. */
    public long percentile(double p) {
        return histogram.getValueAtPercentile(p);
    }

    public long worst() {
        return histogram.getMaxValue();
    }

    /** The histogram compressed and base64-encoded, as {@link #decodeHistogram} reads it back. */
    public String encodedHistogram() {
        return encode(histogram);
    }

    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    }

    /** Reads back a histogram written by {@link #encodedHistogram}. */
    public static Histogram decodeHistogram(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }

    /** Which threads share which CPU, from the pinning each had ("CPU n" or "not pinned ..."). */
    public Map<String, List<String>> cpuSharing() {
        Map<String, List<String>> byCpu = new TreeMap<>();
        add(byCpu, senderPinning, "sender");
        add(byCpu, receiverPinning, "receiver");
        if (echoerPinning != null && !echoerPinning.contains("own JVM") && !echoerPinning.contains("another process")) {
            add(byCpu, echoerPinning, "echoer");
        }
        transportThreads.forEach((name, pin) -> add(byCpu, pin, name));
        return byCpu;
    }

    private static void add(Map<String, List<String>> byCpu, String pinning, String who) {
        String key = pinning.startsWith("CPU ") ? pinning.split(" ")[0] + " " + pinning.split(" ")[1] : "not pinned";
        byCpu.computeIfAbsent(key, k -> new ArrayList<>()).add(who);
    }

    /** The result as a JSON-ready tree (numbers in ns unless the key says otherwise). */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", 1);
        m.put("payload", kind);
        m.put("mode", mode);
        m.put("latencyIs", mode.equals("echo")
                ? "the round trip: sender -> echoer (decode, re-encode) -> the sender's receiver, both ends on the sender's clock"
                : "one way: intended send -> the receiver's decode, one clock (System.nanoTime) in one machine");
        m.put("format", format);
        m.put("source", source);
        m.put("transport", transport.label());
        m.put("offeredRatePerSecond", offeredRate);
        m.put("achievedRatePerSecond", Math.round(achievedRate));
        m.put("messages", messages);
        m.put("warmupMessages", warmupMessages);
        m.put("sent", sent);
        m.put("received", received);
        m.put("recorded", histogram.getTotalCount());
        m.put("lost", 0);
        m.put("duplicated", 0);
        m.put("corrupted", 0);
        m.put("clippedAt60s", clipped);
        m.put("backPressureEvents", backPressureEvents);
        m.put("backPressureRetries", backPressureRetries);
        m.put("maxSendLagNs", maxSendLagNanos);
        m.put("finalSendLagNs", finalSendLagNanos);
        m.put("maxFrameBytes", maxFrameBytes);
        Map<String, Object> lat = new LinkedHashMap<>();
        for (double p : PERCENTILES) lat.put(pctKey(p), percentile(p));
        lat.put("worst", worst());
        lat.put("min", histogram.getMinValue());
        lat.put("mean", Math.round(histogram.getMean()));
        m.put("latencyNs", lat);
        Map<String, Object> svc = new LinkedHashMap<>();
        for (double p : PERCENTILES) svc.put(pctKey(p), fromActualSend.getValueAtPercentile(p));
        svc.put("worst", fromActualSend.getMaxValue());
        m.put("latencyFromActualSendNs", svc);
        // kept whole so that forks' results can be added together (ForkMerge)
        m.put("fromActualSendHistogram", encode(fromActualSend));
        m.put("loadAverage", loadAverage);
        m.put("windowMediansNs", windowMedians);
        Map<String, Object> sus = new LinkedHashMap<>();
        sus.put("sustained", sustained);
        sus.put("offeredReached", offeredReached);
        sus.put("backlogGrowing", backlogGrowing);
        sus.put("p99BoundNs", p99BoundNanos);
        sus.put("rule", "achieved >= " + REACHED + " x offered; last tenth's median <= max(2 x first tenth's, first + "
                + BACKLOG_SLACK_NS + " ns); p99 <= bound");
        m.put("sustained", sus);
        Map<String, Object> threads = new LinkedHashMap<>();
        threads.put("sender", senderPinning + ", spins to the schedule");
        threads.put("receiver", receiverPinning + ", idle strategy " + receiverIdle);
        if (echoerPinning != null) threads.put("echoer", echoerPinning);
        transportThreads.forEach(threads::put);
        m.put("threads", threads);
        m.put("cpuSharing", cpuSharing());
        m.put("cpusAvailable", Runtime.getRuntime().availableProcessors());
        m.put("transportDetails", transportDetails);
        m.put("wallSeconds", Math.round(wallSeconds * 100) / 100.0);
        if (replayTimeline != null) m.put("replayTimeline", replayTimeline);
        if (stages != null) {
            Map<String, Object> st = new LinkedHashMap<>();
            st.put("how", "the sender reads the clock when it starts on a message (after its wait), and again after the encode; "
                    + "the receiver reads it when the frame is handed to the decoder and after the decode. scheduleLag: start less "
                    + "intended time; encode: the codec writing into the claimed frame; handOff: the header written, the commit, the "
                    + "transport and the poll up to the decoder; decode: the codec reading where the frame lies. Each figure holds "
                    + "one clock read's cost (clockReadNs), which is not taken off");
            st.put("clockReadNs", Math.round(clockReadNanos * 10) / 10.0);
            for (int i = 0; i < STAGES.size(); i++) {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("p50", stages[i].getValueAtPercentile(50));
                one.put("p99", stages[i].getValueAtPercentile(99));
                one.put("worst", stages[i].getMaxValue());
                st.put(STAGES.get(i), one);
            }
            m.put("stagesNs", st);
        }
        m.put("histogram", Map.of("encoding", "HdrHistogram compressed, base64 (Histogram.decodeFromCompressedByteBuffer)",
                "unit", "ns", "data", encodedHistogram()));
        return m;
    }

    /** /proc/loadavg's first three fields (1, 5, 15 minutes), or "unreadable": how busy the machine was. */
    static String loadAverage() {
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Paths.get("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException | RuntimeException e) {
            return "unreadable";
        }
    }

    static String pctKey(double p) {
        String s = Double.toString(p);
        if (s.endsWith(".0")) s = s.substring(0, s.length() - 2);
        return "p" + s;
    }
}
