package org.wireshootout.codec.jackson;

import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code jackson} row: the six fields ({@link JsonDataMapping}) through Jackson's streaming API on the heap
 * ({@link JacksonHeapCodec}, which says how the generator and the parser are kept across messages).
 */
public final class JacksonCodec extends JacksonHeapCodec<Data> implements Evolvable {
    public JacksonCodec(String name) {
        super(name, new JsonDataMapping(name));
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return new JacksonHeapCodec<>(name, JsonEvolvedMapping.of(name, change));
    }

    @Override
    public String evolutionMechanism() {
        return JsonEvolvedMapping.MECHANISM;
    }
}
