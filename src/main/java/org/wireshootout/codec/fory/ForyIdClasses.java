package org.wireshootout.codec.fory;

import org.apache.fory.annotation.ForyField;
import org.wireshootout.codec.jdk.EvolvedAdapter;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * Version 2 of {@link ForyIdData} under each {@link Change}, made as Fory documents evolving a class in compatible
 * mode with field ids: a new field takes a new id, a removed field's id is not given to another, a renamed field keeps
 * its id, moved fields keep theirs, and a widened field or an enum with a new constant keeps the field's id (Fory's
 * documentation says nothing of those two: the matrix observes what happens). The fields otherwise as
 * {@code EvolvedClasses}'s (the text a final {@code StringBuilder}); {@link AddField} copies itself to and from
 * {@link Evolved} by hand, the others are copied by reflection ({@code EvolvedFields}).
 */
public final class ForyIdClasses {
    private ForyIdClasses() {
    }

    /** The version-2 class under {@code change}. */
    static Class<?> of(Change change) {
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

    /** {@code venue} added with the new id 6. */
    public static final class AddField implements EvolvedAdapter {
        @ForyField(id = 0)
        private double price;
        @ForyField(id = 1)
        private boolean flag;
        @ForyField(id = 2)
        private final StringBuilder text = new StringBuilder(64);
        @ForyField(id = 3)
        private Side side = Side.Buy;
        @ForyField(id = 4)
        private int smallInt;
        @ForyField(id = 5)
        private long longInt;
        @ForyField(id = 6)
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

        /** The reference field the bytes left null, or null. */
        String nullField() {
            return side == null ? "side" : text == null ? "text" : null;
        }
    }

    /** No {@code smallInt}; its id 4 is not reused. */
    public static final class RemoveSmallInt {
        @ForyField(id = 0)
        private double price;
        @ForyField(id = 1)
        private boolean flag;
        @ForyField(id = 2)
        private final StringBuilder text = new StringBuilder(64);
        @ForyField(id = 3)
        private Side side = Side.Buy;
        @ForyField(id = 5)
        private long longInt;
    }

    /** {@code smallInt} called {@code quantity}, keeping id 4. */
    public static final class RenameField {
        @ForyField(id = 0)
        private double price;
        @ForyField(id = 1)
        private boolean flag;
        @ForyField(id = 2)
        private final StringBuilder text = new StringBuilder(64);
        @ForyField(id = 3)
        private Side side = Side.Buy;
        @ForyField(id = 4)
        private int quantity;
        @ForyField(id = 5)
        private long longInt;
    }

    /** The six fields declared in reverse order, each keeping its id. */
    public static final class ReorderFields {
        @ForyField(id = 5)
        private long longInt;
        @ForyField(id = 4)
        private int smallInt;
        @ForyField(id = 3)
        private Side side = Side.Buy;
        @ForyField(id = 2)
        private final StringBuilder text = new StringBuilder(64);
        @ForyField(id = 1)
        private boolean flag;
        @ForyField(id = 0)
        private double price;
    }

    /** {@code smallInt} a {@code long}, keeping id 4. */
    public static final class WidenSmallInt {
        @ForyField(id = 0)
        private double price;
        @ForyField(id = 1)
        private boolean flag;
        @ForyField(id = 2)
        private final StringBuilder text = new StringBuilder(64);
        @ForyField(id = 3)
        private Side side = Side.Buy;
        @ForyField(id = 4)
        private long smallInt;
        @ForyField(id = 5)
        private long longInt;
    }

    /** Version 1's fields and ids, {@code side} of the enum that gained {@code Short}. */
    public static final class NewSideValue {
        @ForyField(id = 0)
        private double price;
        @ForyField(id = 1)
        private boolean flag;
        @ForyField(id = 2)
        private final StringBuilder text = new StringBuilder(64);
        @ForyField(id = 3)
        private SideV2 side = SideV2.Buy;
        @ForyField(id = 4)
        private int smallInt;
        @ForyField(id = 5)
        private long longInt;
    }
}
