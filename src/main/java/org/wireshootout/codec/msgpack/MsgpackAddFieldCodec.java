package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Version 2 of the {@code msgpack} row under {@code addField}, the change the evolution benchmark times: version
 * 1's map ({@link MsgpackCodec}) with {@code venue} after the six fields. It packs through the same calls
 * ({@link MsgpackMapCodec#writeSixFields}) and reads with the same name lookup and value readers, so the two
 * versions differ by one field, not by how they are written. Reading is version 2's tolerant style
 * ({@link MsgpackEvolvedCodec}): an unknown name is skipped, a missing field keeps its default (tracked by the
 * same bit set version 1 uses to refuse one), a repeated one is read again.
 */
final class MsgpackAddFieldCodec extends MsgpackMapCodec<Evolved> {
    private static final Layout.Field[] FIELDS = Layout.Field.values();
    private static final byte[][] SIDE_NAMES = {BUY, SELL, SideV2.Short.name().getBytes(StandardCharsets.US_ASCII)};

    MsgpackAddFieldCodec(String name) {
        super(name);
    }

    @Override
    protected void writeMap(MessagePacker p, Evolved v) throws IOException {
        p.packMapHeader(7);
        writeSixFields(p, v.price, v.flag, v.text, SIDE_NAMES[v.side.ordinal()], Math.toIntExact(v.smallInt), v.longInt);
        packString(p, NAMES[Layout.Field.venue.ordinal()]);
        p.packInt(v.venue);
    }

    @Override
    protected void readMap(MessageUnpacker u, int size, Evolved target) throws IOException {
        int entries = u.unpackMapHeader();
        int seen = 0;
        for (int i = 0; i < entries; i++) {
            int index = fieldIndex(stringPayload(u, size, "field name"), FIELDS.length);
            if (index < 0) {
                u.skipValue(); // a field of another version
                continue;
            }
            Layout.Field field = FIELDS[index];
            seen |= 1 << index;
            switch (field) {
                case price: target.price = readPrice(u); break;
                case flag: target.flag = readFlag(u, field); break;
                case text: readText(u, size, target.text); break;
                // Short is not a side of this version 2 (only of newSideValue's)
                case side: target.side = readBuy(u, size) ? SideV2.Buy : SideV2.Sell; break;
                case smallInt: target.smallInt = readInt(u, field); break;
                case longInt: target.longInt = readLong(u, field); break;
                case venue: target.venue = readInt(u, field); break;
                default: throw new AssertionError(field);
            }
        }
        if (seen != Layout.ADD_FIELD_ALL) Layout.defaultMissing(target, seen);
    }
}
