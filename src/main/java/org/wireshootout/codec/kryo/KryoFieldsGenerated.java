package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;

/**
 * What the codecs generated for the {@code kryoFields} row ({@link KryoFieldsGenerator}) call: Kryo as the hand-written
 * {@code kryoFields} row uses it ({@link KryoFieldsCodec}, {@link KryoSupport}: registration required, no references,
 * the reused {@code Output} and {@code Input} over the caller's array), with the generated message class registered
 * for Kryo's default {@code FieldSerializer} and the classes its fields hold registered after it (enums, composites,
 * {@code StringBuilder}, arrays), each with Kryo's default serializer.
 *
 * <p>Hostile bytes: Kryo sizes what it reads by the count in the stream before reading any of it (a string's chars, a
 * {@code byte[]}, an array of entries) and has no limit to set. Strings and booleans are read through
 * {@link GuardedInput}, as the row's {@code kryoTagged} and {@code kryoCompatible} read them; the {@code byte[]} and
 * object-array serializers registered here are Kryo's own with the count first checked against the bytes left (every
 * element takes at least one). The new object Kryo returns is then copied into the caller's target by the generated
 * code, which refuses field values the writer cannot have written; that refusal is a {@link DecodeException} here.
 */
public final class KryoFieldsGenerated {
    private final KryoSupport kryo;

    /** Kryo with {@code message} registered first, then {@code fieldClasses} in order, from the row's first id. */
    public KryoFieldsGenerated(String name, Class<?> message, Class<?>... fieldClasses) {
        this.kryo = new KryoSupport(name, new GuardedInput());
        Kryo k = kryo.kryo;
        int id = KryoSupport.FIRST_ID;
        k.register(message, id++);
        for (Class<?> c : fieldClasses) {
            if (c == byte[].class) {
                k.register(c, new GuardedBytes(), id++);
            } else if (c.isArray()) {
                k.register(c, new GuardedArray(k, c), id++);
            } else {
                k.register(c, id++);
            }
        }
    }

    /** Writes {@code value} with {@code writeObject} into {@code dst} from {@code offset}; returns the length. */
    public int write(Object value, MutableDirectBuffer dst, int offset) {
        return kryo.write(value, dst, offset);
    }

    /** The new object Kryo reads from the {@code length} bytes of {@code src} from {@code offset}, bytes after it refused. */
    public <T> T read(Class<T> type, DirectBuffer src, int offset, int length) {
        return kryo.read(type, src, offset, length);
    }

    /** The refusal of a value read that its writer cannot have written (offset -1: found after Kryo's read). */
    public DecodeException refused(RuntimeException e) {
        return new DecodeException(kryo.name, -1, "FieldSerializer read a value its writer cannot write: " + e, e);
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
