package org.wireshootout.wire;

import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;

import java.util.concurrent.CountDownLatch;

/**
 * The sender: message {@code s} is meant to go at {@code start + s / rate}. It spins until that moment (or sends at
 * once when it is already late), claims a frame in the transport's own memory (a refusal counts one back-pressure
 * event and is retried), encodes the message straight into it behind the header, writes the header and commits.
 *
 * @param <T> the data model
 */
final class Sender<T> {
    private final Payload<T> payload;
    private final RunControl run;
    private final int maxEncoded;

    Sender(Payload<T> payload, RunControl run, int maxEncoded) {
        this.payload = payload;
        this.run = run;
        this.maxEncoded = maxEncoded;
    }

    SideFigures.Sender run(Transport transport, CountDownLatch ready, CountDownLatch go) {
        WireConfig config = run.config;
        SideFigures.Sender f = new SideFigures.Sender();
        f.pinning = Pinning.bind(config.senderCpu);
        f.maxFrameBytes = WireRun.HEADER + maxEncoded;
        BufferCodec<T> codec = payload.newCodec();
        UnsafeBuffer frame = new UnsafeBuffer(new byte[0]);
        int frameLength = WireRun.HEADER + maxEncoded;
        int cycle = payload.size();
        double intervalNs = 1e9 / config.rate;
        long total = config.messages;
        long warmup = config.warmupMessages;
        boolean stages = config.stages;
        try (Transport.Publisher publisher = transport.publisher()) {
            ready.countDown();
            run.awaitGo(go);
            long start = run.startNanos;
            boolean recorded = config.recordedSpeed > 0;
            if (recorded && !payload.recorded()) throw new IllegalStateException("a recorded pace needs a payload with its capture's send times");
            for (long seq = 0; seq < total; seq++) {
                long intended = recorded
                        ? start + (long) (payload.recordedAt(seq) / config.recordedSpeed)
                        : start + (long) (seq * intervalNs);
                long now;
                while ((now = System.nanoTime()) < intended) {
                    if (run.failed()) return f;
                    Thread.onSpinWait();
                }
                if (run.failed()) return f;
                int index = (int) (seq % cycle);
                long retries = run.claim(publisher, frameLength, seq, "message");
                if (retries < 0) return f;
                frame.wrap(publisher.buffer(), publisher.offset(), frameLength);
                int length = encode(publisher, codec, payload.message(index), frame, seq);
                // --stages: the encode's length in the header's spare word (one more clock read, only then)
                frame.putInt(36, stages ? (int) Math.min(Integer.MAX_VALUE, System.nanoTime() - now) : 0);
                frame.putLong(0, seq);
                frame.putLong(8, intended);
                frame.putLong(16, now);
                frame.putLong(24, payload.checksumOf(index));
                frame.putInt(32, length);
                long more = run.commit(publisher, WireRun.HEADER + length, seq, "message");
                if (more < 0) return f;
                retries += more;
                if (retries > 0) {
                    f.backPressureEvents++;
                    f.backPressureRetries += retries;
                }
                long after = System.nanoTime();
                if (seq >= warmup) {
                    if (f.firstMeasuredIntended < 0) f.firstMeasuredIntended = intended;
                    f.maxSendLagNanos = Math.max(f.maxSendLagNanos, after - intended);
                }
                f.lastSendNanos = after;
                f.lastIntended = intended;
                f.sent = seq + 1;
            }
            if (!run.failed()) run.sendEnd(publisher, total, "the end of the stream");
            return f;
        } finally {
            run.senderDone = true;
        }
    }

    /**
     * Encodes {@code message} straight into the claimed {@code frame} behind the header; returns its length. A failed
     * encode gives the claim back and fails the run naming the message. The echoer encodes its echoes the same way.
     */
    static <T> int encode(Transport.Publisher publisher, BufferCodec<T> codec, T message, UnsafeBuffer frame, long seq) {
        try {
            return codec.encode(message, frame, WireRun.HEADER);
        } catch (RuntimeException e) {
            publisher.abort();
            throw new WireRunException(WireRunException.Kind.FAILED, seq, "message " + seq + " could not be encoded into its "
                    + (frame.capacity() - WireRun.HEADER) + "-byte frame (the largest the round-trip check saw): " + e, e);
        }
    }
}
