package org.wireshootout.wire;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.model.Data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A gap in the stream after the transport said it was interrupted (an Aeron image that went unavailable when its peer
 * was silent past the liveness timeout) fails the run as a stall that names the interruption, not as a loss; the same
 * gap without an interruption stays a loss.
 */
class StreamInterruptionTest {

    /** Delivers messages 0..9, then 12 (the stream resumed further on), saying what interrupted it if told. */
    private static final class GappedSubscriber implements Transport.Subscriber {
        private final Payload<Data> payload;
        private final String interruption;
        private final BufferCodec<Data> codec;
        private final UnsafeBuffer frame = new UnsafeBuffer(new byte[512]);
        private int next;

        GappedSubscriber(Payload<Data> payload, String interruption) {
            this.payload = payload;
            this.interruption = interruption;
            this.codec = payload.newCodec();
        }

        @Override
        public int poll(Transport.FrameSink sink, int limit) {
            if (next > 12) return 0;
            int seq = next == 10 ? 12 : next;
            int length = codec.encode(payload.message(seq % payload.size()), frame, WireRun.HEADER);
            frame.putLong(0, seq);
            frame.putLong(8, System.nanoTime());
            frame.putLong(16, System.nanoTime());
            frame.putLong(24, payload.checksumOf(seq % payload.size()));
            frame.putInt(32, length);
            next = next == 10 ? 13 : next + 1;
            sink.onFrame(frame, 0, WireRun.HEADER + length);
            return 1;
        }

        @Override
        public String interruption() {
            return interruption;
        }
    }

    private static WireRunException run(String interruption) {
        Payload<Data> payload = Payloads.data("sbe");
        WireConfig config = WireConfig.builder().messages(20).warmupFraction(0).build();
        RunControl run = new RunControl(config, TransportKind.aeronUdp, false, false);
        FrameCheck<Data> check = new FrameCheck<>(payload, config.messages(), "message", "", -1);
        Transport.FrameSink sink = (buffer, offset, length) -> {
            if (check.readHeader(buffer, offset, length, run::fail)) check.accept(buffer, offset, length, run::fail);
        };
        Receiver.pollAll(run, new GappedSubscriber(payload, interruption), sink, check, new YieldingIdleStrategy());
        return run.failure();
    }

    @Test
    void aGapAfterTheImageWentAwayIsAStallNamingIt() {
        WireRunException e = run("the image of aeron:udp?endpoint=x from y went unavailable at position 4096");
        assertEquals(WireRunException.Kind.STALLED, e.kind());
        assertEquals(10, e.sequence());
        assertTrue(e.getMessage().contains("message 10 lost") && e.getMessage().contains("went unavailable at position 4096")
                && e.getMessage().contains("not a loss by the transport"), e.getMessage());
    }

    @Test
    void theSameGapWithNoInterruptionIsALoss() {
        WireRunException e = run(null);
        assertEquals(WireRunException.Kind.LOST, e.kind());
        assertEquals(10, e.sequence());
    }
}
