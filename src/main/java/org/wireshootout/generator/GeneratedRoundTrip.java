package org.wireshootout.generator;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.EncodeOverflowException;

import java.util.SplittableRandom;

/**
 * The round-trip check of a generated row before it is timed: the value is encoded, then decoded into targets
 * that start out holding other values (drawn from other seeds, their text ASCII only ({@link AsciiFill}), so a
 * decoder that leaves a field alone is caught unless every one of them held the same value there) and into an
 * emptied target, twice from the same bytes. Each
 * decoded message must also give the sent one's {@link GeneratedMessage#checksum}, as a receiver across processes checks.
 */
public final class GeneratedRoundTrip {
    private static final int TARGETS = 4;

    private GeneratedRoundTrip() {
    }

    /**
     * Returns the encoded length.
     *
     * @throws IllegalStateException naming the row and the first field that did not come back
     */
    public static <M extends GeneratedMessage<M>> int verify(String row, GeneratedMessages.Entry entry, BufferCodec<M> codec,
                                                             MutableDirectBuffer buffer, int offset, M value) {
        int length = codec.encode(value, buffer, offset);
        for (int i = 0; i <= TARGETS; i++) {
            M target = entry.newMessage();
            // ASCII text in the targets, as the hand-written rows' check has: see AsciiFill
            if (i < TARGETS) AsciiFill.fill(target, new SplittableRandom(0x5EED_0000L + i));
            codec.decode(buffer, offset, length, target);
            String diff = value.firstDifference(target);
            if (diff != null) {
                throw new IllegalStateException("format " + row + " failed its round trip (decode " + (i + 1) + " of the same "
                        + length + " bytes): field " + diff + " did not come back");
            }
            if (target.checksum(17) != value.checksum(17)) {
                // what a receiver in another process compares: it must see only the fields, never storage left over
                throw new IllegalStateException("format " + row + ": the decoded message equals the sent one but its checksum differs");
            }
        }
        return length;
    }

    /** A buffer of the codec's memory holding the verified value's encoding from offset 0, and its length. */
    public record Verified(UnsafeBuffer buffer, int length) {
    }

    /**
     * {@link #verify} at offset 0 of a buffer of the codec's memory ({@link CallerBuffers}), of a message's capacity
     * at first and twice as large each time the encoding does not fit: what a benchmark's setup times against.
     */
    public static <M extends GeneratedMessage<M>> Verified verifyInRoom(String row, GeneratedMessages.Entry entry, BufferCodec<M> codec, M value) {
        UnsafeBuffer b = CallerBuffers.allocate(codec, CallerBuffers.MESSAGE_CAPACITY);
        while (true) {
            try {
                return new Verified(b, verify(row, entry, codec, b, 0, value));
            } catch (EncodeOverflowException e) {
                b = CallerBuffers.allocate(codec, 2 * b.capacity());
            }
        }
    }
}
