package org.wireshootout.wire;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One transport, several formats and the floor in one run at one offered rate, interleaved in slices
 * ({@link Interleaved}); every message checked as in any run, every latency kept and cut into slices afterwards
 * ({@link PairedFigures}). The result is each format's cost over the floor measured in adjacent slices, which the
 * host's level moves far less than it moves the absolute figures of runs made minutes apart.
 */
public final class PairedRun {
    private PairedRun() {
    }

    /** The result: the figures, and the run as the harness saw it (transport, threads, back-pressure, rates). */
    public record Result(PairedFigures figures, WireResult run, int warmupCycles) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("schema", 1);
            m.put("kind", "paired");
            m.put("payload", run.kind);
            m.put("transport", run.transport.label());
            m.put("source", run.source);
            m.put("offeredRatePerSecond", run.offeredRate);
            m.put("achievedRatePerSecond", run.achievedRate);
            m.put("sliceMessages", figures.schedule().sliceMessages());
            m.put("cycles", figures.cycles());
            m.put("warmupCycles", warmupCycles);
            m.put("schedule", "each cycle: a floor slice, then one slice of each format, their order rotated by one each cycle; "
                    + "the run closes on a floor slice");
            m.put("addedIs", "per cycle: the format's slice median less the mean of the floor slice medians before and after it; "
                    + "median over the cycles, 95 % interval from order statistics");
            m.put("messages", run.messages);
            m.put("sent", run.sent);
            m.put("received", run.received);
            m.put("maxFrameBytes", run.maxFrameBytes);
            m.put("backPressureEvents", run.backPressureEvents);
            m.put("maxSendLagNanos", run.maxSendLagNanos);
            m.put("senderPinning", run.senderPinning);
            m.put("receiverPinning", run.receiverPinning);
            m.put("receiverIdle", run.receiverIdle);
            m.put("transportDetails", run.transportDetails);
            m.put("transportThreads", run.transportThreads);
            m.put("loadAverage", run.loadAverage);
            List<Map<String, Object>> slots = new ArrayList<>();
            for (PairedFigures.Slot s : figures.slots()) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("slot", s.slot());
                o.put("format", s.name());
                o.put("messages", s.messages());
                o.put("p50Ns", s.p50());
                o.put("p99Ns", s.p99());
                o.put("p999Ns", s.p999());
                o.put("worstNs", s.worst());
                if (s.added() != null) {
                    o.put("addedNs", interval(s.added()));
                    o.put("ratio", interval(s.ratio()));
                }
                o.put("sliceMediansNs", s.sliceMedians());
                slots.add(o);
            }
            m.put("slots", slots);
            return m;
        }

        private static Map<String, Object> interval(PairedFigures.Interval i) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("median", i.median());
            m.put("low", i.low());
            m.put("high", i.high());
            m.put("coverage", i.coverage());
            return m;
        }
    }

    /**
     * Runs {@code formats} (payloads of one kind) and the floor over {@code kind} at {@code base}'s rate and CPUs:
     * {@code warmupCycles} cycles sent, checked and not recorded, then {@code cycles} measured and the closing floor slice.
     */
    public static <T> Result run(List<Payload<T>> formats, TransportKind kind, TransportOptions options, WireConfig base,
                                 int sliceMessages, int cycles, int warmupCycles) {
        if (cycles < 1) throw new IllegalArgumentException("a paired run needs at least one measured cycle, not " + cycles);
        if (warmupCycles < 1) throw new IllegalArgumentException("a paired run needs at least one warm-up cycle, not " + warmupCycles);
        Payload<Interleaved.Slotted<T>> payload = Interleaved.of(formats, sliceMessages);
        Interleaved.Schedule schedule = new Interleaved.Schedule(formats.size(), sliceMessages);
        long warmup = (long) warmupCycles * schedule.slotsPerCycle() * sliceMessages;
        long total = warmup + schedule.messages(cycles);
        if (total - warmup > Integer.MAX_VALUE) throw new IllegalArgumentException("a paired run keeps every latency: " + (total - warmup) + " messages are too many");
        long[] latencies = new long[(int) (total - warmup)];
        WireConfig config = base.withMessages(total, warmup);
        WireResult result = new WireRun<>(payload, kind, options, config)
                .recordEach((seq, ns) -> latencies[(int) (seq - warmup)] = ns)
                .run();
        if (result == null) throw new IllegalStateException("the paired run over " + kind.label() + " returned no result");
        List<String> names = new ArrayList<>();
        names.add("floor");
        for (Payload<T> p : formats) names.add(p.format());
        return new Result(PairedFigures.of(schedule, names, warmup, latencies), result, warmupCycles);
    }

    /** The Markdown table of one transport's paired run: the floor, then the formats ranked by their added median. */
    public static String table(Result r) {
        StringBuilder sb = new StringBuilder();
        PairedFigures f = r.figures();
        sb.append("| format | p50 (ns) | p99 (ns) | added over the floor, ns (95 % interval) | ratio to the floor (95 % interval) |\n");
        sb.append("|---|---:|---:|---:|---:|\n");
        PairedFigures.Slot floor = f.slots().get(0);
        sb.append("| floor (no codec) | ").append(floor.p50()).append(" | ").append(floor.p99()).append(" | | |\n");
        List<PairedFigures.Slot> formats = new ArrayList<>(f.slots().subList(1, f.slots().size()));
        formats.sort((a, b) -> Double.compare(a.added().median(), b.added().median()));
        for (PairedFigures.Slot s : formats) {
            sb.append("| ").append(s.name()).append(" | ").append(s.p50()).append(" | ").append(s.p99()).append(" | ")
                    .append(String.format(Locale.ROOT, "%+.0f (%+.0f to %+.0f)", s.added().median(), s.added().low(), s.added().high()))
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%.2f (%.2f to %.2f)", s.ratio().median(), s.ratio().low(), s.ratio().high()))
                    .append(" |\n");
        }
        return sb.toString();
    }

    /** One line for the progress output and the summary's heading: what was run and how. */
    public static String describe(Result r) {
        PairedFigures f = r.figures();
        return String.format(Locale.ROOT, "%s, %s at %s msg/s: %d measured cycles of %d slices of %d messages (after %d warm-up cycles), %d back-pressure events",
                r.run().transport.label(), r.run().kind, WireSweep.rateLabel(r.run().offeredRate), f.cycles(),
                f.schedule().slotsPerCycle(), f.schedule().sliceMessages(), r.warmupCycles(), r.run().backPressureEvents);
    }
}
