package org.wireshootout.wire;

import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.Codec;

import java.util.function.Consumer;

/**
 * The checks a frame gets wherever it is decoded (the receiver, and in echo mode the echoer too): the header is
 * read, the sequence must be the next one, the codec's bytes must decode into the reused target, and the decoded
 * fields must have the checksum the sender put in the header. A frame that fails is reported with its sequence
 * number; nothing is allocated for a frame that passes.
 */
final class FrameCheck<T> {
    final Codec<T> codec;
    final T target;
    private final Payload<T> payload;
    private final UnsafeBuffer header = new UnsafeBuffer(new byte[0]);
    /** "message" or "echo of message": what a failure names. */
    private final String noun;
    /** Where the check runs, appended to a failure ("" or " at the echoer"). */
    private final String where;
    private final long corruptSequence;
    private boolean corrupted;

    /** The next sequence number due; after {@link #accept} returned true, one past the accepted frame's. */
    long expected;
    // the last frame's header, and when its decoding ended
    long seq;
    long intended;
    long actual;
    long sum;
    long decodedAt;

    FrameCheck(Payload<T> payload, String noun, String where, long corruptSequence) {
        this.payload = payload;
        this.codec = payload.newCodec();
        this.target = payload.newTarget();
        this.noun = noun;
        this.where = where;
        this.corruptSequence = corruptSequence;
    }

    /** Reads the header into the fields; false (after reporting) for a frame shorter than one. */
    boolean readHeader(byte[] frame, int length, Consumer<WireRunException> fail) {
        if (length < WireRun.HEADER) {
            fail.accept(new WireRunException(WireRunException.Kind.CORRUPTED, expected, noun + " " + expected + " corrupted" + where
                    + ": a frame of " + length + " bytes, shorter than the " + WireRun.HEADER + "-byte header", null));
            return false;
        }
        header.wrap(frame, 0, WireRun.HEADER);
        seq = header.getLong(0);
        intended = header.getLong(8);
        actual = header.getLong(16);
        sum = header.getLong(24);
        return true;
    }

    /** After {@link #readHeader}: checks the sequence, decodes and checks the fields; true (and the next sequence due) when all hold. */
    boolean accept(byte[] frame, int length, Consumer<WireRunException> fail) {
        if (seq != expected) {
            fail.accept(seq < expected
                    ? new WireRunException(WireRunException.Kind.DUPLICATED, seq, noun + " " + seq + " duplicated" + where
                            + ": it arrived again after " + noun + " " + (expected - 1), null)
                    : new WireRunException(WireRunException.Kind.LOST, expected, noun + " " + expected + " lost" + where
                            + ": " + noun + " " + seq + " arrived in its place", null));
            return false;
        }
        if (seq == corruptSequence && !corrupted) {
            corrupted = true;
            frame[WireRun.HEADER + (length - WireRun.HEADER) / 2] ^= 0x5A;
        }
        try {
            codec.load(frame, WireRun.HEADER, length - WireRun.HEADER);
            codec.decode(target);
        } catch (RuntimeException e) {
            fail.accept(new WireRunException(WireRunException.Kind.CORRUPTED, seq, noun + " " + seq + " corrupted" + where
                    + ": decoding failed: " + e, e));
            return false;
        }
        decodedAt = System.nanoTime();
        long decodedSum = payload.checksum(target);
        if (decodedSum != sum) {
            fail.accept(new WireRunException(WireRunException.Kind.CORRUPTED, seq, noun + " " + seq + " corrupted" + where
                    + ": its decoded fields have checksum " + Long.toHexString(decodedSum) + ", the sender's were "
                    + Long.toHexString(sum) + " (decoded " + target + ")", null));
            return false;
        }
        expected++;
        return true;
    }

    /** What a loss found by silence is reported as: "message 12 lost at the echoer". */
    String lost(long sequence) {
        return noun + " " + sequence + " lost" + where;
    }
}
