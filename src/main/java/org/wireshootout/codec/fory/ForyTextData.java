package org.wireshootout.codec.fory;

import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * What the {@code fory} row's decode reads: {@link Data}'s six fields, of the same names and types, but the text as a
 * {@code String}, as a Fory user's class holds it. In schema-consistent mode the bytes carry no field types and Fory
 * writes a {@code StringBuilder} field as it writes a {@code String} one, so this class, registered under the ids
 * the row writes {@code Data} with, reads what {@code Data} wrote, without Fory's {@code StringBuilder} serializer
 * making a builder of the {@code String} it read. Not for compatible mode, whose bytes carry the field types.
 */
public final class ForyTextData {
    private double price;
    private boolean flag;
    private String text;
    private Side side;
    private int smallInt;
    private long longInt;

    /** The reference field the bytes left null, or null: the row refuses such a message. */
    String nullField() {
        return side == null ? "side" : text == null ? "text" : null;
    }

    /** Sets every field of {@code target} (the text copied into its buffer). */
    void into(Data target) {
        target.set(price, flag, text, side, smallInt, longInt);
    }
}
