package org.wireshootout.wire;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.DirectBuffer;
import org.wireshootout.codec.BufferCodec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One run of one payload over one transport at one offered rate: the sender and receiver threads, the checks,
 * and the result.
 *
 * <p>The schedule: message {@code s} is meant to go at {@code start + s / rate}. The sender spins until that
 * moment (or sends at once when it is already late), claims a frame in the transport's own memory (when the
 * transport refuses, it counts one back-pressure event and retries), encodes the message straight into it behind
 * the header, and commits it. The receiver decodes each frame where the transport delivers it: no copy either side. The frame carries its sequence number,
 * its intended send time and the checksum of its fields ahead of the codec's bytes. The receiver takes every
 * frame in order, decodes it, takes the time, checks the sequence and the checksum and records
 * {@code now - intended} (after the warm-up messages). Measuring from the intended time is what makes a stall
 * count for every message it delays, not just the one it hit: with {@code now - actual send time} a stalled
 * sender would simply send later and the delay would vanish from the record (coordinated omission).
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
    private static final long HIGHEST_LATENCY_NS = TimeUnit.SECONDS.toNanos(60);
    private static final int WINDOWS = 10;

    /** Test hook: sees every message the receiver accepted, after its checks. */
    public interface Observer<T> {
        void onMessage(long sequence, T decoded);
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

    private volatile WireRunException failure;
    private volatile boolean senderDone;
    private boolean dropped;
    private volatile long startNanos;

    // sender's figures, published by senderDone
    private long backPressureEvents;
    private long backPressureRetries;
    private long sent;
    private long firstMeasuredIntended = -1;
    private long lastSendNanos;
    private long lastIntended;
    private long maxSendLagNanos;
    private String senderPinning;

    // receiver's figures, read after join
    private final Histogram histogram = new Histogram(HIGHEST_LATENCY_NS, 3);
    private final Histogram fromActualSend = new Histogram(HIGHEST_LATENCY_NS, 3);
    private final Histogram[] windows = new Histogram[WINDOWS];
    private long received;
    private long clipped;
    private String receiverPinning;
    private IdleKind receiverIdle;

    // the echoer's figures, read after join
    private long echoed;
    private long echoBackPressureEvents;
    private String echoerPinning;

    public WireRun(Payload<T> payload, TransportKind kind, TransportOptions transportOptions, WireConfig config, Observer<T> observer) {
        this.payload = payload;
        this.kind = kind;
        this.transportOptions = transportOptions;
        this.config = config;
        this.observer = observer;
        for (int i = 0; i < WINDOWS; i++) windows[i] = new Histogram(HIGHEST_LATENCY_NS, 2);
    }

    public WireRun(Payload<T> payload, TransportKind kind, TransportOptions transportOptions, WireConfig config) {
        this(payload, kind, transportOptions, config, null);
    }

    /** Checks the round trip, starts the transport, runs the schedule, stops the transport; the result or a {@link WireRunException}. */
    public WireResult run() {
        int maxEncoded = payload.verifyRoundTrip();
        long t0 = System.nanoTime();
        Transport transport = config.echo ? kind.openEcho(transportOptions) : kind.open(transportOptions);
        WireResult result;
        try {
            result = runOn(transport, maxEncoded);
        } finally {
            transport.close();
        }
        return result == null ? null : result.withWallSeconds((System.nanoTime() - t0) / 1e9);
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
        run();
        return echoed;
    }

    /**
     * One side of a cross-process run on a transport attached to the parent's; {@code onReady} runs once the side
     * has its publisher or subscriber. Returns that side's figures for {@link CrossProcess} to merge.
     */
    Map<String, Object> runSide(Role side, Transport attached, Runnable onReady) {
        if (side == Role.BOTH) throw new IllegalArgumentException("one side only");
        this.role = side;
        this.onReady = onReady;
        int maxEncoded = payload.verifyRoundTrip();
        Map<String, Object> m = new LinkedHashMap<>();
        try {
            runOn(attached, maxEncoded);
        } catch (WireRunException e) {
            m.put("failureKind", e.kind().name());
            m.put("failureSequence", e.sequence());
            m.put("failure", e.getMessage());
        }
        if (sends()) {
            m.put("sent", sent);
            m.put("backPressureEvents", backPressureEvents);
            m.put("backPressureRetries", backPressureRetries);
            m.put("firstMeasuredIntended", firstMeasuredIntended);
            m.put("lastSendNanos", lastSendNanos);
            m.put("lastIntended", lastIntended);
            m.put("maxSendLagNanos", maxSendLagNanos);
            m.put("maxFrameBytes", maxEncoded + HEADER);
            m.put("senderPinning", senderPinning);
        }
        if (echoes()) {
            m.put("echoed", echoed);
            m.put("echoBackPressureEvents", echoBackPressureEvents);
            m.put("echoerPinning", echoerPinning);
        }
        if (receives()) {
            m.put("transportDetails", attached.describe());
            m.put("transportThreads", attached.ownThreads());
            m.put("received", received);
            m.put("clipped", clipped);
            m.put("receiverPinning", receiverPinning);
            m.put("receiverIdle", receiverIdle == null ? null : receiverIdle.name());
            m.put("histogram", WireResult.encode(histogram));
            m.put("fromActualSend", WireResult.encode(fromActualSend));
            List<String> w = new ArrayList<>();
            for (Histogram h : windows) w.add(WireResult.encode(h));
            m.put("windows", w);
        }
        return m;
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

    private WireResult runOn(Transport transport, int maxEncoded) {
        boolean sending = sends();
        boolean receiving = receives();
        boolean echoing = echoes();
        CountDownLatch ready = new CountDownLatch((sending ? 1 : 0) + (receiving ? 1 : 0) + (echoing ? 1 : 0));
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        if (echoing) threads.add(new Thread(() -> guard(() -> echo((EchoTransport) transport, maxEncoded, ready, go)), "wire-echoer"));
        if (receiving) threads.add(new Thread(() -> guard(() -> receive(transport, ready, go)), "wire-receiver"));
        if (sending) threads.add(new Thread(() -> guard(() -> send(transport, maxEncoded, ready, go)), "wire-sender"));
        for (Thread t : threads) {
            t.setDaemon(true);
            t.start();
        }
        try {
            long readyLimit = role == Role.BOTH ? 30 : 90;
            long readyBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(readyLimit);
            while (!ready.await(20, TimeUnit.MILLISECONDS) && failure == null) {
                if (System.nanoTime() - readyBy > 0) {
                    fail(new WireRunException(WireRunException.Kind.FAILED, -1, "sender and receiver were not ready within " + readyLimit + " s", null));
                }
            }
            if (failure != null) {
                go.countDown();
                for (Thread t : threads) t.join(5_000);
                throw failure;
            }
            onReady.run();
            startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
            go.countDown();
            long scheduleNs = (long) (config.messages / config.rate * 1e9);
            long limitMs = TimeUnit.NANOSECONDS.toMillis(scheduleNs + config.stallTimeoutNanos + config.quietTimeoutNanos) + 30_000;
            boolean alive = false;
            for (Thread t : threads) {
                t.join(Math.max(1, limitMs - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos)));
                alive |= t.isAlive();
            }
            if (alive) {
                fail(new WireRunException(WireRunException.Kind.FAILED, received,
                        "run did not finish within " + limitMs + " ms (received " + received + " of " + config.messages + ")", null));
                for (Thread t : threads) t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted", e));
        }
        if (failure != null) throw failure;
        if (!sending || !receiving) return null;
        WireResult result = new WireResult(payload, kind, transport.describe(), transport.ownThreads(), config, histogram, fromActualSend,
                windows, sent, received, clipped, backPressureEvents, backPressureRetries, firstMeasuredIntended, lastSendNanos,
                lastIntended, maxSendLagNanos, maxEncoded + HEADER, senderPinning, receiverPinning, receiverIdle);
        return echoing ? result.withEchoer(echoerPinning) : result;
    }

    private void guard(Runnable body) {
        try {
            body.run();
        } catch (WireRunException e) {
            fail(e);
        } catch (RuntimeException | Error e) {
            fail(new WireRunException(WireRunException.Kind.FAILED, -1, Thread.currentThread().getName() + " failed: " + e, e));
        }
    }

    private void fail(WireRunException e) {
        synchronized (this) {
            if (failure == null) failure = e;
        }
    }

    private void send(Transport transport, int maxEncoded, CountDownLatch ready, CountDownLatch go) {
        senderPinning = Pinning.bind(config.senderCpu);
        BufferCodec<T> codec = payload.newCodec();
        UnsafeBuffer frame = new UnsafeBuffer(new byte[0]);
        int frameLength = HEADER + maxEncoded;
        int cycle = payload.size();
        double intervalNs = 1e9 / config.rate;
        long total = config.messages;
        long warmup = config.warmupMessages;
        try (Transport.Publisher publisher = transport.publisher()) {
            ready.countDown();
            awaitGo(go);
            long start = startNanos;
            for (long seq = 0; seq < total; seq++) {
                long intended = start + (long) (seq * intervalNs);
                long now;
                while ((now = System.nanoTime()) < intended) {
                    if (failure != null) return;
                    Thread.onSpinWait();
                }
                if (failure != null) return;
                int index = (int) (seq % cycle);
                long retries = claim(publisher, frameLength, seq, "message");
                if (retries < 0) return;
                frame.wrap(publisher.buffer(), publisher.offset(), frameLength);
                int length = encodeInto(publisher, codec, payload.message(index), frame, seq);
                frame.putLong(0, seq);
                frame.putLong(8, intended);
                frame.putLong(16, now);
                frame.putLong(24, payload.checksumOf(index));
                frame.putInt(32, length);
                long more = commit(publisher, HEADER + length, seq, "message");
                if (more < 0) return;
                retries += more;
                if (retries > 0) {
                    backPressureEvents++;
                    backPressureRetries += retries;
                }
                long after = System.nanoTime();
                if (seq >= warmup) {
                    if (firstMeasuredIntended < 0) firstMeasuredIntended = intended;
                    maxSendLagNanos = Math.max(maxSendLagNanos, after - intended);
                }
                lastSendNanos = after;
                lastIntended = intended;
                sent = seq + 1;
            }
        } finally {
            senderDone = true;
        }
    }

    /**
     * Encodes {@code message} straight into the claimed {@code frame} behind the header; returns its length. A failed
     * encode gives the claim back and fails the run naming the message.
     */
    private int encodeInto(Transport.Publisher publisher, BufferCodec<T> codec, T message, UnsafeBuffer frame, long seq) {
        try {
            return codec.encode(message, frame, HEADER);
        } catch (RuntimeException e) {
            publisher.abort();
            throw new WireRunException(WireRunException.Kind.FAILED, seq, "message " + seq + " could not be encoded into its "
                    + (frame.capacity() - HEADER) + "-byte frame (the largest the round-trip check saw): " + e, e);
        }
    }

    /**
     * Claims a frame until the transport gives one: the retries it took (0 when given at once), or -1 when the run
     * failed elsewhere meanwhile; a refusal longer than the stall timeout fails the run naming the message.
     */
    private long claim(Transport.Publisher publisher, int length, long seq, String what) {
        if (publisher.tryClaim(length)) return 0;
        long refusedAt = System.nanoTime();
        long retries = 0;
        do {
            retries++;
            if (failure != null) return -1;
            stalled(refusedAt, seq, what);
            Thread.onSpinWait();
        } while (!publisher.tryClaim(length));
        return retries;
    }

    /** Commits a written frame until the transport takes it, counted as {@link #claim} counts. */
    private long commit(Transport.Publisher publisher, int length, long seq, String what) {
        if (publisher.commit(length)) return 0;
        long refusedAt = System.nanoTime();
        long retries = 0;
        do {
            retries++;
            if (failure != null) {
                publisher.abort();
                return -1;
            }
            stalled(refusedAt, seq, what);
            Thread.onSpinWait();
        } while (!publisher.commit(length));
        return retries;
    }

    private void stalled(long refusedAt, long seq, String what) {
        if (System.nanoTime() - refusedAt > config.stallTimeoutNanos) {
            throw new WireRunException(WireRunException.Kind.STALLED, seq, kind.label() + " refused " + what + " " + seq
                    + " for " + TimeUnit.NANOSECONDS.toSeconds(config.stallTimeoutNanos) + " s (receiver stuck?)", null);
        }
    }

    private void awaitGo(CountDownLatch go) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted before the start", e);
        }
    }

    /**
     * The idle strategy of the threads that poll (receiver, echoer) on the receiver's CPU: as configured, or
     * yield when another thread of this process polls there too (Aeron's driver, or in one-process echo mode the
     * echoer and the receiver both), else spin.
     */
    private IdleKind pollerIdle(Transport transport) {
        if (config.receiverIdle != null) return config.receiverIdle;
        if (config.echo && role == Role.BOTH) return IdleKind.yield;
        return config.receiverCpu >= 0 && transport.ownThreads().containsValue("CPU " + config.receiverCpu) ? IdleKind.yield : IdleKind.spin;
    }

    private void receive(Transport transport, CountDownLatch ready, CountDownLatch go) {
        receiverPinning = Pinning.bind(config.receiverCpu);
        Receiver r = new Receiver();
        receiverIdle = pollerIdle(transport);
        try (Transport.Subscriber subscriber = transport.subscriber()) {
            ready.countDown();
            awaitGo(go);
            pollAll(subscriber, r, r.check, receiverIdle.newStrategy());
        }
        received = r.check.expected;
        clipped = r.clipped;
    }

    /** The echoer: out of the outbound direction, checked and decoded, re-encoded, into the return direction. */
    private void echo(EchoTransport transport, int maxEncoded, CountDownLatch ready, CountDownLatch go) {
        echoerPinning = Pinning.bind(config.receiverCpu);
        Echoer e = new Echoer(maxEncoded);
        // the subscription first: the publication waits for the far side's subscription, which may be in another JVM
        try (Transport.Subscriber subscriber = transport.echoSubscriber(); Transport.Publisher back = transport.echoPublisher()) {
            e.back = back;
            ready.countDown();
            awaitGo(go);
            pollAll(subscriber, e, e.check, pollerIdle(transport).newStrategy());
        }
        echoed = e.check.expected;
    }

    /** Polls until every message has passed {@code check}; silence after the sender finished is a loss, naming the message. */
    private void pollAll(Transport.Subscriber subscriber, Transport.FrameSink sink, FrameCheck<T> check, IdleStrategy idle) {
        long lastProgress = System.nanoTime();
        long begun = lastProgress;
        while (check.expected < config.messages && failure == null) {
            int n = subscriber.poll(sink, 64);
            if (n > 0) {
                lastProgress = System.nanoTime();
            } else if (senderFinished(check.expected, begun) && System.nanoTime() - lastProgress > config.quietTimeoutNanos) {
                throw new WireRunException(WireRunException.Kind.LOST, check.expected, check.lost(check.expected) + ": "
                        + "the sender finished " + sent + " messages and nothing arrived for "
                        + TimeUnit.NANOSECONDS.toSeconds(config.quietTimeoutNanos) + " s after message " + (check.expected - 1), null);
            }
            idle.idle(n);
        }
    }

    /**
     * In one process the receiver knows when the sender has finished. A receiver in its own JVM does not: it
     * counts silence once the first message has come (or a minute after its start, for a sender that never
     * began), so a sender that stalls longer than the quiet timeout is reported as a loss there.
     */
    private boolean senderFinished(long receivedSoFar, long begun) {
        if (sends()) return senderDone;
        return receivedSoFar > 0 || System.nanoTime() - begun > TimeUnit.SECONDS.toNanos(60);
    }

    /** The test hook that loses one message: true once, for the configured sequence. One thread applies it. */
    private boolean dropOnce(long seq) {
        if (seq != config.dropSequence || dropped) return false;
        dropped = true;
        return true;
    }

    /** The receiver's per-message work, as a sink the transport calls (no allocation per message). */
    private final class Receiver implements Transport.FrameSink {
        // in echo mode the test hooks act at the echoer
        final FrameCheck<T> check = new FrameCheck<>(payload, config.echo ? "echo of message" : "message", "",
                config.echo ? -1 : config.corruptSequence);
        final long warmup = config.warmupMessages;
        final long windowSize = Math.max(1, (config.messages - config.warmupMessages + WINDOWS - 1) / WINDOWS);
        long clipped;

        @Override
        public void onFrame(DirectBuffer frame, int offset, int length) {
            if (failure != null || !check.readHeader(frame, offset, length, WireRun.this::fail)) return;
            if (!config.echo && dropOnce(check.seq)) return;
            if (!check.accept(frame, offset, length, WireRun.this::fail)) return;
            long seq = check.seq;
            long latency = check.decodedAt - check.intended;
            if (seq >= warmup) {
                if (latency > HIGHEST_LATENCY_NS) {
                    latency = HIGHEST_LATENCY_NS;
                    clipped++;
                }
                histogram.recordValue(latency);
                fromActualSend.recordValue(Math.min(HIGHEST_LATENCY_NS, Math.max(0, check.decodedAt - check.actual)));
                windows[(int) Math.min(WINDOWS - 1, (seq - warmup) / windowSize)].recordValue(latency);
            }
            if (observer != null) observer.onMessage(seq, check.target);
        }
    }

    /** The echoer's per-message work: the receiver's checks, then the decoded message re-encoded into a frame claimed on the way back. */
    private final class Echoer implements Transport.FrameSink {
        final FrameCheck<T> check = new FrameCheck<>(payload, "message", " at the echoer", config.corruptSequence);
        final BufferCodec<T> encoder = payload.newCodec();
        final int frameLength;
        final UnsafeBuffer echo = new UnsafeBuffer(new byte[0]);
        Transport.Publisher back;

        Echoer(int maxEncoded) {
            this.frameLength = HEADER + maxEncoded;
        }

        @Override
        public void onFrame(DirectBuffer frame, int offset, int length) {
            if (failure != null || !check.readHeader(frame, offset, length, WireRun.this::fail)
                    || !check.accept(frame, offset, length, WireRun.this::fail)) return;
            if (dropOnce(check.seq)) return; // as if the return path had lost it
            long retries = claim(back, frameLength, check.seq, "the echo of message");
            if (retries < 0) return;
            echo.wrap(back.buffer(), back.offset(), frameLength);
            int n = encodeInto(back, encoder, check.target, echo, check.seq);
            // the sender's header goes back unchanged: its sequence, intended time and checksum are what the receiver checks
            echo.putBytes(0, frame, offset, HEADER);
            echo.putInt(32, n);
            long more = commit(back, HEADER + n, check.seq, "the echo of message");
            if (more < 0) return;
            if (retries + more > 0) echoBackPressureEvents++;
        }
    }
}
