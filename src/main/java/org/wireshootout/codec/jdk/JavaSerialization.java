package org.wireshootout.codec.jdk;

import java.io.ObjectInputFilter;
import java.util.Set;

/**
 * The deserialisation filter every JDK-serialisation row installs on its {@code ObjectInputStream}: only the
 * named classes, no arrays, a shallow graph, few references and a bounded stream, so hostile bytes can
 * neither instantiate other classes nor make the reader allocate without limit.
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
        return info -> {
            if (info.depth() > MAX_DEPTH || info.references() > MAX_REFERENCES || info.streamBytes() > MAX_BYTES) {
                return ObjectInputFilter.Status.REJECTED;
            }
            if (info.arrayLength() >= 0) return ObjectInputFilter.Status.REJECTED;
            Class<?> c = info.serialClass();
            if (c == null) return ObjectInputFilter.Status.ALLOWED; // a limits-only check, passed above
            return allowed.contains(c) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
        };
    }
}
