package org.wireshootout.codec.jdk;

import org.wireshootout.model.evolution.Change;
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
 * order, as version 1 does (reversed under {@link Change#reorderFields}; no smallInt under
 * {@link Change#removeSmallInt}; smallInt as {@code writeLong} under {@link Change#widenSmallInt}; side as the
 * ordinal, which may be 2 (Short) under {@link Change#newSideValue}). Under {@link Change#addField} the new field
 * is appended, and read only if the object's data has bytes left: how a class adds data that a version-1 reader
 * (which never reads it; the stream skips an object's unread data) and a version-1 writer (which never wrote it)
 * both survive, since version 1 wrote no version number to branch on.
 */
public final class ExternalizableData2 implements Externalizable {
    private static final long serialVersionUID = 1L;

    /** Which version 2 this is: the same for every instance its loader defines. */
    private final transient Change change = VersionLoader.changeOf(getClass());
    private final transient String[] order = EvolvedClasses.writeOrder(change);

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
        for (String field : order) {
            switch (field) {
                case "price": out.writeDouble(price); break;
                case "flag": out.writeBoolean(flag); break;
                case "text": out.writeUTF(text); break;
                case "side": out.writeByte(side.ordinal()); break;
                case "smallInt":
                    if (change == Change.widenSmallInt) out.writeLong(smallInt);
                    else out.writeInt((int) smallInt);
                    break;
                case "longInt": out.writeLong(longInt); break;
                default: out.writeInt(venue);
            }
        }
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        for (String field : order) {
            switch (field) {
                case "price": price = in.readDouble(); break;
                case "flag": flag = in.readBoolean(); break;
                case "text": text = in.readUTF(); break;
                case "side": side = side(in.readByte()); break;
                case "smallInt": smallInt = change == Change.widenSmallInt ? in.readLong() : in.readInt(); break;
                case "longInt": longInt = in.readLong(); break;
                default: venue = in.available() > 0 ? in.readInt() : 0; // a version-1 writer ends before it
            }
        }
    }

    private SideV2 side(int ordinal) throws InvalidObjectException {
        int known = change == Change.newSideValue ? 3 : 2;
        if (ordinal < 0 || ordinal >= known) throw new InvalidObjectException("side " + ordinal + " is not one of the " + known + " sides");
        return SideV2.values()[ordinal];
    }
}
