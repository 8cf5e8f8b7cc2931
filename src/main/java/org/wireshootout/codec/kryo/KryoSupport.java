package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapMessage;

/**
 * What the Kryo rows of both data models share: a {@link Kryo} configured for untrusted input and an
 * {@link Output} and {@link Input} made once over the codec's {@link HeapMessage} array.
 *
 * <p>Settings: registration required (Kryo 5's default, set explicitly): a class id or class name in a stream
 * that is not registered is refused ({@code Class is not registered}) before any instance is made; Kryo still
 * loads a named class, without initialising it, before refusing it. References off (the default): the messages
 * hold no shared references, and reference tracking costs a map lookup per object. The rows write with
 * {@code writeObject} and read with {@code readObject(input, type)}, Kryo's calls for a class both sides know, so
 * the stream carries no class information at all.
 */
final class KryoSupport {
    static final int CAPACITY = 4096;
    /** The first registration id given to the model's classes (Kryo's own primitives and String take 0-9). */
    static final int FIRST_ID = 100;

    final String name;
    final Kryo kryo = newKryo();
    final HeapMessage encoded;
    /** Writes into the codec's array; a message that outgrew it would be a KryoBufferOverflowException. */
    final Output out;
    final Input in;

    KryoSupport(String name) {
        this.name = name;
        this.encoded = new HeapMessage(name, CAPACITY);
        this.out = new Output(encoded.array);
        this.in = new Input(encoded.array, 0, 0);
    }

    /** A Kryo as the rows configure it, with nothing registered yet. */
    static Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        return kryo;
    }

    /** Writes {@code value} with {@code writeObject}; returns the length. */
    int write(Object value) {
        Output o = out;
        o.setPosition(0);
        kryo.writeObject(o, value);
        return encoded.setLength(o.position());
    }

    /** Reads the message as {@code type} with {@code readObject}; anything Kryo throws, or bytes after the object, is a {@link DecodeException}. */
    <T> T read(Class<T> type) {
        Input i = in;
        int length = encoded.length();
        i.setBuffer(encoded.array, 0, length);
        T value;
        try {
            value = kryo.readObject(i, type);
        } catch (RuntimeException e) {
            throw new DecodeException(name, i.position(), e.toString(), e);
        }
        if (i.position() != length) {
            throw new DecodeException(name, i.position(), "the object ends at " + i.position() + " but the message has " + length + " bytes");
        }
        return value;
    }
}
