package org.wireshootout.codec.fory;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapMessage;

/**
 * What the Fory rows of both data models share: one {@link Fory} built the way its documentation recommends for a
 * Java-only peer at full speed, and the two {@link MemoryBuffer}s over the codec's {@link HeapMessage}.
 *
 * <p>The settings: Java native mode ({@code Language.JAVA}: no cross-language type mapping), class registration
 * required with explicit ids (a stream can name only the registered classes; any other type id or class name is
 * refused before anything is created), reference tracking off (the messages hold no shared or circular
 * references), JIT code generation on and synchronous (the generated serializer is in place from the first
 * message, not swapped in later), and the compatible mode of the row: {@code SCHEMA_CONSISTENT} writes the fields
 * with no per-field metadata, {@code COMPATIBLE} writes the class's field metadata so that peers may add or drop
 * fields. Number compression stays at Fory's default (varint ints, tagged longs).
 *
 * <p>Fory has no call that reads into an existing object: {@code deserialize} returns a new one (with whatever it
 * holds), so the rows copy it into the reused target and their labels say that decode allocates.
 */
final class ForySupport {
    /** The codec's buffer: the biggest message of either model is far smaller. */
    static final int CAPACITY = 4096;

    final String name;
    final Fory fory;
    final HeapMessage encoded;
    /** Writes over the whole array; Fory would replace the array if a message outgrew it, which is refused. */
    private final MemoryBuffer out;
    /** Reads exactly the message's bytes: re-pointed at {@code [0, length)} per decode, so no read goes past them. */
    private final MemoryBuffer in;

    ForySupport(String name, CompatibleMode mode, Class<?>... registered) {
        this.name = name;
        this.encoded = new HeapMessage(name, CAPACITY);
        this.fory = newFory(mode);
        this.out = MemoryBuffer.fromByteArray(encoded.array);
        this.in = MemoryBuffer.fromByteArray(encoded.array, 0, 0);
        // explicit ids, so that every codec (writer or reader) agrees without depending on registration order
        for (int i = 0; i < registered.length; i++) fory.register(registered[i], FIRST_ID + i);
    }

    /** The first id given to the model's classes (ids below are Fory's own). */
    static final int FIRST_ID = 100;

    static Fory newFory(CompatibleMode mode) {
        return Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withRefTracking(false)
                .withCompatibleMode(mode)
                .withCodegen(true)
                .withAsyncCompilation(false)
                .build();
    }

    /** Serialises {@code value} into the codec's array; returns the length. */
    int write(Object value) {
        MemoryBuffer b = out;
        b.writerIndex(0);
        fory.serialize(b, value);
        if (b.getHeapMemory() != encoded.array) {
            throw new IllegalStateException(name + ": message does not fit the " + CAPACITY + "-byte buffer");
        }
        return encoded.setLength(b.writerIndex());
    }

    /**
     * Deserialises the message in the codec's array as {@code type}: a new object. Anything Fory throws on bytes
     * it cannot read (an unregistered type id, a class name, a length past the end) becomes a
     * {@link DecodeException} at the offset Fory had reached; bytes left after the object are refused too.
     */
    @SuppressWarnings("unchecked")
    <T> T read(Class<T> type) {
        MemoryBuffer b = in;
        int length = encoded.length();
        b.pointTo(encoded.array, 0, length);
        b.readerIndex(0);
        Object value;
        try {
            value = fory.deserialize(b, type);
        } catch (RuntimeException e) {
            throw new DecodeException(name, b.readerIndex(), e.toString(), e);
        }
        if (value == null) throw new DecodeException(name, b.readerIndex(), "the message holds null");
        // Fory returns whatever registered type the stream names (its built-in types too), unchecked against type
        if (!type.isInstance(value)) {
            throw new DecodeException(name, 0, "the message holds a " + value.getClass().getName() + ", not a " + type.getName());
        }
        if (b.readerIndex() != length) {
            throw new DecodeException(name, b.readerIndex(), "the object ends at " + b.readerIndex() + " but the message has " + length + " bytes");
        }
        return (T) value;
    }
}
