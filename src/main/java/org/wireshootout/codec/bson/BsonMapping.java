package org.wireshootout.codec.bson;

import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.DataFields;

import java.util.function.IntSupplier;

/**
 * One message to and from the BSON library's streaming writer and reader: what the BSON codecs' plumbing asks of
 * the message it carries. {@link BsonDataMapping} is the six-field message, {@link BsonEvolvedMapping} its
 * version 2; both go through the same writer and reader calls and share what is here: version 1's six fields
 * written in its order ({@link #writeSixFields}), which version 2 under {@code addField} writes too before its
 * venue, the reading of each field's value, the errors.
 *
 * @param <T> the message
 */
abstract class BsonMapping<T> {
    static final String PRICE = DataFields.price.name();
    static final String FLAG = DataFields.flag.name();
    static final String TEXT = DataFields.text.name();
    static final String SIDE = DataFields.side.name();
    static final String SMALL_INT = DataFields.smallInt.name();
    static final String LONG_INT = DataFields.longInt.name();

    final String format;
    /** Strict UTF-8 for the text, or null: only the version-1 rows turn it on (see {@link StrictBsonText}). */
    private StrictBsonText strictText;

    BsonMapping(String format) {
        this.format = format;
    }

    /** Turns on the text's strict UTF-8 check; the codec binds it to its input. */
    final void strictText(StrictBsonText check) {
        this.strictText = check;
    }

    /** Writes {@code v} as one top-level document. */
    abstract void write(BsonWriter w, T v);

    /** Reads one top-level document; {@code position} reports where the reader is, for error messages. */
    abstract void read(BsonReader r, T target, IntSupplier position);

    /**
     * Version 1's six fields in version 1's order, inside a document the caller starts and ends: the body of
     * version 1's document and the start of version 2's under {@code addField}. The library takes a String for
     * every string value.
     */
    static void writeSixFields(BsonWriter w, double price, boolean flag, String text, String side, int smallInt, long longInt) {
        w.writeDouble(PRICE, price);
        w.writeBoolean(FLAG, flag);
        w.writeString(TEXT, text);
        w.writeString(SIDE, side);
        w.writeInt32(SMALL_INT, smallInt);
        w.writeInt64(LONG_INT, longInt);
    }

    final double readPrice(BsonReader r, BsonType type, IntSupplier position) {
        expect(type, BsonType.DOUBLE, PRICE, position);
        return r.readDouble();
    }

    final boolean readFlag(BsonReader r, BsonType type, IntSupplier position) {
        expect(type, BsonType.BOOLEAN, FLAG, position);
        return r.readBoolean();
    }

    /** Reads the text into {@code sb}, emptied first. */
    final void readText(BsonReader r, BsonType type, StringBuilder sb, IntSupplier position) {
        expect(type, BsonType.STRING, TEXT, position);
        sb.setLength(0);
        StrictBsonText strict = strictText;
        int at = strict == null ? 0 : strict.position();
        String text = r.readString();
        if (strict != null) strict.check(at, text);
        sb.append(text);
    }

    /** Whether the side is Buy (true) or Sell (false); any other value fails. */
    final boolean readBuy(BsonReader r, BsonType type, IntSupplier position) {
        expect(type, BsonType.STRING, SIDE, position);
        String s = r.readString();
        if (s.equals("Buy")) return true;
        if (s.equals("Sell")) return false;
        throw new DecodeException(format, position.getAsInt(), "side must be \"Buy\" or \"Sell\", found \"" + s + '"');
    }

    final int readInt32(BsonReader r, BsonType type, String name, IntSupplier position) {
        expect(type, BsonType.INT32, name, position);
        return r.readInt32();
    }

    /** longInt: an int64, or an int32, which carries the same value. */
    final long readLongInt(BsonReader r, BsonType type, IntSupplier position) {
        if (type == BsonType.INT32) return r.readInt32();
        expect(type, BsonType.INT64, LONG_INT, position);
        return r.readInt64();
    }

    final void expect(BsonType actual, BsonType wanted, String name, IntSupplier position) {
        if (actual != wanted) {
            throw new DecodeException(format, position.getAsInt(), name + " must be " + wanted + ", found " + actual);
        }
    }
}
