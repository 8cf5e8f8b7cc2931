package org.wireshootout.wire;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.DirectBuffer;
import org.wireshootout.codec.BufferCodec;

import java.util.function.Consumer;

/**
 * The checks a frame gets wherever it is decoded (the receiver, and in echo mode the echoer too): the header is
 * read, the sequence must be the next one, the codec's bytes must decode into the reused target, and the decoded
 * fields must have the checksum the sender put in the header. A frame that fails is reported with its sequence
 * number; nothing is allocated for a frame that passes.
 */
final class FrameCheck<T> {
    final BufferCodec<T> codec;
    final T target;
    private final Payload<T> payload;
    /** Where the corruption test hook flips a byte: a copy of the frame, so the transport's memory is never written. */
    private UnsafeBuffer corruptCopy;
    /** "message" or "echo of message": what a failure names. */
    private final String noun;
    /** Where the check runs, appended to a failure ("" or " at the echoer"). */
    private final String where;
    private final long corruptSequence;
    /** How many messages the run sends: the sequence of the end-of-stream frame. */
    private final long total;
    private boolean corrupted;
    /** Read the clock before decoding too (--stages). */
    boolean timeStages;

    /** The next sequence number due; after {@link #accept} returned true, one past the accepted frame's. */
    long expected;
    // the last frame's header, and when its decoding ended
    long seq;
    long intended;
    long actual;
    long sum;
    long decodedAt;
    /** The length of the codec's message behind the header (a claimed frame may be longer). */
    int messageLength;
    /** With --stages: how long the sender's encode took (the header's last word); 0 otherwise. */
    int encodeNanos;
    /** When the frame was handed to the decoder (--stages only). */
    long handedAt;

    FrameCheck(Payload<T> payload, long total, String noun, String where, long corruptSequence) {
        this.payload = payload;
        this.total = total;
        this.codec = payload.newCodec();
        this.target = payload.newTarget();
        this.noun = noun;
        this.where = where;
        this.corruptSequence = corruptSequence;
    }

    /** Reads the header into the fields; false (after reporting) for a frame shorter than one or than the message it announces. */
    boolean readHeader(DirectBuffer frame, int offset, int length, Consumer<WireRunException> fail) {
        if (length < WireRun.HEADER) {
            fail.accept(new WireRunException(WireRunException.Kind.CORRUPTED, expected, noun + " " + expected + " corrupted" + where
                    + ": a frame of " + length + " bytes, shorter than the " + WireRun.HEADER + "-byte header", null));
            return false;
        }
        seq = frame.getLong(offset);
        intended = frame.getLong(offset + 8);
        actual = frame.getLong(offset + 16);
        sum = frame.getLong(offset + 24);
        messageLength = frame.getInt(offset + 32);
        encodeNanos = frame.getInt(offset + 36);
        if (messageLength < 0 || messageLength > length - WireRun.HEADER) {
            fail.accept(new WireRunException(WireRunException.Kind.CORRUPTED, expected, noun + " " + expected + " corrupted" + where
                    + ": its header announces a " + messageLength + "-byte message in a frame of " + length + " bytes", null));
            return false;
        }
        return true;
    }

    /** After {@link #readHeader}: checks the sequence, decodes in place and checks the fields; true (and the next sequence due) when all hold. */
    boolean accept(DirectBuffer frame, int offset, int length, Consumer<WireRunException> fail) {
        if (seq != expected) {
            fail.accept(seq < expected
                    ? new WireRunException(WireRunException.Kind.DUPLICATED, seq, noun + " " + seq + " duplicated" + where
                            + ": it arrived again after " + noun + " " + (expected - 1), null)
                    : new WireRunException(WireRunException.Kind.LOST, expected, noun + " " + expected + " lost" + where
                            + ": " + (seq == total ? "the end of the stream" : noun + " " + seq) + " arrived in its place", null));
            return false;
        }
        if (seq == total) return false; // the end of the stream after every message: nothing to decode, nothing missing
        if (seq == corruptSequence && !corrupted) {
            corrupted = true;
            corruptCopy = new UnsafeBuffer(new byte[length]);
            corruptCopy.putBytes(0, frame, offset, length);
            int at = WireRun.HEADER + messageLength / 2;
            corruptCopy.putByte(at, (byte) (corruptCopy.getByte(at) ^ 0x5A));
            frame = corruptCopy;
            offset = 0;
        }
        if (timeStages) handedAt = System.nanoTime();
        try {
            codec.decode(frame, offset + WireRun.HEADER, messageLength, target);
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
}
