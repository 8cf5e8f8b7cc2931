package org.wireshootout.codec.jdk;

import org.wireshootout.model.PlainData;
import org.wireshootout.model.Side;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * The six fields as a Java {@link Externalizable}, for the {@code externalizable} rows: an adapter, so that the
 * shared model need not be serialisable. Fields are written by hand in a fixed order with no names: price,
 * flag, text (modified UTF-8 via {@code writeUTF}, so at most 65535 bytes), side (one byte), smallInt, longInt.
 *
 * <p>{@code ObjectInputStream} makes a new instance through the public no-argument constructor for every
 * object it reads; the codec copies its fields into the caller's target.
 */
public final class ExternalizableData extends PlainData implements Externalizable, DataAdapter {
    private static final long serialVersionUID = 1L;

    public ExternalizableData() {
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        out.writeDouble(price);
        out.writeBoolean(flag);
        out.writeUTF(text);
        out.writeByte(side.ordinal());
        out.writeInt(smallInt);
        out.writeLong(longInt);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        price = in.readDouble();
        // readBoolean takes any byte but 0 as true: the writer writes 0 or 1 only
        int f = in.readByte();
        if (f != 0 && f != 1) throw new InvalidObjectException("flag " + f + " is neither 0 nor 1");
        flag = f == 1;
        text = in.readUTF();
        int s = in.readByte();
        if (s != 0 && s != 1) throw new InvalidObjectException("side " + s + " is neither 0 (Buy) nor 1 (Sell)");
        side = s == 0 ? Side.Buy : Side.Sell;
        smallInt = in.readInt();
        longInt = in.readLong();
    }
}
