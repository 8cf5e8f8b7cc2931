package org.wireshootout.codec.chronicle;

import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of a Wire row under one {@link Change}, through the same wire and framing as the row's version 1
 * ({@link WireSetup}), in the caller's buffer ({@link WireCodec}): under {@code addField} version 1's own code plus
 * the appended field ({@link AddedFieldMarshallable}), on the same kind of {@code Bytes} as version 1 (unchecked for
 * RawWire, each length and run of fixed-width values bounded as version 1 bounds them); under any other change an
 * {@link EvolvedMarshallable}, which does not bound its reads, on a bounds-checked {@code Bytes} whatever the row.
 */
final class EvolvedWireCodec extends WireCodec<Evolved> {

    EvolvedWireCodec(String name, WireSetup setup, Change change) {
        super(name + " v2 " + change, setup, change == Change.addField && setup.unchecked(),
                change == Change.addField ? new AddedFieldMarshallable(setup) : new EvolvedMarshallable(setup, change));
    }

    /**
     * Every field at its widest: price 8, flag 1, text and side as stop-bit length and up to three bytes a char (the
     * UTF-8 row; the 8-bit row needs one, and the few bytes too many cost nothing), two int64s, venue 4.
     */
    @Override
    long maxLength(Evolved value) {
        return HEADER + 8 + 1 + 5 + 3L * value.text.length() + 5 + value.side.name().length() + 8 + 8 + 4;
    }
}
