package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.WireKey;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.evolution.Change;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fields of version 2 of the message, as Chronicle keys: the six of version 1 under the same names and
 * numbers ({@link DataKeys}), {@code quantity} (the renamed {@code smallInt}, keeping its number, as a
 * numbered field keeps its number across a rename) and the added {@code venue} (the next number, 7).
 */
enum EvolvedKeys implements WireKey {
    price(DataFields.price.code()),
    flag(DataFields.flag.code()),
    text(DataFields.text.code()),
    side(DataFields.side.code()),
    smallInt(DataFields.smallInt.code()),
    quantity(DataFields.smallInt.code()),
    longInt(DataFields.longInt.code()),
    venue(7);

    /** Version 1's field order on a Wire ({@link DataMarshallable}). */
    static final EvolvedKeys[] WIRE_ORDER = {price, flag, text, side, smallInt, longInt};
    /** Version 1's field order in a BytesMarshallable ({@link DataBytesMarshallable}). */
    static final EvolvedKeys[] BYTES_ORDER = {price, longInt, smallInt, flag, side, text};
    /** The order version 2 declares under {@link Change#reorderFields}: the model's declaration order reversed. */
    private static final EvolvedKeys[] REVERSED = {longInt, smallInt, side, text, flag, price};

    private final int code;

    EvolvedKeys(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /**
     * The fields version 2 writes, in order, when version 1 writes {@code v1Order} and {@code change} is made.
     * Not for {@code addField}: that version 2 is version 1's own code with {@link #venue} appended
     * ({@link SixFieldMarshallable}, {@link SixFieldBytesMarshallable}).
     */
    static EvolvedKeys[] layout(EvolvedKeys[] v1Order, Change change) {
        List<EvolvedKeys> fields = new ArrayList<>(Arrays.asList(change == Change.reorderFields ? REVERSED : v1Order));
        switch (change) {
            case addField:
                throw new IllegalArgumentException("version 2 under addField is version 1's code plus venue, not a layout");
            case removeSmallInt:
                fields.remove(smallInt);
                break;
            case renameField:
                fields.set(fields.indexOf(smallInt), quantity);
                break;
            default:
                break;
        }
        return fields.toArray(new EvolvedKeys[0]);
    }
}
