package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesOut;

/**
 * The six fields of version 1 as a {@link BytesMarshallable}, in straight-line code ({@link DataBytesMarshallable}
 * gives the layout and why). Version 1 ({@link DataBytesMarshallable}) and version 2 under {@code addField}
 * ({@link AddedFieldBytesMarshallable}) both run this body, the second then writing and reading the appended
 * field, so that timing one against the other measures the extra field, not a different marshaller. One
 * instance per codec, pointed at the value to write or the target to fill, so nothing is allocated per message.
 *
 * @param <T> the model
 * @param <E> its side enum
 */
class SixFieldBytesMarshallable<T, E extends Enum<E>> implements BytesMarshallable {
    private final SixFields<T, E> fields;
    /** Stop-bit (variable-length) numbers instead of fixed-width ones. */
    final boolean stopBit;
    private final Latin1Text latin1 = new Latin1Text();
    private T source;
    private T target;

    SixFieldBytesMarshallable(SixFields<T, E> fields, boolean stopBit) {
        this.fields = fields;
        this.stopBit = stopBit;
    }

    final SixFieldBytesMarshallable<T, E> writing(T value) {
        this.source = value;
        return this;
    }

    final SixFieldBytesMarshallable<T, E> readingInto(T value) {
        this.target = value;
        return this;
    }

    @Override
    public final void writeMarshallable(BytesOut<?> out) {
        T v = source;
        SixFields<T, E> f = fields;
        if (stopBit) {
            out.writeStopBit(f.price(v))
                    .writeStopBit(f.longInt(v))
                    .writeStopBit(f.smallInt(v));
        } else {
            out.writeDouble(f.price(v))
                    .writeLong(f.longInt(v))
                    .writeInt(f.smallInt(v));
        }
        out.writeBoolean(f.flag(v))
                .writeUnsignedByte(f.side(v).ordinal());
        latin1.write(out, f.text(v));
        writeAppended(out, v);
    }

    @Override
    public final void readMarshallable(BytesIn<?> in) {
        T v = target;
        SixFields<T, E> f = fields;
        if (stopBit) {
            // Chronicle's stop-bit readers, each byte bounded by the document's end (StopBits): a number runs as long
            // as its bytes say, so no check once per document can bound it
            f.price(v, StopBits.readDouble(in));
            f.longInt(v, StopBits.read(in));
            long small = StopBits.read(in);
            if (small != (int) small) throw new IllegalStateException("smallInt " + small + " does not fit an int");
            f.smallInt(v, (int) small);
            // the flag and side bytes follow wherever the numbers ended
            if (in.readRemaining() < 2) throw new IllegalStateException("the document ends before the flag and side");
        } else {
            f.price(v, in.readDouble());
            f.longInt(v, in.readLong());
            f.smallInt(v, in.readInt());
        }
        f.flag(v, flag(in.readUnsignedByte()));
        f.side(v, f.sideAt(in.readUnsignedByte()));
        latin1.read(in, f.text(v));
        readAppended(in, v);
    }

    /**
     * The flag as {@code writeBoolean} writes it, {@code 'Y'} or {@code 'N'}: Chronicle's {@code readBoolean} takes
     * any byte but 0, {@code 'N'} and {@code 'n'} as true, bytes the writer cannot have written. One compare.
     */
    private static boolean flag(int b) {
        if (b == 'Y') return true;
        if (b == 'N') return false;
        throw new IllegalStateException("flag byte 0x" + Integer.toHexString(b) + " is neither 'Y' nor 'N'");
    }

    /** Writes what a later version appends after the text; version 1 appends nothing. */
    void writeAppended(BytesOut<?> out, T value) {
    }

    /** Reads what a later version appends after the text; version 1 reads nothing more. */
    void readAppended(BytesIn<?> in, T target) {
    }
}
