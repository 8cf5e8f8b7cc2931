package org.wireshootout.codec.jdk;

import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.SideV2;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Version 2 of the model's {@code Data} class under each {@link Change}, for the libraries that serialise the class
 * itself by its fields (Kryo's {@code FieldSerializer}, Fory): the fields {@code Data} declares, with their names,
 * types and order, changed only as the change says. The text is a final {@code StringBuilder} and the side an enum,
 * as in {@code Data}; only {@link NewSideValue} has the enum with {@code Short}. {@link EvolvedFields} copies them
 * to and from {@code Evolved}. (Java serialisation's own classes are {@link SerializableAddField} and the like:
 * its version 1 has a {@code String} text.)
 */
public final class EvolvedClasses {
    private EvolvedClasses() {
    }

    /** The version-2 class under {@code change}. */
    public static Class<?> of(Change change) {
        switch (change) {
            case addField: return AddField.class;
            case removeSmallInt: return RemoveSmallInt.class;
            case renameField: return RenameField.class;
            case reorderFields: return ReorderFields.class;
            case widenSmallInt: return WidenSmallInt.class;
            case newSideValue: return NewSideValue.class;
            default: throw new AssertionError(change);
        }
    }

    /**
     * The order in which a positional (hand-written) version 2 writes its fields under {@code change}: version 1's
     * order (price, flag, text, side, smallInt, longInt) as declared by version 2, so reversed under
     * {@link Change#reorderFields}, without smallInt under {@link Change#removeSmallInt}, venue appended under
     * {@link Change#addField}.
     */
    public static String[] writeOrder(Change change) {
        List<String> fields = new ArrayList<>(List.of("price", "flag", "text", "side", "smallInt", "longInt"));
        if (change == Change.removeSmallInt) fields.remove("smallInt");
        if (change == Change.reorderFields) Collections.reverse(fields);
        if (change == Change.addField) fields.add("venue");
        return fields.toArray(new String[0]);
    }

    /** The side enum version 2 has under {@code change}: version 1's but under {@link Change#newSideValue}. */
    public static Class<? extends Enum<?>> side(Change change) {
        return change == Change.newSideValue ? SideV2.class : Side.class;
    }

    /** {@code venue} added after the six fields. */
    public static final class AddField {
        private double price;
        private boolean flag;
        private final StringBuilder text = new StringBuilder(64);
        private Side side = Side.Buy;
        private int smallInt;
        private long longInt;
        private int venue;
    }

    /** No {@code smallInt}. */
    public static final class RemoveSmallInt {
        private double price;
        private boolean flag;
        private final StringBuilder text = new StringBuilder(64);
        private Side side = Side.Buy;
        private long longInt;
    }

    /** {@code smallInt} called {@code quantity}. */
    public static final class RenameField {
        private double price;
        private boolean flag;
        private final StringBuilder text = new StringBuilder(64);
        private Side side = Side.Buy;
        private int quantity;
        private long longInt;
    }

    /** The six fields declared in reverse order. */
    public static final class ReorderFields {
        private long longInt;
        private int smallInt;
        private Side side = Side.Buy;
        private final StringBuilder text = new StringBuilder(64);
        private boolean flag;
        private double price;
    }

    /** {@code smallInt} a {@code long}. */
    public static final class WidenSmallInt {
        private double price;
        private boolean flag;
        private final StringBuilder text = new StringBuilder(64);
        private Side side = Side.Buy;
        private long smallInt;
        private long longInt;
    }

    /** Version 1's fields, {@code side} of the enum that gained {@code Short}. */
    public static final class NewSideValue {
        private double price;
        private boolean flag;
        private final StringBuilder text = new StringBuilder(64);
        private SideV2 side = SideV2.Buy;
        private int smallInt;
        private long longInt;
    }
}
