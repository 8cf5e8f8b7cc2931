package org.wireshootout.codec.bson;

import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.util.function.IntSupplier;

/**
 * Version 2 of the BSON rows under {@code addField}, the change the evolution benchmark times: version 1's
 * mapping ({@link BsonDataMapping}) with {@code venue} after the six fields. It writes through the same calls
 * ({@link BsonMapping#writeSixFields}) and reads with the same switch on the element name and the same value
 * readers, so the two versions differ by one field, not by how they are written. Reading is version 2's tolerant
 * style ({@link BsonEvolvedMapping}): an unknown name is skipped, a missing field keeps its default (tracked by the
 * same bit set version 1 uses to refuse one), a repeated one is read again.
 */
final class BsonAddFieldMapping extends BsonMapping<Evolved> {
    private static final String VENUE = "venue";

    BsonAddFieldMapping(String format) {
        super(format);
    }

    @Override
    void write(BsonWriter w, Evolved v) {
        w.writeStartDocument();
        writeSixFields(w, v.price, v.flag, v.text.toString(), v.side.name(), Math.toIntExact(v.smallInt), v.longInt);
        w.writeInt32(VENUE, v.venue);
        w.writeEndDocument();
    }

    @Override
    void read(BsonReader r, Evolved target, IntSupplier position) {
        r.readBsonType(); // on to the next top-level document
        r.readStartDocument();
        int seen = 0;
        BsonType type;
        while ((type = r.readBsonType()) != BsonType.END_OF_DOCUMENT) {
            switch (r.readName()) {
                case "price": seen |= 1; target.price = readPrice(r, type, position); break;
                case "flag": seen |= 2; target.flag = readFlag(r, type, position); break;
                case "text": seen |= 4; readText(r, type, target.text, position); break;
                // Short is not a side of this version 2 (only of newSideValue's)
                case "side": seen |= 8; target.side = readBuy(r, type, position) ? SideV2.Buy : SideV2.Sell; break;
                case "smallInt": seen |= 16; target.smallInt = readInt32(r, type, SMALL_INT, position); break;
                case "longInt": seen |= 32; target.longInt = readLongInt(r, type, position); break;
                case VENUE: seen |= 64; target.venue = readInt32(r, type, VENUE, position); break;
                default: r.skipValue(); break; // a field of another version
            }
        }
        r.readEndDocument(); // the library checks the document's length prefix against what it read
        if (seen != Layout.ADD_FIELD_ALL) Layout.defaultMissing(target, seen);
    }
}
