package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.io.IOException;

/**
 * Version 2 of the message ({@link Layout}) to and from Jackson's streaming API, through the same generator and
 * parser calls as {@link JsonDataMapping}. Writing: version 2's names (pre-encoded), in its order, smallInt as
 * an int64 only where version 2 widened it.
 *
 * <p>Reading is the tolerant style Jackson's streaming API is used with for evolving JSON: a name version 2 does
 * not know is skipped with {@link JsonParser#skipChildren()} (a no-op for a scalar, the whole value for an object
 * or array), a field that is absent keeps its default, a field that is there must have its JSON type, and an
 * int32 field out of range is Jackson's own {@code InputCoercionException}.
 */
final class JsonEvolvedMapping extends JsonMapping<Evolved> {
    /** The evolution mechanism of the three Jackson rows. */
    static final String MECHANISM = "JSON object keys name the fields: the row's reader refuses an unknown, missing or repeated name,"
            + " a value of another JSON type, an int beyond int32 and an unknown side; a version-2 reader skips unknown names"
            + " (skipChildren) and defaults missing ones";

    /**
     * The mechanism of the Jackson rows' tolerant version-1 reader ({@link #tolerantVersion1}): what Jackson
     * documents for reading evolving JSON with databind, done with the streaming calls the rows use.
     */
    static final String TOLERANT_MECHANISM = "both readers read as Jackson documents for evolving JSON"
            + " (DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES off, @JsonAlias for the other name: version 1's smallInt"
            + " also takes \"quantity\", version 2's quantity also \"smallInt\"), through the row's streaming parser: an unknown"
            + " name is skipped (skipChildren), a missing field keeps its default; an int beyond int32 is Jackson's"
            + " InputCoercionException and an unknown side is refused, as databind refuses an unknown enum constant by default";

    private static final SideV2[] SIDES = SideV2.values();
    private static final SerializedString[] SIDE_NAMES = new SerializedString[SIDES.length];

    static {
        for (SideV2 s : SIDES) SIDE_NAMES[s.ordinal()] = new SerializedString(s.name());
    }

    private final Layout layout;
    private final SerializedString[] names = new SerializedString[Layout.Field.values().length];

    /**
     * Version 2 under {@code change}: under {@code addField}, the one change the evolution benchmark times, the
     * straight-line {@link JsonAddFieldMapping} written as version 1 is; under the others, this table-driven one.
     */
    static JsonMapping<Evolved> of(String format, Change change) {
        return change == Change.addField ? new JsonAddFieldMapping(format) : new JsonEvolvedMapping(format, Layout.of(change));
    }

    /** Version 1's six fields read tolerantly ({@link Layout#tolerantVersion1()}), into the {@code Evolved} a {@code TolerantOldReader} hands over. */
    static JsonMapping<Evolved> tolerantVersion1(String format) {
        return new JsonEvolvedMapping(format, Layout.tolerantVersion1());
    }

    /** Version 2 under {@code change} read with the old name as an alias ({@link Layout#tolerant}). */
    static JsonMapping<Evolved> tolerant(String format, Change change) {
        return new JsonEvolvedMapping(format, Layout.tolerant(change));
    }

    JsonEvolvedMapping(String format, Layout layout) {
        super(format);
        this.layout = layout;
        for (Layout.Field f : layout.order()) names[f.ordinal()] = new SerializedString(layout.name(f));
    }

    @Override
    protected void write(JsonGenerator g, Evolved v) throws IOException {
        g.writeStartObject();
        for (Layout.Field f : layout.order()) {
            g.writeFieldName(names[f.ordinal()]);
            switch (f) {
                case price: g.writeNumber(v.price); break;
                case flag: g.writeBoolean(v.flag); break;
                case text: writeText(g, v.text); break;
                case side: g.writeString(SIDE_NAMES[v.side.ordinal()]); break;
                case smallInt:
                    if (layout.wideSmallInt()) g.writeNumber(v.smallInt);
                    else g.writeNumber(Math.toIntExact(v.smallInt));
                    break;
                case longInt: g.writeNumber(v.longInt); break;
                case venue: g.writeNumber(v.venue); break;
                default: throw new AssertionError(f);
            }
        }
        g.writeEndObject();
        g.flush();
    }

    @Override
    protected void readObject(JsonParser p, Evolved target) throws IOException {
        if (next(p) != JsonToken.START_OBJECT) throw fail(p, "expected a JSON object, found " + p.currentToken());
        target.clear(); // what the message lacks keeps its default
        JsonToken t;
        while ((t = next(p)) == JsonToken.FIELD_NAME) {
            Layout.Field f = layout.field(p.currentName());
            JsonToken value = next(p);
            if (f == null) {
                p.skipChildren(); // a field of another version
                continue;
            }
            switch (f) {
                case price: target.price = readPrice(p, value); break;
                case flag: target.flag = readFlag(p, value); break;
                case text: readText(p, value, target.text); break;
                case side:
                    if (value != JsonToken.VALUE_STRING) throw fail(p, "side must be a string, found " + value);
                    target.side = side(p);
                    break;
                case smallInt:
                    target.smallInt = layout.wideSmallInt() ? readLong(p, value, layout.name(f)) : readInt(p, value, layout.name(f));
                    break;
                case longInt: target.longInt = readLong(p, value, "longInt"); break;
                case venue: target.venue = readInt(p, value, "venue"); break;
                default: throw new AssertionError(f);
            }
        }
        if (t != JsonToken.END_OBJECT) throw fail(p, "expected a field name or the end of the object, found " + t);
    }

    private SideV2 side(JsonParser p) throws IOException {
        for (SideV2 s : SIDES) {
            if (textEquals(p, s.name())) return layout.side(s.name(), format);
        }
        throw fail(p, "side must be one of version 2's sides, found \"" + p.getText() + '"');
    }
}
