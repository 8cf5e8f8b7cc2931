package org.wireshootout.codec.bson;

import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

import java.util.function.IntSupplier;

/**
 * The six fields to and from the BSON library's streaming writer and reader (no {@code Document}, no codec
 * registry), shared by the two BSON rows. Types: price double, flag boolean, text and side strings, smallInt
 * int32, longInt int64 (an int32 is accepted for it too, since it carries the same value).
 *
 * <p>The library forces a String for every string value written ({@code writeString(String, String)}) and
 * returns a new String for every field name and string value read; nothing here can avoid that.
 *
 * <p>Reading accepts the fields in any order; an unknown, repeated or missing field or a value of another BSON
 * type is a {@link DecodeException} (the library's own exceptions cover malformed bytes and lying lengths). The
 * version-1 codecs also check the text's UTF-8 before the library decodes it ({@link StrictBsonText}).
 */
final class BsonDataMapping extends BsonMapping<Data> {
    private static final int ALL_FIELDS = (1 << 6) - 1;

    BsonDataMapping(String format) {
        super(format);
    }

    @Override
    void write(BsonWriter w, Data v) {
        w.writeStartDocument();
        writeSixFields(w, v.getPrice(), v.isFlag(), v.getText().toString(), v.getSide().name(), v.getSmallInt(), v.getLongInt());
        w.writeEndDocument();
    }

    @Override
    void read(BsonReader r, Data target, IntSupplier position) {
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
                    target.setPrice(readPrice(r, type, position));
                    break;
                case "flag":
                    bit = 2;
                    target.setFlag(readFlag(r, type, position));
                    break;
                case "text":
                    bit = 4;
                    readText(r, type, target.textBuffer(), position);
                    break;
                case "side":
                    bit = 8;
                    target.setSide(readBuy(r, type, position) ? Side.Buy : Side.Sell);
                    break;
                case "smallInt":
                    bit = 16;
                    target.setSmallInt(readInt32(r, type, SMALL_INT, position));
                    break;
                case "longInt":
                    bit = 32;
                    target.setLongInt(readLongInt(r, type, position));
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

    private static String missing(int seen) {
        StringBuilder sb = new StringBuilder();
        for (DataFields f : DataFields.values()) {
            if ((seen & (1 << f.ordinal())) == 0) sb.append(sb.length() == 0 ? "" : ", ").append(f.name());
        }
        return sb.toString();
    }
}
