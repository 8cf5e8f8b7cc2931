package org.wireshootout.wire;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.wireshootout.process.ChildJvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cross-process mode: this JVM hosts the transport (Aeron's media driver, or the queue's directory) and
 * starts two JVMs, a receiver and then, once the receiver has its subscription, a sender, each running one
 * side of a {@link WireRun} on the transport attached to the host's. Each writes its side's figures to a
 * file; this JVM merges them into one {@link WireResult}. Both children read {@code System.nanoTime()}, which
 * on Linux is the same monotonic clock in every process of the machine.
 *
 * <p>In echo mode the two JVMs are the sender's side (sender and the receiver of the echoes) and the echoer,
 * each starting a media driver of its own on fixed UDP endpoints, as two hosts would: no clock is shared, the
 * round trip is timed on the sender's side alone.
 *
 * <p>The children are started by {@link ChildJvm} (the parent's JVM flags passed on) as {@code java <flags> -cp <this classpath>
 * org.wireshootout.cli.Main wire --child-role ...}, with {@code --payload}, {@code --formats} and
 * {@code --capture} saying how to rebuild the same messages (the data sets are deterministic).
 */
public final class CrossProcess {
    private static final String MAIN = "org.wireshootout.cli.Main";

    private CrossProcess() {
    }

    /** How a child JVM rebuilds the payload: the wire command's own options. */
    public static List<String> payloadArgs(String payloadKind, String format, String capture) {
        List<String> a = new ArrayList<>(List.of("--payload", payloadKind, "--formats", format));
        if (capture != null) a.addAll(List.of("--capture", capture));
        return a;
    }

    /**
     * One run with sender and receiver in JVMs of their own; {@code payloadArgs} from {@link #payloadArgs}. In echo
     * mode ({@code aeron-udp} only) the sender's side and the echoer are the two JVMs, each with a media driver of
     * its own, as on two hosts.
     */
    public static WireResult run(Payload<?> payload, List<String> payloadArgs, TransportKind kind, TransportOptions options,
                                 WireConfig config) {
        if (!kind.crossesProcesses()) throw new IllegalArgumentException(kind.label() + " runs within one process only");
        if (config.echo && !kind.echoesAcrossProcesses()) {
            throw new IllegalArgumentException("echo across processes needs a transport whose two sides can each have fixed endpoints (aeron-udp), not " + kind.label());
        }
        int maxEncoded = payload.verifyRoundTrip();
        long t0 = System.nanoTime();
        Path work = TempDirs.create(options.tempRoot(), "wire-xp-");
        Transport host = null;
        try {
            WireConfig resolved = config;
            if (config.receiverIdle == null) {
                // the driver's thread may not have pinned itself yet: decide from where it is told to go
                boolean shares = config.receiverCpu >= 0 && kind.runsOwnThreads() && options.driverCpu() == config.receiverCpu;
                resolved = config.withReceiverIdle(shares ? IdleKind.yield : IdleKind.spin);
            }
            long scheduleMs = (long) (config.messages / config.rate * 1e3);
            long limitMs = scheduleMs + TimeUnit.NANOSECONDS.toMillis(config.stallTimeoutNanos + config.quietTimeoutNanos) + 120_000;
            SideFigures s;
            SideFigures r;
            Map<String, Object> details;
            Map<String, String> threads;
            String echoer = null;
            if (config.echo) {
                // each JVM starts its own driver: both must be told the same endpoints
                String attach = options.withFixedUdpPorts().encode();
                List<SideFigures> pair = runPair(work, payloadArgs, kind, attach, resolved, "echoer", false, limitMs);
                SideFigures e = pair.get(0);
                s = pair.get(1);
                e.rethrow(" (cross-process)");
                r = s;
                details = need(s.receiver, "receiver").transportDetails;
                threads = s.receiver.transportThreads;
                echoer = need(e.echoer, "echoer").pinning + " (own JVM, driver of its own)";
            } else {
                host = kind.host(options);
                List<SideFigures> pair = runPair(work, payloadArgs, kind, TransportKind.attachPoint(host), resolved, "receiver", true, limitMs);
                r = pair.get(0);
                s = pair.get(1);
                r.rethrow(" (cross-process)");
                details = host.describe();
                threads = host.ownThreads();
            }
            s.rethrow(" (cross-process)");
            SideFigures.Sender sender = need(s.sender, "sender");
            SideFigures.Receiver receiver = need(r.receiver, "receiver");
            sender.pinning += " (own JVM)";
            receiver.pinning += " (own JVM)";
            WireResult result = new WireResult(payload, kind, details, threads, resolved, sender, receiver);
            return (echoer == null ? result : result.withEchoer(echoer)).withWallSeconds((System.nanoTime() - t0) / 1e9);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted", e);
        } finally {
            try {
                if (host != null) host.close();
            } finally {
                TempDirs.delete(work);
            }
        }
    }

    /**
     * Starts the {@code first} side's JVM (the receiver, or the echoer), then the sender's, waits for both and
     * returns their figures, first side first. With {@code awaitReady} the sender starts only once the first side
     * has subscribed; an echo pair needs no such order (each side's publication waits for the other's subscription).
     * Each side is judged by its exit status and the result file it wrote.
     */
    private static List<SideFigures> runPair(Path work, List<String> payloadArgs, TransportKind kind, String attach,
                                                     WireConfig config, String first, boolean awaitReady, long limitMs)
            throws InterruptedException {
        Path firstOut = work.resolve(first + ".json");
        Path senderOut = work.resolve("sender.json");
        Path ready = work.resolve("receiver.ready");
        try (ChildJvm.Child firstSide = start(first, payloadArgs, kind, attach, config, firstOut, work)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (awaitReady && !Files.exists(ready)) {
                if (!firstSide.isAlive()) throw childFailed(firstSide, work, null);
                if (System.nanoTime() > deadline) throw new IllegalStateException("the " + first + " JVM was not ready within 120 s");
                Thread.sleep(5);
            }
            try (ChildJvm.Child sender = start("sender", payloadArgs, kind, attach, config, senderOut, work)) {
                if (!sender.waitFor(limitMs, TimeUnit.MILLISECONDS)) throw new IllegalStateException("the sender JVM did not finish within " + limitMs + " ms");
                if (!firstSide.waitFor(limitMs, TimeUnit.MILLISECONDS)) throw new IllegalStateException("the " + first + " JVM did not finish within " + limitMs + " ms");
                return List.of(read(firstOut, firstSide, work), read(senderOut, sender, work));
            }
        }
    }

    /** A side's figures that its result file must hold. */
    private static <F> F need(F figures, String side) {
        if (figures == null) throw new IllegalStateException("a cross-process side result has no " + side + " figures");
        return figures;
    }

    private static ChildJvm.Child start(String role, List<String> payloadArgs, TransportKind kind, String attach, WireConfig config,
                                        Path out, Path work) {
        List<String> args = new ArrayList<>(payloadArgs);
        args.addAll(List.of("--transports", kind.label(), "--child-role", role, "--child-attach", attach,
                "--child-config", config.encode(), "--child-result", out.toString()));
        return wireJvm(role, args).logTo(work.resolve(role + ".log")).start();
    }

    /** A fresh JVM like this one ({@link ChildJvm}) running {@code wire args}; {@code name} names it in messages. */
    public static ChildJvm wireJvm(String name, List<String> args) {
        List<String> all = new ArrayList<>();
        all.add("wire");
        all.addAll(args);
        return ChildJvm.of(name, MAIN, all);
    }

    /** The side's figures: its result file, when it exited 0, or exited 1 with a failure named in that file. */
    private static SideFigures read(Path file, ChildJvm.Child p, Path work) {
        if (!Files.isRegularFile(file)) throw childFailed(p, work, null);
        SideFigures m;
        try {
            m = new ObjectMapper().readValue(file.toFile(), SideFigures.class);
        } catch (IOException e) {
            throw childFailed(p, work, "its result " + file + " does not read: " + WireFailures.firstLine(e.getMessage()));
        }
        int exit = p.exitStatus();
        if (exit == 0 && m.failure == null) return m;
        if (exit == 1 && m.failure != null) return m;
        throw childFailed(p, work, "its result " + (m.failure == null ? "names no failure" : "names " + m.failure));
    }

    private static IllegalStateException childFailed(ChildJvm.Child p, Path work, String detail) {
        String last = "";
        try {
            List<String> lines = Files.readAllLines(work.resolve(p.name() + ".log"));
            for (int i = lines.size() - 1; i >= 0 && last.isEmpty(); i--) last = lines.get(i).trim();
        } catch (IOException e) {
            last = "";
        }
        return new IllegalStateException("the " + p.name() + " JVM " + (p.isAlive() ? "is still running" : "exited " + p.exitStatus())
                + (detail == null ? " without a result" : ": " + detail) + (last.isEmpty() ? "" : " (last line of its log: " + last + ")"));
    }

    /** In a child JVM: runs one side on the transport attached to the parent's and writes its figures to {@code out}. */
    public static int child(String role, Payload<?> payload, TransportKind kind, String attach, String configWord, Path out)
            throws IOException {
        WireRun.Role side;
        switch (role) {
            case "sender": side = WireRun.Role.SENDER; break;
            case "receiver": side = WireRun.Role.RECEIVER; break;
            case "echoer": side = WireRun.Role.ECHOER; break;
            default: throw new IllegalArgumentException("--child-role must be sender, receiver or echoer");
        }
        WireConfig config = WireConfig.decode(configWord);
        Path ready = out.resolveSibling("receiver.ready");
        SideFigures result;
        TransportOptions attached = config.echo ? TransportOptions.decode(attach) : TransportOptions.builder().build();
        // echo: this JVM starts its own driver on the endpoints it was given; else it attaches to the parent's transport
        try (Transport t = config.echo ? kind.openEcho(attached) : kind.attach(attached, attach)) {
            result = new WireRun<>(payload, kind, null, config).runSide(side, t, () -> {
                if (side != WireRun.Role.RECEIVER) return;
                try {
                    Files.createFile(ready);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (RuntimeException | InternalError e) {
            // the parent reads the cause from the result file, one line, never from this JVM's console
            String cause = WireFailures.environmental(e, attached.tempRoot());
            result = SideFigures.failed(WireRunException.Kind.FAILED, -1,
                    cause != null ? cause : "the " + role + " JVM failed: " + WireFailures.oneLine(e), cause != null);
        }
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        new ObjectMapper().writeValue(tmp.toFile(), result);
        Files.move(tmp, out, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return result.failure == null ? 0 : 1;
    }
}
