package org.wireshootout.wire;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;

import java.util.List;

/**
 * What a run sends: a list of messages it cycles through, the codec of one format for them, and a checksum of
 * a message's fields that the sender puts in each frame and the receiver recomputes from what it decoded.
 *
 * @param <T> the data model
 */
public final class Payload<T> {

    /** A checksum of every field of a message, the same in every JVM (no identity hash codes). */
    public interface FieldChecksum<T> {
        long of(T message);
    }

    private final String kind;
    private final String format;
    private final String source;
    private final List<T> messages;
    private final java.util.function.Supplier<BufferCodec<T>> codecs;
    private final java.util.function.Supplier<T> targets;
    private final FieldChecksum<T> checksum;
    private final long[] checksums;
    private int verifiedMaxLength = -1;
    /** With a recorded pace: each message's send time in its capture, from the first message's (ns, never decreasing). */
    private long[] recordedNanos;
    /** {@link #recordedPassNanos}, worked out once. */
    private double recordedPass;

    Payload(String kind, String format, String source, List<T> messages, java.util.function.Supplier<BufferCodec<T>> codecs,
            java.util.function.Supplier<T> targets, FieldChecksum<T> checksum) {
        if (messages.isEmpty()) throw new IllegalArgumentException(kind + " payload '" + source + "' has no messages");
        this.kind = kind;
        this.format = format;
        this.source = source;
        this.messages = List.copyOf(messages);
        this.codecs = codecs;
        this.targets = targets;
        this.checksum = checksum;
        this.checksums = new long[messages.size()];
        for (int i = 0; i < checksums.length; i++) checksums[i] = checksum.of(this.messages.get(i));
    }

    /**
     * This payload sent at its capture's own pace: {@code offsets[i]} is message i's send time in the capture less the
     * first message's, in ns. Refused unless there is one per message, the first is 0 and none goes back in time.
     */
    public Payload<T> withRecordedPace(long[] offsets) {
        if (offsets.length != size()) throw new IllegalArgumentException(offsets.length + " recorded send times for " + size() + " messages of " + source);
        for (int i = 0; i < offsets.length; i++) {
            if (i == 0 ? offsets[0] != 0 : offsets[i] < offsets[i - 1]) {
                throw new IllegalArgumentException(source + ": message #" + i + "'s send time " + (i == 0 ? "is not the start (0)"
                        : "goes back " + (offsets[i - 1] - offsets[i]) + " ns from the one before"));
            }
        }
        this.recordedNanos = offsets.clone();
        long span = offsets[offsets.length - 1];
        this.recordedPass = span + (double) span / Math.max(1, offsets.length - 1);
        return this;
    }

    /** True when the messages carry their capture's send times ({@link #withRecordedPace}). */
    public boolean recorded() { return recordedNanos != null; }

    /** Message i's send time in the capture from the first message's, ns. */
    public long recordedOffset(int i) { return recordedNanos[i]; }

    /**
     * How far apart two passes over the capture start, ns: its span and one mean interval more, so that a run longer
     * than the capture starts it again one mean interval after its last message.
     */
    public double recordedPassNanos() {
        return recordedPass;
    }

    /** Message {@code seq}'s intended time from the run's start at the recorded pace, in the capture's own ns (before any speed-up). */
    public double recordedAt(long seq) {
        int size = size();
        return (seq / size) * recordedPassNanos() + recordedOffset((int) (seq % size));
    }

    /** From the first message's send time to the last one's, ns (0 without a recorded pace). */
    public long recordedSpanNanos() { return recordedNanos == null ? 0 : recordedNanos[recordedNanos.length - 1]; }

    /** "data" (the six-field message) or "iex". */
    public String kind() { return kind; }

    /** The format's registry name. */
    public String format() { return format; }

    /** Where the messages come from (generator and seed, or a capture file). */
    public String source() { return source; }

    public int size() { return checksums.length; }

    /** Message {@code i} of the cycle. */
    public T message(int i) { return messages.get(i); }

    /** The precomputed checksum of message {@code i}. */
    public long checksumOf(int i) { return checksums[i]; }

    /** The checksum of a decoded message. */
    public long checksum(T decoded) { return checksum.of(decoded); }

    /**
     * A new codec of this format on the caller-owned seam (one per thread): it writes a message into a frame the
     * transport lends and reads one where the transport delivers it.
     */
    public BufferCodec<T> newCodec() {
        return codecs.get();
    }

    /** A new, reusable decode target. */
    public T newTarget() { return targets.get(); }

    /**
     * Encodes every message with one codec into native memory at an offset and decodes it there with another:
     * the format must give back each message exactly before anything is timed. Returns the largest room a message
     * needs (its length, or more for a codec that asks for the room of the longest encoding it could have); throws
     * naming the first message that does not come back equal. Done once per payload.
     */
    public synchronized int verifyRoundTrip() {
        if (verifiedMaxLength < 0) verifiedMaxLength = checkEveryMessage();
        return verifiedMaxLength;
    }

    private int checkEveryMessage() {
        BufferCodec<T> writer = newCodec();
        BufferCodec<T> reader = newCodec();
        T target = newTarget();
        // native memory at an offset, as a transport's frame is
        UnsafeBuffer frame = new UnsafeBuffer(BufferUtil.allocateDirectAligned(1 << 16, 64));
        int at = WireRun.HEADER;
        int max = 0;
        for (int i = 0; i < messages.size(); i++) {
            T m = messages.get(i);
            int len;
            try {
                len = writer.encode(m, frame, at);
                reader.decode(frame, at, len, target);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("format " + format + " cannot carry " + kind + " message #" + i
                        + " of " + source + ": " + e, e);
            }
            if (!m.equals(target) || checksum.of(target) != checksums[i]) {
                throw new IllegalArgumentException("format " + format + " does not give back " + kind + " message #" + i
                        + " of " + source + " exactly: sent " + m + ", decoded " + target);
            }
            max = Math.max(max, roomNeeded(writer, m, len, frame, at));
        }
        return max;
    }

    /**
     * The smallest room {@code codec} encodes {@code m} into: its length, or more for a codec that asks for the room
     * of the longest encoding such a message could have before it writes (Chronicle's unchecked rows). A frame is
     * claimed at the largest such room, so that every message of the cycle fits the frame it is encoded into.
     */
    private int roomNeeded(BufferCodec<T> codec, T m, int length, UnsafeBuffer frame, int at) {
        int fails = length - 1;
        int fits = length;
        UnsafeBuffer view = new UnsafeBuffer(frame, 0, at + length);
        while (!fits(codec, m, view, frame, at, fits)) {
            fails = fits;
            fits = Math.min(2 * fits, frame.capacity() - at);
            if (fits == fails) throw new IllegalArgumentException("format " + format + " needs more than " + fits + " bytes of room for "
                    + kind + " message " + m + " of " + length + " bytes");
        }
        while (fits - fails > 1) {
            int mid = (fails + fits) >>> 1;
            if (fits(codec, m, view, frame, at, mid)) fits = mid;
            else fails = mid;
        }
        return fits;
    }

    private boolean fits(BufferCodec<T> codec, T m, UnsafeBuffer view, UnsafeBuffer frame, int at, int room) {
        view.wrap(frame, 0, at + room);
        try {
            codec.encode(m, view, at);
            return true;
        } catch (org.wireshootout.codec.EncodeOverflowException e) {
            return false;
        }
    }
}
