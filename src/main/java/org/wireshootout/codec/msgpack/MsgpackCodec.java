package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.codec.TolerantOldReader;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.io.IOException;
import java.util.List;
import java.nio.charset.StandardCharsets;

/**
 * The {@code msgpack} row: a MessagePack map of the six fields named as in {@link DataFields}, through
 * msgpack-core's packer and unpacker ({@link MsgpackMap}), both made once and reused, over the caller's buffer
 * ({@link MsgpackMapCodec}): the packer writes straight into the caller's heap array ({@link CallerBufferOutput}), the
 * unpacker is {@code reset} onto a view of it for every decode ({@link CallerBufferInput}); over other memory each goes
 * through one scratch array, a copy each way. The price is always a float64 ({@code packDouble}); the integers take
 * msgpack's smallest form.
 *
 * <p>Decoding accepts the six fields in any order; an unknown, repeated or missing field, a value of the wrong
 * msgpack type, an integer out of range (msgpack-core's own exception), or a length reaching past the message
 * is a {@link org.wireshootout.codec.DecodeException}.
 */
public final class MsgpackCodec extends MsgpackMapCodec<Data> implements Evolvable {
    private static final DataFields[] FIELDS = DataFields.values();

    public MsgpackCodec(String name) {
        super(name);
    }

    @Override
    protected void writeMap(MessagePacker p, Data value) throws IOException {
        p.packMapHeader(6);
        writeSixFields(p, value.getPrice(), value.isFlag(), value.getText(), value.getSide() == Side.Buy ? BUY : SELL,
                value.getSmallInt(), value.getLongInt());
    }

    @Override
    protected void readMap(MessageUnpacker u, int size, Data target) throws IOException {
        int entries = u.unpackMapHeader();
        if (entries != 6) throw fail(u, "expected 6 entries, found " + entries);
        int seen = 0;
        for (int i = 0; i < 6; i++) {
            int n = stringPayload(u, size, "field name");
            int index = fieldIndex(n, FIELDS.length);
            if (index < 0) {
                throw fail(u, "unknown field '" + new String(scratch, 0, n, StandardCharsets.UTF_8) + "'");
            }
            DataFields field = FIELDS[index];
            int bit = 1 << field.ordinal();
            if ((seen & bit) != 0) throw fail(u, "field '" + field + "' appears twice");
            seen |= bit;
            switch (field) {
                case price:
                    target.setPrice(readPrice(u));
                    break;
                case flag:
                    target.setFlag(readFlag(u, field));
                    break;
                case text:
                    readText(u, size, target.textBuffer());
                    break;
                case side:
                    target.setSide(readBuy(u, size) ? Side.Buy : Side.Sell);
                    break;
                case smallInt:
                    target.setSmallInt(readInt(u, field));
                    break;
                case longInt:
                    target.setLongInt(readLong(u, field));
                    break;
                default:
                    throw new AssertionError(field);
            }
        }
        // six distinct known names: every field is there
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return change == Change.addField ? new MsgpackAddFieldCodec(name) : new MsgpackEvolvedCodec(name, Layout.of(change));
    }

    /** The tolerant readers: version 2's map reading over {@link Layout#tolerantVersion1()} and {@link Layout#tolerant}. */
    @Override
    public List<EvolutionVariant> variants() {
        return List.of(new EvolutionVariant(EvolutionVariant.TOLERANT_READER,
                "both readers read the map by name, as msgpack-core leaves a schema-less map to its reader: an entry it does"
                        + " not know is skipped (MessageUnpacker.skipValue), a missing field keeps its default, each knows the other"
                        + " version's name of smallInt/quantity; an int beyond int32 (MessageIntegerOverflowException) and an unknown"
                        + " side are refused",
                (change, rows) -> new TolerantOldReader(new MsgpackEvolvedCodec(name, Layout.tolerantVersion1())),
                (change, rows) -> new MsgpackEvolvedCodec(name, Layout.tolerant(change))));
    }

    @Override
    public String evolutionMechanism() {
        return "map keys name the fields: the row's reader refuses a map of other than six entries, an unknown or repeated"
                + " name, a value of another type, an int beyond int32 (msgpack-core's MessageIntegerOverflowException) and"
                + " an unknown side; a version-2 reader skips unknown names (MessageUnpacker.skipValue) and defaults missing ones";
    }
}
