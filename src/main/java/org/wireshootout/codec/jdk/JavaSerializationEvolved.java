package org.wireshootout.codec.jdk;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.io.ObjectInputFilter;
import java.lang.reflect.Constructor;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Version 2 of a JDK-serialisation row: the version-2 class ({@link ExternalizableData2}, or the
 * {@code Serializable} class of the change, such as {@link SerializableAddField}) defined under the version-1
 * class's name by a {@link VersionLoader}, written and read exactly as the version-1 codec writes and reads (one
 * stream per message, the same kind of streams over the caller's buffer, the same filter with each class resolved as version 2 has it). The
 * stream's class names resolve in that loader by {@code ObjectInputStream}'s default lookup, as in version 1: the
 * loader also defines its own {@link DefaultObjectReader}, the latest user-defined loader on the stack when it reads.
 * A version-2 class that is an {@link EvolvedAdapter} copies itself to and from {@link Evolved}, as version 1's does
 * with {@code Data}; the others are copied by {@link EvolvedFields}.
 *
 * <p>Under {@link Change#newSideValue} the loader also defines {@link SideV2} as {@code org.wireshootout.model.Side}:
 * Java serialises an enum constant by its class's name and the constant's name.
 */
final class JavaSerializationEvolved extends NamedCodec<Evolved> {
    private final CallerStreams streams;
    private final Class<?> v2Class;
    private final Object writeAdapter;
    /** Null when the version-2 class is an {@link EvolvedAdapter}. */
    private final EvolvedFields fields;
    private final ObjectInputFilter filter;
    private final ObjectReader reader;

    /** @param v1Class the row's version-1 class; {@code allowed} is the version-1 filter's classes */
    JavaSerializationEvolved(String name, CallerStreams streams, Class<?> v1Class, Set<Class<?>> allowed, Change change) {
        super(name);
        this.streams = streams;
        Map<Class<?>, Class<?>> renames = new HashMap<>();
        Set<Class<?>> definedHere = new HashSet<>();
        renames.put(source(v1Class, change), v1Class);
        definedHere.add(v1Class);
        renames.put(SideV2.class, Side.class);
        renames.put(DefaultObjectReader.class, DefaultObjectReader.class);
        definedHere.add(DefaultObjectReader.class);
        if (change == Change.newSideValue) definedHere.add(Side.class);
        VersionLoader loader = new VersionLoader(getClass().getClassLoader(), change, renames, definedHere);
        try {
            this.v2Class = Class.forName(v1Class.getName(), true, loader);
            Constructor<?> c = v2Class.getDeclaredConstructor();
            c.setAccessible(true);
            this.writeAdapter = c.newInstance();
            Set<Class<?>> v2Allowed = new HashSet<>();
            for (Class<?> a : allowed) v2Allowed.add(Class.forName(a.getName(), false, loader));
            // Set.copyOf: the same kind of set as version 1's Set.of, so the filter's lookup costs the same
            this.filter = JavaSerialization.allowOnly(Set.copyOf(v2Allowed));
            this.reader = (ObjectReader) Class.forName(DefaultObjectReader.class.getName(), true, loader)
                    .getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(name + ": version 2 under " + change, e);
        }
        this.fields = writeAdapter instanceof EvolvedAdapter ? null : EvolvedFields.of(v2Class);
    }

    /** The version-2 class compiled for {@code change}. */
    private static Class<?> source(Class<?> v1Class, Change change) {
        if (v1Class == ExternalizableData.class) return ExternalizableData2.class;
        switch (change) {
            case addField: return SerializableAddField.class;
            case removeSmallInt: return SerializableRemoveSmallInt.class;
            case renameField: return SerializableRenameField.class;
            case reorderFields: return SerializableReorderFields.class;
            case widenSmallInt: return SerializableWidenSmallInt.class;
            case newSideValue: return SerializableNewSideValue.class;
            default: throw new AssertionError(change);
        }
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        if (fields == null) ((EvolvedAdapter) writeAdapter).from(value);
        else fields.write(value, writeAdapter);
        return streams.write(writeAdapter, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        Object read = streams.read(src, offset, length, filter, v2Class, reader);
        if (fields == null) ((EvolvedAdapter) read).into(target);
        else fields.read(read, target);
    }

    @Override
    public Labels.Memory memory() {
        return streams.memory();
    }
}
