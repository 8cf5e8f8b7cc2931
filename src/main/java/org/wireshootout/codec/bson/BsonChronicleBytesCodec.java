package org.wireshootout.codec.bson;

import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code bsonCBytes} row: the six fields ({@link BsonDataMapping}) through the BSON library's binary writer and reader over a
 * Chronicle {@code Bytes} ({@link BsonBytesCodec}, which says how).
 */
public final class BsonChronicleBytesCodec extends BsonBytesCodec<Data> implements Evolvable {
    public BsonChronicleBytesCodec(String name) {
        super(name, new BsonDataMapping(name), true);
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return new BsonBytesCodec<>(name, BsonEvolvedMapping.of(name, change));
    }

    @Override
    public String evolutionMechanism() {
        return BsonEvolvedMapping.MECHANISM;
    }
}
