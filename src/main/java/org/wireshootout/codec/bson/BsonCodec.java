package org.wireshootout.codec.bson;

import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code bson} row: the six fields ({@link BsonDataMapping}) through the BSON library's binary writer and reader on the heap ({@link BsonHeapCodec}, which says how).
 */
public final class BsonCodec extends BsonHeapCodec<Data> implements Evolvable {
    public BsonCodec(String name) {
        super(name, new BsonDataMapping(name), true);
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return new BsonHeapCodec<>(name, BsonEvolvedMapping.of(name, change));
    }

    @Override
    public String evolutionMechanism() {
        return BsonEvolvedMapping.MECHANISM;
    }
}
