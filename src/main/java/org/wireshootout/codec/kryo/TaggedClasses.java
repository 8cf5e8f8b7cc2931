package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * The classes {@code TaggedFieldSerializer} serialises for the {@code kryoTagged} row: only fields carrying
 * {@code @Tag(int)} are written, so the six fields need a class annotated with Kryo's annotation, and the model's
 * {@link Data} stays free of Kryo. {@link V1} is {@code Data}'s six fields; the others are version 2 under each
 * {@link Change}, tagged as Kryo's README ("TaggedFieldSerializer") says a class evolves: a new field takes a new
 * tag, a removed field keeps its tag under {@code @Deprecated} ("fields must not be removed but the
 * {@code @Deprecated} annotation can be applied": read from old bytes, never written), a renamed or moved field
 * keeps its tag. Tags: price 0, flag 1, text 2, side 3, smallInt 4, longInt 5, venue 6.
 *
 * <p>Each class copies itself to and from the model by hand (no reflection): a field copy per message each way,
 * which the row's labels mention with the allocations {@code TaggedFieldSerializer} makes.
 */
final class TaggedClasses {
    private TaggedClasses() {
    }

    /** Version 1: {@link Data}'s six fields. */
    public static final class V1 {
        @Tag(0) double price;
        @Tag(1) boolean flag;
        @Tag(2) StringBuilder text = new StringBuilder(64);
        @Tag(3) Side side = Side.Buy;
        @Tag(4) int smallInt;
        @Tag(5) long longInt;

        void from(Data v) {
            price = v.getPrice();
            flag = v.isFlag();
            StringBuilder sb = text;
            sb.setLength(0);
            sb.append(v.getText());
            side = v.getSide();
            smallInt = v.getSmallInt();
            longInt = v.getLongInt();
        }

        void into(Data t) {
            t.setPrice(price);
            t.setFlag(flag);
            StringBuilder sb = t.textBuffer();
            sb.setLength(0);
            sb.append(text);
            t.setSide(side);
            t.setSmallInt(smallInt);
            t.setLongInt(longInt);
        }
    }

    /** A version-2 class: copies itself to and from {@link Evolved}. */
    interface V2 {
        void from(Evolved v);

        void into(Evolved t);

        /** The reference field the bytes left null ({@code TaggedFieldSerializer} allows it), or null. */
        String nullField();
    }

    /** The version-2 class under {@code change}. */
    static Class<? extends V2> of(Change change) {
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

    private static final Side[] V1_SIDES = Side.values();
    private static final SideV2[] V2_SIDES = SideV2.values();

    private static void text(StringBuilder to, CharSequence from) {
        to.setLength(0);
        to.append(from);
    }

    private static String nullOf(Object side, StringBuilder text) {
        return side == null ? "side" : text == null ? "text" : null;
    }

    /** {@code venue} added under a new tag, 6. */
    public static final class AddField implements V2 {
        @Tag(0) double price;
        @Tag(1) boolean flag;
        @Tag(2) StringBuilder text = new StringBuilder(64);
        @Tag(3) Side side = Side.Buy;
        @Tag(4) int smallInt;
        @Tag(5) long longInt;
        @Tag(6) int venue;

        @Override
        public void from(Evolved v) {
            price = v.price;
            flag = v.flag;
            text(text, v.text);
            side = V1_SIDES[v.side.ordinal()];
            smallInt = (int) v.smallInt;
            longInt = v.longInt;
            venue = v.venue;
        }

        @Override
        public void into(Evolved t) {
            t.price = price;
            t.flag = flag;
            text(t.text, text);
            t.side = V2_SIDES[side.ordinal()];
            t.smallInt = smallInt;
            t.longInt = longInt;
            t.venue = venue;
        }

        @Override
        public String nullField() {
            return nullOf(side, text);
        }
    }

    /** {@code smallInt} removed: its tag 4 kept, deprecated (read from old bytes, never written) and renamed out of the way. */
    public static final class RemoveSmallInt implements V2 {
        @Tag(0) double price;
        @Tag(1) boolean flag;
        @Tag(2) StringBuilder text = new StringBuilder(64);
        @Tag(3) Side side = Side.Buy;
        @Deprecated @Tag(4) int ignored4;
        @Tag(5) long longInt;

        @Override
        public void from(Evolved v) {
            price = v.price;
            flag = v.flag;
            text(text, v.text);
            side = V1_SIDES[v.side.ordinal()];
            longInt = v.longInt;
        }

        @Override
        public void into(Evolved t) {
            t.price = price;
            t.flag = flag;
            text(t.text, text);
            t.side = V2_SIDES[side.ordinal()];
            t.longInt = longInt;
        }

        @Override
        public String nullField() {
            return nullOf(side, text);
        }
    }

    /** {@code smallInt} called {@code quantity}, tag 4 kept. */
    public static final class RenameField implements V2 {
        @Tag(0) double price;
        @Tag(1) boolean flag;
        @Tag(2) StringBuilder text = new StringBuilder(64);
        @Tag(3) Side side = Side.Buy;
        @Tag(4) int quantity;
        @Tag(5) long longInt;

        @Override
        public void from(Evolved v) {
            price = v.price;
            flag = v.flag;
            text(text, v.text);
            side = V1_SIDES[v.side.ordinal()];
            quantity = (int) v.smallInt;
            longInt = v.longInt;
        }

        @Override
        public void into(Evolved t) {
            t.price = price;
            t.flag = flag;
            text(t.text, text);
            t.side = V2_SIDES[side.ordinal()];
            t.smallInt = quantity;
            t.longInt = longInt;
        }

        @Override
        public String nullField() {
            return nullOf(side, text);
        }
    }

    /** The six fields declared in reverse order, each keeping its tag. */
    public static final class ReorderFields implements V2 {
        @Tag(5) long longInt;
        @Tag(4) int smallInt;
        @Tag(3) Side side = Side.Buy;
        @Tag(2) StringBuilder text = new StringBuilder(64);
        @Tag(1) boolean flag;
        @Tag(0) double price;

        @Override
        public void from(Evolved v) {
            price = v.price;
            flag = v.flag;
            text(text, v.text);
            side = V1_SIDES[v.side.ordinal()];
            smallInt = (int) v.smallInt;
            longInt = v.longInt;
        }

        @Override
        public void into(Evolved t) {
            t.price = price;
            t.flag = flag;
            text(t.text, text);
            t.side = V2_SIDES[side.ordinal()];
            t.smallInt = smallInt;
            t.longInt = longInt;
        }

        @Override
        public String nullField() {
            return nullOf(side, text);
        }
    }

    /** {@code smallInt} a {@code long} under the same tag (Kryo's README: "Changing the type of a field is not supported"). */
    public static final class WidenSmallInt implements V2 {
        @Tag(0) double price;
        @Tag(1) boolean flag;
        @Tag(2) StringBuilder text = new StringBuilder(64);
        @Tag(3) Side side = Side.Buy;
        @Tag(4) long smallInt;
        @Tag(5) long longInt;

        @Override
        public void from(Evolved v) {
            price = v.price;
            flag = v.flag;
            text(text, v.text);
            side = V1_SIDES[v.side.ordinal()];
            smallInt = v.smallInt;
            longInt = v.longInt;
        }

        @Override
        public void into(Evolved t) {
            t.price = price;
            t.flag = flag;
            text(t.text, text);
            t.side = V2_SIDES[side.ordinal()];
            t.smallInt = smallInt;
            t.longInt = longInt;
        }

        @Override
        public String nullField() {
            return nullOf(side, text);
        }
    }

    /** {@code side} of the enum that gained {@code Short}, tag 3 kept. */
    public static final class NewSideValue implements V2 {
        @Tag(0) double price;
        @Tag(1) boolean flag;
        @Tag(2) StringBuilder text = new StringBuilder(64);
        @Tag(3) SideV2 side = SideV2.Buy;
        @Tag(4) int smallInt;
        @Tag(5) long longInt;

        @Override
        public void from(Evolved v) {
            price = v.price;
            flag = v.flag;
            text(text, v.text);
            side = v.side;
            smallInt = (int) v.smallInt;
            longInt = v.longInt;
        }

        @Override
        public void into(Evolved t) {
            t.price = price;
            t.flag = flag;
            text(t.text, text);
            t.side = side;
            t.smallInt = smallInt;
            t.longInt = longInt;
        }

        @Override
        public String nullField() {
            return nullOf(side, text);
        }
    }
}
