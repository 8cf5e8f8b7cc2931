package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.WireKey;
import org.wireshootout.model.DataFields;

/**
 * The six field keys as Chronicle sees them. Names match {@link DataFields} (so the named-field formats write
 * {@code price:}, {@code smallInt:}...), and {@link #code()} returns the {@link DataFields} id, which is what
 * the numeric-field BinaryWire variants write instead of the name. Without the override Chronicle would
 * derive a code from the name, and the numbers on the wire would not be the model's.
 */
enum DataKeys implements WireKey {
    price(DataFields.price),
    flag(DataFields.flag),
    text(DataFields.text),
    side(DataFields.side),
    smallInt(DataFields.smallInt),
    longInt(DataFields.longInt);

    private final int code;

    DataKeys(DataFields field) {
        if (!field.name().equals(name())) throw new AssertionError(field + " vs " + name());
        this.code = field.code();
    }

    @Override
    public int code() {
        return code;
    }
}
