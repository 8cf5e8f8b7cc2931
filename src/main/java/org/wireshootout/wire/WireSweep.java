package org.wireshootout.wire;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One payload over one transport at a list of offered rates, lowest first, each a separate run (fresh
 * transport, same payload and codecs' format): the latency-versus-rate curve and the highest rate sustained.
 * Above the table's rate (which always runs) the sweep stops at the first rate that is not sustained (or
 * fails), unless told to run every rate.
 */
public final class WireSweep {
    private final List<WireResult> points = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();
    // kept apart from the points so that a cell whose every rate failed still says what it was
    private String kind;
    private String format;
    private String transport;

    /** How one point is run: in this JVM ({@link WireRun}) or across JVMs ({@link CrossProcess}). */
    public interface Runner {
        WireResult run(Payload<?> payload, TransportKind transport, TransportOptions options, WireConfig config);
    }

    /** Echo mode across two hosts: runs the echoer's side of one run ({@link WireRun#runEchoerOnly}). */
    public interface EchoerRunner {
        void echo(Payload<?> payload, TransportKind transport, TransportOptions options, WireConfig config);
    }

    /** The in-process runner. */
    public static final Runner IN_PROCESS = (payload, transport, options, config) -> new WireRun<>(payload, transport, options, config).run();

    /** Runs {@code rates} (ascending) with {@code base}'s other settings; {@code progress} gets each point or failure as a line. */
    public static <T> WireSweep run(Payload<T> payload, TransportKind transport, TransportOptions options, WireConfig base,
                                    double[] rates, double tableRate, double seconds, boolean everyRate, Consumer<String> progress) {
        return run(IN_PROCESS, payload, transport, options, base, rates, tableRate, seconds, everyRate, progress);
    }

    public static <T> WireSweep run(Runner runner, Payload<T> payload, TransportKind transport, TransportOptions options, WireConfig base,
                                    double[] rates, double tableRate, double seconds, boolean everyRate, Consumer<String> progress) {
        WireSweep sweep = new WireSweep();
        sweep.kind = payload.kind();
        sweep.format = payload.format();
        sweep.transport = transport.label();
        boolean stop = false;
        for (double rate : rates) {
            if (stop && rate != tableRate) {
                sweep.skipped.add(rateLabel(rate));
                continue;
            }
            WireConfig config = base.atRate(rate, seconds);
            try {
                WireResult r = runner.run(payload, transport, options, config);
                sweep.points.add(r);
                progress.accept(line(r));
                if (!r.sustained && !everyRate && rate >= tableRate) stop = true;
            } catch (RuntimeException | InternalError e) {
                String cause = WireFailures.environmental(e, options == null ? null : options.tempRoot());
                if (cause != null) throw new WireFailures.Abort(cause, e);
                String why = payload.format() + " over " + transport.label() + " at " + rateLabel(rate) + " msg/s FAILED: " + WireFailures.oneLine(e);
                sweep.failures.add(why);
                progress.accept(why);
                if (rate >= tableRate) stop = true;
            }
        }
        return sweep;
    }

    public List<WireResult> points() {
        return points;
    }

    public List<String> failures() {
        return failures;
    }

    /** The highest offered rate that was sustained, or 0 when none was. */
    public double highestSustainedRate() {
        double best = 0;
        for (WireResult r : points) if (r.sustained) best = Math.max(best, r.offeredRate);
        return best;
    }

    /** The point at {@code rate}, or null when that rate was not run (or failed). */
    public WireResult at(double rate) {
        for (WireResult r : points) if (r.offeredRate == rate) return r;
        return null;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("payload", kind);
        m.put("format", format);
        m.put("transport", transport);
        m.put("highestSustainedRatePerSecond", highestSustainedRate());
        m.put("failures", failures);
        m.put("ratesNotRun", skipped);
        List<Map<String, Object>> pts = new ArrayList<>();
        for (WireResult r : points) pts.add(r.toJson());
        m.put("points", pts);
        return m;
    }

    static String line(WireResult r) {
        return basicLine(r) + stagesLine(r);
    }

    /** With --stages: "; stages p50: lag 40 ns, encode 80 ns, hand-off 150 ns, decode 60 ns (a clock read 20 ns)". */
    static String stagesLine(WireResult r) {
        if (r.stages() == null) return "";
        org.HdrHistogram.Histogram[] s = r.stages();
        return String.format(java.util.Locale.ROOT, "%n    stages p50 (p99): lag %s (%s), encode %s (%s), hand-off %s (%s), decode %s (%s); a clock read %.0f ns",
                nanos(s[0].getValueAtPercentile(50)), nanos(s[0].getValueAtPercentile(99)), nanos(s[1].getValueAtPercentile(50)),
                nanos(s[1].getValueAtPercentile(99)), nanos(s[2].getValueAtPercentile(50)), nanos(s[2].getValueAtPercentile(99)),
                nanos(s[3].getValueAtPercentile(50)), nanos(s[3].getValueAtPercentile(99)), r.clockReadNanos());
    }

    private static String basicLine(WireResult r) {
        return String.format("%s over %s at %s msg/s%s: p50 %s  p99 %s  p99.9 %s  worst %s  (from actual send: p50 %s)  "
                        + "achieved %s/s  back-pressure %d  load %s%s",
                r.format, r.transport.label(), rateLabel(r.offeredRate), r.mode.equals("echo") ? ", round trip" : "", nanos(r.percentile(50)), nanos(r.percentile(99)),
                nanos(r.percentile(99.9)), nanos(r.worst()), nanos(r.fromActualSend.getValueAtPercentile(50)),
                rateLabel(Math.round(r.achievedRate)), r.backPressureEvents, r.loadAverage,
                r.sustained ? "  sustained" : "  NOT sustained (" + whyNot(r) + ")");
    }

    static String whyNot(WireResult r) {
        List<String> why = new ArrayList<>();
        if (!r.offeredReached) why.add("offered rate not reached");
        if (r.backlogGrowing) why.add("growing backlog");
        if (r.histogram.getTotalCount() > 0 && r.percentile(99) > r.p99BoundNanos) why.add("p99 over " + nanos(r.p99BoundNanos));
        return String.join(", ", why);
    }

    /** 250000 -> "250k", 1000000 -> "1M". */
    public static String rateLabel(double rate) {
        if (rate >= 1e6 && rate % 1e5 == 0) return trim(rate / 1e6) + "M";
        if (rate >= 1e3 && rate % 100 == 0) return trim(rate / 1e3) + "k";
        return trim(Math.round(rate));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** Nanoseconds as "224 ns", "3.1 µs", "5.3 ms". */
    public static String nanos(long ns) {
        if (ns < 1_000) return ns + " ns";
        if (ns < 1_000_000) return String.format("%.1f µs", ns / 1e3);
        if (ns < 1_000_000_000) return String.format("%.2f ms", ns / 1e6);
        return String.format("%.2f s", ns / 1e9);
    }

    /** "100k" or "1.5M" or "2500" as a rate. */
    public static double parseRate(String s) {
        String t = s.trim().toLowerCase(java.util.Locale.ROOT);
        double mult = 1;
        if (t.endsWith("k")) { mult = 1e3; t = t.substring(0, t.length() - 1); }
        else if (t.endsWith("m")) { mult = 1e6; t = t.substring(0, t.length() - 1); }
        try {
            double v = Double.parseDouble(t) * mult;
            if (!(v > 0) || Double.isInfinite(v)) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a rate: '" + s + "' (messages per second, e.g. 2500, 100k, 1M)");
        }
    }
}
