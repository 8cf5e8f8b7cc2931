package org.wireshootout.cli;

import net.openhft.affinity.Affinity;
import org.wireshootout.wire.CrossProcess;
import org.wireshootout.wire.IdleKind;
import org.wireshootout.wire.Payloads;
import org.wireshootout.wire.TransportKind;
import org.wireshootout.wire.TransportOptions;
import org.wireshootout.wire.WireConfig;
import org.wireshootout.wire.WireSuite;
import org.wireshootout.wire.WireSweep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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

    /** The quick default: the reference rows and two competitors (one text, one generated binary that allocates). */
    static final String QUICK_FORMATS = "bytesMarshallable,sbe,jackson,protobuf";

    @Option(names = "--payload", paramLabel = "data|iex", description = "data: the six-field message (the bulk data set); "
            + "iex: the IEX stream (the generated day, or --capture). Default: ${DEFAULT-VALUE}.")
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

    @Option(names = "--udp", paramLabel = "HOST:PORT", description = "The aeron-udp endpoint (default 127.0.0.1 and a free port).")
    String udp;

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
        return suite.run() == 0 ? 0 : 1;
    }

    private int child() throws Exception {
        org.wireshootout.wire.Payload<?> p = payload.equals("data") ? Payloads.data(formats) : Payloads.iex(formats, capture);
        return CrossProcess.child(childRole, p, TransportKind.byLabel(transports), childAttach, childConfig, childResult);
    }

    WireSuite build() {
        if (!payload.equals("data") && !payload.equals("iex")) throw new IllegalArgumentException("--payload must be data or iex");
        if (capture != null && !payload.equals("iex")) throw new IllegalArgumentException("--capture needs --payload iex");
        List<String> formatList = new ArrayList<>();
        for (String f : formats.split(",")) if (!f.isBlank()) formatList.add(f.trim());
        if (formatList.isEmpty()) throw new IllegalArgumentException("--formats names no format");
        List<TransportKind> transportList = TransportKind.list(transports == null && crossProcess ? "aeron-ipc,aeron-udp,queue" : transports);
        if (crossProcess) {
            for (TransportKind t : transportList) {
                if (!t.crossesProcesses()) throw new IllegalArgumentException("--cross-process: " + t.label() + " runs within one process only");
            }
        }
        String[] rateParts = rates.split(",");
        double[] rateValues = new double[rateParts.length];
        for (int i = 0; i < rateParts.length; i++) rateValues[i] = WireSweep.parseRate(rateParts[i]);
        double table = rateValues[0];
        if (tableRate != null) {
            table = WireSweep.parseRate(tableRate);
        } else {
            for (double r : rateValues) if (r == 100_000) table = r;
        }
        if (!(seconds > 0)) throw new IllegalArgumentException("--seconds must be positive");

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
        if (udp != null) {
            int colon = udp.lastIndexOf(':');
            if (colon <= 0) throw new IllegalArgumentException("--udp takes HOST:PORT, not '" + udp + "'");
            try {
                tb.udpEndpoint(udp.substring(0, colon), Integer.parseInt(udp.substring(colon + 1)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--udp takes HOST:PORT, not '" + udp + "'");
            }
        }
        TransportOptions options = tb.build();
        WireConfig base = WireConfig.builder().rate(rateValues[0]).seconds(seconds).warmupFraction(warmupFraction)
                .senderCpu(senderCpu).receiverCpu(receiverCpu).receiverIdle(receiverIdle.equalsIgnoreCase("auto") ? null : IdleKind.byName(receiverIdle))
                .p99Bound(TimeUnit.MICROSECONDS.toNanos(p99BoundMicros)).build();
        Path dir = out != null ? out : Paths.get("results", DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                .withZone(ZoneOffset.UTC).format(Instant.now()) + "-wire", "wire");

        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("schema", 1);
        settings.put("started", Instant.now().toString());
        settings.put("payload", payload);
        settings.put("capture", capture);
        settings.put("formats", formatList);
        List<String> tl = new ArrayList<>();
        for (TransportKind t : transportList) tl.add(t.label());
        settings.put("transports", tl);
        settings.put("rates", rateValues);
        settings.put("tableRate", table);
        settings.put("secondsPerRate", seconds);
        settings.put("warmupFraction", warmupFraction);
        settings.put("everyRate", everyRate);
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
        settings.put("processes", crossProcess ? "cross-process: this JVM hosts the transport, each run starts a receiver JVM and a sender JVM"
                : "every cell runs in this one JVM, one after another");

        System.out.printf("wire: %s payload, formats %s, transports %s, rates %s, %.1f s each; sender CPU %s, receiver CPU %s, "
                        + "Aeron driver %s on CPU %s (%s idle); output %s%n", payload, formatList, tl, rates, seconds,
                cpuLabel(senderCpu), cpuLabel(receiverCpu), driverThreading, cpuLabel(driverCpu), driverIdle, dir);
        if (allowed.length <= 2 && senderCpu >= 0) {
            System.out.println("wire: only " + allowed.length + " CPUs: the Aeron driver thread shares CPU " + driverCpu
                    + " with the " + (driverCpu == receiverCpu ? "receiver" : "sender") + ", and the JIT, GC and other processes share both.");
        }
        WireSuite.PayloadFactory factory = payload.equals("data") ? Payloads::data : f -> Payloads.iex(f, capture);
        WireSuite suite = new WireSuite(factory, formatList, transportList, rateValues, table, seconds, everyRate, base, options, dir,
                System.out, settings);
        if (crossProcess) {
            suite.runner((p, t, o, c) -> CrossProcess.run(p, CrossProcess.payloadArgs(payload, p.format(), capture), t, o, c));
        }
        return suite;
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
