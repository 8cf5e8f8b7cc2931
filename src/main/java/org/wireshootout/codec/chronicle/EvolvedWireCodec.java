package org.wireshootout.codec.chronicle;

import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of a Wire row under one {@link Change}, through the same wire, framing and kind of buffer as the row's
 * version 1 ({@link WireSetup}), in a buffer of its own ({@link WireCodec}): under {@code addField} version 1's own
 * code plus the appended field ({@link AddedFieldMarshallable}), under any other change an
 * {@link EvolvedMarshallable}.
 */
final class EvolvedWireCodec extends WireCodec<Evolved> {
    /**
     * Zero bytes after the document for an unchecked buffer: a read that ran past the end takes at most two int64s
     * (longInt, a widened smallInt) and an int32 or a float64 and a bool from the zeros before its next stop-bit
     * length, whatever the order, so 32 bytes of zeros reach past every one. Under {@code addField} the fields
     * before the last stop-bit length are version 1's, so version 1's {@link #GUARD} does (the appended field is
     * read only when bytes remain).
     */
    private static final int EVOLVED_GUARD = 32;

    EvolvedWireCodec(String name, WireSetup setup, Change change) {
        super(name + " v2 " + change, setup,
                change == Change.addField ? new AddedFieldMarshallable(setup) : new EvolvedMarshallable(setup, change),
                change == Change.addField ? GUARD : EVOLVED_GUARD);
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
