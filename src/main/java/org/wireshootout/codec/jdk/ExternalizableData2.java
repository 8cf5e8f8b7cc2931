package org.wireshootout.codec.jdk;

import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * Version 2 of {@link ExternalizableData}, defined under that name by a {@link VersionLoader} (the stream names
 * the class, and both versions declare serialVersionUID 1). An {@code Externalizable} class alone is responsible
 * for its format and its versions: {@code writeExternal} writes the fields version 2 declares, in declaration
 * order, with version 1's calls (reversed under {@link Change#reorderFields}; no smallInt under
 * {@link Change#removeSmallInt}; smallInt as {@code writeLong} under {@link Change#widenSmallInt}; side as the
 * ordinal, which may be 2 (Short) under {@link Change#newSideValue}). Under {@link Change#addField} the new field
 * is appended, and read only if the object's data has bytes left: how a class adds data that a version-1 reader
 * (which never reads it; the stream skips an object's unread data) and a version-1 writer (which never wrote it)
 * both survive, since version 1 wrote no version number to branch on.
 *
 * <p>The change is a constant of the class (each loader defines its own copy), so each version's code is version
 * 1's straight-line calls once the JIT folds the tests; the copies to and from {@link Evolved} are hand-written,
 * as version 1's to and from {@code Data} are.
 */
public final class ExternalizableData2 implements Externalizable, EvolvedAdapter {
    private static final long serialVersionUID = 1L;

    /** Which version 2 this is: the same for every instance its loader defines. */
    private static final Change CHANGE = VersionLoader.changeOf(ExternalizableData2.class);
    private static final boolean REVERSED = CHANGE == Change.reorderFields;
    private static final boolean SMALL_INT = CHANGE != Change.removeSmallInt;
    private static final boolean WIDE = CHANGE == Change.widenSmallInt;
    private static final boolean VENUE = CHANGE == Change.addField;
    /** The loader's side enum ({@code Side} by name): 3 constants under {@link Change#newSideValue}, else 2. */
    private static final SideV2[] SIDES = SideV2.values();

    double price;
    boolean flag;
    String text = "";
    SideV2 side = SideV2.Buy;
    long smallInt;
    long longInt;
    int venue;

    /** What {@code ObjectInputStream} calls before {@link #readExternal}. */
    public ExternalizableData2() {
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        if (REVERSED) {
            out.writeLong(longInt);
            writeSmallInt(out);
            out.writeByte(side.ordinal());
            out.writeUTF(text);
            out.writeBoolean(flag);
            out.writeDouble(price);
            return;
        }
        out.writeDouble(price);
        out.writeBoolean(flag);
        out.writeUTF(text);
        out.writeByte(side.ordinal());
        if (SMALL_INT) writeSmallInt(out);
        out.writeLong(longInt);
        if (VENUE) out.writeInt(venue);
    }

    private void writeSmallInt(ObjectOutput out) throws IOException {
        if (WIDE) out.writeLong(smallInt);
        else out.writeInt((int) smallInt);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        if (REVERSED) {
            longInt = in.readLong();
            smallInt = readSmallInt(in);
            side = side(in.readByte());
            text = in.readUTF();
            flag = in.readBoolean();
            price = in.readDouble();
            return;
        }
        price = in.readDouble();
        flag = in.readBoolean();
        text = in.readUTF();
        side = side(in.readByte());
        if (SMALL_INT) smallInt = readSmallInt(in);
        longInt = in.readLong();
        if (VENUE) venue = in.available() > 0 ? in.readInt() : 0; // a version-1 writer ends before it
    }

    private static long readSmallInt(ObjectInput in) throws IOException {
        return WIDE ? in.readLong() : in.readInt();
    }

    private static SideV2 side(int ordinal) throws InvalidObjectException {
        if (ordinal < 0 || ordinal >= SIDES.length) throw new InvalidObjectException("side " + ordinal + " is not one of the " + SIDES.length + " sides");
        return SIDES[ordinal];
    }

    @Override
    public void from(Evolved v) {
        price = v.price;
        flag = v.flag;
        text = v.text.toString();
        side = SIDES[EvolvedAdapter.sideOrdinal(v)];
        smallInt = v.smallInt;
        longInt = v.longInt;
        venue = v.venue;
    }

    @Override
    public void into(Evolved t) {
        EvolvedAdapter.set(t, price, flag, text, side.ordinal(), smallInt, longInt, venue);
    }
}
