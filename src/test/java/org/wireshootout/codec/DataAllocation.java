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
        HeldMessage<Data> h = HeldMessage.of(hand.newCodec());
        GeneratedMessages.Entry data = GeneratedMessages.of("data");
        HeldMessage<M> g = HeldMessage.of(data.newCodec(generated));
        Data handValue = Data.canonical();
        Data handTarget = new Data();
        M value = GeneratedSamples.of(data);
        M target = data.newMessage();
        return AllocationProbe.leastAlternating(() -> perPair.bytes(h, handValue, handTarget), () -> perPair.bytes(g, value, target));
    }
}
