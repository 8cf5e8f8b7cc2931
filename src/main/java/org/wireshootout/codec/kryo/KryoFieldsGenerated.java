package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer.CompatibleFieldSerializerConfig;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.TaggedFieldSerializerConfig;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;

import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * What the codecs generated for the Kryo rows on Kryo's field serializers ({@link KryoFieldsGenerator}) call, in one
 * of three modes, each set up as the hand-written row of its name:
 * <ul>
 *   <li>{@link Mode#FIELDS} ({@code kryoFields}, {@link KryoFieldsCodec}): Kryo's default {@code FieldSerializer}
 *       over a plain class of the message's fields written beside the codec;</li>
 *   <li>{@link Mode#TAGGED} ({@code kryoTagged}, {@link KryoTaggedCodec}): {@code TaggedFieldSerializer} over a class
 *       written beside the codec whose fields carry {@code @Tag}, configured as that row is (no unknown tag data, no
 *       chunks);</li>
 *   <li>{@link Mode#COMPATIBLE} ({@code kryoCompatible}, {@link KryoCompatibleCodec}): {@code CompatibleFieldSerializer}
 *       over the same plain class, configured as that row is (unknown field data read, no chunks); where the
 *       hand-written row's resolver refuses a null field value ({@link NonNullClassResolver}), the copy into the
 *       target refuses it here, as an optional field's absent value is a null.</li>
 * </ul>
 * All as the Kryo rows use Kryo ({@link KryoSupport}: registration required, no references, the reused {@code Output}
 * and {@code Input} over the caller's array), the message's class registered first under the row's first id, then the
 * classes its fields hold (enums, composites, {@code StringBuilder}, arrays) in order; the message's and composites'
 * classes take the mode's serializer, the others Kryo's default.
 *
 * <p>The plain classes make nothing in their constructors, so a read makes what the hand-written row's read makes:
 * the objects and what they hold. A text written as Kryo's null string reads as null ({@link NullableTextInput}) in
 * every mode, for optional text; the copy into the target refuses a null where the schema has a value.
 *
 * <p>Hostile bytes: Kryo sizes what it reads by the count in the stream before reading any of it (a string's chars, a
 * {@code byte[]}, an array of entries, {@code CompatibleFieldSerializer}'s field names) and has no limit to set.
 * Strings and booleans are read through {@link GuardedInput}, as the hand-written {@code kryoTagged} and
 * {@code kryoCompatible} rows read them; the {@code byte[]}, object-array and {@code CompatibleFieldSerializer}s
 * registered here are Kryo's own with the count first checked against the bytes left (every element or name takes at
 * least one). The object Kryo returns is then copied into the caller's target by the generated code, which refuses
 * field values the writer cannot have written; that refusal is a {@link DecodeException} here (offset -1: found after
 * Kryo's read).
 */
public final class KryoFieldsGenerated extends org.wireshootout.generator.spi.PlainFormChecks {
    /** The serializer of the message's and composites' classes, and the hand-written row each mode is written as. */
    public enum Mode {
        FIELDS("kryoFields"), TAGGED("kryoTagged"), COMPATIBLE("kryoCompatible");

        private final String row;

        Mode(String row) {
            this.row = row;
        }

        /** The row's name. */
        public String row() {
            return row;
        }
    }

    private final KryoSupport kryo;

    /** {@link Mode#FIELDS}: Kryo with {@code message} registered first, then {@code fieldClasses} in order, from the row's first id. */
    public KryoFieldsGenerated(String name, Class<?> message, Class<?>... fieldClasses) {
        this(name, Mode.FIELDS, message, fieldClasses);
    }

    /** Kryo in {@code mode} with {@code message} registered first, then {@code fieldClasses} in order, from the row's first id. */
    public KryoFieldsGenerated(String name, Mode mode, Class<?> message, Class<?>... fieldClasses) {
        this(name, mode, new Class<?>[] {message}, fieldClasses);
    }

    /**
     * A union stream's: Kryo in {@code mode} with the members' {@code messages} registered first, in order, then
     * {@code fieldClasses}, from the row's first id; written with {@link #writeWithClass} and read with {@link #readWithClass}.
     */
    public KryoFieldsGenerated(String name, Mode mode, Class<?>[] messages, Class<?>... fieldClasses) {
        this.kryo = new KryoSupport(name, new NullableTextInput(mode == Mode.FIELDS), KryoSupport.newKryo());
        Kryo k = kryo.kryo;
        int id = KryoSupport.FIRST_ID;
        for (Class<?> message : messages) registerStruct(k, mode, message, id++);
        for (Class<?> c : fieldClasses) {
            if (c == byte[].class) {
                k.register(c, new GuardedBytes(), id++);
            } else if (c.isArray()) {
                k.register(c, new GuardedArray(k, c), id++);
            } else if (c.isEnum() || c == StringBuilder.class) {
                k.register(c, id++);
            } else {
                registerStruct(k, mode, c, id++);
            }
        }
    }

    /** A message or composite class, with the mode's serializer (configured as the hand-written row's). */
    private static void registerStruct(Kryo k, Mode mode, Class<?> type, int id) {
        switch (mode) {
            case TAGGED -> {
                TaggedFieldSerializerConfig config = new TaggedFieldSerializerConfig();
                config.setReadUnknownTagData(false);
                config.setChunkedEncoding(false);
                k.register(type, new TaggedFieldSerializer<>(k, type, config), id);
            }
            case COMPATIBLE -> {
                CompatibleFieldSerializerConfig config = new CompatibleFieldSerializerConfig();
                config.setReadUnknownFieldData(true);
                config.setChunkedEncoding(false);
                k.register(type, new GuardedCompatible<>(k, type, config), id);
            }
            default -> k.register(type, id);
        }
    }

    /** Writes {@code value} with {@code writeObject} into {@code dst} from {@code offset}; returns the length. */
    public int write(Object value, MutableDirectBuffer dst, int offset) {
        return kryo.write(value, dst, offset);
    }

    /** Writes {@code value} with {@code writeClassAndObject} (its registration id first) into {@code dst} from {@code offset}; returns the length. */
    public int writeWithClass(Object value, MutableDirectBuffer dst, int offset) {
        return kryo.writeWithClass(value, dst, offset);
    }

    /** The new object of whichever registered class the message names ({@code readClassAndObject}), refused when null, bytes after it refused. */
    public Object readWithClass(DirectBuffer src, int offset, int length) {
        return message(kryo.readWithClass(src, offset, length));
    }

    /** The new object Kryo reads from the {@code length} bytes of {@code src} from {@code offset}, bytes after it refused. */
    public <T> T read(Class<T> type, DirectBuffer src, int offset, int length) {
        return kryo.read(type, src, offset, length);
    }

    /** The refusal of a value read that its writer cannot have written (offset -1: found after Kryo's read). */
    public DecodeException refused(RuntimeException e) {
        return new DecodeException(kryo.name, -1, "FieldSerializer read a value its writer cannot write: " + e, e);
    }

    /** The refusal of {@code field}'s value read (offset -1: found after Kryo's read): what is wrong. */
    @Override
    public DecodeException refused(String field, String what) {
        return new DecodeException(kryo.name, -1, field + ": " + what);
    }

    /** The message Kryo read, refused when null (a field count of 0 is Kryo's null object). */
    public <T> T message(T v) {
        if (v == null) throw new DecodeException(kryo.name, 0, "the message is a null object");
        return v;
    }

    /** A group's entries, refused when absent, more than {@code max}, or holding a null entry. */
    public <E> E[] group(E[] entries, int max, String field) {
        required(entries, field);
        if (entries.length > max) throw refused(field, entries.length + " entries, more than its bound " + max);
        for (int i = 0; i < entries.length; i++) {
            if (entries[i] == null) throw refused(field, "entry " + i + " is null");
        }
        return entries;
    }

    /**
     * The entry array a tagged object holds for {@code count} entries: {@code held} when it has that length already,
     * else a new array keeping the entries {@code held} had (a new entry from {@code fresh} only past them).
     */
    public static <E> E[] entries(E[] held, int count, IntFunction<E[]> array, Supplier<E> fresh) {
        if (held != null && held.length == count) return held;
        E[] a = array.apply(count);
        int kept = held == null ? 0 : Math.min(count, held.length);
        if (kept > 0) System.arraycopy(held, 0, a, 0, kept);
        for (int i = kept; i < count; i++) a[i] = fresh.get();
        return a;
    }

    /** Refuses a count of {@code n} elements of at least a byte each when fewer bytes are left. */
    private static void checkCount(Input input) {
        int at = input.position();
        int n = input.readVarInt(true) - 1; // Kryo writes the length plus one, 0 for null
        int left = input.limit() - input.position();
        if (n > left) throw new KryoException("an array of " + n + " elements, only " + left + " bytes left, at position " + KryoSupport.offsetOf(input, at));
        input.setPosition(at);
    }

    /** Kryo's {@code byte[]} serializer, its length checked against the bytes left first. */
    static final class GuardedBytes extends DefaultArraySerializers.ByteArraySerializer {
        @Override
        public byte[] read(Kryo kryo, Input input, Class type) {
            checkCount(input);
            return super.read(kryo, input, type);
        }
    }

    /**
     * {@code CompatibleFieldSerializer}, its field count checked against the bytes left before Kryo sizes its arrays by
     * it: the count and names come first in the graph for each class (later objects of the class in the same graph
     * refer to them), so the check runs only when the graph has not read them yet.
     */
    static final class GuardedCompatible<T> extends CompatibleFieldSerializer<T> {
        GuardedCompatible(Kryo kryo, Class<T> type, CompatibleFieldSerializerConfig config) {
            super(kryo, type, config);
        }

        @Override
        public T read(Kryo kryo, Input input, Class<? extends T> type) {
            if (kryo.getGraphContext().get(this) == null) {
                int at = input.position();
                int n = input.readVarInt(true);
                int left = input.limit() - input.position();
                if (n > left) throw new KryoException("a field count of " + n + ", only " + left + " bytes left, at position " + KryoSupport.offsetOf(input, at));
                input.setPosition(at);
            }
            return super.read(kryo, input, type);
        }
    }

    /**
     * The rows' {@code Input}: {@link GuardedInput}, but a text written as Kryo's null string (the one byte
     * {@code 0x80}) reads as null, for the plain class's optional text and ascii fields, null when absent: a
     * {@code StringBuilder} in every mode, a {@code String} too in {@code FIELDS} mode, whose plain class holds text as
     * {@code String} (in {@code COMPATIBLE} mode {@code readString} reads the field names, which are never null). The
     * copy into the target refuses a null where the schema has a value.
     */
    static final class NullableTextInput extends GuardedInput {
        private final boolean strings;

        NullableTextInput(boolean strings) {
            this.strings = strings;
        }

        private boolean nullString() {
            int at = position();
            if (at < limit() && buffer[at] == (byte) 0x80) {
                setPosition(at + 1);
                return true;
            }
            return false;
        }

        @Override
        public StringBuilder readStringBuilder() {
            return nullString() ? null : super.readStringBuilder();
        }

        @Override
        public String readString() {
            return strings && nullString() ? null : super.readString();
        }
    }

    /** Kryo's object-array serializer, its length checked against the bytes left first. */
    static final class GuardedArray extends DefaultArraySerializers.ObjectArraySerializer {
        GuardedArray(Kryo kryo, Class type) {
            super(kryo, type);
        }

        @Override
        public Object[] read(Kryo kryo, Input input, Class type) {
            checkCount(input);
            return super.read(kryo, input, type);
        }
    }
}
