package org.wireshootout.codec.jdk;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.generator.spi.SchemaChecks;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectInputFilter;
import java.io.ObjectOutput;
import java.util.Set;

/**
 * What the codecs generated from a message schema ({@link ExternalizableGenerator}) call: the hand-written
 * {@code externalizable} row's way of writing and reading one object as a whole serialisation stream, over the same
 * reused streams on the caller's buffer ({@link CallerStreams}), read with the same {@link DefaultObjectReader} through
 * the same kind of filter (only the message's adapter class, no arrays, a shallow graph, a stream no longer than the
 * message's longest encoding), and the reads a generated {@code readExternal} makes that Java's {@code DataInput} does
 * not check: a strict boolean, an enum's index, ascii, text and counts against the schema. Each failure is an
 * {@link InvalidObjectException} naming the field, which the codec reports as a {@code DecodeException} at the stream's
 * offset, as the row reports its own.
 */
public final class ExternalizableGenerated {
    /** The stream header, the adapter's class descriptor (its name) and the block-data framing: well under this. */
    public static final long OVERHEAD = 1024;

    private final CallerStreams streams;
    private final ObjectInputFilter filter;
    private final Class<?> adapter;
    private final ObjectReader reader;

    /**
     * Streams over the caller's heap array (or other memory through Agrona's copies), as the {@code externalizable}
     * row's. {@code reader} is the generated codec's own copy of {@link DefaultObjectReader}'s one call: the stream
     * resolves the adapter's class in the latest user-defined class loader on the call stack, which must be the one
     * that loaded the generated classes (a user's schema is compiled into a folder of its own, loaded by a loader of
     * its own), as each version of the hand-written row reads through a reader its own loader defines.
     */
    public ExternalizableGenerated(String name, Class<? extends Externalizable> adapter, long maxBytes, ObjectReader reader) {
        this(name, false, Set.of(adapter), adapter, maxBytes, JavaSerialization.MAX_DEPTH, JavaSerialization.MAX_REFERENCES, reader);
    }

    /**
     * @param chronicleBytes the streams of the {@code externalizableCBytes} row: Chronicle {@code Bytes} over the
     *                       caller's memory through its {@code outputStream()}/{@code inputStream()}
     *                       ({@link CallerStreams#chronicleBytes}); else over the caller's array, as above
     * @param allowed        the classes the read filter lets through: the adapter, and for the {@code serializable}
     *                       row its nested classes and enums (with {@code java.lang.Enum}), as that row's filter
     * @param adapter        the class of the object a message is
     * @param maxDepth       the deepest object graph a message makes
     * @param maxReferences  the most references (handles) a message's stream makes
     */
    public ExternalizableGenerated(String name, boolean chronicleBytes, Set<Class<?>> allowed, Class<?> adapter, long maxBytes,
                                   long maxDepth, long maxReferences, ObjectReader reader) {
        this.streams = chronicleBytes ? CallerStreams.chronicleBytes(name) : CallerStreams.array(name);
        this.reader = reader;
        this.adapter = adapter;
        this.filter = JavaSerialization.allowOnly(allowed, maxBytes, maxDepth, maxReferences);
    }

    /** Heap for the streams over the caller's array, native memory for the Chronicle Bytes streams. */
    public Labels.Memory memory() {
        return streams.memory();
    }

    /** Writes {@code object} as one whole stream into {@code dst} from {@code offset}; returns its length. */
    public int write(Object object, MutableDirectBuffer dst, int offset) {
        return streams.write(object, dst, offset);
    }

    /** Reads the {@code length} bytes of {@code src} from {@code offset}: one adapter object and nothing after it. */
    public Object read(DirectBuffer src, int offset, int length) {
        return streams.read(src, offset, length, filter, adapter, reader);
    }

    /** {@code readBoolean} takes any byte but 0 as true: the writer writes 0 or 1 only. */
    public static boolean readBoolean(ObjectInput in, String field) throws IOException {
        int b = in.readByte();
        if (b != 0 && b != 1) throw new InvalidObjectException(field + ": " + b + " is neither 0 nor 1");
        return b == 1;
    }

    /** An enum's index, refused outside {@code [0, count)}. */
    public static int index(int n, int count, String field) throws InvalidObjectException {
        if (n < 0 || n >= count) throw new InvalidObjectException(field + ": index " + n + " names no value");
        return n;
    }

    /** A set's bits, refused when some name no choice. */
    public static long set(long bits, long allowed, String field) throws InvalidObjectException {
        if ((bits & ~allowed) != 0) throw new InvalidObjectException(field + ": bits 0x" + Long.toHexString(bits & ~allowed) + " name no choice");
        return bits;
    }

    /** A count or length, refused outside {@code [0, max]}. */
    public static int count(int n, int max, String field) throws InvalidObjectException {
        if (n < 0 || n > max) throw new InvalidObjectException(field + ": " + n + " is beyond its bound " + max);
        return n;
    }

    /** The {@code length} chars of an {@code ascii(length)} value, one byte each (a value of another length, or not ASCII, is refused). */
    public static void writeAscii(ObjectOutput out, CharSequence s, int length, String field) throws IOException {
        SchemaChecks.asciiLength(s, length, field);
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c > 127) throw SchemaChecks.notAscii(field, i);
            out.writeByte(c);
        }
    }

    /** {@code length} bytes into {@code to}, each refused above 127. */
    public static void readAscii(ObjectInput in, StringBuilder to, int length, String field) throws IOException {
        to.setLength(0);
        for (int i = 0; i < length; i++) {
            int c = in.readByte();
            if (c < 0) throw new InvalidObjectException(field + ": byte " + (c & 0xFF) + " at " + i + " is not ASCII");
            to.append((char) c);
        }
    }

    /** Text through {@code writeUTF}, as the row writes its text (the library takes a String). */
    public static void writeText(ObjectOutput out, CharSequence s) throws IOException {
        out.writeUTF(s.toString());
    }

    /** Text through {@code readUTF} into {@code to}, refused beyond {@code maxBytes} bytes of UTF-8. */
    public static void readText(ObjectInput in, StringBuilder to, int maxBytes, String field) throws IOException {
        String s = in.readUTF();
        if (s.length() > maxBytes || LenientUtf8.encodedLength(s) > maxBytes) {
            throw new InvalidObjectException(field + " is beyond its bound of " + maxBytes + " bytes of UTF-8");
        }
        to.setLength(0);
        to.append(s);
    }

    // ---- the serializable row's checks, made in a generated class's readObject after defaultReadObject

    /** A reference field the writer always writes as an object, refused when the stream holds null. */
    public static void notNull(Object value, String field) throws InvalidObjectException {
        if (value == null) throw new InvalidObjectException(field + " is null");
    }

    /** An integer field's value, refused outside {@code [min, max]} (an unsigned type held one Java size up). */
    public static void range(long value, long min, long max, String field) throws InvalidObjectException {
        if (value < min || value > max) throw new InvalidObjectException(field + ": " + value + " is outside " + min + ".." + max);
    }

    /** A text field's String, refused when null or beyond {@code maxBytes} bytes of UTF-8. */
    public static void text(String s, int maxBytes, String field) throws InvalidObjectException {
        notNull(s, field);
        if (s.length() > maxBytes || LenientUtf8.encodedLength(s) > maxBytes) {
            throw new InvalidObjectException(field + " is beyond its bound of " + maxBytes + " bytes of UTF-8");
        }
    }

    /** An ascii field's String, refused when null, of another length or not ASCII. */
    public static void ascii(String s, int length, String field) throws InvalidObjectException {
        notNull(s, field);
        if (s.length() != length) throw new InvalidObjectException(field + " holds " + s.length() + " chars; ascii(" + length + ") takes exactly " + length);
        for (int i = 0; i < length; i++) {
            if (s.charAt(i) > 127) throw new InvalidObjectException(field + ": char " + (int) s.charAt(i) + " at " + i + " is not ASCII");
        }
    }

    /** Refuses data the object's {@code readExternal} did not read (the stream would skip it unseen). */
    public static void end(ObjectInput in) throws IOException {
        int left = in.available();
        if (left != 0) throw new InvalidObjectException(left + " bytes of the object's data are not read");
    }
}
