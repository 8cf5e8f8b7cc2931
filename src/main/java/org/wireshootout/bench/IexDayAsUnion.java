package org.wireshootout.bench;

import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedUnion;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The IEX messages of a day ({@link org.wireshootout.iex.IexDataSet}: the default synthetic day or a capture) as
 * messages of the union generated from {@code schemas/messages/iex.schema}, so that the generated union rows and the
 * hand-written IEX rows ({@link IexBenchmark}) walk the same messages in the same order. Each message becomes the
 * member whose id is its type byte, every field of the member set from the model's field of the same name (text from
 * the model's characters, the symbol and the reason space-padded to their width as IEX sends them, numbers as the model
 * holds them); a member field the model has no field for, or a type
 * byte no member has, is an error. Done once, before timing, through the members' setters.
 */
final class IexDayAsUnion {
    private IexDayAsUnion() {
    }

    static <U extends GeneratedUnion<U>> List<U> convert(GeneratedMessages.Entry union, List<IexMessage> day) {
        List<U> out = new ArrayList<>(day.size());
        U probe = union.newMessage();
        int[] positionOfType = new int[256];
        java.util.Arrays.fill(positionOfType, -1);
        for (int p = 0; p < probe.members(); p++) {
            probe.select(p);
            positionOfType[probe.id() & 0xFF] = p;
        }
        for (IexMessage m : day) {
            U u = union.newMessage();
            int p = positionOfType[m.typeCode() & 0xFF];
            if (p < 0) throw new IllegalArgumentException("IEX message type '" + m.typeCode() + "' is no member of " + union.key());
            GeneratedMessage<?> member = u.select(p);
            int set = 0;
            for (IexField f : IexField.values()) {
                if (f == IexField.messageType) continue;
                Method setter = setter(member.getClass(), f.name());
                if (setter == null) continue;
                invoke(setter, member, value(m, f, setter.getParameterTypes()[0]));
                set++;
            }
            if (set != fieldCount(member.getClass())) {
                throw new IllegalStateException(member.getClass().getSimpleName() + ": " + set + " fields set from the IEX model, of "
                        + fieldCount(member.getClass()));
            }
            out.add(u);
        }
        return out;
    }

    private static Object value(IexMessage m, IexField f, Class<?> type) {
        if (type == CharSequence.class) {
            return switch (f) {
                case symbol -> padded(m.symbol(), 8);
                case reason -> padded(m.reason(), 4);
                default -> String.valueOf((char) m.get(f));
            };
        }
        long v = m.get(f);
        if (type == long.class) return v;
        if (type == int.class) return (int) v;
        if (type == short.class) return (short) v;
        if (type == byte.class) return (byte) v;
        throw new IllegalStateException("field " + f + " has a setter of " + type + ", which the IEX model does not give");
    }

    /** The model's text as IEX sends it: {@code width} bytes, left-aligned, space-padded (the model keeps it trimmed). */
    private static String padded(CharSequence text, int width) {
        StringBuilder b = new StringBuilder(text);
        while (b.length() < width) b.append(' ');
        return b.toString();
    }

    /** The member's setter of field {@code name}: a public method of that name taking one value. */
    private static Method setter(Class<?> c, String name) {
        for (Method x : c.getMethods()) {
            if (x.getName().equals(name) && x.getParameterCount() == 1 && x.getReturnType() == c) return x;
        }
        return null;
    }

    /** The member's fields: its private instance fields, each a field of the schema. */
    private static int fieldCount(Class<?> c) {
        int n = 0;
        for (java.lang.reflect.Field f : c.getDeclaredFields()) {
            if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) n++;
        }
        return n;
    }

    private static void invoke(Method setter, Object target, Object value) {
        try {
            setter.invoke(target, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot set " + setter.getName() + " of " + target.getClass().getSimpleName(), e);
        }
    }
}
