package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.wireshootout.codec.DecodeException;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
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
 * {@code Input} over the caller's buffer:
 * <ul>
 *   <li>{@link #serializer}: the {@code kryo} row's hand-written {@link Serializer}, now for {@link Evolved}:
 *       positional, the fields in {@link EvolvedClasses#writeOrder} with the calls version 1 makes (smallInt as
 *       {@code writeVarLong} under {@link Change#widenSmallInt}). A serializer cannot tell where its object ends,
 *       so it reads every field it writes. Under {@link Change#addField} it is version 1's code plus the venue
 *       ({@link AddFieldSerializer}), so that timing it times one field more, not our field interpreter;</li>
 *   <li>{@link #fieldSerializer}: the {@code kryoFields} row's default {@code FieldSerializer} on the version-2
 *       class of the change ({@link EvolvedClasses}), the side enum under version 1's id too. Under
 *       {@link Change#addField} decoding checks the text's length first and refuses null fields, as version 1's
 *       codec does, and the class copies itself to and from {@link Evolved} by hand.</li>
 * </ul>
 */
final class KryoEvolvedCodec extends NamedCodec<Evolved> {
    private final KryoSupport kryo;
    /** The hand-written serializer; null for the FieldSerializer form. */
    private final TargetSerializer serializer;
    /** The FieldSerializer form's version-2 class and the instance written from; else null. */
    private final Class<?> v2Class;
    private final Object writeFrom;
    /** The FieldSerializer form's reflective copies; null under addField, whose class copies itself. */
    private final EvolvedFields fields;
    /** Reads ahead to the text's header under addField, as {@link KryoFieldsCodec} does. */
    private final KryoSupport.MessageInput scan = new KryoSupport.MessageInput();

    private KryoEvolvedCodec(String name, Change change, boolean handWritten) {
        super(name);
        this.kryo = new KryoSupport(name);
        Kryo k = kryo.kryo;
        if (handWritten) {
            serializer = change == Change.addField ? new AddFieldSerializer() : new EvolvedSerializer(change);
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
            fields = change == Change.addField ? null : EvolvedFields.of(v2Class);
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
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        if (serializer != null) return kryo.write(value, dst, offset);
        if (fields == null) ((EvolvedClasses.AddField) writeFrom).from(value);
        else fields.write(value, writeFrom);
        return kryo.write(writeFrom, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        if (serializer != null) {
            serializer.target = target;
            kryo.read(Evolved.class, src, offset, length);
        } else if (fields == null) {
            byte[] array = kryo.messageArray(src, offset, length);
            int at = kryo.start;
            KryoFieldsCodec.checkTextLength(name, scan, array, at, length);
            EvolvedClasses.AddField read = (EvolvedClasses.AddField) kryo.read(v2Class, array, at, length);
            String nullField = read.nullField();
            if (nullField != null) throw new DecodeException(name, -1, nullField + " is null");
            read.into(target);
        } else {
            fields.read(kryo.read(v2Class, src, offset, length), target);
        }
    }

    /** A serializer that reads into {@link #target}, the object the codec is decoding into. */
    abstract static class TargetSerializer extends Serializer<Evolved> {
        private static final SideV2[] SIDES = SideV2.values();
        Evolved target;

        /** The side of that ordinal, refused when version 2 has only {@code sides} of them. */
        static SideV2 side(int ordinal, int sides) {
            if (ordinal < 0 || ordinal >= sides) throw new KryoException("side " + ordinal + " is not one of the " + sides + " sides");
            return SIDES[ordinal];
        }
    }

    /** The {@code kryo} row's serializer under {@link Change#addField}: version 1's fields and checks, then the venue. */
    static final class AddFieldSerializer extends TargetSerializer {
        @Override
        public void write(Kryo kryo, Output out, Evolved v) {
            KryoCodec.DataSerializer.writeFields(out, v.price, v.flag, v.text, v.side.ordinal(), (int) v.smallInt, v.longInt);
            out.writeVarInt(v.venue, false);
        }

        @Override
        public Evolved read(Kryo kryo, Input in, Class<? extends Evolved> type) {
            Evolved t = target;
            t.price = in.readDouble();
            t.flag = KryoCodec.DataSerializer.readFlag(in);
            KryoText.read(in, t.text);
            t.side = side(in.readVarInt(true), 2);
            t.smallInt = in.readVarInt(false);
            t.longInt = in.readVarLong(false);
            t.venue = in.readVarInt(false);
            return t;
        }
    }

    /** The {@code kryo} row's serializer as version 2 under any other change: writes the fields; reads them into {@link #target}. */
    static final class EvolvedSerializer extends TargetSerializer {
        private final String[] order;
        private final boolean wide;
        private final int sides;

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
                    case "side": t.side = side(in.readVarInt(true), sides); break;
                    case "smallInt": t.smallInt = wide ? in.readVarLong(false) : in.readVarInt(false); break;
                    case "longInt": t.longInt = in.readVarLong(false); break;
                    default: t.venue = in.readVarInt(false);
                }
            }
            return t;
        }
    }
}
