package org.wireshootout.codec.jdk;

import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Set;

/**
 * The JDK-serialisation rows: {@code externalizable} and {@code externalizableCBytes} ({@link ExternalizableData}
 * on the heap or in a direct Chronicle Bytes) and {@code serializable} ({@link SerializableData}, heap).
 *
 * <p>A message is one complete serialisation stream: the stream header, the class descriptor, the object.
 * {@code ObjectOutputStream} and {@code ObjectInputStream} cannot be reused for a new stream (the header is
 * written and read in their constructors, and their handle tables would make later messages refer back to
 * earlier ones), so both are created per message; that is the allocation the labels declare. The byte store
 * and its streams, and the adapter written from, are reused.
 *
 * <p>Reading installs a filter allowing only the row's adapter class (and, for the Serializable row, the model's
 * enum and {@code java.lang.Enum}, which its side field needs), with no arrays and bounded depth, references and
 * stream length. Bytes left after the object, or an object of another class, are a {@link DecodeException}.
 */
public final class JavaSerializationCodec extends NamedCodec<Data> {
    private final ByteStore store;
    private final DataAdapter writeAdapter;
    private final Class<?> adapterClass;
    private final ObjectInputFilter filter;

    private JavaSerializationCodec(String name, ByteStore store, DataAdapter writeAdapter, Set<Class<?>> allowed) {
        super(name);
        this.store = store;
        this.writeAdapter = writeAdapter;
        this.adapterClass = writeAdapter.getClass();
        this.filter = JavaSerialization.allowOnly(allowed);
    }

    public static JavaSerializationCodec externalizable(String name) {
        return new JavaSerializationCodec(name, new ByteStore.Heap(), new ExternalizableData(),
                Set.of(ExternalizableData.class));
    }

    public static JavaSerializationCodec externalizableChronicleBytes(String name) {
        return new JavaSerializationCodec(name, new ByteStore.ChronicleBytes(), new ExternalizableData(),
                Set.of(ExternalizableData.class));
    }

    public static JavaSerializationCodec serializable(String name) {
        return new JavaSerializationCodec(name, new ByteStore.Heap(), new SerializableData(),
                Set.of(SerializableData.class, Side.class, Enum.class));
    }

    @Override
    public int encode(Data value) {
        writeAdapter.from(value);
        try {
            ObjectOutputStream oos = new ObjectOutputStream(store.rewindForWrite());
            oos.writeObject(writeAdapter);
            oos.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return store.message().length();
    }

    @Override
    public void decode(Data target) {
        InputStream in = store.rewindForRead();
        Object o;
        try {
            ObjectInputStream ois = new ObjectInputStream(in);
            ois.setObjectInputFilter(filter);
            o = ois.readObject();
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new DecodeException(name, store.message().length() - store.unread(), e.toString(), e);
        }
        if (!adapterClass.isInstance(o)) {
            throw new DecodeException(name, 0, "expected a " + adapterClass.getName() + ", found " + (o == null ? "null" : o.getClass().getName()));
        }
        if (store.unread() != 0) {
            throw new DecodeException(name, store.message().length() - store.unread(), store.unread() + " bytes after the object");
        }
        ((DataAdapter) o).into(target);
    }

    @Override public MessageBuffer buffer() { return store.message(); }
}
