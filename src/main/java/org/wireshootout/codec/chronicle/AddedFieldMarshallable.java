package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.WireIn;
import net.openhft.chronicle.wire.WireOut;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * Version 2 on a Wire under {@code addField}: version 1's six fields through the same code
 * ({@link SixFieldMarshallable}, the same wire calls, text handling and reading rule as the row's version 1),
 * then the appended {@code venue}. It is read as Chronicle documents an added field: {@code wire.read(key)}
 * reads a field missing at the end of the document as 0; on a positional wire (no keys) {@code read(key)} just
 * takes the next value, so there it is read only when bytes remain and an old writer's shorter document reads it
 * as 0.
 */
final class AddedFieldMarshallable extends SixFieldMarshallable<Evolved, SideV2> {
    private final boolean positional;
    /** An unchecked buffer (RawWire): the appended int32 is bounded against the document before it is read. */
    private final boolean boundLength;

    AddedFieldMarshallable(WireSetup setup) {
        super(SixFields.EVOLVED, setup.inOrder(), setup.textOut(), setup.unchecked(), setup.rawText());
        this.positional = setup.positional();
        this.boundLength = setup.unchecked();
    }

    @Override
    void writeAppended(WireOut wire, Evolved value) {
        wire.write(EvolvedKeys.venue).int32(value.venue);
    }

    @Override
    void readAppended(WireIn wire, Evolved target) {
        if (positional && wire.bytes().readRemaining() <= 0) {
            target.venue = 0; // an old writer's document ends before the appended field
            return;
        }
        if (boundLength) WireText.checkRemaining(wire, 4, "venue");
        target.venue = wire.read(EvolvedKeys.venue).int32();
    }
}
