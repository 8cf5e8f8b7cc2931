package org.wireshootout.codec.limit;

import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapMessage;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Version 2 of the {@code limit} layout under one {@link Change}, as a hand-written positional layout is evolved:
 * an added field is appended and read only when bytes are left for it (an old message has none); every other
 * change moves or resizes the fields after it, which nothing on the wire announces. Same byte order, same
 * stop-bit text encoding as {@link LimitCodec}.
 */
final class LimitV2Codec extends NamedCodec<Evolved> {
    private static final int FIXED_PART = LimitCodec.FIXED_PART;
    private enum Field { price, flag, side, smallInt, longInt, text }

    private static final Field[] V1_ORDER = {Field.price, Field.flag, Field.side, Field.smallInt, Field.longInt, Field.text};
    private static final Field[] REVERSED = {Field.text, Field.longInt, Field.smallInt, Field.side, Field.flag, Field.price};
    private static final Field[] NO_SMALL_INT = {Field.price, Field.flag, Field.side, Field.longInt, Field.text};

    private final Change change;
    private final Field[] order;
    private final HeapMessage encoded = new HeapMessage(name, 4096);
    private final ByteBuffer buffer = ByteBuffer.wrap(encoded.array).order(ByteOrder.LITTLE_ENDIAN);

    LimitV2Codec(String name, Change change) {
        super(name);
        this.change = change;
        this.order = change == Change.reorderFields ? REVERSED : change == Change.removeSmallInt ? NO_SMALL_INT : V1_ORDER;
    }

    @Override
    public int encode(Evolved value) {
        ByteBuffer b = buffer;
        b.clear();
        if (change == Change.addField) return encodeAppended(b, value);
        for (Field f : order) {
            switch (f) {
                case price: b.putDouble(value.price); break;
                case flag: b.put((byte) (value.flag ? 1 : 0)); break;
                case side: b.put((byte) value.side.ordinal()); break;
                case smallInt:
                    if (change == Change.widenSmallInt) b.putLong(value.smallInt); else b.putInt((int) value.smallInt);
                    break;
                case longInt: b.putLong(value.longInt); break;
                case text: LimitCodec.writeText(b, value.text); break;
                default: throw new AssertionError(f);
            }
        }
        if (change == Change.addField) b.putInt(value.venue);
        return encoded.setLength(b.position());
    }

    @Override
    public void decode(Evolved target) {
        ByteBuffer b = buffer;
        b.limit(encoded.length()).position(0);
        if (change == Change.addField) {
            decodeAppended(b, target);
            return;
        }
        try {
            for (Field f : order) {
                switch (f) {
                    case price: target.price = b.getDouble(); break;
                    case flag: target.flag = b.get() != 0; break;
                    case side:
                        int side = b.get();
                        if (side < 0 || side >= SideV2.values().length) throw new DecodeException(name, b.position() - 1, "side " + side + " is no SideV2");
                        target.side = SideV2.values()[side];
                        break;
                    case smallInt: target.smallInt = change == Change.widenSmallInt ? b.getLong() : b.getInt(); break;
                    case longInt: target.longInt = b.getLong(); break;
                    case text: LimitCodec.readText(name, b, target.text); break;
                    default: throw new AssertionError(f);
                }
            }
            // the appended field: a message from the old writer ends before it and reads as the default
            target.venue = change == Change.addField && b.remaining() >= 4 ? b.getInt() : 0;
        } catch (java.nio.BufferUnderflowException e) {
            throw new DecodeException(name, b.position(), "message ends inside a field", e);
        }
    }

    /**
     * The one compatible change, written out as version 1 is, field by field with no loop, so that the
     * evolution benchmark times the layout plus one field rather than the generic field list above.
     */
    private int encodeAppended(ByteBuffer b, Evolved value) {
        b.putDouble(value.price);
        b.put((byte) (value.flag ? 1 : 0));
        b.put((byte) value.side.ordinal());
        b.putInt((int) value.smallInt);
        b.putLong(value.longInt);
        LimitCodec.writeText(b, value.text);
        b.putInt(value.venue);
        return encoded.setLength(b.position());
    }

    private void decodeAppended(ByteBuffer b, Evolved target) {
        if (b.remaining() < FIXED_PART + 1) throw new DecodeException(name, b.remaining(), "message of " + b.remaining() + " bytes is shorter than the fixed part");
        target.price = b.getDouble();
        target.flag = b.get() != 0;
        int side = b.get();
        if (side != 0 && side != 1) throw new DecodeException(name, 9, "side " + side + " is neither 0 (Buy) nor 1 (Sell)");
        target.side = side == 0 ? SideV2.Buy : SideV2.Sell;
        target.smallInt = b.getInt();
        target.longInt = b.getLong();
        LimitCodec.readText(name, b, target.text);
        // an old writer's message ends before the appended field, which then reads as its default
        target.venue = b.remaining() >= 4 ? b.getInt() : 0;
    }

    @Override public MessageBuffer buffer() { return encoded; }
}
