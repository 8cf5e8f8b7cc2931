package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Marshallable;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.ValueOut;
import net.openhft.chronicle.wire.WireIn;
import net.openhft.chronicle.wire.WireOut;

/**
 * The six fields of version 1 on a Wire, written and read in straight-line code ({@link DataMarshallable} says
 * how and why). Version 1 ({@link DataMarshallable}) and version 2 under {@code addField}
 * ({@link AddedFieldMarshallable}) both run this body, the second then writing and reading the appended field,
 * so that timing one against the other measures the format's extra field, not a different marshaller.
 * One instance per codec, pointed at the value to write or the target to fill, so nothing is allocated per message.
 *
 * @param <T> the model
 * @param <E> its side enum
 */
class SixFieldMarshallable<T, E extends Enum<E>> implements Marshallable, WireMarshalling<T> {
    private final SixFields<T, E> fields;
    private final boolean inOrder;
    private final boolean boundLengths;
    private final WireText text;
    /** The text wires' value checks, or null: a binary row or a version 2 pays one null test per value. */
    private final StrictTextValues strict;
    private final StringBuilder fieldName = new StringBuilder(16);
    private T source;
    private T target;

    /**
     * @param inOrder read each field by name in the written order instead of with the library's search
     * @param textOut how the text goes to the wire; the bytes written are the same whichever is chosen
     * @param boundLengths check each text value's length, and the room for each run of fixed-width values, against
     *                     the document before reading it (an unchecked buffer; see {@link WireText#checkLength})
     */
    SixFieldMarshallable(SixFields<T, E> fields, boolean inOrder, DataMarshallable.TextOut textOut, boolean boundLengths,
                         boolean rawText) {
        this(fields, inOrder, textOut, boundLengths, null, rawText);
    }

    /** @param strict the text wires' value checks (version 1 of TextWire and JSONWire), null for none */
    SixFieldMarshallable(SixFields<T, E> fields, boolean inOrder, DataMarshallable.TextOut textOut, boolean boundLengths,
                         StrictTextValues strict, boolean rawText) {
        this.strict = strict;
        this.fields = fields;
        this.inOrder = inOrder;
        this.boundLengths = boundLengths;
        this.text = new WireText(textOut, rawText);
    }

    @Override
    public SixFieldMarshallable<T, E> writing(T value) {
        this.source = value;
        return this;
    }

    @Override
    public SixFieldMarshallable<T, E> readingInto(T value) {
        this.target = value;
        return this;
    }

    @Override
    public final void writeMarshallable(WireOut wire) {
        T v = source;
        SixFields<T, E> f = fields;
        ValueOut textOut = wire.write(DataKeys.price).float64(f.price(v))
                .write(DataKeys.flag).bool(f.flag(v))
                .write(DataKeys.text);
        WireOut rest = text.write(textOut, f.text(v))
                .write(DataKeys.side).asEnum(f.side(v))
                .write(DataKeys.smallInt).int32(f.smallInt(v))
                .write(DataKeys.longInt).int64(f.longInt(v));
        writeAppended(rest, v);
    }

    @Override
    public final void readMarshallable(WireIn wire) {
        T v = target;
        SixFields<T, E> f = fields;
        StrictTextValues s = strict;
        // only the checked rows look at the bytes; a binary row takes neither the buffer nor a position
        Bytes<?> b = s == null ? null : wire.bytes();
        // an unchecked buffer reads fixed widths without a bound: each run of them is checked against the document
        if (boundLengths) WireText.checkRemaining(wire, 8 + 1, "price and flag");
        f.price(v, field(wire, DataKeys.price).float64());
        ValueIn flagIn = field(wire, DataKeys.flag);
        long at = s == null ? 0 : b.readPosition();
        boolean flag = flagIn.bool();
        if (s != null) s.flag(b, at, flag);
        f.flag(v, flag);
        ValueIn textIn = field(wire, DataKeys.text);
        if (boundLengths && !text.checksLength()) WireText.checkLength(wire, "text");
        if (s != null) s.text(b, b.readPosition());
        text.read(wire, textIn, f.text(v));
        ValueIn sideIn = field(wire, DataKeys.side);
        if (boundLengths) WireText.checkLength(wire, "side");
        E side = sideIn.asEnum(f.sides());
        if (side == null) throw new IllegalStateException("side is missing");
        f.side(v, side);
        if (boundLengths) WireText.checkRemaining(wire, 4 + 8, "smallInt and longInt");
        ValueIn smallIn = field(wire, DataKeys.smallInt);
        at = s == null ? 0 : b.readPosition();
        int smallInt = smallIn.int32();
        if (s != null) s.integer(b, at, smallInt, StrictTextValues.INT_DIGITS, "smallInt");
        f.smallInt(v, smallInt);
        ValueIn longIn = field(wire, DataKeys.longInt);
        at = s == null ? 0 : b.readPosition();
        long longInt = longIn.int64();
        if (s != null) s.end(b, s.integer(b, at, longInt, StrictTextValues.LONG_DIGITS, "longInt"));
        f.longInt(v, longInt);
        readAppended(wire, v);
    }

    /** Writes what a later version appends after the six fields; version 1 appends nothing. */
    void writeAppended(WireOut wire, T value) {
    }

    /** Reads what a later version appends after the six fields; version 1 reads nothing more. */
    void readAppended(WireIn wire, T target) {
    }

    private ValueIn field(WireIn wire, DataKeys key) {
        if (!inOrder) return wire.read(key);
        ValueIn in = wire.read(fieldName);
        if (!key.name().contentEquals(fieldName)) {
            throw new IllegalStateException("expected field '" + key + "' but found '" + fieldName + "'");
        }
        return in;
    }
}
