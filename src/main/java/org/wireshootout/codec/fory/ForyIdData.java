package org.wireshootout.codec.fory;

import org.apache.fory.annotation.ForyField;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * The six fields of {@link Data}, with the same names, types and order, each given a field id as Fory's field
 * configuration guide recommends for compatible mode ({@code @ForyField(id = ...)}: "Tag IDs: Assign compact numeric
 * IDs to reduce struct field meta size overhead for compatible mode"). The model's {@code Data} stays free of any
 * library's annotation, so the id rows serialise this class instead: encode copies the six fields into one instance
 * the codec keeps (the text into its own buffer, made once), decode copies the new instance Fory returns into the
 * caller's target. The ids are this message's schema: a later version keeps each id with its field, renamed or
 * moved, and never gives a removed field's id to another ({@link ForyIdClasses}).
 */
public final class ForyIdData {
    @ForyField(id = 0)
    private double price;
    @ForyField(id = 1)
    private boolean flag;
    /** No buffer until the codec's own instance is first filled: Fory sets one of its own in the instances it makes. */
    @ForyField(id = 2)
    private StringBuilder text;
    @ForyField(id = 3)
    private Side side = Side.Buy;
    @ForyField(id = 4)
    private int smallInt;
    @ForyField(id = 5)
    private long longInt;

    /** Sets every field from {@code d}: no allocation once the text buffer exists and holds the text. */
    void from(Data d) {
        price = d.getPrice();
        flag = d.isFlag();
        StringBuilder t = text;
        if (t == null) text = t = new StringBuilder(64);
        t.setLength(0);
        t.append(d.getText());
        side = d.getSide();
        smallInt = d.getSmallInt();
        longInt = d.getLongInt();
    }

    /** The reference field the bytes left null, or null: the codec refuses such a message as version 1's codecs do. */
    String nullField() {
        return side == null ? "side" : text == null ? "text" : null;
    }

    /** Sets every field of {@code target} (the text copied into its buffer). */
    void into(Data target) {
        target.set(price, flag, text, side, smallInt, longInt);
    }
}
