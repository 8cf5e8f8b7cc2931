package org.wireshootout.codec.jdk;

import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies between {@link Evolved} and a version-2 class of an object serialiser (a Java-serialisation, Kryo or
 * Fory class whose declared fields are that version's fields), by field name as those libraries find fields: by
 * reflection. {@code quantity} is {@link Evolved#smallInt} renamed; an int field takes the low 32 bits of a long;
 * an enum field takes the constant of the same name; the text is a {@code String} or a {@code StringBuilder}
 * (filled in place, as the libraries read it into a final field).
 *
 * <p>Serialisers of Java objects need a class per version; these copies keep the matrix's one {@link Evolved}.
 * Reflection is slow, so the version 2 that is timed ({@code addField}) does not use them: its classes copy
 * themselves ({@link EvolvedAdapter}).
 */
public final class EvolvedFields {
    private final Field[] holder;
    private final Field[] evolved;

    private EvolvedFields(Class<?> holderClass) {
        List<Field> h = new ArrayList<>();
        List<Field> e = new ArrayList<>();
        for (Field f : holderClass.getDeclaredFields()) {
            if ((f.getModifiers() & (Modifier.STATIC | Modifier.TRANSIENT)) != 0) continue;
            f.setAccessible(true);
            h.add(f);
            try {
                e.add(Evolved.class.getField(f.getName().equals("quantity") ? "smallInt" : f.getName()));
            } catch (NoSuchFieldException x) {
                throw new IllegalArgumentException(holderClass.getName() + " has a field " + f.getName() + " that Evolved has not", x);
            }
        }
        this.holder = h.toArray(new Field[0]);
        this.evolved = e.toArray(new Field[0]);
    }

    /** The copies for {@code holderClass}'s fields. */
    public static EvolvedFields of(Class<?> holderClass) {
        return new EvolvedFields(holderClass);
    }

    /** Sets every field {@code to} declares from {@code from}. */
    public void write(Evolved from, Object to) {
        try {
            for (int i = 0; i < holder.length; i++) {
                Field h = holder[i];
                Field e = evolved[i];
                Class<?> t = h.getType();
                if (t == int.class) h.setInt(to, (int) e.getLong(from));
                else if (t == long.class) h.setLong(to, e.getLong(from));
                else if (t == double.class) h.setDouble(to, e.getDouble(from));
                else if (t == boolean.class) h.setBoolean(to, e.getBoolean(from));
                else if (t == String.class) h.set(to, from.text.toString());
                else if (t == StringBuilder.class) refill((StringBuilder) h.get(to), from.text);
                else h.set(to, enumNamed(t, from.side.name()));
            }
        } catch (IllegalAccessException x) {
            throw new IllegalStateException(x);
        }
    }

    /** Sets the fields of {@code to} that {@code from}'s class declares. */
    public void read(Object from, Evolved to) {
        try {
            for (int i = 0; i < holder.length; i++) {
                Field h = holder[i];
                Field e = evolved[i];
                Class<?> t = h.getType();
                if (t == int.class || t == long.class) {
                    if (e.getType() == int.class) e.setInt(to, h.getInt(from));
                    else e.setLong(to, h.getLong(from));
                } else if (t == double.class) e.setDouble(to, h.getDouble(from));
                else if (t == boolean.class) e.setBoolean(to, h.getBoolean(from));
                else if (t == String.class || t == StringBuilder.class) refill(to.text, (CharSequence) h.get(from));
                else to.side = SideV2.valueOf(((Enum<?>) h.get(from)).name());
            }
        } catch (IllegalAccessException x) {
            throw new IllegalStateException(x);
        }
    }

    private static void refill(StringBuilder sb, CharSequence text) {
        sb.setLength(0);
        sb.append(text);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumNamed(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }
}
