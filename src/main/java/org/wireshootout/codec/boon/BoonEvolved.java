package org.wireshootout.codec.boon;

import org.wireshootout.codec.FieldMap;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.util.Map;

/**
 * Version 2 of the {@code boon} row ({@link Layout}). Boon writes a class by its fields, named and ordered as the
 * class declares them, so version 2 is a second class, one per change below (as {@link BoonData} is version 1's),
 * written by the same reflective serialiser. Read back through the same parser, tolerantly by {@link FieldMap}:
 * keys version 2 does not know are ignored, absent ones keep their defaults.
 */
final class BoonEvolved extends BoonJsonCodec<Evolved> {
    private final Layout layout;
    private final boolean addField;
    private final Message adapter;

    BoonEvolved(String name, Change change) {
        super(name);
        this.layout = Layout.of(change);
        this.addField = change == Change.addField;
        this.adapter = adapterFor(change);
    }

    @Override
    Object adapt(Evolved value) {
        requireFinite(value.price);
        adapter.from(value);
        return adapter;
    }

    @Override
    void fill(Map<String, Object> parsed, Evolved target) {
        // addField, the change the evolution benchmark times, is read as version 1 is, plus venue
        if (addField) FieldMap.fillAddField(name, parsed, target, MAX_TEXT_CHARS);
        else FieldMap.fill(name, parsed, target, layout, MAX_TEXT_CHARS);
    }

    private static Message adapterFor(Change change) {
        switch (change) {
            case addField: return new AddField();
            case removeSmallInt: return new RemoveSmallInt();
            case renameField: return new RenameField();
            case reorderFields: return new ReorderFields();
            case widenSmallInt: return new WidenSmallInt();
            case newSideValue: return new NewSideValue();
            default: throw new AssertionError(change);
        }
    }

    /** A version-2 class: its fields filled from the message before Boon writes it. */
    interface Message {
        void from(Evolved v);
    }

    /** Version 2 adds venue after the six fields. */
    static final class AddField implements Message {
        double price; boolean flag; String text; SideV2 side; int smallInt; long longInt; int venue;

        @Override public void from(Evolved v) {
            price = v.price; flag = v.flag; text = v.text.toString(); side = v.side;
            smallInt = Math.toIntExact(v.smallInt); longInt = v.longInt; venue = v.venue;
        }
    }

    /** Version 2 has no smallInt. */
    static final class RemoveSmallInt implements Message {
        double price; boolean flag; String text; SideV2 side; long longInt;

        @Override public void from(Evolved v) {
            price = v.price; flag = v.flag; text = v.text.toString(); side = v.side; longInt = v.longInt;
        }
    }

    /** Version 2 calls smallInt quantity. */
    static final class RenameField implements Message {
        double price; boolean flag; String text; SideV2 side; int quantity; long longInt;

        @Override public void from(Evolved v) {
            price = v.price; flag = v.flag; text = v.text.toString(); side = v.side;
            quantity = Math.toIntExact(v.smallInt); longInt = v.longInt;
        }
    }

    /** Version 2 declares the fields in reverse. */
    static final class ReorderFields implements Message {
        long longInt; int smallInt; SideV2 side; String text; boolean flag; double price;

        @Override public void from(Evolved v) {
            longInt = v.longInt; smallInt = Math.toIntExact(v.smallInt); side = v.side;
            text = v.text.toString(); flag = v.flag; price = v.price;
        }
    }

    /** Version 2 declares smallInt a long. */
    static final class WidenSmallInt implements Message {
        double price; boolean flag; String text; SideV2 side; long smallInt; long longInt;

        @Override public void from(Evolved v) {
            price = v.price; flag = v.flag; text = v.text.toString(); side = v.side; smallInt = v.smallInt; longInt = v.longInt;
        }
    }

    /** Version 2's side has a Short constant (SideV2); otherwise version 1's fields. */
    static final class NewSideValue implements Message {
        double price; boolean flag; String text; SideV2 side; int smallInt; long longInt;

        @Override public void from(Evolved v) {
            price = v.price; flag = v.flag; text = v.text.toString(); side = v.side;
            smallInt = Math.toIntExact(v.smallInt); longInt = v.longInt;
        }
    }
}
