package org.wireshootout.codec;

import org.wireshootout.model.Data;

/**
 * The {@code baseline} row: encodes and decodes nothing, so its figures are the harness's own cost (JMH's
 * sampling timer calls and the benchmark method's call). Every other row's figures include this floor.
 */
public final class BaselineCodec implements Codec<Data>, Evolvable {
    @Override public int encode(Data value) { return 0; }
    @Override public void decode(Data target) { }
    @Override public MessageBuffer buffer() { return MessageBuffer.EMPTY; }

    @Override
    public Codec<org.wireshootout.model.evolution.Evolved> evolve(org.wireshootout.model.evolution.Change change) {
        throw new NotExpressible("the baseline writes no bytes, so there is no message to change");
    }

    @Override
    public String evolutionMechanism() {
        return "none: the baseline writes no message (it times the harness alone)";
    }
}
