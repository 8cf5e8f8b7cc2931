package org.wireshootout.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One run of one payload over one transport at one offered rate: the sender and receiver threads, the checks,
 * and the result.
 *
 * <p>The threads are their own classes: the {@link Sender} keeps the schedule and encodes each message straight into
 * a frame claimed in the transport's memory, the {@link Receiver} decodes each where the transport delivers it and
 * records its latency from the intended send time, and in echo mode the {@link Echoer} sends each back. What they
 * share is a {@link RunControl}; what they measured comes back as {@link SideFigures}. The frame carries its sequence
 * number, its intended send time and the checksum of its fields ahead of the codec's bytes.
 *
 * <p>Both threads use {@code System.nanoTime()}, one clock in one process.
 *
 * <p>Echo mode ({@link WireConfig#echo}) needs no shared clock: on an {@link EchoTransport} a third thread, the
 * echoer, takes each frame, checks and decodes it as the receiver would, re-encodes the decoded message with the
 * same format and sends it back with the same header; the receiver, on the sender's side, checks the echo and
 * records the round trip {@code now - intended}, both read on the sender's clock.
 */
public final class WireRun<T> {
    /**
     * Frame header: sequence (8 bytes), intended send time in ns (8), the time the sender actually started on the
     * message (8), field checksum (8), the length of the codec's message (4), 4 bytes unused (so the message starts
     * 8-byte aligned in the frame), then the codec's bytes. A frame is claimed at the payload's largest verified
     * encoding; the length says how much of it this message fills.
     */
    static final int HEADER = 40;

    /** Test hook: sees every message the receiver accepted, after its checks. */
    public interface Observer<T> {
        void onMessage(long sequence, T decoded);
    }

    /**
     * Sees each recorded latency (every message after the warm-up) with its sequence number, on the receiver's
     * thread, right after the histogram has it: an array store, nothing that allocates or waits.
     */
    public interface LatencyLog {
        void record(long sequence, long latencyNanos);
    }

    private final Payload<T> payload;
    private final TransportKind kind;
    private final TransportOptions transportOptions;
    private final WireConfig config;
    private final Observer<T> observer;

    /**
     * Which threads this JVM runs: all of them (one process), or one side of a cross-process run. In echo mode the
     * sender's side is the sender and the receiver of the echoes, the other side the echoer.
     */
    enum Role { BOTH, SENDER, RECEIVER, ECHOER }

    private Role role = Role.BOTH;
    private Runnable onReady = () -> { };
    private LatencyLog latencyLog;

    public WireRun(Payload<T> payload, TransportKind kind, TransportOptions transportOptions, WireConfig config, Observer<T> observer) {
        this.payload = payload;
        this.kind = kind;
        this.transportOptions = transportOptions;
        this.config = config;
        this.observer = observer;
    }

    public WireRun(Payload<T> payload, TransportKind kind, TransportOptions transportOptions, WireConfig config) {
        this(payload, kind, transportOptions, config, null);
    }

    /** Hands every recorded latency to {@code log} as well (one process only: the log lives in this JVM). */
    public WireRun<T> recordEach(LatencyLog log) {
        this.latencyLog = log;
        return this;
    }

    /** Checks the round trip, starts the transport, runs the schedule, stops the transport; the result or a {@link WireRunException}. */
    public WireResult run() {
        int maxEncoded = payload.verifyRoundTrip();
        long t0 = System.nanoTime();
        // at a recorded pace in one process, every latency is kept for the timeline along the capture's time
        long[] replayed = null;
        if (config.recordedSpeed > 0 && role == Role.BOTH && latencyLog == null) {
            long measured = config.messages - config.warmupMessages;
            if (measured > 0 && measured <= Integer.MAX_VALUE) {
                long[] into = replayed = new long[(int) measured];
                latencyLog = (seq, ns) -> into[(int) (seq - config.warmupMessages)] = ns;
            }
        }
        double clockRead = config.stages ? clockReadNanos() : -1;
        Transport transport = config.echo ? kind.openEcho(transportOptions) : kind.open(transportOptions);
        SideFigures f;
        try {
            f = runOn(transport, maxEncoded);
        } finally {
            transport.close();
        }
        f.rethrow("");
        if (f.sender == null || f.receiver == null) return null;
        WireResult result = new WireResult(payload, kind, transport.describe(), transport.ownThreads(), config, f.sender, f.receiver);
        if (config.stages) result.withClockRead(clockRead);
        if (replayed != null) result.withReplayTimeline(ReplayTimeline.of(payload, config.recordedSpeed, config.warmupMessages, replayed));
        return (f.echoer != null ? result.withEchoer(f.echoer.pinning) : result).withWallSeconds((System.nanoTime() - t0) / 1e9);
    }

    /**
     * What one {@code System.nanoTime()} read costs here: the median over 21 batches of 100,000 back-to-back reads (the
     * first batches also warm the loop up), each batch's time divided by its reads.
     */
    static double clockReadNanos() {
        int batches = 21;
        int reads = 100_000;
        double[] per = new double[batches];
        long sink = 0;
        for (int b = 0; b < batches; b++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < reads; i++) sink += System.nanoTime();
            per[b] = (System.nanoTime() - t0) / (double) reads;
        }
        if (sink == 42) System.out.print(""); // the reads' sum is used, so the loop is not taken out
        java.util.Arrays.sort(per);
        return per[batches / 2];
    }

    /**
     * Echo mode across two hosts, the sender's side: the sender and the receiver of the echoes in this JVM, the
     * echoer in another started with {@link #runEchoerOnly}; fixed endpoints in the transport options.
     */
    public WireResult runAgainstRemoteEchoer() {
        role = Role.SENDER;
        return run().withEchoer("in another process (" + kind.label() + ")");
    }

    /** Echo mode across two hosts, the echoer's side; returns how many messages it echoed. */
    public long runEchoerOnly() {
        role = Role.ECHOER;
        int maxEncoded = payload.verifyRoundTrip();
        SideFigures f;
        try (Transport transport = kind.openEcho(transportOptions)) {
            f = runOn(transport, maxEncoded);
        }
        f.rethrow("");
        return f.echoer.echoed;
    }

    /**
     * One side of a cross-process run on a transport attached to the parent's; {@code onReady} runs once the side
     * has its publisher or subscriber. Returns that side's figures (and its failure, if it had one) for
     * {@link CrossProcess} to merge.
     */
    SideFigures runSide(Role side, Transport attached, Runnable onReady) {
        if (side == Role.BOTH) throw new IllegalArgumentException("one side only");
        this.role = side;
        this.onReady = onReady;
        int maxEncoded = payload.verifyRoundTrip();
        SideFigures f = runOn(attached, maxEncoded);
        if (f.receiver != null) {
            f.receiver.transportDetails = attached.describe();
            f.receiver.transportThreads = attached.ownThreads();
        }
        return f;
    }

    private boolean sends() {
        return role == Role.BOTH || role == Role.SENDER;
    }

    private boolean receives() {
        return role == Role.BOTH || role == Role.RECEIVER || config.echo && role == Role.SENDER;
    }

    private boolean echoes() {
        return config.echo && (role == Role.BOTH || role == Role.ECHOER);
    }

    /** Runs this JVM's threads on {@code transport}; their figures, with the first failure in them (not thrown). */
    private SideFigures runOn(Transport transport, int maxEncoded) {
        RunControl run = new RunControl(config, kind, sends(), echoes());
        SideFigures f = new SideFigures();
        Sender<T> sender = sends() ? new Sender<>(payload, run, maxEncoded) : null;
        Receiver<T> receiver = receives() ? new Receiver<>(payload, run, observer, latencyLog) : null;
        Echoer<T> echoer = echoes() ? new Echoer<>(payload, run, maxEncoded) : null;
        CountDownLatch ready = new CountDownLatch((sender != null ? 1 : 0) + (receiver != null ? 1 : 0) + (echoer != null ? 1 : 0));
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        if (echoer != null) threads.add(thread("wire-echoer", run, () -> f.echoer = echoer.run((EchoTransport) transport, ready, go)));
        if (receiver != null) threads.add(thread("wire-receiver", run, () -> f.receiver = receiver.run(transport, ready, go)));
        if (sender != null) threads.add(thread("wire-sender", run, () -> f.sender = sender.run(transport, ready, go)));
        for (Thread t : threads) t.start();
        try {
            long readyLimit = role == Role.BOTH ? 30 : 90;
            long readyBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(readyLimit);
            while (!ready.await(20, TimeUnit.MILLISECONDS) && !run.failed()) {
                if (System.nanoTime() - readyBy > 0) {
                    run.fail(new WireRunException(WireRunException.Kind.FAILED, -1, "sender and receiver were not ready within " + readyLimit + " s", null));
                }
            }
            if (run.failed()) {
                go.countDown();
                for (Thread t : threads) t.join(5_000);
                return withFailure(f, run.failure());
            }
            onReady.run();
            run.startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
            go.countDown();
            long scheduleNs = (long) (config.messages / config.rate * 1e9);
            long limitMs = TimeUnit.NANOSECONDS.toMillis(scheduleNs + config.stallTimeoutNanos + config.quietTimeoutNanos) + 30_000;
            boolean alive = false;
            for (Thread t : threads) {
                t.join(Math.max(1, limitMs - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - run.startNanos)));
                alive |= t.isAlive();
            }
            if (alive) {
                long received = receiver == null ? -1 : receiver.figures().received;
                run.fail(new WireRunException(WireRunException.Kind.FAILED, received,
                        "run did not finish within " + limitMs + " ms (received " + received + " of " + config.messages + ")", null));
                for (Thread t : threads) t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            run.fail(new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted", e));
        }
        return run.failed() ? withFailure(f, run.failure()) : f;
    }

    private static SideFigures withFailure(SideFigures f, WireRunException e) {
        f.failureKind = e.kind();
        f.failureSequence = e.sequence();
        f.failure = e.getMessage();
        f.cause = e;
        return f;
    }

    /** A daemon thread whose failure, whatever it is, becomes the run's (named after the thread). */
    private static Thread thread(String name, RunControl run, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (WireRunException e) {
                run.fail(e);
            } catch (RuntimeException | Error e) {
                run.fail(new WireRunException(WireRunException.Kind.FAILED, -1, Thread.currentThread().getName() + " failed: " + e, e));
            }
        }, name);
        t.setDaemon(true);
        return t;
    }
}
