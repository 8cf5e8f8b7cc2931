package org.wireshootout.codec;

import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

/**
 * The hand-written row and the generated row of {@code data} side by side, for "the generated row allocates no more":
 * each side's bytes per call, as {@link AllocationProbe#leastAlternating} takes them.
 */
public final class DataAllocation {
    /** Bytes per call of a held codec encoding {@code value} and decoding into {@code target}, as the calling test measures it. */
    public interface PerPair {
        <T> long bytes(HeldMessage<T> held, T value, T target);
    }

    private DataAllocation() {
    }

    /** {hand-written, generated}: each side's least over alternating rounds of {@code perPair}. */
    public static <M extends GeneratedMessage<M>> long[] handAndGenerated(Format hand, MessageFormat generated, PerPair perPair) {
        return handAndGenerated(hand, generated, new PerPair[] {perPair})[0];
    }

    /**
     * For each of {@code measures} in turn (encoding alone, then decoding alone, say), {hand-written, generated}: each
     * side's least over alternating rounds of it, both sides' codecs the same through all the measures.
     */
    public static <M extends GeneratedMessage<M>> long[][] handAndGenerated(Format hand, MessageFormat generated, PerPair... measures) {
        HeldMessage<Data> h = HeldMessage.of(hand.newCodec());
        GeneratedMessages.Entry data = GeneratedMessages.of("data");
        HeldMessage<M> g = HeldMessage.of(data.newCodec(generated));
        Data handValue = Data.canonical();
        Data handTarget = new Data();
        M value = GeneratedSamples.of(data);
        M target = data.newMessage();
        long[][] bytes = new long[measures.length][];
        for (int i = 0; i < measures.length; i++) {
            PerPair m = measures[i];
            bytes[i] = AllocationProbe.leastAlternating(() -> m.bytes(h, handValue, handTarget), () -> m.bytes(g, value, target));
        }
        return bytes;
    }

    /**
     * "Encoding and decoding, each measured alone, allocate no more than the hand-written row's": each side's least over
     * alternating rounds of {@code calls} encodes, then of {@code calls} decodes (each decode checked to give the value),
     * printed, and asserted each way.
     */
    public static <M extends GeneratedMessage<M>> void assertNoMoreEachWay(Format hand, MessageFormat generated, int calls) {
        Calls c = new Calls(calls);
        long[][] least = DataAllocation.<M>handAndGenerated(hand, generated, c::encode, c::decode);
        long handEncode = least[0][0];
        long encode = least[0][1];
        long handDecode = least[1][0];
        long decode = least[1][1];
        System.out.println(generated + " data: generated encode " + encode + " B, decode " + decode + " B; hand-written "
                + handEncode + " B, " + handDecode + " B");
        if (encode > handEncode) {
            throw new AssertionError(generated + ": the generated data row allocates " + encode + " B per encode, the hand-written " + handEncode + " B");
        }
        if (decode > handDecode) {
            throw new AssertionError(generated + ": the generated data row allocates " + decode + " B per decode, the hand-written " + handDecode + " B");
        }
    }

    /**
     * Bytes per call of encoding the value, of decoding it, or of both, at the least over {@link AllocationProbe#leastBytes}'s
     * windows of {@code calls} calls each: the measures of {@link #handAndGenerated(Format, MessageFormat, PerPair...)}.
     */
    public record Calls(int calls) {
        public <T> long encode(HeldMessage<T> held, T value, T target) {
            return perCall(() -> held.encode(value));
        }

        /** Decoding alone, the value's bytes held (encoded once before the windows, outside them); the target must then equal the value. */
        public <T> long decode(HeldMessage<T> held, T value, T target) {
            held.encode(value);
            return decoded(perCall(() -> held.decode(target)), value, target);
        }

        /** Encoding then decoding; the target must then equal the value. */
        public <T> long pair(HeldMessage<T> held, T value, T target) {
            return decoded(perCall(() -> {
                held.encode(value);
                held.decode(target);
            }), value, target);
        }

        private static long decoded(long bytes, Object value, Object target) {
            if (!value.equals(target)) throw new AssertionError("decoded " + target + ", encoded " + value);
            return bytes;
        }

        private long perCall(Runnable call) {
            return AllocationProbe.leastBytes(() -> {
                for (int i = 0; i < calls; i++) call.run();
            }) / calls;
        }
    }
}
