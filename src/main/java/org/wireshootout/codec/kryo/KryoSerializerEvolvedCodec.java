package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.jdk.EvolvedClasses;
import org.wireshootout.codec.jdk.EvolvedFields;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Version 2 of the rows on Kryo's evolution serializers, with version 1's serializer, configuration, ids and
 * reused {@code Output} / {@code Input} over the caller's buffer:
 * <ul>
 *   <li>{@link #tagged}: {@code TaggedFieldSerializer} on the tagged class of the change ({@link TaggedClasses}),
 *       which copies itself to and from {@link Evolved};</li>
 *   <li>{@link #compatible}: {@code CompatibleFieldSerializer} on the plain version-2 class of the change
 *       ({@link EvolvedClasses}, the classes the {@code kryoFields} row's version 2 uses: its field names are what
 *       this serializer matches), copied by {@link EvolvedFields} (under addField, by the class itself).</li>
 * </ul>
 * Both refuse a null side or text, as version 1's codecs do.
 */
final class KryoSerializerEvolvedCodec extends NamedCodec<Evolved> {
    private final KryoSupport kryo;
    private final Class<?> v2Class;
    private final Object writeFrom;
    /** The compatible form's reflective copies; null for the tagged form and under addField. */
    private final EvolvedFields fields;
    /** The compatible form's reference fields, checked for null after a read. */
    private final Field[] references;
    private final boolean tagged;

    private KryoSerializerEvolvedCodec(String name, Change change, boolean tagged) {
        super(name);
        this.tagged = tagged;
        this.kryo = new KryoSupport(name, new GuardedInput(), tagged ? KryoSupport.newKryo() : NonNullClassResolver.newKryo());
        Kryo k = kryo.kryo;
        if (tagged) {
            v2Class = TaggedClasses.of(change);
            KryoTaggedCodec.register(k, v2Class, EvolvedClasses.side(change));
            fields = null;
            references = new Field[0];
        } else {
            v2Class = EvolvedClasses.of(change);
            KryoCompatibleCodec.register(k, v2Class, EvolvedClasses.side(change));
            fields = change == Change.addField ? null : EvolvedFields.of(v2Class);
            List<Field> refs = new ArrayList<>();
            for (Field f : v2Class.getDeclaredFields()) {
                if ((f.getModifiers() & Modifier.STATIC) != 0 || f.getType().isPrimitive()) continue;
                f.setAccessible(true);
                refs.add(f);
            }
            references = refs.toArray(new Field[0]);
        }
        writeFrom = k.newInstance(v2Class);
    }

    /** Version 2 of the {@code kryoTagged} row. */
    static KryoSerializerEvolvedCodec tagged(String name, Change change) {
        return new KryoSerializerEvolvedCodec(name, change, true);
    }

    /** Version 2 of the {@code kryoCompatible} row. */
    static KryoSerializerEvolvedCodec compatible(String name, Change change) {
        return new KryoSerializerEvolvedCodec(name, change, false);
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        if (tagged) ((TaggedClasses.V2) writeFrom).from(value);
        else if (fields == null) ((EvolvedClasses.AddField) writeFrom).from(value);
        else fields.write(value, writeFrom);
        return kryo.write(writeFrom, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        byte[] array = kryo.messageArray(src, offset, length);
        int at = kryo.start;
        if (!tagged) KryoCompatibleCodec.checkFieldCount(name, array, at, length);
        Object read = kryo.read(v2Class, array, at, length);
        if (read == null) throw new DecodeException(name, 0, "the message is a null object");
        if (tagged) {
            TaggedClasses.V2 t = (TaggedClasses.V2) read;
            String nullField = t.nullField();
            if (nullField != null) throw new DecodeException(name, -1, nullField + " is null");
            t.into(target);
            return;
        }
        try {
            for (Field f : references) if (f.get(read) == null) throw new DecodeException(name, -1, f.getName() + " is null");
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        if (fields == null) ((EvolvedClasses.AddField) read).into(target);
        else fields.read(read, target);
    }
}
