package org.wireshootout.hostile;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mutation harness itself, on a toy codec that misbehaves on purpose whenever its input is not one of the
 * valid samples: each kind of misbehaviour must fail the run and name the case, so a green MutationTest means
 * something. The toy model is a StringBuilder, which also shows the harness is not tied to {@code Data}.
 */
class MutationCampaignTest {
    private static final List<StringBuilder> VALUES = List.of(new StringBuilder("alpha"), new StringBuilder("bravo charlie"));
    private static volatile boolean release;

    @AfterEach
    void releaseHungWorkers() {
        release = true;
    }

    enum Misbehaviour { NONE, REFUSE, LEAK, HANG, STACK_OVERFLOW, ALLOCATE, BREAK_STATE }

    /** Text as ASCII bytes; any input that is not a valid sample triggers the misbehaviour. */
    static final class ToyCodec implements BufferCodec<StringBuilder> {
        private final Misbehaviour misbehaviour;
        private boolean broken;

        ToyCodec(Misbehaviour misbehaviour) {
            this.misbehaviour = misbehaviour;
        }

        @Override
        public int encode(StringBuilder value, MutableDirectBuffer dst, int offset) {
            byte[] bytes = value.toString().getBytes(StandardCharsets.US_ASCII);
            dst.putBytes(offset, bytes);
            return bytes.length;
        }

        @Override
        public void decode(DirectBuffer src, int offset, int length, StringBuilder target) {
            byte[] bytes = new byte[length];
            src.getBytes(offset, bytes);
            String s = new String(bytes, StandardCharsets.ISO_8859_1);
            boolean valid = VALUES.stream().anyMatch(v -> v.toString().equals(s));
            if (!valid) {
                switch (misbehaviour) {
                    case REFUSE: throw new DecodeException("toy", 0, "not a sample");
                    case LEAK: throw new IllegalStateException("a library's own complaint");
                    case HANG: while (!release) Thread.onSpinWait(); break;
                    case STACK_OVERFLOW: throw new StackOverflowError("toy recursion");
                    case ALLOCATE: {
                        byte[] big = new byte[100 << 20];
                        big[big.length - 1] = 1;
                        break;
                    }
                    case BREAK_STATE: broken = true; break;
                    default: break;
                }
            }
            target.setLength(0);
            target.append(broken ? "broken" : s);
        }
    }

    /** The per-case bound: generous, because a busy 2-core machine can stall a healthy case (a 100 MiB allocation) for hundreds of ms. */
    static final long BOUND_MS = 2000;

    private static MutationCampaign.Report run(Misbehaviour m, long cases) {
        release = false;
        Supplier<ToyCodec> codecs = () -> new ToyCodec(m);
        MutationCampaign.Subject<StringBuilder> subject = new MutationCampaign.Subject<>("toy-" + m, codecs,
                StringBuilder::new, VALUES, (a, b) -> a.toString().contentEquals(b));
        return MutationCampaign.run(subject, cases, 7, Duration.ofMillis(BOUND_MS));
    }

    @Test
    void healthyCodecsPassAndAreTallied() {
        MutationCampaign.Report ok = run(Misbehaviour.NONE, 500);
        assertNull(ok.failure, ok.failure);
        assertEquals(500, ok.cases);
        MutationCampaign.Report refusing = run(Misbehaviour.REFUSE, 500);
        assertNull(refusing.failure, refusing.failure);
        long refused = refusing.outcomes.getOrDefault("DecodeException", 0L);
        assertTrue(refused > 400, refusing.toString());
        assertEquals(500, refused + refusing.outcomes.getOrDefault("decoded", 0L), refusing.toString());
    }

    @Test
    void aLibraryExceptionEscapingUnwrappedFailsTheRun() {
        MutationCampaign.Report r = run(Misbehaviour.LEAK, 500);
        assertNotNull(r.failure);
        assertTrue(r.failure.contains("toy-LEAK case ") && r.failure.contains("IllegalStateException")
                && r.failure.contains("escape unwrapped"), r.failure);
    }

    @Test
    void aHangIsReportedWithItsCase() {
        MutationCampaign.Report r = run(Misbehaviour.HANG, 500);
        assertNotNull(r.failure);
        assertTrue(r.failure.contains("did not finish within " + BOUND_MS + " ms") && r.failure.contains("seed 0x"), r.failure);
        assertTrue(r.failure.contains("toy-HANG case "), r.failure);
    }

    @Test
    void anErrorFailsTheRun() {
        MutationCampaign.Report r = run(Misbehaviour.STACK_OVERFLOW, 500);
        assertNotNull(r.failure);
        assertTrue(r.failure.contains("StackOverflowError"), r.failure);
    }

    @Test
    void aBigAllocationFailsTheRun() {
        MutationCampaign.Report r = run(Misbehaviour.ALLOCATE, 500);
        assertNotNull(r.failure);
        assertTrue(r.failure.contains("allocated"), r.failure);
    }

    @Test
    void stateBrokenByABadMessageFailsTheRun() {
        MutationCampaign.Report r = run(Misbehaviour.BREAK_STATE, 500);
        assertNotNull(r.failure);
        assertTrue(r.failure.contains("decoded a valid message as broken"), r.failure);
    }

    @Test
    void aCaseIsRebuiltFromItsSeed() {
        List<byte[]> samples = List.of(new byte[]{1, 2, 3, 4, 5, 6, 7, 8}, new byte[]{9, 10, 11});
        long seed = MutationCampaign.caseSeed(7, 123);
        assertTrue(Arrays.equals(Mutator.mutate(seed, samples), Mutator.mutate(seed, samples)));
    }
}
