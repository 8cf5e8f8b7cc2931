package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.io.IOException;

/**
 * Version 2 under {@code addField}, the change the evolution benchmark times: version 1's mapping
 * ({@link JsonDataMapping}) with {@code venue} after the six fields. It writes through the same calls
 * ({@link JsonMapping#writeSixFields}) and reads with the same switch on the parser's canonical names and the
 * same value readers, so the two versions differ by one field, not by how they are written. Reading is version 2's
 * tolerant style ({@link JsonEvolvedMapping}): an unknown name is skipped, a missing field keeps its default
 * (tracked by the same bit set version 1 uses to refuse one), a repeated one is read again.
 */
final class JsonAddFieldMapping extends JsonMapping<Evolved> {
    private static final SerializedString VENUE = new SerializedString("venue");
    private static final SerializedString[] SIDE_NAMES = {BUY, SELL, new SerializedString(SideV2.Short.name())};

    JsonAddFieldMapping(String format) {
        super(format);
    }

    @Override
    protected void write(JsonGenerator g, Evolved v) throws IOException {
        g.writeStartObject();
        writeSixFields(g, v.price, v.flag, v.text, SIDE_NAMES[v.side.ordinal()], Math.toIntExact(v.smallInt), v.longInt);
        g.writeFieldName(VENUE);
        g.writeNumber(v.venue);
        g.writeEndObject();
        g.flush();
    }

    @Override
    protected void readObject(JsonParser p, Evolved target) throws IOException {
        if (next(p) != JsonToken.START_OBJECT) throw fail(p, "expected a JSON object, found " + p.currentToken());
        int seen = 0;
        JsonToken t;
        while ((t = next(p)) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = next(p);
            switch (name) {
                case "price": seen |= 1; target.price = readPrice(p, value); break;
                case "flag": seen |= 2; target.flag = readFlag(p, value); break;
                case "text": seen |= 4; readText(p, value, target.text); break;
                // Short is not a side of this version 2 (only of newSideValue's)
                case "side": seen |= 8; target.side = readBuy(p, value) ? SideV2.Buy : SideV2.Sell; break;
                case "smallInt": seen |= 16; target.smallInt = readInt(p, value, "smallInt"); break;
                case "longInt": seen |= 32; target.longInt = readLong(p, value, "longInt"); break;
                case "venue": seen |= 64; target.venue = readInt(p, value, "venue"); break;
                default: p.skipChildren(); break; // a field of another version
            }
        }
        if (t != JsonToken.END_OBJECT) throw fail(p, "expected a field name or the end of the object, found " + t);
        if (seen != Layout.ADD_FIELD_ALL) Layout.defaultMissing(target, seen);
    }
}
