package org.wireshootout.wire;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.Codec;

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
 * moment (or sends at once when it is already late), encodes, copies the frame into the transport and, when
 * the transport refuses it, counts one back-pressure event and retries. The frame carries its sequence number,
 * its intended send time and the checksum of its fields ahead of the codec's bytes. The receiver takes every
 * frame in order, decodes it, takes the time, checks the sequence and the checksum and records
 * {@code now - intended} (after the warm-up messages). Measuring from the intended time is what makes a stall
 * count for every message it delays, not just the one it hit: with {@code now - actual send time} a stalled
 * sender would simply send later and the delay would vanish from the record (coordinated omission).
 *
 * <p>Both threads use {@code System.nanoTime()}, one clock in one process.
 */
public final class WireRun<T> {
    /**
     * Frame header: sequence (8 bytes), intended send time in ns (8), the time the sender actually started on the
     * message (8), field checksum (8), then the codec's bytes.
     */
    static final int HEADER = 32;
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

    /** Which threads this JVM runs: both (one process), or one side of a cross-process run. */
    enum Role { BOTH, SENDER, RECEIVER }

    private Role role = Role.BOTH;
    private Runnable onReady = () -> { };

    private volatile WireRunException failure;
    private volatile boolean senderDone;
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
        Transport transport = kind.open(transportOptions);
        WireResult result;
        try {
            result = runOn(transport, maxEncoded);
        } finally {
            transport.close();
        }
        return result.withWallSeconds((System.nanoTime() - t0) / 1e9);
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
        if (side == Role.SENDER) {
            m.put("sent", sent);
            m.put("backPressureEvents", backPressureEvents);
            m.put("backPressureRetries", backPressureRetries);
            m.put("firstMeasuredIntended", firstMeasuredIntended);
            m.put("lastSendNanos", lastSendNanos);
            m.put("lastIntended", lastIntended);
            m.put("maxSendLagNanos", maxSendLagNanos);
            m.put("maxFrameBytes", maxEncoded + HEADER);
            m.put("senderPinning", senderPinning);
        } else {
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

    private WireResult runOn(Transport transport, int maxEncoded) {
        boolean sending = role != Role.RECEIVER;
        boolean receiving = role != Role.SENDER;
        CountDownLatch ready = new CountDownLatch((sending ? 1 : 0) + (receiving ? 1 : 0));
        CountDownLatch go = new CountDownLatch(1);
        Thread sender = new Thread(() -> guard(() -> { if (sending) send(transport, maxEncoded, ready, go); }), "wire-sender");
        Thread receiver = new Thread(() -> guard(() -> { if (receiving) receive(transport, ready, go); }), "wire-receiver");
        sender.setDaemon(true);
        receiver.setDaemon(true);
        receiver.start();
        sender.start();
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
                sender.join(5_000);
                receiver.join(5_000);
                throw failure;
            }
            onReady.run();
            startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
            go.countDown();
            long scheduleNs = (long) (config.messages / config.rate * 1e9);
            long limitMs = TimeUnit.NANOSECONDS.toMillis(scheduleNs + config.stallTimeoutNanos + config.quietTimeoutNanos) + 30_000;
            sender.join(limitMs);
            receiver.join(Math.max(1, limitMs - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos)));
            if (sender.isAlive() || receiver.isAlive()) {
                fail(new WireRunException(WireRunException.Kind.FAILED, received,
                        "run did not finish within " + limitMs + " ms (received " + received + " of " + config.messages + ")", null));
                sender.join(5_000);
                receiver.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted", e));
        }
        if (failure != null) throw failure;
        if (role != Role.BOTH) return null;
        return new WireResult(payload, kind, transport, config, histogram, fromActualSend, windows, sent, received, clipped,
                backPressureEvents, backPressureRetries, firstMeasuredIntended, lastSendNanos, lastIntended,
                maxSendLagNanos, maxEncoded + HEADER, senderPinning, receiverPinning, receiverIdle);
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
        Codec<T> codec = payload.newCodec();
        byte[] frame = new byte[HEADER + maxEncoded];
        UnsafeBuffer header = new UnsafeBuffer(frame);
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
                int length = codec.encode(payload.message(index));
                if (length > maxEncoded) {
                    throw new WireRunException(WireRunException.Kind.FAILED, seq, "message " + seq + " encoded to " + length
                            + " bytes, more than the " + maxEncoded + " the round-trip check saw", null);
                }
                codec.copyTo(frame, HEADER);
                header.putLong(0, seq);
                header.putLong(8, intended);
                header.putLong(16, now);
                header.putLong(24, payload.checksumOf(index));
                if (!publisher.offer(frame, HEADER + length)) {
                    backPressureEvents++;
                    long refusedAt = System.nanoTime();
                    do {
                        backPressureRetries++;
                        if (failure != null) return;
                        if (System.nanoTime() - refusedAt > config.stallTimeoutNanos) {
                            throw new WireRunException(WireRunException.Kind.STALLED, seq, kind.label() + " refused message " + seq
                                    + " for " + TimeUnit.NANOSECONDS.toSeconds(config.stallTimeoutNanos) + " s (receiver stuck?)", null);
                        }
                        Thread.onSpinWait();
                    } while (!publisher.offer(frame, HEADER + length));
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

    private void awaitGo(CountDownLatch go) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted before the start", e);
        }
    }

    private void receive(Transport transport, CountDownLatch ready, CountDownLatch go) {
        receiverPinning = Pinning.bind(config.receiverCpu);
        Receiver r = new Receiver();
        receiverIdle = config.receiverIdle != null ? config.receiverIdle
                : transport.ownThreads().containsValue("CPU " + config.receiverCpu) && config.receiverCpu >= 0 ? IdleKind.yield : IdleKind.spin;
        IdleStrategy idle = receiverIdle.newStrategy();
        try (Transport.Subscriber subscriber = transport.subscriber()) {
            ready.countDown();
            awaitGo(go);
            long lastProgress = System.nanoTime();
            long begun = lastProgress;
            while (r.expected < config.messages && failure == null) {
                int n = subscriber.poll(r, 64);
                if (n > 0) {
                    lastProgress = System.nanoTime();
                } else if (senderFinished(r.expected, begun) && System.nanoTime() - lastProgress > config.quietTimeoutNanos) {
                    throw new WireRunException(WireRunException.Kind.LOST, r.expected, "message " + r.expected + " lost: "
                            + "the sender finished " + sent + " messages and nothing arrived for "
                            + TimeUnit.NANOSECONDS.toSeconds(config.quietTimeoutNanos) + " s after message " + (r.expected - 1), null);
                }
                idle.idle(n);
            }
        }
        received = r.expected;
        clipped = r.clipped;
    }

    /**
     * In one process the receiver knows when the sender has finished. A receiver in its own JVM does not: it
     * counts silence once the first message has come (or a minute after its start, for a sender that never
     * began), so a sender that stalls longer than the quiet timeout is reported as a loss there.
     */
    private boolean senderFinished(long receivedSoFar, long begun) {
        if (role == Role.BOTH) return senderDone;
        return receivedSoFar > 0 || System.nanoTime() - begun > TimeUnit.SECONDS.toNanos(60);
    }

    /** The receiver's per-message work, as a sink the transport calls (no allocation per message). */
    private final class Receiver implements Transport.FrameSink {
        final Codec<T> codec = payload.newCodec();
        final T target = payload.newTarget();
        final UnsafeBuffer header = new UnsafeBuffer(new byte[0]);
        final long warmup = config.warmupMessages;
        final long windowSize = Math.max(1, (config.messages - config.warmupMessages + WINDOWS - 1) / WINDOWS);
        long expected;
        long clipped;
        boolean dropped;
        boolean corrupted;

        @Override
        public void onFrame(byte[] frame, int length) {
            if (failure != null) return;
            if (length < HEADER) {
                fail(new WireRunException(WireRunException.Kind.CORRUPTED, expected, "message " + expected + " corrupted: a frame of "
                        + length + " bytes, shorter than the " + HEADER + "-byte header", null));
                return;
            }
            header.wrap(frame, 0, HEADER);
            long seq = header.getLong(0);
            long intended = header.getLong(8);
            long actual = header.getLong(16);
            long sum = header.getLong(24);
            if (seq == config.dropSequence && !dropped) {
                dropped = true;
                return;
            }
            if (seq != expected) {
                fail(seq < expected
                        ? new WireRunException(WireRunException.Kind.DUPLICATED, seq, "message " + seq + " duplicated: it arrived again after message " + (expected - 1), null)
                        : new WireRunException(WireRunException.Kind.LOST, expected, "message " + expected + " lost: message " + seq + " arrived in its place", null));
                return;
            }
            if (seq == config.corruptSequence && !corrupted) {
                corrupted = true;
                frame[HEADER + (length - HEADER) / 2] ^= 0x5A;
            }
            try {
                codec.load(frame, HEADER, length - HEADER);
                codec.decode(target);
            } catch (RuntimeException e) {
                fail(new WireRunException(WireRunException.Kind.CORRUPTED, seq, "message " + seq + " corrupted: decoding failed: " + e, e));
                return;
            }
            long decodedAt = System.nanoTime();
            long latency = decodedAt - intended;
            long decodedSum = payload.checksum(target);
            if (decodedSum != sum) {
                fail(new WireRunException(WireRunException.Kind.CORRUPTED, seq, "message " + seq + " corrupted: its decoded fields have checksum "
                        + Long.toHexString(decodedSum) + ", the sender's were " + Long.toHexString(sum) + " (decoded " + target + ")", null));
                return;
            }
            if (seq >= warmup) {
                if (latency > HIGHEST_LATENCY_NS) {
                    latency = HIGHEST_LATENCY_NS;
                    clipped++;
                }
                histogram.recordValue(latency);
                fromActualSend.recordValue(Math.min(HIGHEST_LATENCY_NS, Math.max(0, decodedAt - actual)));
                windows[(int) Math.min(WINDOWS - 1, (seq - warmup) / windowSize)].recordValue(latency);
            }
            if (observer != null) observer.onMessage(seq, target);
            expected++;
        }
    }
}
