package org.wireshootout.codec.limit;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * Version 2 of the {@code limit} layout under one {@link Change}, as a hand-written positional layout is evolved:
 * an added field is appended and read only when bytes are left for it (an old message has none); every other
 * change moves or resizes the fields after it, which nothing on the wire announces. Same byte order, same
 * stop-bit text encoding as {@link LimitCodec}, and the same view over the caller's buffer ({@link CallerByteBuffer}).
 */
final class LimitV2Codec extends NamedCodec<Evolved> {
    private static final int FIXED_PART = LimitCodec.FIXED_PART;
    private enum Field { price, flag, side, smallInt, longInt, text }

    private static final Field[] V1_ORDER = {Field.price, Field.flag, Field.side, Field.smallInt, Field.longInt, Field.text};
    private static final Field[] REVERSED = {Field.text, Field.longInt, Field.smallInt, Field.side, Field.flag, Field.price};
    private static final Field[] NO_SMALL_INT = {Field.price, Field.flag, Field.side, Field.longInt, Field.text};

    private final Change change;
    private final Field[] order;
    private final CallerByteBuffer buffer;

    LimitV2Codec(String name, Change change) {
        super(name);
        this.change = change;
        this.buffer = new CallerByteBuffer(name);
        this.order = change == Change.reorderFields ? REVERSED : change == Change.removeSmallInt ? NO_SMALL_INT : V1_ORDER;
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        ByteBuffer b = buffer.forWrite(dst, offset);
        try {
            if (change == Change.addField) encodeAppended(b, value);
            else encodeFields(b, value);
        } catch (BufferOverflowException e) {
            if (buffer.grown(b, dst, offset)) return encode(value, dst, offset);
            throw new EncodeOverflowException(name, dst.capacity() - offset, e);
        }
        return buffer.written(dst, offset, b);
    }

    private void encodeFields(ByteBuffer b, Evolved value) {
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
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        ByteBuffer b = buffer.forRead(src, offset, length);
        int start = buffer.start;
        if (change == Change.addField) {
            decodeAppended(b, start, target);
            return;
        }
        try {
            for (Field f : order) {
                switch (f) {
                    case price: target.price = b.getDouble(); break;
                    case flag: target.flag = b.get() != 0; break;
                    case side:
                        int side = b.get();
                        if (side < 0 || side >= SideV2.values().length) throw new DecodeException(name, b.position() - 1 - start, "side " + side + " is no SideV2");
                        target.side = SideV2.values()[side];
                        break;
                    case smallInt: target.smallInt = change == Change.widenSmallInt ? b.getLong() : b.getInt(); break;
                    case longInt: target.longInt = b.getLong(); break;
                    case text: LimitCodec.readText(name, b, target.text, start); break;
                    default: throw new AssertionError(f);
                }
            }
            // the appended field: a message from the old writer ends before it and reads as the default
            target.venue = change == Change.addField && b.remaining() >= 4 ? b.getInt() : 0;
        } catch (java.nio.BufferUnderflowException e) {
            throw new DecodeException(name, b.position() - start, "message ends inside a field", e);
        }
    }

    /**
     * The one compatible change, written out as version 1 is, field by field with no loop, so that the
     * evolution benchmark times the layout plus one field rather than the generic field list above.
     */
    private static void encodeAppended(ByteBuffer b, Evolved value) {
        b.putDouble(value.price);
        b.put((byte) (value.flag ? 1 : 0));
        b.put((byte) value.side.ordinal());
        b.putInt((int) value.smallInt);
        b.putLong(value.longInt);
        LimitCodec.writeText(b, value.text);
        b.putInt(value.venue);
    }

    private void decodeAppended(ByteBuffer b, int start, Evolved target) {
        if (b.remaining() < FIXED_PART + 1) throw new DecodeException(name, b.remaining(), "message of " + b.remaining() + " bytes is shorter than the fixed part");
        target.price = b.getDouble();
        target.flag = b.get() != 0;
        int side = b.get();
        if (side != 0 && side != 1) throw new DecodeException(name, 9, "side " + side + " is neither 0 (Buy) nor 1 (Sell)");
        target.side = side == 0 ? SideV2.Buy : SideV2.Sell;
        target.smallInt = b.getInt();
        target.longInt = b.getLong();
        LimitCodec.readText(name, b, target.text, start);
        // an old writer's message ends before the appended field, which then reads as its default
        target.venue = b.remaining() >= 4 ? b.getInt() : 0;
    }
}
