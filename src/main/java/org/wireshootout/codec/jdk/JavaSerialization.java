package org.wireshootout.codec.jdk;

import org.wireshootout.codec.DecodeException;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Set;

/**
 * The deserialisation filter every JDK-serialisation row installs on its {@code ObjectInputStream}: only the
 * named classes, no arrays, a shallow graph, few references and a bounded stream, so hostile bytes can
 * neither instantiate other classes nor make the reader allocate without limit. Also the writing and reading of
 * one message that the version-1 and version-2 codecs share.
 */
final class JavaSerialization {
    /** The text's writeUTF form is at most 2 + 65535 bytes; the rest of a message is well under 1 KiB. */
    static final long MAX_BYTES = 64 * 1024 + 1024;
    /** The adapter, then its String and enum fields, and the enum's name: depth 3 at most. */
    static final long MAX_DEPTH = 3;
    static final long MAX_REFERENCES = 16;

    private JavaSerialization() {
    }

    static ObjectInputFilter allowOnly(Set<Class<?>> allowed) {
        return allowOnly(allowed, MAX_BYTES);
    }

    /** As {@link #allowOnly(Set)} with a stream of at most {@code maxBytes} (a generated message's longest encoding). */
    static ObjectInputFilter allowOnly(Set<Class<?>> allowed, long maxBytes) {
        return allowOnly(allowed, maxBytes, MAX_DEPTH, MAX_REFERENCES);
    }

    /** As {@link #allowOnly(Set, long)} with the graph's depth and references bounded by a generated message's shape. */
    static ObjectInputFilter allowOnly(Set<Class<?>> allowed, long maxBytes, long maxDepth, long maxReferences) {
        return info -> {
            if (info.depth() > maxDepth || info.references() > maxReferences || info.streamBytes() > maxBytes) {
                return ObjectInputFilter.Status.REJECTED;
            }
            if (info.arrayLength() >= 0) return ObjectInputFilter.Status.REJECTED;
            Class<?> c = info.serialClass();
            if (c == null) return ObjectInputFilter.Status.ALLOWED; // a limits-only check, passed above
            return allowed.contains(c) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
        };
    }

    /** Where a message is being read from: how long it is and how many of its bytes have not been read. */
    interface Unread {
        long unread();

        long length();
    }

    /** Writes {@code object} as one complete stream into {@code out}. */
    static void write(OutputStream out, Object object) {
        try {
            ObjectOutputStream oos = new ObjectOutputStream(out);
            oos.writeObject(object);
            oos.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads the message {@code in} gives with {@code reader} through {@code filter}: one object of class
     * {@code expected} and nothing after it ({@code unread} tells), else a {@link DecodeException} whose offset counts
     * from the message's start.
     */
    static Object read(String name, InputStream in, Unread unread, ObjectInputFilter filter, Class<?> expected, ObjectReader reader) {
        Object o;
        try {
            o = reader.read(in, filter);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new DecodeException(name, unread.length() - unread.unread(), e.toString(), e);
        }
        if (!expected.isInstance(o)) {
            throw new DecodeException(name, 0, "expected a " + expected.getName() + ", found " + (o == null ? "null" : o.getClass().getName()));
        }
        long left = unread.unread();
        if (left != 0) {
            throw new DecodeException(name, unread.length() - left, left + " bytes after the object");
        }
        return o;
    }
}
