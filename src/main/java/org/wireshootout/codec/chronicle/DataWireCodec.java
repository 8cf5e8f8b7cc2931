package org.wireshootout.codec.chronicle;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 1 of a Wire row: the six fields through {@link DataMarshallable}, the same hand-written marshallable for
 * every variant, so the rows differ only in the wire underneath ({@link WireCodec} says how a document is written
 * and read). Its version 2 under a change is an {@link EvolvedWireCodec} built from the same {@link WireSetup}: same
 * wire, same framing, in the caller's buffer.
 */
abstract class DataWireCodec extends WireCodec<Data> implements Evolvable {

    DataWireCodec(String name, WireSetup setup) {
        this(name, setup, null);
    }

    /** @param strict the text wires' value checks on version 1 ({@link StrictTextValues}); version 2 has none */
    DataWireCodec(String name, WireSetup setup, StrictTextValues strict) {
        super(name, setup, setup.unchecked(),
                new DataMarshallable(setup.inOrder(), setup.textOut(), setup.unchecked(), strict, setup.rawText()));
    }

    @Override
    public final BufferCodec<Evolved> evolve(Change change) {
        return new EvolvedWireCodec(name, setup, change);
    }
}
