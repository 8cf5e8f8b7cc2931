package org.wireshootout.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code baseline} row: encodes and decodes nothing, so its figures are the harness's own cost (JMH's
 * sampling timer calls and the benchmark method's call). Every other row's figures include this floor. On the
 * caller-owned seam like the rows it is the floor of: it writes no byte into the caller's buffer (length 0, which
 * any room holds) and reads none.
 */
public final class BaselineCodec implements BufferCodec<Data>, Evolvable {
    @Override public int encode(Data value, MutableDirectBuffer dst, int offset) { return 0; }
    @Override public void decode(DirectBuffer src, int offset, int length, Data target) { }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        throw new NotExpressible("the baseline writes no bytes, so there is no message to change");
    }

    @Override
    public String evolutionMechanism() {
        return "none: the baseline writes no message (it times the harness alone)";
    }
}
