package org.wireshootout.model.evolution;

import org.wireshootout.model.Data;

/**
 * Version 2 of the six-field message, one class for every {@link Change}: the union of the fields any
 * version 2 has. A version-2 codec made for one change reads and writes only what that version has: it
 * ignores {@link #venue} unless the change is {@link Change#addField}, {@link #smallInt} under
 * {@link Change#removeSmallInt}, and writes {@link #smallInt} as an int64 only under {@link Change#widenSmallInt}.
 * Under {@link Change#renameField} {@link #smallInt} is the field the schema calls {@code quantity}.
 */
public final class Evolved {
    public double price;
    public boolean flag;
    public final StringBuilder text = new StringBuilder(64);
    public SideV2 side = SideV2.Buy;
    public long smallInt;
    public long longInt;
    public int venue;

    /** The message the new writer sends under {@code change}. */
    public static Evolved sentBy(Change change) {
        Evolved e = new Evolved();
        e.price = Data.CANONICAL_PRICE;
        e.flag = true;
        e.text.append(Data.CANONICAL_TEXT);
        e.side = change == Change.newSideValue ? SideV2.Short : SideV2.Sell;
        e.smallInt = change.v2SmallInt();
        e.longInt = Data.CANONICAL_LONG_INT;
        e.venue = change == Change.addField ? 7 : 0;
        return e;
    }

    /** What a correct version-2 reader holds after reading {@code v1} written by the old writer. */
    public static Evolved readFrom(Data v1) {
        Evolved e = new Evolved();
        e.price = v1.getPrice();
        e.flag = v1.isFlag();
        e.text.append(v1.getText());
        e.side = SideV2.valueOf(v1.getSide().name());
        e.smallInt = v1.getSmallInt();
        e.longInt = v1.getLongInt();
        e.venue = 0; // the documented default of the added field
        return e;
    }

    /** Clears every field to its default, so a reader that sets nothing is caught. */
    public Evolved clear() {
        price = 0;
        flag = false;
        text.setLength(0);
        side = SideV2.Buy;
        smallInt = 0;
        longInt = 0;
        venue = 0;
        return this;
    }

    /**
     * The first field version 2 has under {@code change} whose value differs from {@code expected}, described
     * as "field: expected X, read Y", or null when every field it has is equal.
     */
    public String differenceFrom(Evolved expected, Change change) {
        if (Double.compare(price, expected.price) != 0) return diff("price", expected.price, price);
        if (flag != expected.flag) return diff("flag", expected.flag, flag);
        if (!text.toString().contentEquals(expected.text)) return diff("text", '"' + expected.text.toString() + '"', '"' + text.toString() + '"');
        if (side != expected.side) return diff("side", expected.side, side);
        if (change != Change.removeSmallInt && smallInt != expected.smallInt) {
            return diff(change == Change.renameField ? "quantity" : "smallInt", expected.smallInt, smallInt);
        }
        if (longInt != expected.longInt) return diff("longInt", expected.longInt, longInt);
        if (change == Change.addField && venue != expected.venue) return diff("venue", expected.venue, venue);
        return null;
    }

    /**
     * The first field of {@code read} (decoded by the version-1 reader from what the new writer sent) that is not
     * what a correct old reader holds, or null. A removed field should read as its default (0); a value version 1
     * cannot hold (a Short side, an int64 smallInt) can never read correctly.
     */
    public String differenceAtOldReader(Data read, Change change) {
        if (Double.compare(read.getPrice(), price) != 0) return diff("price", price, read.getPrice());
        if (read.isFlag() != flag) return diff("flag", flag, read.isFlag());
        if (!read.getText().toString().contentEquals(text)) return diff("text", '"' + text.toString() + '"', '"' + read.getText().toString() + '"');
        if (!read.getSide().name().equals(side.name())) return diff("side", side, read.getSide());
        long wantSmall = change == Change.removeSmallInt ? 0 : smallInt;
        if (read.getSmallInt() != wantSmall) return diff("smallInt", wantSmall, read.getSmallInt());
        if (read.getLongInt() != longInt) return diff("longInt", longInt, read.getLongInt());
        return null;
    }

    private static String diff(String field, Object expected, Object read) {
        return field + ": sent " + expected + ", read " + read;
    }

    @Override
    public String toString() {
        return "Evolved{price=" + price + ", flag=" + flag + ", text=\"" + text + "\", side=" + side
                + ", smallInt=" + smallInt + ", longInt=" + longInt + ", venue=" + venue + '}';
    }
}
