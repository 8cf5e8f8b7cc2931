package org.wireshootout.wire;

import org.HdrHistogram.Histogram;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The receiver: takes every frame in order where the transport delivers it, checks the sequence, decodes in place,
 * takes the time, checks the checksum and records {@code now - intended} (after the warm-up messages). Measuring from
 * the intended time is what makes a stall count for every message it delays, not just the one it hit: with
 * {@code now - actual send time} a stalled sender would simply send later and the delay would vanish from the record
 * (coordinated omission). In echo mode it runs on the sender's side and takes the echoes.
 *
 * @param <T> the data model
 */
final class Receiver<T> implements Transport.FrameSink {
    static final long HIGHEST_LATENCY_NS = TimeUnit.SECONDS.toNanos(60);
    static final int WINDOWS = 10;

    private final RunControl run;
    private final WireRun.Observer<T> observer;
    private final WireRun.LatencyLog log;
    // in echo mode the test hooks act at the echoer
    private final FrameCheck<T> check;
    private final long warmup;
    private final long windowSize;
    private final SideFigures.Receiver f = new SideFigures.Receiver();

    Receiver(Payload<T> payload, RunControl run, WireRun.Observer<T> observer, WireRun.LatencyLog log) {
        WireConfig config = run.config;
        this.run = run;
        this.observer = observer;
        this.log = log;
        this.check = new FrameCheck<>(payload, config.messages, config.echo ? "echo of message" : "message", "", config.echo ? -1 : config.corruptSequence);
        this.warmup = config.warmupMessages;
        this.windowSize = Math.max(1, (config.messages - config.warmupMessages + WINDOWS - 1) / WINDOWS);
        f.histogram = new Histogram(HIGHEST_LATENCY_NS, 3);
        f.fromActualSend = new Histogram(HIGHEST_LATENCY_NS, 3);
        if (config.stages) {
            check.timeStages = true;
            f.encode = new Histogram(HIGHEST_LATENCY_NS, 3);
            f.handOff = new Histogram(HIGHEST_LATENCY_NS, 3);
            f.decode = new Histogram(HIGHEST_LATENCY_NS, 3);
            f.scheduleLag = new Histogram(HIGHEST_LATENCY_NS, 3);
        }
        f.windows = new Histogram[WINDOWS];
        for (int i = 0; i < WINDOWS; i++) f.windows[i] = new Histogram(HIGHEST_LATENCY_NS, 2);
    }

    SideFigures.Receiver run(Transport transport, CountDownLatch ready, CountDownLatch go) {
        f.pinning = Pinning.bind(run.config.receiverCpu);
        f.idle = pollerIdle(run, transport);
        try (Transport.Subscriber subscriber = transport.subscriber()) {
            ready.countDown();
            run.awaitGo(go);
            pollAll(run, subscriber, this, check, f.idle.newStrategy());
        } finally {
            f.received = check.expected;
        }
        return f;
    }

    /** The figures so far (complete once {@link #run} has returned). */
    SideFigures.Receiver figures() {
        f.received = check.expected;
        return f;
    }

    @Override
    public void onFrame(DirectBuffer frame, int offset, int length) {
        if (run.failed() || !check.readHeader(frame, offset, length, run::fail)) return;
        if (!run.config.echo && run.dropOnce(check.seq)) return;
        if (!check.accept(frame, offset, length, run::fail)) return;
        long seq = check.seq;
        long latency = check.decodedAt - check.intended;
        if (seq >= warmup) {
            if (latency > HIGHEST_LATENCY_NS) {
                latency = HIGHEST_LATENCY_NS;
                f.clipped++;
            }
            f.histogram.recordValue(latency);
            f.fromActualSend.recordValue(Math.min(HIGHEST_LATENCY_NS, Math.max(0, check.decodedAt - check.actual)));
            f.windows[(int) Math.min(WINDOWS - 1, (seq - warmup) / windowSize)].recordValue(latency);
            if (log != null) log.record(seq, latency);
            if (f.encode != null) {
                long encoded = check.actual + check.encodeNanos;
                f.scheduleLag.recordValue(clip(check.actual - check.intended));
                f.encode.recordValue(clip(check.encodeNanos));
                f.handOff.recordValue(clip(check.handedAt - encoded));
                f.decode.recordValue(clip(check.decodedAt - check.handedAt));
            }
        }
        if (observer != null) observer.onMessage(seq, check.target);
    }

    private static long clip(long ns) {
        return Math.max(0, Math.min(HIGHEST_LATENCY_NS, ns));
    }

    /**
     * The idle strategy of the threads that poll (receiver, echoer) on the receiver's CPU: as configured, or yield
     * when another thread of this process polls there too (Aeron's driver, or in one-process echo mode the echoer and
     * the receiver both), else spin.
     */
    static IdleKind pollerIdle(RunControl run, Transport transport) {
        WireConfig config = run.config;
        if (config.receiverIdle != null) return config.receiverIdle;
        if (config.echo && run.senderHere && run.echoerHere) return IdleKind.yield;
        return config.receiverCpu >= 0 && transport.ownThreads().containsValue("CPU " + config.receiverCpu) ? IdleKind.yield : IdleKind.spin;
    }

    /** Polls until every message has passed {@code check}; silence after the sender finished is a loss, naming the message. */
    static <T> void pollAll(RunControl run, Transport.Subscriber subscriber, Transport.FrameSink sink, FrameCheck<T> check, IdleStrategy idle) {
        WireConfig config = run.config;
        long lastProgress = System.nanoTime();
        long begun = lastProgress;
        while (check.expected < config.messages && !run.failed()) {
            int n = subscriber.poll(sink, 64);
            if (n > 0) {
                lastProgress = System.nanoTime();
            } else if (senderFinished(run, check.expected, begun) && System.nanoTime() - lastProgress > config.quietTimeoutNanos) {
                // a lost message shows as a later frame (the end of the stream at the latest); silence is a stall
                String interrupted = subscriber.interruption();
                throw new WireRunException(WireRunException.Kind.STALLED, check.expected, "nothing arrived for "
                        + TimeUnit.NANOSECONDS.toSeconds(config.quietTimeoutNanos) + " s after " + (check.expected == 0 ? "the start"
                        : "message " + (check.expected - 1)) + ", not even the end of the stream: the far side or the transport stalled"
                        + (interrupted == null ? "" : "; " + interrupted), null);
            }
            idle.idle(n);
        }
        explainGap(run, subscriber);
    }

    /**
     * A message missing after the transport's stream was interrupted (an Aeron image gone after its peer's silence) was
     * not lost by the transport: its peer or the machine stalled past a liveness timeout. The failure says so, as a stall.
     */
    static void explainGap(RunControl run, Transport.Subscriber subscriber) {
        WireRunException e = run.failure();
        String interrupted = e == null || e.kind() != WireRunException.Kind.LOST ? null : subscriber.interruption();
        if (interrupted == null) return;
        run.explain(e, new WireRunException(WireRunException.Kind.STALLED, e.sequence(), e.getMessage() + ", after " + interrupted
                + ": a stall of the peer or of the machine, not a loss by the transport", e));
    }

    /**
     * In one process the receiver knows when the sender has finished. A receiver in its own JVM does not: it counts
     * silence once the first message has come (or a minute after its start, for a sender that never began). Either
     * way silence longer than the quiet timeout is a stall, never a loss: a loss shows as a later frame arriving in the
     * missing one's place, the end of the stream at the latest.
     */
    private static boolean senderFinished(RunControl run, long receivedSoFar, long begun) {
        if (run.senderHere) return run.senderDone;
        return receivedSoFar > 0 || System.nanoTime() - begun > TimeUnit.SECONDS.toNanos(60);
    }
}
