package org.wireshootout.codec.jdk;

import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Version 2 of the model's {@code Data} class under each {@link Change}, for the libraries that serialise the class
 * itself by its fields (Kryo's {@code FieldSerializer}, Fory): the fields {@code Data} declares, with their names,
 * types and order, changed only as the change says. The text is a final {@code StringBuilder} and the side an enum,
 * as in {@code Data}; only {@link NewSideValue} has the enum with {@code Short}. {@link AddField} copies itself to
 * and from {@code Evolved} by hand; {@link EvolvedFields} copies the others. (Java serialisation's own classes are
 * {@link SerializableAddField} and the like: its version 1 has a {@code String} text.)
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

    /**
     * {@code venue} added after the six fields. The class the timed version 2 serialises, so it copies itself to
     * and from {@code Evolved} by hand, as the version-1 codecs copy {@code Data}.
     */
    public static final class AddField implements EvolvedAdapter {
        private double price;
        private boolean flag;
        private final StringBuilder text = new StringBuilder(64);
        private Side side = Side.Buy;
        private int smallInt;
        private long longInt;
        private int venue;

        @Override
        public void from(Evolved v) {
            price = v.price;
            flag = v.flag;
            StringBuilder sb = text;
            sb.setLength(0);
            sb.append(v.text);
            side = EvolvedAdapter.v1Side(v);
            smallInt = (int) v.smallInt;
            longInt = v.longInt;
            venue = v.venue;
        }

        @Override
        public void into(Evolved t) {
            EvolvedAdapter.set(t, price, flag, text, side.ordinal(), smallInt, longInt, venue);
        }

        /**
         * The reference field a library left null, or null: a serialiser may set a field to null when the bytes say
         * so, and the version-1 codecs refuse that before copying, as version 2's must.
         */
        public String nullField() {
            return side == null ? "side" : text == null ? "text" : null;
        }
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
