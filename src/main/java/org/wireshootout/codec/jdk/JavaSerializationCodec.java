package org.wireshootout.codec.jdk;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.Labels;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.io.ObjectInputFilter;
import java.util.Set;
import java.util.function.Function;

/**
 * The JDK-serialisation rows: {@code externalizable} and {@code externalizableCBytes} ({@link ExternalizableData}
 * in the caller's heap array, or in Chronicle Bytes over the caller's native memory) and {@code serializable}
 * ({@link SerializableData}, heap).
 *
 * <p>A message is one complete serialisation stream: the stream header, the class descriptor, the object.
 * {@code ObjectOutputStream} and {@code ObjectInputStream} cannot be reused for a new stream (the header is
 * written and read in their constructors, and their handle tables would make later messages refer back to
 * earlier ones), so both are created per message; that is the allocation the labels declare. The streams under
 * them, over the caller's buffer ({@link CallerStreams}), and the adapter written from, are reused.
 *
 * <p>Reading installs a filter allowing only the row's adapter class (and, for the Serializable row, the model's
 * enum and {@code java.lang.Enum}, which its side field needs), with no arrays and bounded depth, references and
 * stream length. Bytes left after the object, or an object of another class, are a {@link DecodeException}.
 */
public final class JavaSerializationCodec implements BufferCodec<Data>, Evolvable {
    /** Why the rows copy, for their labels: the object streams keep buffers of their own. */
    public static final String COPIES = "ObjectOutputStream and ObjectInputStream move a message through block"
            + " buffers of their own, so it is copied into the caller's buffer and out of it";

    private final String name;
    private final CallerStreams streams;
    private final DataAdapter writeAdapter;
    private final Class<?> adapterClass;
    private final ObjectInputFilter filter;
    private final Set<Class<?>> allowed;
    private final Function<String, CallerStreams> newStreams;
    private final ObjectReader reader = new DefaultObjectReader();

    /**
     * @param streams the kind of streams over the caller's buffer, for this row and its version 2
     */
    private JavaSerializationCodec(String name, Function<String, CallerStreams> streams, DataAdapter writeAdapter,
                                   Set<Class<?>> allowed) {
        this.name = name;
        this.streams = streams.apply(name);
        this.newStreams = streams;
        this.allowed = allowed;
        this.writeAdapter = writeAdapter;
        this.adapterClass = writeAdapter.getClass();
        this.filter = JavaSerialization.allowOnly(allowed);
    }

    public static JavaSerializationCodec externalizable(String name) {
        return new JavaSerializationCodec(name, CallerStreams::array, new ExternalizableData(),
                Set.of(ExternalizableData.class));
    }

    public static JavaSerializationCodec externalizableChronicleBytes(String name) {
        return new JavaSerializationCodec(name, CallerStreams::chronicleBytes, new ExternalizableData(), Set.of(ExternalizableData.class));
    }

    public static JavaSerializationCodec serializable(String name) {
        return new JavaSerializationCodec(name, CallerStreams::array, new SerializableData(),
                Set.of(SerializableData.class, Side.class, Enum.class));
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        writeAdapter.from(value);
        return streams.write(writeAdapter, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        ((DataAdapter) streams.read(src, offset, length, filter, adapterClass, reader)).into(target);
    }

    /** Heap for the rows over the caller's array, native memory for the row over Chronicle Bytes. */
    @Override
    public Labels.Memory memory() {
        return streams.memory();
    }

    /**
     * Version 2 as the class of the same name in a peer that has it: the row's {@link JavaSerializationEvolved}
     * over streams of the same kind as the row's, reading through the same filter.
     */
    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return new JavaSerializationEvolved(name, newStreams.apply(name), adapterClass, allowed, change);
    }

    @Override
    public String evolutionMechanism() {
        return adapterClass == SerializableData.class
                ? "the stream names the class (serialVersionUID must match) and each field by name and type; a reader"
                        + " ignores fields it lacks, leaves missing ones at their defaults, refuses a field whose type"
                        + " changed and an enum constant it lacks"
                : "the stream names the class (serialVersionUID must match) and carries the object's own bytes with no"
                        + " field names: writeExternal/readExternal alone decide the layout (positional here); a reader"
                        + " never sees what it does not read, as the stream skips an object's unread data";
    }
}
