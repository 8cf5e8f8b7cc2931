package org.wireshootout.codec.chronicle;

import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * Where the six fields of version 1 live in a model: {@link #DATA} for version 1 itself, {@link #EVOLVED} for
 * version 2 under {@code addField}, which keeps all six as they were. It lets one straight-line marshalling
 * body ({@link SixFieldMarshallable}, {@link SixFieldBytesMarshallable}) serve both versions, so version 2
 * does exactly the library calls version 1 does, plus the appended field.
 *
 * @param <T> the model
 * @param <E> its side enum
 */
abstract class SixFields<T, E extends Enum<E>> {

    /** Version 1's message. */
    static final SixFields<Data, Side> DATA = new SixFields<>() {
        @Override double price(Data d) { return d.getPrice(); }
        @Override void price(Data d, double price) { d.setPrice(price); }
        @Override boolean flag(Data d) { return d.isFlag(); }
        @Override void flag(Data d, boolean flag) { d.setFlag(flag); }
        @Override StringBuilder text(Data d) { return d.textBuffer(); }
        @Override Side side(Data d) { return d.getSide(); }
        @Override void side(Data d, Side side) { d.setSide(side); }
        @Override Class<Side> sides() { return Side.class; }
        @Override Side sideAt(int ordinal) { return DataBytesMarshallable.side(ordinal); }
        @Override int smallInt(Data d) { return d.getSmallInt(); }
        @Override void smallInt(Data d, int smallInt) { d.setSmallInt(smallInt); }
        @Override long longInt(Data d) { return d.getLongInt(); }
        @Override void longInt(Data d, long longInt) { d.setLongInt(longInt); }
    };

    /** Version 2 under {@code addField}: the same six fields, smallInt still an int32. */
    static final SixFields<Evolved, SideV2> EVOLVED = new SixFields<>() {
        /** {@code SideV2.values()} clones its array on every call; decoding must not allocate. */
        private final SideV2[] sides = SideV2.values();

        @Override double price(Evolved e) { return e.price; }
        @Override void price(Evolved e, double price) { e.price = price; }
        @Override boolean flag(Evolved e) { return e.flag; }
        @Override void flag(Evolved e, boolean flag) { e.flag = flag; }
        @Override StringBuilder text(Evolved e) { return e.text; }
        @Override SideV2 side(Evolved e) { return e.side; }
        @Override void side(Evolved e, SideV2 side) { e.side = side; }
        @Override Class<SideV2> sides() { return SideV2.class; }

        @Override
        SideV2 sideAt(int ordinal) {
            if (ordinal >= sides.length) throw new IllegalStateException("side " + ordinal + " is not an ordinal of " + java.util.Arrays.toString(sides));
            return sides[ordinal];
        }

        @Override int smallInt(Evolved e) { return (int) e.smallInt; }
        @Override void smallInt(Evolved e, int smallInt) { e.smallInt = smallInt; }
        @Override long longInt(Evolved e) { return e.longInt; }
        @Override void longInt(Evolved e, long longInt) { e.longInt = longInt; }
    };

    abstract double price(T value);

    abstract void price(T value, double price);

    abstract boolean flag(T value);

    abstract void flag(T value, boolean flag);

    /** The reusable text builder, written from and read into. */
    abstract StringBuilder text(T value);

    abstract E side(T value);

    abstract void side(T value, E side);

    /** The side enum, for a wire's {@code asEnum}. */
    abstract Class<E> sides();

    /** The side whose ordinal a BytesMarshallable carries, refusing one the enum does not have. */
    abstract E sideAt(int ordinal);

    abstract int smallInt(T value);

    abstract void smallInt(T value, int smallInt);

    abstract long longInt(T value);

    abstract void longInt(T value, long longInt);
}
