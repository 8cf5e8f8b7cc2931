package org.wireshootout.wire;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.wireshootout.JvmFlags;

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
 * <p>The children are started as {@code java <the project's JVM flags> -cp <this classpath>
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

    /** One run with sender and receiver in JVMs of their own; {@code payloadArgs} from {@link #payloadArgs}. */
    public static WireResult run(Payload<?> payload, List<String> payloadArgs, TransportKind kind, TransportOptions options,
                                 WireConfig config) {
        if (!kind.crossesProcesses()) throw new IllegalArgumentException(kind.label() + " runs within one process only");
        int maxEncoded = payload.verifyRoundTrip();
        long t0 = System.nanoTime();
        Path work = TempDirs.create(options.tempRoot(), "wire-xp-");
        Transport host = kind.host(options);
        try {
            WireConfig resolved = config;
            if (config.receiverIdle == null) {
                // the driver's thread may not have pinned itself yet: decide from where it is told to go
                boolean shares = config.receiverCpu >= 0 && kind != TransportKind.queue && options.driverCpu() == config.receiverCpu;
                resolved = config.withReceiverIdle(shares ? IdleKind.yield : IdleKind.spin);
            }
            String attach = TransportKind.attachPoint(host);
            Path receiverOut = work.resolve("receiver.json");
            Path senderOut = work.resolve("sender.json");
            Path ready = work.resolve("receiver.ready");
            long scheduleMs = (long) (config.messages / config.rate * 1e3);
            long limitMs = scheduleMs + TimeUnit.NANOSECONDS.toMillis(config.stallTimeoutNanos + config.quietTimeoutNanos) + 120_000;
            Process receiver = start("receiver", payloadArgs, kind, attach, resolved, receiverOut, work);
            Process sender = null;
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (!Files.exists(ready)) {
                    if (!receiver.isAlive()) throw childFailed("receiver", receiver, work);
                    if (System.nanoTime() > deadline) throw new IllegalStateException("the receiver JVM was not ready within 120 s");
                    Thread.sleep(5);
                }
                sender = start("sender", payloadArgs, kind, attach, resolved, senderOut, work);
                if (!sender.waitFor(limitMs, TimeUnit.MILLISECONDS)) throw new IllegalStateException("the sender JVM did not finish within " + limitMs + " ms");
                if (!receiver.waitFor(limitMs, TimeUnit.MILLISECONDS)) throw new IllegalStateException("the receiver JVM did not finish within " + limitMs + " ms");
            } finally {
                receiver.destroyForcibly();
                if (sender != null) sender.destroyForcibly();
            }
            Map<String, Object> s = read(senderOut, "sender", sender, work);
            Map<String, Object> r = read(receiverOut, "receiver", receiver, work);
            for (Map<String, Object> side : List.of(r, s)) {
                if (side.get("failure") != null) {
                    throw new WireRunException(WireRunException.Kind.valueOf((String) side.get("failureKind")),
                            num(side, "failureSequence"), (String) side.get("failure") + " (cross-process)", null);
                }
            }
            @SuppressWarnings("unchecked")
            List<String> w = (List<String>) r.get("windows");
            Histogram[] windows = new Histogram[w.size()];
            for (int i = 0; i < windows.length; i++) windows[i] = WireResult.decodeHistogram(w.get(i));
            return new WireResult(payload, kind, host, resolved, WireResult.decodeHistogram((String) r.get("histogram")),
                    WireResult.decodeHistogram((String) r.get("fromActualSend")), windows, num(s, "sent"), num(r, "received"),
                    num(r, "clipped"), num(s, "backPressureEvents"), num(s, "backPressureRetries"), num(s, "firstMeasuredIntended"),
                    num(s, "lastSendNanos"), num(s, "lastIntended"), num(s, "maxSendLagNanos"), maxEncoded + WireRun.HEADER,
                    s.get("senderPinning") + " (own JVM)", r.get("receiverPinning") + " (own JVM)",
                    IdleKind.byName((String) r.get("receiverIdle")))
                    .withWallSeconds((System.nanoTime() - t0) / 1e9);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted", e);
        } finally {
            try {
                host.close();
            } finally {
                TempDirs.delete(work);
            }
        }
    }

    private static long num(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof Number)) throw new IllegalStateException("cross-process side result has no number '" + key + "': " + m.keySet());
        return ((Number) v).longValue();
    }

    private static Process start(String role, List<String> payloadArgs, TransportKind kind, String attach, WireConfig config,
                                 Path out, Path work) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(List.of(JvmFlags.ALL));
        cmd.add(JvmFlags.HEAP_MIN);
        cmd.add(JvmFlags.HEAP_MAX);
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        cmd.add("-Dwireshootout.relaunched=true");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(MAIN);
        cmd.add("wire");
        cmd.addAll(payloadArgs);
        cmd.addAll(List.of("--transports", kind.label(), "--child-role", role, "--child-attach", attach,
                "--child-config", config.encode(), "--child-result", out.toString()));
        try {
            return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(work.resolve(role + ".log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the " + role + " JVM", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> read(Path file, String role, Process p, Path work) {
        if (!Files.isRegularFile(file)) throw childFailed(role, p, work);
        try {
            return new ObjectMapper().readValue(file.toFile(), Map.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + role + " JVM's result " + file, e);
        }
    }

    private static IllegalStateException childFailed(String role, Process p, Path work) {
        String log;
        try {
            List<String> lines = Files.readAllLines(work.resolve(role + ".log"));
            log = String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            log = "(no log: " + e.getMessage() + ")";
        }
        return new IllegalStateException("the " + role + " JVM ended without a result (exit "
                + (p != null && !p.isAlive() ? p.exitValue() : -1) + "):\n" + log);
    }

    /** In a child JVM: runs one side on the transport attached to the parent's and writes its figures to {@code out}. */
    public static int child(String role, Payload<?> payload, TransportKind kind, String attach, String configWord, Path out)
            throws IOException {
        WireRun.Role side = role.equals("sender") ? WireRun.Role.SENDER : role.equals("receiver") ? WireRun.Role.RECEIVER : null;
        if (side == null) throw new IllegalArgumentException("--child-role must be sender or receiver");
        WireConfig config = WireConfig.decode(configWord);
        Path ready = out.resolveSibling("receiver.ready");
        Map<String, Object> result;
        try (Transport t = kind.attach(TransportOptions.builder().build(), attach)) {
            result = new WireRun<>(payload, kind, null, config).runSide(side, t, () -> {
                if (side != WireRun.Role.RECEIVER) return;
                try {
                    Files.createFile(ready);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        new ObjectMapper().writeValue(tmp.toFile(), result);
        Files.move(tmp, out, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return result.get("failure") == null ? 0 : 1;
    }
}
