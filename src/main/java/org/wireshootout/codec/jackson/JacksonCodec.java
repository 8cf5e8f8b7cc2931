package org.wireshootout.codec.jackson;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

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

    @Override
    public String evolutionMechanism() {
        return JsonEvolvedMapping.MECHANISM;
    }
}
