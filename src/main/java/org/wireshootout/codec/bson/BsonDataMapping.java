package org.wireshootout.codec.bson;

import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

/**
 * The six fields to and from the BSON library's streaming writer and reader (no {@code Document}, no codec
 * registry), shared by the two BSON rows. Types: price double, flag boolean, text and side strings, smallInt
 * int32, longInt int64 (an int32 is accepted for it too, since it carries the same value).
 *
 * <p>The library forces a String for every string value written ({@code writeString(String, String)}) and
 * returns a new String for every field name and string value read; nothing here can avoid that.
 *
 * <p>Reading accepts the fields in any order; an unknown, repeated or missing field or a value of another BSON
 * type is a {@link DecodeException} (the library's own exceptions cover malformed bytes and lying lengths).
 */
final class BsonDataMapping implements BsonMapping<Data> {
    private static final int ALL_FIELDS = (1 << 6) - 1;
    private static final String PRICE = DataFields.price.name();
    private static final String FLAG = DataFields.flag.name();
    private static final String TEXT = DataFields.text.name();
    private static final String SIDE = DataFields.side.name();
    private static final String SMALL_INT = DataFields.smallInt.name();
    private static final String LONG_INT = DataFields.longInt.name();

    private final String format;

    BsonDataMapping(String format) {
        this.format = format;
    }

    @Override
    public void write(BsonWriter w, Data v) {
        w.writeStartDocument();
        w.writeDouble(PRICE, v.getPrice());
        w.writeBoolean(FLAG, v.isFlag());
        w.writeString(TEXT, v.getText().toString());
        w.writeString(SIDE, v.getSide().name());
        w.writeInt32(SMALL_INT, v.getSmallInt());
        w.writeInt64(LONG_INT, v.getLongInt());
        w.writeEndDocument();
    }

    @Override
    public void read(BsonReader r, Data target, java.util.function.IntSupplier position) {
        // a reader that finished a document is in state DONE; readBsonType moves it on to the next top-level one
        r.readBsonType();
        r.readStartDocument();
        int seen = 0;
        BsonType type;
        while ((type = r.readBsonType()) != BsonType.END_OF_DOCUMENT) {
            String name = r.readName();
            int bit;
            switch (name) {
                case "price":
                    bit = 1;
                    expect(type, BsonType.DOUBLE, name, position);
                    target.setPrice(r.readDouble());
                    break;
                case "flag":
                    bit = 2;
                    expect(type, BsonType.BOOLEAN, name, position);
                    target.setFlag(r.readBoolean());
                    break;
                case "text": {
                    bit = 4;
                    expect(type, BsonType.STRING, name, position);
                    StringBuilder sb = target.textBuffer();
                    sb.setLength(0);
                    sb.append(r.readString());
                    break;
                }
                case "side": {
                    bit = 8;
                    expect(type, BsonType.STRING, name, position);
                    String s = r.readString();
                    if (s.equals("Buy")) target.setSide(Side.Buy);
                    else if (s.equals("Sell")) target.setSide(Side.Sell);
                    else throw new DecodeException(format, position.getAsInt(), "side must be \"Buy\" or \"Sell\", found \"" + s + '"');
                    break;
                }
                case "smallInt":
                    bit = 16;
                    expect(type, BsonType.INT32, name, position);
                    target.setSmallInt(r.readInt32());
                    break;
                case "longInt":
                    bit = 32;
                    if (type == BsonType.INT32) target.setLongInt(r.readInt32());
                    else {
                        expect(type, BsonType.INT64, name, position);
                        target.setLongInt(r.readInt64());
                    }
                    break;
                default:
                    throw new DecodeException(format, position.getAsInt(), "unknown field '" + name + "'");
            }
            if ((seen & bit) != 0) throw new DecodeException(format, position.getAsInt(), "field '" + name + "' appears twice");
            seen |= bit;
        }
        r.readEndDocument(); // the library checks the document's length prefix against what it read
        if (seen != ALL_FIELDS) throw new DecodeException(format, position.getAsInt(), "missing field(s): " + missing(seen));
    }

    private void expect(BsonType actual, BsonType wanted, String name, java.util.function.IntSupplier position) {
        if (actual != wanted) {
            throw new DecodeException(format, position.getAsInt(), name + " must be " + wanted + ", found " + actual);
        }
    }

    private static String missing(int seen) {
        StringBuilder sb = new StringBuilder();
        for (DataFields f : DataFields.values()) {
            if ((seen & (1 << f.ordinal())) == 0) sb.append(sb.length() == 0 ? "" : ", ").append(f.name());
        }
        return sb.toString();
    }
}
