package org.wireshootout.codec.bson;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.TolerantOldReader;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.List;

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

    /** The tolerant version-1 reader: the same codec, the text checked as the row checks it, over {@link BsonEvolvedMapping#tolerantVersion1},
     * and version 2's as the row's over {@link BsonEvolvedMapping#tolerant}. */
    @Override
    public List<EvolutionVariant> variants() {
        return List.of(new EvolutionVariant(EvolutionVariant.TOLERANT_READER, BsonEvolvedMapping.TOLERANT_MECHANISM,
                (change, rows) -> new TolerantOldReader(new BsonHeapCodec<>(name, BsonEvolvedMapping.tolerantVersion1(name), true)),
                (change, rows) -> new BsonHeapCodec<>(name, BsonEvolvedMapping.tolerant(name, change), false)));
    }

    @Override
    public String evolutionMechanism() {
        return BsonEvolvedMapping.MECHANISM;
    }
}
