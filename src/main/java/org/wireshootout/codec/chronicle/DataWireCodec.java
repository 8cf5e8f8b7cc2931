package org.wireshootout.codec.chronicle;

import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 1 of a Wire row: the six fields through {@link DataMarshallable}. Its version 2 under a change is an
 * {@link EvolvedWireCodec} built from the same {@link WireSetup}: same wire, same framing, same buffer.
 */
abstract class DataWireCodec extends WireCodec<Data> implements Evolvable {

    DataWireCodec(String name, WireSetup setup) {
        this(name, setup, null);
    }

    /** @param strict the text wires' value checks on version 1 ({@link StrictTextValues}); version 2 has none */
    DataWireCodec(String name, WireSetup setup, StrictTextValues strict) {
        super(name, setup, new DataMarshallable(setup.inOrder(), setup.textOut(), setup.unchecked(), strict,
                setup.rawText()), GUARD);
    }

    @Override
    public final Codec<Evolved> evolve(Change change) {
        return new EvolvedWireCodec(name, setup, change);
    }
}
