package org.wireshootout.codec.bson;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code bson} row: the six fields ({@link BsonDataMapping}) through the BSON library's binary writer and reader
 * over the caller's buffer ({@link BsonHeapCodec} says how), the text's UTF-8 checked strictly. Its version 2 is the
 * same codec over the version-2 mapping.
 */
public final class BsonCodec extends BsonHeapCodec<Data> implements Evolvable {

    public BsonCodec(String name) {
        super(name, new BsonDataMapping(name), true);
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return new BsonHeapCodec<>(name, BsonEvolvedMapping.of(name, change), false);
    }

    @Override
    public String evolutionMechanism() {
        return BsonEvolvedMapping.MECHANISM;
    }
}
