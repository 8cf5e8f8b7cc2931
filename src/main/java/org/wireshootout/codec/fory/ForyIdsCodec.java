package org.wireshootout.codec.fory;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.apache.fory.config.CompatibleMode;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code foryIds} and {@code foryShared} rows: Apache Fory in compatible mode with field ids, the two ways Fory's
 * documentation recommends to cut compatible mode's metadata. {@code foryIds} gives each field an id
 * ({@code @ForyField(id = ...)}, on {@link ForyIdData}, a copy of {@code Data}'s fields), so the type definition
 * every message carries names fields by number, not by name. {@code foryShared} adds meta sharing: one codec is one
 * channel ({@link ForySupport#channel}), whose first message carries the type definition and later ones a reference
 * to it; its reader must have read that first message, in order, from the one writer.
 *
 * <p>Both copy each message's fields into the codec's own {@code ForyIdData} before Fory writes it (no allocation),
 * and copy the new {@code ForyIdData} Fory reads into the caller's target (Fory's allocation, as {@link ForyCodec}'s).
 * Settings and the caller's buffer: {@link ForySupport}.
 */
public final class ForyIdsCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final boolean channel;
    private final ForySupport fory;
    private final ForyIdData writeFrom = new ForyIdData();

    private ForyIdsCodec(String name, boolean channel) {
        this.name = name;
        this.channel = channel;
        this.fory = channel
                ? ForySupport.channel(name, ForyIdData.class, Side.class)
                : new ForySupport(name, CompatibleMode.COMPATIBLE, ForyIdData.class, Side.class);
    }

    /** Compatible mode, field ids: the type definition (field ids and types) with every message. */
    public static ForyIdsCodec ids(String name) {
        return new ForyIdsCodec(name, false);
    }

    /** Compatible mode, field ids, the type definition shared across this codec's messages: one codec, one channel. */
    public static ForyIdsCodec shared(String name) {
        return new ForyIdsCodec(name, true);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        ForyIdData w = writeFrom;
        w.from(value);
        return fory.write(w, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        int learned = fory.learnedCount();
        ForyIdData read = fory.read(ForyIdData.class, src, offset, length);
        // a nullable field read as null would otherwise become the text "null" or fail in the model's setter
        String nullField = read.nullField();
        if (nullField != null) {
            fory.forgetLearned(learned);
            throw new DecodeException(name, -1, nullField + " is null");
        }
        read.into(target);
    }

    /** Version 2: {@link ForyIdClasses}'s class of the change, with this row's ids and, for the channel row, a channel of its own. */
    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return ForyEvolvedCodec.withIds(name, channel, change);
    }

    @Override
    public String evolutionMechanism() {
        return channel
                ? "COMPATIBLE with @ForyField ids and meta sharing: the channel's first message carries the type definition"
                        + " (field ids and types), later ones its index; a reader matches fields by id, skips those it lacks"
                        + " and leaves missing ones at their defaults"
                : "COMPATIBLE with @ForyField ids: each message carries the type definition (field ids and types); a reader"
                        + " matches fields by id, skips those it lacks and leaves missing ones at their defaults";
    }
}
