package org.wireshootout.codec.jdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;

/**
 * A new {@code ObjectInputStream} per message, with the row's filter and the stream's default class resolution:
 * {@code resolveClass} loads each class the stream names in the latest user-defined class loader on the call stack,
 * which is this class's loader. Version 1 uses the application's copy; a version 2 uses the copy its
 * {@link VersionLoader} defines, so that the same lookup (a stack walk, then the loader) finds the version-2 classes:
 * both versions do the same work per message, as two peers running either version would. (The walk is a visible
 * part of a message's cost, about 0.8 microseconds per class descriptor on the development machine; a version 2
 * that resolved its classes through an overridden {@code resolveClass} skipped it and measured faster than
 * version 1.)
 */
public final class DefaultObjectReader implements ObjectReader {
    public DefaultObjectReader() {
    }

    @Override
    public Object read(InputStream in, ObjectInputFilter filter) throws IOException, ClassNotFoundException {
        ObjectInputStream ois = new ObjectInputStream(in);
        ois.setObjectInputFilter(filter);
        return ois.readObject();
    }
}
