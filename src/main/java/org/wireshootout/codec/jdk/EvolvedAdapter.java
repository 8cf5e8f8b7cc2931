package org.wireshootout.codec.jdk;

import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * A version-2 class that copies itself to and from {@link Evolved} with hand-written code, as version 1's class
 * copies itself to and from {@code Data}: the straight-line copy the timed version 2 under {@code addField} needs
 * (the other changes may copy through {@link EvolvedFields}, by reflection).
 *
 * <p>Public, and defined only here: a version-2 class defined by a {@link VersionLoader} is in another runtime
 * package, and implements this very interface so that the codec can call it. Such a class must not name
 * {@link SideV2} in code that touches {@link Evolved#side} (the loader renames {@code SideV2} to {@code Side} in it),
 * hence the side helpers here, which pass the constant's ordinal or version 1's constant.
 */
public interface EvolvedAdapter {
    /** Sets this object's fields from {@code value}. */
    void from(Evolved value);

    /** Sets the fields of {@code target} this object's class has. */
    void into(Evolved target);

    /** The ordinal of {@code value}'s side. */
    static int sideOrdinal(Evolved value) {
        return value.side.ordinal();
    }

    /** {@code value}'s side as version 1's enum: the version 2 of every change but {@code newSideValue} has it. */
    static Side v1Side(Evolved value) {
        return Sides.V1[value.side.ordinal()];
    }

    /** Sets every field of {@code target} (the text into its own buffer, the side as the constant of that ordinal). */
    static void set(Evolved target, double price, boolean flag, CharSequence text, int side, long smallInt, long longInt, int venue) {
        target.price = price;
        target.flag = flag;
        StringBuilder sb = target.text;
        sb.setLength(0);
        sb.append(text);
        target.side = Sides.V2[side];
        target.smallInt = smallInt;
        target.longInt = longInt;
        target.venue = venue;
    }

    /** The constants, once: {@code values()} makes a new array per call. */
    final class Sides {
        private static final Side[] V1 = Side.values();
        private static final SideV2[] V2 = SideV2.values();

        private Sides() {
        }
    }
}
