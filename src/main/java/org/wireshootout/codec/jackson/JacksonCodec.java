package org.wireshootout.codec.jackson;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.TolerantOldReader;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.List;

/**
 * The {@code jackson} row: the six fields ({@link JsonDataMapping}) through Jackson's streaming API on the heap,
 * written into and read from the caller's buffer ({@link JacksonHeapCodec} says how, and what still allocates). Its
 * version 2 is the same codec over the version-2 mapping.
 */
public final class JacksonCodec extends JacksonHeapCodec<Data> implements Evolvable {

    public JacksonCodec(String name) {
        super(name, new JsonDataMapping(name));
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return new JacksonHeapCodec<>(name, JsonEvolvedMapping.of(name, change));
    }

    /** The tolerant version-1 reader: the same heap codec over {@link JsonEvolvedMapping#tolerantVersion1},
     * and version 2's over {@link JsonEvolvedMapping#tolerant}. */
    @Override
    public List<EvolutionVariant> variants() {
        return List.of(new EvolutionVariant(EvolutionVariant.TOLERANT_READER, JsonEvolvedMapping.TOLERANT_MECHANISM,
                (change, rows) -> new TolerantOldReader(new JacksonHeapCodec<>(name, JsonEvolvedMapping.tolerantVersion1(name))),
                (change, rows) -> new JacksonHeapCodec<>(name, JsonEvolvedMapping.tolerant(name, change))));
    }

    @Override
    public String evolutionMechanism() {
        return JsonEvolvedMapping.MECHANISM;
    }
}
