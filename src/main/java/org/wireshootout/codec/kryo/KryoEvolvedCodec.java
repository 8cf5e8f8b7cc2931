package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.jdk.EvolvedClasses;
import org.wireshootout.codec.jdk.EvolvedFields;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * Version 2 of a Kryo row of the six-field model, with the same serializer kind as the row's version 1, its class
 * registered under version 1's id ({@link KryoSupport#FIRST_ID}: Kryo identifies classes by registration id, and
 * {@code readObject} with a known class writes none), the same settings and the same reused {@code Output} /
 * {@code Input}:
 * <ul>
 *   <li>{@link #serializer}: the {@code kryo} row's hand-written {@link Serializer}, now for {@link Evolved}:
 *       positional, the fields in {@link EvolvedClasses#writeOrder} with the calls version 1 makes (smallInt as
 *       {@code writeVarLong} under {@link Change#widenSmallInt}). A serializer cannot tell where its object ends,
 *       so it reads every field it writes;</li>
 *   <li>{@link #fieldSerializer}: the {@code kryoFields} row's default {@code FieldSerializer} on the version-2
 *       class of the change ({@link EvolvedClasses}), the side enum under version 1's id too.</li>
 * </ul>
 */
final class KryoEvolvedCodec extends NamedCodec<Evolved> {
    private final KryoSupport kryo;
    /** The hand-written serializer; null for the FieldSerializer form. */
    private final EvolvedSerializer serializer;
    /** The FieldSerializer form's version-2 class, the instance written from, and its copies; else null. */
    private final Class<?> v2Class;
    private final Object writeFrom;
    private final EvolvedFields fields;

    private KryoEvolvedCodec(String name, Change change, boolean handWritten) {
        super(name);
        this.kryo = new KryoSupport(name);
        Kryo k = kryo.kryo;
        if (handWritten) {
            serializer = new EvolvedSerializer(change);
            k.register(Evolved.class, serializer, KryoSupport.FIRST_ID);
            v2Class = null;
            writeFrom = null;
            fields = null;
        } else {
            serializer = null;
            v2Class = EvolvedClasses.of(change);
            k.register(v2Class, KryoSupport.FIRST_ID);
            k.register(EvolvedClasses.side(change), KryoSupport.FIRST_ID + 1);
            k.register(StringBuilder.class, KryoSupport.FIRST_ID + 2);
            writeFrom = k.newInstance(v2Class);
            fields = EvolvedFields.of(v2Class);
        }
    }

    /** Version 2 of the {@code kryo} row. */
    static KryoEvolvedCodec serializer(String name, Change change) {
        return new KryoEvolvedCodec(name, change, true);
    }

    /** Version 2 of the {@code kryoFields} row. */
    static KryoEvolvedCodec fieldSerializer(String name, Change change) {
        return new KryoEvolvedCodec(name, change, false);
    }

    @Override
    public int encode(Evolved value) {
        if (serializer != null) return kryo.write(value);
        fields.write(value, writeFrom);
        return kryo.write(writeFrom);
    }

    @Override
    public void decode(Evolved target) {
        if (serializer != null) {
            serializer.target = target;
            kryo.read(Evolved.class);
        } else {
            fields.read(kryo.read(v2Class), target);
        }
    }

    @Override public MessageBuffer buffer() { return kryo.encoded; }

    /** The {@code kryo} row's serializer as version 2 under one change: writes the fields; reads them into {@link #target}. */
    static final class EvolvedSerializer extends Serializer<Evolved> {
        private static final SideV2[] SIDES = SideV2.values();
        private final String[] order;
        private final boolean wide;
        private final int sides;
        Evolved target;

        EvolvedSerializer(Change change) {
            this.order = EvolvedClasses.writeOrder(change);
            this.wide = change == Change.widenSmallInt;
            this.sides = change == Change.newSideValue ? 3 : 2;
        }

        @Override
        public void write(Kryo kryo, Output out, Evolved v) {
            for (String field : order) {
                switch (field) {
                    case "price": out.writeDouble(v.price); break;
                    case "flag": out.writeBoolean(v.flag); break;
                    case "text": KryoText.write(out, v.text); break;
                    case "side": out.writeVarInt(v.side.ordinal(), true); break;
                    case "smallInt":
                        if (wide) out.writeVarLong(v.smallInt, false);
                        else out.writeVarInt((int) v.smallInt, false);
                        break;
                    case "longInt": out.writeVarLong(v.longInt, false); break;
                    default: out.writeVarInt(v.venue, false);
                }
            }
        }

        @Override
        public Evolved read(Kryo kryo, Input in, Class<? extends Evolved> type) {
            Evolved t = target;
            for (String field : order) {
                switch (field) {
                    case "price": t.price = in.readDouble(); break;
                    case "flag": t.flag = in.readBoolean(); break;
                    case "text": KryoText.read(in, t.text); break;
                    case "side": {
                        int side = in.readVarInt(true);
                        if (side < 0 || side >= sides) throw new KryoException("side " + side + " is not one of the " + sides + " sides");
                        t.side = SIDES[side];
                        break;
                    }
                    case "smallInt": t.smallInt = wide ? in.readVarLong(false) : in.readVarInt(false); break;
                    case "longInt": t.longInt = in.readVarLong(false); break;
                    default: t.venue = in.readVarInt(false);
                }
            }
            return t;
        }
    }
}
