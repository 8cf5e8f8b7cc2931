package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code msgpack} row: a MessagePack map of the six fields named as in {@link DataFields}, through
 * msgpack-core ({@link MsgpackMapCodec} says how the packer and unpacker are kept). The price is always a
 * float64 ({@code packDouble}); the integers take msgpack's smallest form.
 *
 * <p>Decoding accepts the six fields in any order; an unknown, repeated or missing field, a value of the wrong
 * msgpack type, an integer out of range (msgpack-core's own exception), or a length reaching past the message
 * is a {@link org.wireshootout.codec.DecodeException}.
 */
public final class MsgpackCodec extends MsgpackMapCodec<Data> implements Evolvable {
    private static final byte[][] NAMES = new byte[6][];
    private static final byte[] BUY = Side.Buy.name().getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SELL = Side.Sell.name().getBytes(StandardCharsets.US_ASCII);
    private static final DataFields[] FIELDS = DataFields.values();

    static {
        for (DataFields f : DataFields.values()) NAMES[f.ordinal()] = f.name().getBytes(StandardCharsets.US_ASCII);
    }

    public MsgpackCodec(String name) {
        super(name);
    }

    @Override
    void writeMap(MessagePacker p, Data value) throws IOException {
        p.packMapHeader(6);
        name(p, DataFields.price);
        p.packDouble(value.getPrice());
        name(p, DataFields.flag);
        p.packBoolean(value.isFlag());
        name(p, DataFields.text);
        packText(p, value.getText());
        name(p, DataFields.side);
        packString(p, value.getSide() == Side.Buy ? BUY : SELL);
        name(p, DataFields.smallInt);
        p.packInt(value.getSmallInt());
        name(p, DataFields.longInt);
        p.packLong(value.getLongInt());
    }

    private static void name(MessagePacker p, DataFields f) throws IOException {
        packString(p, NAMES[f.ordinal()]);
    }

    @Override
    void readMap(MessageUnpacker u, int size, Data target) throws IOException {
        int entries = u.unpackMapHeader();
        if (entries != 6) throw fail(u, "expected 6 entries, found " + entries);
        int seen = 0;
        for (int i = 0; i < 6; i++) {
            int n = stringPayload(u, size, "field name");
            DataFields field = field(scratch, n);
            if (field == null) {
                throw fail(u, "unknown field '" + new String(scratch, 0, n, StandardCharsets.UTF_8) + "'");
            }
            int bit = 1 << field.ordinal();
            if ((seen & bit) != 0) throw fail(u, "field '" + field + "' appears twice");
            seen |= bit;
            switch (field) {
                case price:
                    target.setPrice(readPrice(u));
                    break;
                case flag:
                    expect(u, ValueType.BOOLEAN, field);
                    target.setFlag(u.unpackBoolean());
                    break;
                case text:
                    readText(u, size, target.textBuffer());
                    break;
                case side: {
                    int len = stringPayload(u, size, "side");
                    if (Arrays.equals(scratch, 0, len, BUY, 0, BUY.length)) target.setSide(Side.Buy);
                    else if (Arrays.equals(scratch, 0, len, SELL, 0, SELL.length)) target.setSide(Side.Sell);
                    else throw fail(u, "side must be \"Buy\" or \"Sell\"");
                    break;
                }
                case smallInt:
                    expect(u, ValueType.INTEGER, field);
                    target.setSmallInt(u.unpackInt());
                    break;
                case longInt:
                    expect(u, ValueType.INTEGER, field);
                    target.setLongInt(u.unpackLong());
                    break;
                default:
                    throw new AssertionError(field);
            }
        }
        // six distinct known names: every field is there
    }

    private static DataFields field(byte[] b, int n) {
        for (DataFields f : FIELDS) {
            byte[] name = NAMES[f.ordinal()];
            if (Arrays.equals(b, 0, n, name, 0, name.length)) return f;
        }
        return null;
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return new MsgpackEvolvedCodec(name, Layout.of(change));
    }

    @Override
    public String evolutionMechanism() {
        return "map keys name the fields: the row's reader refuses a map of other than six entries, an unknown or repeated"
                + " name, a value of another type, an int beyond int32 (msgpack-core's MessageIntegerOverflowException) and"
                + " an unknown side; a version-2 reader skips unknown names (MessageUnpacker.skipValue) and defaults missing ones";
    }
}
