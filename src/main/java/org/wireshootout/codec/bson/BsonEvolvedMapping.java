package org.wireshootout.codec.bson;

import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.function.IntSupplier;

/**
 * Version 2 of the BSON rows ({@link Layout}) through the same streaming writer and reader calls as
 * {@link BsonDataMapping}: version 2's names in its order, smallInt an int64 only where version 2 widened it.
 *
 * <p>Reading is the tolerant style of a by-name document: an element whose name version 2 does not know is
 * skipped with {@code BsonReader.skipValue()}, a field that is absent keeps its default, a field that is there
 * must have its BSON type (a widened smallInt also takes an int32, which the old writer sends).
 */
final class BsonEvolvedMapping extends BsonMapping<Evolved> {
    /** The evolution mechanism of the two BSON rows. */
    static final String MECHANISM = "element names identify the fields: the row's reader refuses an unknown, missing or repeated"
            + " name, a value of another BSON type (an int64 where it wants an int32) and an unknown side; a version-2"
            + " reader skips unknown names (BsonReader.skipValue) and defaults missing ones";

    /** The mechanism of the BSON rows' tolerant version-1 reader ({@link #tolerantVersion1}). */
    static final String TOLERANT_MECHANISM = "both readers read by name the way a BsonReader walks a document"
            + " (readName, then skipValue for an element it does not want): an unknown name is skipped, a missing field"
            + " keeps its default, each knows the other version's name of smallInt/quantity; an int64 where it wants an"
            + " int32 and an unknown side are refused, version 1's text checked as the row's reader checks it";

    private final Layout layout;

    /**
     * Version 2 under {@code change}: under {@code addField}, the one change the evolution benchmark times, the
     * straight-line {@link BsonAddFieldMapping} written as version 1 is; under the others, this table-driven one.
     */
    static BsonMapping<Evolved> of(String format, Change change) {
        return change == Change.addField ? new BsonAddFieldMapping(format) : new BsonEvolvedMapping(format, Layout.of(change));
    }

    /** Version 1's six fields read tolerantly ({@link Layout#tolerantVersion1()}). */
    static BsonMapping<Evolved> tolerantVersion1(String format) {
        return new BsonEvolvedMapping(format, Layout.tolerantVersion1());
    }

    /** Version 2 under {@code change} read with the old name as an alias ({@link Layout#tolerant}). */
    static BsonMapping<Evolved> tolerant(String format, Change change) {
        return new BsonEvolvedMapping(format, Layout.tolerant(change));
    }

    BsonEvolvedMapping(String format, Layout layout) {
        super(format);
        this.layout = layout;
    }

    @Override
    void write(BsonWriter w, Evolved v) {
        w.writeStartDocument();
        for (Layout.Field f : layout.order()) {
            String name = layout.name(f);
            switch (f) {
                case price: w.writeDouble(name, v.price); break;
                case flag: w.writeBoolean(name, v.flag); break;
                case text: w.writeString(name, v.text.toString()); break;
                case side: w.writeString(name, v.side.name()); break;
                case smallInt:
                    if (layout.wideSmallInt()) w.writeInt64(name, v.smallInt);
                    else w.writeInt32(name, Math.toIntExact(v.smallInt));
                    break;
                case longInt: w.writeInt64(name, v.longInt); break;
                case venue: w.writeInt32(name, v.venue); break;
                default: throw new AssertionError(f);
            }
        }
        w.writeEndDocument();
    }

    @Override
    void read(BsonReader r, Evolved target, IntSupplier position) {
        r.readBsonType(); // on to the next top-level document
        r.readStartDocument();
        target.clear(); // what the message lacks keeps its default
        BsonType type;
        while ((type = r.readBsonType()) != BsonType.END_OF_DOCUMENT) {
            Layout.Field f = layout.field(r.readName());
            if (f == null) {
                r.skipValue(); // a field of another version
                continue;
            }
            switch (f) {
                case price: target.price = readPrice(r, type, position); break;
                case flag: target.flag = readFlag(r, type, position); break;
                case text: readText(r, type, target.text, position); break;
                case side: expect(type, BsonType.STRING, SIDE, position); target.side = layout.side(r.readString(), format); break;
                case smallInt:
                    if (layout.wideSmallInt() && type == BsonType.INT64) target.smallInt = r.readInt64();
                    else target.smallInt = readInt32(r, type, layout.name(f), position);
                    break;
                case longInt: target.longInt = readLongInt(r, type, position); break;
                case venue: target.venue = readInt32(r, type, "venue", position); break;
                default: throw new AssertionError(f);
            }
        }
        r.readEndDocument(); // the library checks the document's length prefix against what it read
    }
}
