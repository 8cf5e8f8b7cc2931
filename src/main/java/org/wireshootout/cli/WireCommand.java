package org.wireshootout.cli;

import net.openhft.affinity.Affinity;
import org.wireshootout.wire.CrossProcess;
import org.wireshootout.wire.IdleKind;
import org.wireshootout.wire.Interleaved;
import org.wireshootout.wire.PairedSuite;
import org.wireshootout.wire.Payload;
import org.wireshootout.wire.Payloads;
import org.wireshootout.wire.TransportKind;
import org.wireshootout.wire.TransportOptions;
import org.wireshootout.wire.WireConfig;
import org.wireshootout.wire.WireFailures;
import org.wireshootout.wire.WireForks;
import org.wireshootout.wire.WireRun;
import org.wireshootout.wire.WireSuite;
import org.wireshootout.wire.WireSweep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code wire}: fixed-rate latency through real transports ({@link WireSuite}). Exits 0 when every cell ran
 * with every message delivered once and intact, 1 when any failed (the output names the message), 2 on bad
 * arguments.
 */
@Command(name = "wire", mixinStandardHelpOptions = true,
        description = "Fixed-rate latency through real transports: a sender thread at an offered rate, a receiver thread on "
                + "another CPU decoding every message, latency from the intended send time into HdrHistogram, per format and "
                + "transport (ring, aeron-ipc, aeron-udp, queue). One JSON per format x transport and summary.md in --out.")
public final class WireCommand implements Callable<Integer> {

    /** At a recorded pace, the capture is replayed first as a warm-up until at least this many messages have gone. */
    static final int RECORDED_WARMUP_MESSAGES = 20_000;

    /** The quick default: the reference rows and two competitors (one text, one generated binary that allocates). */
    static final String QUICK_FORMATS = "bytesMarshallable,sbe,jackson,protobuf";

    @Option(names = "--payload", paramLabel = "data|iex|MESSAGE", description = "data: the six-field message (the bulk data set); "
            + "iex: the IEX stream (the generated day, or --capture); MESSAGE: a message generated from a schema (orderentry, quote, ..., "
            + "as the benchmarks' message parameter), " + Payloads.MESSAGE_COUNT + " seeded values through each format's generated row. "
            + "Default: ${DEFAULT-VALUE}.")
    String payload = "data";

    @Option(names = "--capture", paramLabel = "FILE", description = "With --payload iex: every message of this capture instead of the generated day.")
    String capture;

    @Option(names = "--formats", paramLabel = "a,b", description = "Formats by registry name (default: " + QUICK_FORMATS + ").")
    String formats = QUICK_FORMATS;

    @Option(names = "--transports", paramLabel = "a,b", description = "ring, aeron-ipc, aeron-udp, queue (default: all).")
    String transports;

    @Option(names = "--rates", paramLabel = "r1,r2", description = "Offered rates, lowest first (2500, 100k, 1M); above "
            + "--table-rate the sweep stops at the first rate not sustained. Default: ${DEFAULT-VALUE}.")
    String rates = "10k,100k,250k,500k,1M";

    @Option(names = "--table-rate", paramLabel = "R", description = "The rate the summary table reports, one of --rates "
            + "(default: 100k when listed, else the first).")
    String tableRate;

    @Option(names = "--seconds", paramLabel = "S", description = "Length of each rate's run, warm-up included (default: ${DEFAULT-VALUE}).")
    double seconds = 2;

    @Option(names = "--warmup-fraction", paramLabel = "F", description = "Leading fraction of each run checked but not recorded (default: ${DEFAULT-VALUE}).")
    double warmupFraction = 0.2;

    @Option(names = "--every-rate", description = "Run every rate even after one is not sustained.")
    boolean everyRate;

    @Option(names = "--cpus", paramLabel = "S,R[,D]", description = "CPUs for the sender, the receiver and the Aeron driver, "
            + "or 'none' for no pinning. Default: the first two CPUs this process may use, the driver on the receiver's "
            + "CPU when there is no third.")
    String cpus;

    @Option(names = "--receiver-idle", paramLabel = "KIND", description = "spin, yield, backoff, sleep or auto (default: "
            + "${DEFAULT-VALUE}: spin, but yield when the Aeron driver is pinned to the receiver's CPU).")
    String receiverIdle = "auto";

    @Option(names = "--driver-idle", paramLabel = "KIND", description = "The Aeron driver's idle strategy: spin, yield, backoff or sleep (default: ${DEFAULT-VALUE}).")
    String driverIdle = "yield";

    @Option(names = "--driver-threading", paramLabel = "MODE", description = "SHARED or SHARED_NETWORK (default: ${DEFAULT-VALUE}).")
    TransportOptions.DriverThreading driverThreading = TransportOptions.DriverThreading.SHARED;

    @Option(names = {"--udp", "--udp-out"}, paramLabel = "HOST:PORT", description = "The aeron-udp endpoint (default 127.0.0.1 and a "
            + "free port); in echo mode the outbound one, where the echoer listens.")
    String udp;

    @Option(names = "--udp-back", paramLabel = "HOST:PORT", description = "Echo mode: the aeron-udp return endpoint, where the "
            + "sender's side listens for the echoes (default 127.0.0.1 and a free port).")
    String udpBack;

    @Option(names = "--echo", description = "Echo mode: an echoer decodes each message, re-encodes it and sends it back; the "
            + "latency is the round trip, timed on the sender's side alone (no shared clock). In this JVM for every transport; "
            + "with --cross-process the sender's side and the echoer are two JVMs with a media driver each (aeron-udp).")
    boolean echo;

    @Option(names = "--echo-only", description = "Echo mode across two hosts, the echoer's host: runs only the echoer, for the "
            + "same runs as a --sender-only command with the same options on the other host (aeron-udp, fixed --udp-out and --udp-back).")
    boolean echoOnly;

    @Option(names = "--sender-only", description = "Echo mode across two hosts, the sender's host: the sender and the receiver of "
            + "the echoes, against an echoer started with --echo-only (aeron-udp, fixed --udp-out and --udp-back; every rate runs).")
    boolean senderOnly;

    @Option(names = "--p99-bound-us", paramLabel = "US", description = "A rate counts as sustained only with p99 at or under this (default: ${DEFAULT-VALUE}).")
    long p99BoundMicros = 1000;

    @Option(names = "--temp-dir", paramLabel = "DIR", description = "Where Aeron and Chronicle Queue make their temporary directories (default: /dev/shm when writable, else java.io.tmpdir).")
    Path tempDir;

    @Option(names = "--cross-process", description = "Sender and receiver each in a JVM of its own (aeron-ipc, aeron-udp, "
            + "queue); this JVM hosts the Aeron driver or the queue's directory.")
    boolean crossProcess;

    @Option(names = "--child-role", hidden = true, description = "Internal: run one side of a cross-process run.")
    String childRole;

    @Option(names = "--child-attach", hidden = true, description = "Internal: what the side attaches to.")
    String childAttach;

    @Option(names = "--child-config", hidden = true, description = "Internal: the run's settings.")
    String childConfig;

    @Option(names = "--child-result", hidden = true, description = "Internal: where the side writes its figures.")
    Path childResult;

    @Option(names = "--forks", paramLabel = "N", description = "Run the grid in N fresh JVMs one after another (fork-1/ ... "
            + "under --out) and merge: per cell and rate p50 is the median of the forks' p50s (each kept, with their spread), "
            + "the tails from the histograms added together. Fork 1 runs every rate; the others --table-rate's only "
            + "(all with --every-rate). 1: this JVM only. Default: 3, or 1 with --cross-process or echo modes.")
    Integer forks;

    @Option(names = "--paired", description = "Instead of the grid: per transport one run at --table-rate of every format and a "
            + "floor (the same frames, no codec) in slices that take turns, and each format's cost over the floor in adjacent slices "
            + "with a 95 %% interval (paired.md, paired-<payload>-<transport>.json). In this JVM; not with echo or cross-process modes.")
    boolean paired;

    @Option(names = "--cycles", paramLabel = "N", description = "With --paired: measured cycles (each a floor slice and one slice per format). Default: ${DEFAULT-VALUE}.")
    int cycles = 30;

    @Option(names = "--slice-ms", paramLabel = "MS", description = "With --paired: the length of one slice at the table's rate. Default: ${DEFAULT-VALUE}.")
    double sliceMs = 50;

    @Option(names = "--warmup-cycles", paramLabel = "N", description = "With --paired: cycles sent and checked before the measured ones, not recorded. Default: ${DEFAULT-VALUE}.")
    int warmupCycles = 4;

    @Option(names = "--stages", description = "Also time each message's stages: the sender's lag behind the schedule, the encode, "
            + "the hand-off (commit, transport, poll) and the decode, p50 and p99 each, with what one clock read costs here "
            + "(one more clock read per message on each side). One-way runs in this JVM.")
    boolean stages;

    @Option(names = "--pace", paramLabel = "fixed|recorded", description = "fixed: every message at the offered rate (--rates); "
            + "recorded (with --payload iex --capture FILE): each message at its capture's send time (the IEX-TP segment's), so bursts "
            + "leave as the market sent them: per cell, warm-up passes of the capture (at least one, 20,000 messages in all) then one measured pass, "
            + "and a timeline of latency along the capture's time. Default: ${DEFAULT-VALUE}.")
    String pace = "fixed";

    @Option(names = "--speed", paramLabel = "N", description = "With --pace recorded: replay N times faster than the capture (default: ${DEFAULT-VALUE}).")
    double speed = 1;

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: results/<UTC time>-wire/wire).")
    Path out;

    @Override
    public Integer call() throws Exception {
        // Chronicle announces itself and its file mappings at INFO; only warnings and errors belong in this output
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        if (childRole != null) return child();
        WireSuite suite;
        try {
            suite = build();
        } catch (IllegalArgumentException e) {
            System.err.println("wire: " + e.getMessage());
            return 2;
        }
        try {
            if (resolvedPaired != null) return resolvedPaired.run() == 0 ? 0 : 1;
            if (forkCount > 1) {
                return new WireForks(forkCount, forkArgs(false), forkArgs(true), resolvedOut, System.out, resolvedSettings,
                        resolvedFormats, resolvedTransports, resolvedTableRate).run() == 0 ? 0 : 1;
            }
            if (echoOnly) {
                return suite.runEchoerOnly((p, t, o, c) -> System.out.println("  " + p.format() + " over " + t.label() + " at "
                        + WireSweep.rateLabel(c.rate()) + " msg/s: echoed " + new WireRun<>(p, t, o, c).runEchoerOnly() + " messages")) == 0 ? 0 : 1;
            }
            return suite.run() == 0 ? 0 : 1;
        } catch (Exception | InternalError e) {
            // one line naming the cause, never a stack trace
            String cause = WireFailures.environmental(e, tempDir);
            System.out.flush();
            System.err.println("wire: FAILED: " + (cause != null ? cause : WireFailures.oneLine(e)));
            return 1;
        }
    }

    // what build() resolved, for the forks and the paired mode
    private PairedSuite resolvedPaired;
    private int forkCount = 1;
    private Path resolvedOut;
    private Map<String, Object> resolvedSettings;
    private List<String> resolvedFormats;
    private List<String> resolvedTransports;
    private double resolvedTableRate;

    /**
     * This command's options as given, for a fork: without --forks and --out (the parent sets them); for the forks
     * after the first, the table's rate only (the sweep is fork 1's: the quick default stays under 5 minutes), unless
     * --every-rate.
     */
    private List<String> forkArgs(boolean later) {
        boolean trimRates = later && !everyRate;
        List<String> skip = new ArrayList<>(List.of("--forks", "--out"));
        if (trimRates) skip.addAll(List.of("--rates", "--table-rate"));
        List<String> args = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (skip.contains(o.longestName())) continue;
            if (o.arity().max() == 0) {
                args.add(o.longestName());
            } else {
                for (String v : o.originalStringValues()) args.addAll(List.of(o.longestName(), v));
            }
        }
        if (trimRates) args.addAll(List.of("--rates", WireSweep.rateLabel(resolvedTableRate)));
        return args;
    }

    private int child() throws Exception {
        org.wireshootout.wire.Payload<?> p;
        try {
            p = Payloads.of(payload, formats, capture);
        } catch (java.io.IOException | RuntimeException e) {
            String cause = WireFailures.environmental(e, null);
            System.err.println("wire " + childRole + ": " + (cause != null ? cause : WireFailures.oneLine(e)));
            return 1;
        }
        return CrossProcess.child(childRole, p, TransportKind.byLabel(transports), childAttach, childConfig, childResult);
    }

    WireSuite build() {
        if (!payload.equals("data") && !payload.equals("iex")) {
            try {
                org.wireshootout.generator.GeneratedMessages.of(payload);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--payload must be data, iex or a generated message: " + e.getMessage());
            }
        }
        if (capture != null && !payload.equals("iex")) throw new IllegalArgumentException("--capture needs --payload iex");
        List<String> formatList = new ArrayList<>();
        for (String f : formats.split(",")) if (!f.isBlank()) formatList.add(f.trim());
        if (formatList.isEmpty()) throw new IllegalArgumentException("--formats names no format");
        // before any JVM starts or any folder is made
        for (String f : formatList) {
            try {
                Payloads.check(payload, f);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--formats: " + e.getMessage());
            }
        }
        if (echoOnly && senderOnly) throw new IllegalArgumentException("--echo-only and --sender-only are the two hosts' sides: give one");
        boolean echoMode = echo || echoOnly || senderOnly;
        boolean twoHosts = echoOnly || senderOnly;
        if (udpBack != null && !echoMode) throw new IllegalArgumentException("--udp-back is the echo mode's return endpoint: it needs --echo");
        if (twoHosts && crossProcess) throw new IllegalArgumentException("--cross-process starts both sides itself: not with --echo-only or --sender-only");
        String defaultTransports = echoMode && (crossProcess || twoHosts) ? "aeron-udp" : crossProcess ? "aeron-ipc,aeron-udp,queue" : null;
        List<TransportKind> transportList = TransportKind.list(transports == null ? defaultTransports : transports);
        if (echoMode && (crossProcess || twoHosts)) {
            for (TransportKind t : transportList) {
                if (!t.echoesAcrossProcesses()) {
                    throw new IllegalArgumentException("--transports: echo between processes or hosts runs over aeron-udp only, not " + t.label());
                }
            }
        }
        if (twoHosts && (udp == null || udpBack == null || endpoint("--udp-out", udp).getValue() == 0
                || endpoint("--udp-back", udpBack).getValue() == 0)) {
            throw new IllegalArgumentException((echoOnly ? "--echo-only" : "--sender-only") + " needs the endpoints both hosts agree on: "
                    + "--udp-out HOST:PORT (the echoer's) and --udp-back HOST:PORT (the sender's), ports not 0");
        }
        if (crossProcess) {
            for (TransportKind t : transportList) {
                if (!t.crossesProcesses()) throw new IllegalArgumentException("--cross-process: " + t.label() + " runs within one process only");
            }
        }
        if (!pace.equals("fixed") && !pace.equals("recorded")) throw new IllegalArgumentException("--pace must be fixed or recorded, not '" + pace + "'");
        boolean recordedPace = pace.equals("recorded");
        if (!recordedPace && speed != 1) throw new IllegalArgumentException("--speed is the replay's: it needs --pace recorded");
        long recordedMessages = 0;
        int recordedPasses = 0;
        double[] rateValues;
        double table;
        if (recordedPace) {
            if (!payload.equals("iex") || capture == null) throw new IllegalArgumentException("--pace recorded replays a capture: it needs --payload iex --capture FILE");
            if (crossProcess || twoHosts || paired) throw new IllegalArgumentException("--pace recorded runs in this JVM: not with --cross-process, two-host echo or --paired");
            if (forks != null && forks > 1) throw new IllegalArgumentException("--pace recorded replays the capture once per cell: --forks " + forks + " is not for it");
            if (!(speed > 0) || Double.isInfinite(speed)) throw new IllegalArgumentException("--speed must be a positive factor, not " + speed);
            Payload<?> sample;
            try {
                sample = Payloads.iexRecorded(formatList.get(0), capture);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("--capture " + capture + ": " + e.getMessage());
            }
            if (sample.recordedSpanNanos() <= 0) {
                throw new IllegalArgumentException("--capture " + capture + ": all " + sample.size() + " messages carry one send time: no pace to replay");
            }
            // warm-up passes before the measured one, enough for the JIT (at least one, and 20,000 messages in all)
            recordedPasses = Math.max(1, (RECORDED_WARMUP_MESSAGES + sample.size() - 1) / sample.size());
            recordedMessages = (recordedPasses + 1L) * sample.size();
            // the capture's average rate at the replay's speed: what the report calls the offered rate
            double average = (sample.size() - 1) * 1e9 / sample.recordedSpanNanos() * speed;
            rateValues = new double[] {average};
            table = average;
        } else {
            String[] rateParts = rates.split(",");
            rateValues = new double[rateParts.length];
            for (int i = 0; i < rateParts.length; i++) rateValues[i] = WireSweep.parseRate(rateParts[i]);
            table = rateValues[0];
            if (tableRate != null) {
                table = WireSweep.parseRate(tableRate);
            } else {
                for (double r : rateValues) if (r == 100_000) table = r;
            }
        }
        if (!(seconds > 0)) throw new IllegalArgumentException("--seconds must be positive");
        if (forks != null && forks < 1) throw new IllegalArgumentException("--forks must be 1 or more, not " + forks);
        boolean ownJvms = crossProcess || echoMode;
        if (forks != null && forks > 1 && ownJvms) {
            throw new IllegalArgumentException("--forks " + forks + ": cross-process and echo runs take --forks 1 (each of their runs starts JVMs of its own)");
        }
        if (stages && (echoMode || crossProcess || twoHosts || paired)) {
            throw new IllegalArgumentException("--stages times one-way runs in this JVM: not with echo modes, --cross-process or --paired");
        }
        if (paired) {
            if (echoMode || crossProcess) throw new IllegalArgumentException("--paired runs in this JVM, one way: not with echo or --cross-process");
            if (forks != null && forks > 1) throw new IllegalArgumentException("--paired pairs the formats within one JVM: --forks " + forks + " is not for it");
            if (cycles < 2) throw new IllegalArgumentException("--cycles must be 2 or more, not " + cycles);
            if (warmupCycles < 1) throw new IllegalArgumentException("--warmup-cycles must be 1 or more, not " + warmupCycles);
            if (!(sliceMs > 0)) throw new IllegalArgumentException("--slice-ms must be positive, not " + sliceMs);
            if (formatList.size() > Interleaved.MAX_FORMATS) {
                throw new IllegalArgumentException("--paired interleaves at most " + Interleaved.MAX_FORMATS
                        + " formats, not " + formatList.size());
            }
        }
        forkCount = paired || recordedPace ? 1 : forks != null ? forks : ownJvms ? 1 : 3;

        int[] allowed = allowedCpus();
        int senderCpu = -1, receiverCpu = -1, driverCpu = -1;
        if (cpus == null) {
            if (allowed.length >= 2) {
                senderCpu = allowed[0];
                receiverCpu = allowed[1];
                driverCpu = allowed.length >= 3 ? allowed[2] : receiverCpu;
            }
        } else if (!cpus.equalsIgnoreCase("none")) {
            String[] p = cpus.split(",");
            if (p.length < 2 || p.length > 3) throw new IllegalArgumentException("--cpus takes SENDER,RECEIVER[,DRIVER] or none");
            try {
                senderCpu = Integer.parseInt(p[0].trim());
                receiverCpu = Integer.parseInt(p[1].trim());
                driverCpu = p.length == 3 ? Integer.parseInt(p[2].trim()) : receiverCpu;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--cpus takes CPU numbers: '" + cpus + "'");
            }
        }
        TransportOptions.Builder tb = TransportOptions.builder()
                .driverIdle(IdleKind.byName(driverIdle)).driverThreading(driverThreading).driverCpu(driverCpu);
        if (tempDir != null) tb.tempRoot(tempDir);
        if (udp != null) tb.udpEndpoint(endpoint("--udp-out", udp).getKey(), endpoint("--udp-out", udp).getValue());
        if (udpBack != null) tb.udpBackEndpoint(endpoint("--udp-back", udpBack).getKey(), endpoint("--udp-back", udpBack).getValue());
        TransportOptions options = tb.build();
        // the echoer's host cannot see which rates the sender's host would skip: both run every rate
        boolean allRates = everyRate || twoHosts;
        WireConfig.Builder configured = WireConfig.builder().rate(rateValues[0]).seconds(seconds).warmupFraction(warmupFraction)
                .senderCpu(senderCpu).receiverCpu(receiverCpu).receiverIdle(receiverIdle.equalsIgnoreCase("auto") ? null : IdleKind.byName(receiverIdle))
                .p99Bound(TimeUnit.MICROSECONDS.toNanos(p99BoundMicros)).echo(echoMode);
        configured.stages(stages);
        if (recordedPace) configured.recorded(speed, recordedMessages, recordedMessages / (recordedPasses + 1) * recordedPasses);
        WireConfig base = configured.build();
        Path dir = out != null ? out : Paths.get("results", DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                .withZone(ZoneOffset.UTC).format(Instant.now()) + "-wire", "wire");

        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("schema", 1);
        settings.put("started", Instant.now().toString());
        settings.put("payload", payload);
        settings.put("mode", echoMode ? "echo" : "one-way");
        settings.put("latencyIs", echoMode ? "the round trip sender -> echoer -> sender, timed on the sender's side" : "one way, one clock");
        settings.put("capture", capture);
        settings.put("pace", recordedPace ? "recorded" : "fixed");
        settings.put("stages", stages);
        if (recordedPace) {
            settings.put("replaySpeed", speed);
            settings.put("replayMessages", recordedMessages / (recordedPasses + 1));
            settings.put("replayWarmupPasses", recordedPasses);
        }
        settings.put("formats", formatList);
        List<String> tl = new ArrayList<>();
        for (TransportKind t : transportList) tl.add(t.label());
        settings.put("transports", tl);
        settings.put("rates", rateValues);
        settings.put("tableRate", table);
        settings.put("secondsPerRate", seconds);
        settings.put("warmupFraction", warmupFraction);
        settings.put("everyRate", allRates);
        settings.put("cpusAllowed", Arrays.toString(allowed));
        settings.put("senderCpu", senderCpu);
        settings.put("receiverCpu", receiverCpu);
        settings.put("driverCpu", driverCpu);
        settings.put("receiverIdle", receiverIdle);
        settings.put("driverIdle", driverIdle);
        settings.put("driverThreading", driverThreading.name());
        settings.put("p99BoundMicros", p99BoundMicros);
        settings.put("tempRoot", options.tempRoot().toString());
        settings.put("isolatedCpus", readSys("/sys/devices/system/cpu/isolated"));
        settings.put("loadAverageAtStart", readSys("/proc/loadavg"));
        settings.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        settings.put("forks", forkCount);
        settings.put("processes", forkCount > 1 ? "each fork a fresh JVM (fork-<i>/), one after another; in each every cell runs in that JVM"
                : senderOnly ? "the sender's side of a two-host echo run; the echoer runs elsewhere (--echo-only)"
                : echoOnly ? "the echoer's side of a two-host echo run"
                : crossProcess && echoMode ? "cross-process echo: each run starts an echoer JVM and a sender JVM, each with its own media driver"
                : crossProcess ? "cross-process: this JVM hosts the transport, each run starts a receiver JVM and a sender JVM"
                : "every cell runs in this one JVM, one after another");

        System.out.printf("wire%s: %s payload, formats %s, transports %s, rates %s, %.1f s each; sender CPU %s, receiver CPU %s, "
                        + "Aeron driver %s on CPU %s (%s idle); output %s%n", echoOnly ? " (echoer only)" : senderOnly
                        ? " (echo, sender's side; round trips)" : echoMode ? " (echo: round trips)" : "", payload, formatList, tl, rates, seconds,
                cpuLabel(senderCpu), cpuLabel(receiverCpu), driverThreading, cpuLabel(driverCpu), driverIdle,
                echoOnly ? "none (the sender's host writes the results; the echoer runs on the receiver CPU)" : dir);
        if (allowed.length <= 2 && senderCpu >= 0) {
            System.out.println("wire: only " + allowed.length + " CPUs: the Aeron driver thread shares CPU " + driverCpu
                    + " with the " + (driverCpu == receiverCpu ? "receiver" : "sender") + ", and the JIT, GC and other processes share both.");
        }
        resolvedOut = dir;
        resolvedSettings = settings;
        resolvedFormats = formatList;
        resolvedTransports = tl;
        resolvedTableRate = table;
        WireSuite.PayloadFactory factory = !payload.equals("iex") ? f -> Payloads.of(payload, f, null)
                : recordedPace ? f -> Payloads.iexRecorded(f, capture) : f -> Payloads.iex(f, capture);
        if (paired) {
            int slice = (int) Math.max(1, Math.round(table * sliceMs / 1000));
            settings.put("mode", "paired");
            settings.put("sliceMessages", slice);
            settings.put("cycles", cycles);
            settings.put("warmupCycles", warmupCycles);
            System.out.printf("wire --paired: at %s msg/s, slices of %d messages (%.0f ms), %d warm-up and %d measured cycles of %d slices per transport%n",
                    WireSweep.rateLabel(table), slice, sliceMs, warmupCycles, cycles, formatList.size() + 1);
            resolvedPaired = new PairedSuite(factory, formatList, transportList, base.atRate(table, seconds), options, slice, cycles,
                    warmupCycles, dir, System.out, settings);
        }
        WireSuite suite = new WireSuite(factory, formatList, transportList, rateValues, table, seconds, allRates, base, options, dir,
                System.out, settings);
        if (senderOnly) suite.runner((p, t, o, c) -> new WireRun<>(p, t, o, c).runAgainstRemoteEchoer());
        if (crossProcess) {
            suite.runner((p, t, o, c) -> CrossProcess.run(p, CrossProcess.payloadArgs(payload, p.format(), capture), t, o, c));
        }
        return suite;
    }

    /** "HOST:PORT" as host and port; a one-line error naming the option otherwise. */
    private static Map.Entry<String, Integer> endpoint(String option, String value) {
        int colon = value.lastIndexOf(':');
        try {
            if (colon <= 0) throw new NumberFormatException();
            int port = Integer.parseInt(value.substring(colon + 1));
            if (port < 0 || port > 65535) throw new NumberFormatException();
            return Map.entry(value.substring(0, colon), port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes HOST:PORT, not '" + value + "'");
        }
    }

    private static String cpuLabel(int cpu) {
        return cpu < 0 ? "unpinned" : Integer.toString(cpu);
    }

    private static int[] allowedCpus() {
        BitSet b = Affinity.getAffinity();
        if (b == null || b.isEmpty()) return new int[0];
        return b.stream().toArray();
    }

    private static String readSys(String file) {
        try {
            return java.nio.file.Files.readString(Paths.get(file)).trim();
        } catch (java.io.IOException e) {
            return "unreadable";
        }
    }
}
