package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesOut;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * A {@link Data} as a Chronicle {@link BytesMarshallable}: the fields written straight to the bytes by hand,
 * no keys, no types. The adapter keeps the Chronicle interface out of the shared model; one instance per
 * codec is pointed at the value to write or the target to fill, so nothing is allocated per message.
 *
 * <p>Layout, as in the library's own benchmark: the fixed-size fields first and the text last, so that with
 * fixed widths every field but the text's characters sits at a known offset: price, longInt, smallInt,
 * flag (1 byte, Chronicle's 'Y' or 'N'), side (1 byte, its ordinal; the library's benchmark wrote a boolean
 * "is Buy" instead, same size), text (stop-bit length then one byte per char, {@code write8bit}). With
 * {@code stopBit}, price, longInt and smallInt use Chronicle's stop-bit (variable-length) encodings instead
 * of 8, 8 and 4 bytes.
 *
 * <p>The text goes out through {@code write8bit} given a {@code Bytes} ({@link Latin1Text}), which copies it
 * in one go, as in the library's benchmark; given the {@code StringBuilder} itself it copies char by char, and
 * that loop was half of this row's time. A char above U+00FF is refused (ArithmeticException), so text outside
 * Latin-1 cannot be encoded by these rows. Reading uses the library's {@code read8bit}, which fills the
 * builder's storage directly.
 */
final class DataBytesMarshallable implements BytesMarshallable {
    /** Offsets of the fixed-width layout's fields from the start of the payload. */
    static final int PRICE = 0, LONG_INT = 8, SMALL_INT = 16, FLAG = 20, SIDE = 21, TEXT = 22;

    private final boolean stopBit;
    private final Latin1Text latin1 = new Latin1Text();
    private Data source;
    private Data target;

    DataBytesMarshallable(boolean stopBit) {
        this.stopBit = stopBit;
    }

    DataBytesMarshallable writing(Data value) {
        this.source = value;
        return this;
    }

    DataBytesMarshallable readingInto(Data value) {
        this.target = value;
        return this;
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        Data d = source;
        if (stopBit) {
            out.writeStopBit(d.getPrice())
                    .writeStopBit(d.getLongInt())
                    .writeStopBit(d.getSmallInt());
        } else {
            out.writeDouble(d.getPrice())
                    .writeLong(d.getLongInt())
                    .writeInt(d.getSmallInt());
        }
        out.writeBoolean(d.isFlag())
                .writeUnsignedByte(d.getSide().ordinal());
        out.write8bit(latin1.of(d.textBuffer()));
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        Data d = target;
        if (stopBit) {
            d.setPrice(in.readStopBitDouble());
            d.setLongInt(in.readStopBit());
            long small = in.readStopBit();
            if (small != (int) small) throw new IllegalStateException("smallInt " + small + " does not fit an int");
            d.setSmallInt((int) small);
        } else {
            d.setPrice(in.readDouble());
            d.setLongInt(in.readLong());
            d.setSmallInt(in.readInt());
        }
        d.setFlag(in.readBoolean());
        d.setSide(side(in.readUnsignedByte()));
        // read8bit clears the builder, checks the length against the bytes left, and fills it without a String
        if (!in.read8bit(d.textBuffer())) throw new IllegalStateException("text is null");
    }

    static Side side(int ordinal) {
        switch (ordinal) {
            case 0: return Side.Buy;
            case 1: return Side.Sell;
            default: throw new IllegalStateException("side " + ordinal + " is neither 0 (Buy) nor 1 (Sell)");
        }
    }
}
