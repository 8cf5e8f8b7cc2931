package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.KryoBufferOverflowException;
import com.esotericsoftware.kryo.io.Output;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;

/**
 * What the Kryo rows of both data models share: a {@link Kryo} configured for untrusted input, and an
 * {@link Output} and {@link Input} made once and re-pointed per message at the caller's bytes.
 *
 * <p>Settings: registration required (Kryo 5's default, set explicitly): a class id or class name in a stream
 * that is not registered is refused ({@code Class is not registered}) before any instance is made; Kryo still
 * loads a named class, without initialising it, before refusing it. References off (the default): the messages
 * hold no shared references, and reference tracking costs a map lookup per object. The rows write with
 * {@code writeObject} and read with {@code readObject(input, type)}, Kryo's calls for a class both sides know, so
 * the stream carries no class information at all.
 *
 * <p>The caller's buffer: Kryo's {@code Output} and {@code Input} work on a {@code byte[]}, so over a heap buffer
 * (the benchmarks') they work on the caller's array where the message lies, from its offset, with nothing copied.
 * The {@code Output} is bounded at the end of the caller's buffer ({@link RangeOutput}: Kryo's own
 * {@code setBuffer} takes the whole array and starts at 0), so an encoding that does not fit is Kryo's
 * {@code KryoBufferOverflowException}, reported as an {@link EncodeOverflowException}, with nothing written past the
 * end; the {@code Input} reads exactly the message's bytes ({@code setBuffer(array, offset, length)}: Kryo's limit is
 * the message's end). Over other memory (a transport's direct buffer) the message goes through one scratch array
 * made once and reused, a copy each way, which a Kryo user sending over such a transport pays as well.
 */
final class KryoSupport {
    static final int CAPACITY = 4096;
    /** The first registration id given to the model's classes (Kryo's own primitives and String take 0-9). */
    static final int FIRST_ID = 100;

    final String name;
    final Kryo kryo;
    private final RangeOutput out = new RangeOutput();
    private final MessageInput in;
    /** Where a message goes when the caller's buffer is not a heap array; grown when needed, never per message. */
    private byte[] scratch = new byte[0];
    /** Where in the array {@link #messageArray} returned the message starts. */
    int start;

    KryoSupport(String name) {
        this(name, new MessageInput());
    }

    /** With {@code in} as the reused {@code Input} (a {@link GuardedInput} for the rows whose serializers read strings and flags themselves). */
    KryoSupport(String name, MessageInput in) {
        this(name, in, newKryo());
    }

    /** With {@code kryo}, configured as {@link #newKryo} configures it. */
    KryoSupport(String name, MessageInput in, Kryo kryo) {
        this.name = name;
        this.in = in;
        this.kryo = kryo;
    }

    /** A Kryo as the rows configure it, with nothing registered yet. */
    static Kryo newKryo() {
        return configure(new Kryo());
    }

    /** {@code kryo} with the rows' settings. */
    static Kryo configure(Kryo kryo) {
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        return kryo;
    }

    /** Writes {@code value} with {@code writeObject} into {@code dst} from {@code offset}; returns the length. */
    int write(Object value, MutableDirectBuffer dst, int offset) {
        return write(value, dst, offset, false);
    }

    /**
     * Writes {@code value} with {@code writeClassAndObject} (its class's registration id first, as a stream of several
     * classes needs) into {@code dst} from {@code offset}; returns the length. {@link #readWithClass} reads it.
     */
    int writeWithClass(Object value, MutableDirectBuffer dst, int offset) {
        return write(value, dst, offset, true);
    }

    private int write(Object value, MutableDirectBuffer dst, int offset, boolean withClass) {
        int room = dst.capacity() - offset;
        byte[] array = dst.byteArray();
        if (array != null) {
            int at = dst.wrapAdjustment() + offset;
            return write(value, array, at, at + room, room, withClass);
        }
        byte[] s = scratch(Math.min(room, CAPACITY));
        while (true) {
            try {
                int length = write(value, s, 0, Math.min(room, s.length), room, withClass);
                dst.putBytes(offset, s, 0, length);
                return length;
            } catch (EncodeOverflowException e) {
                if (s.length >= room) throw e;
                s = scratch(Math.min(room, 2 * s.length)); // the scratch was the limit, not the caller's room
            }
        }
    }

    /**
     * Writes {@code value} with {@code writeObject} into {@code array} from {@code at}, never at or past {@code end};
     * returns the length. {@code room} is what the caller's buffer had, for the error.
     */
    int write(Object value, byte[] array, int at, int end, int room) {
        return write(value, array, at, end, room, false);
    }

    private int write(Object value, byte[] array, int at, int end, int room, boolean withClass) {
        RangeOutput o = out;
        o.point(array, at, end);
        try {
            if (withClass) kryo.writeClassAndObject(o, value);
            else kryo.writeObject(o, value);
        } catch (KryoBufferOverflowException e) {
            throw new EncodeOverflowException(name, room, e);
        }
        return o.position() - at;
    }

    /**
     * The heap array holding the {@code length} bytes of {@code src} from {@code offset}: the caller's own array, or
     * the scratch array they are copied into when {@code src} is not on the heap. {@link #start} is then where they
     * start in it.
     */
    byte[] messageArray(DirectBuffer src, int offset, int length) {
        byte[] array = src.byteArray();
        if (array != null) {
            start = src.wrapAdjustment() + offset;
            return array;
        }
        byte[] s = scratch(length);
        src.getBytes(offset, s, 0, length);
        start = 0;
        return s;
    }

    /** Reads the message in {@code length} bytes of {@code src} from {@code offset} as {@code type}, as {@link #read(Class, byte[], int, int)}. */
    <T> T read(Class<T> type, DirectBuffer src, int offset, int length) {
        byte[] array = messageArray(src, offset, length);
        return read(type, array, start, length);
    }

    /**
     * Reads what {@link #writeWithClass} wrote in {@code length} bytes of {@code src} from {@code offset}, with
     * {@code readClassAndObject}: a new object of the registered class it names, checked as {@link #read(Class, byte[], int, int)}.
     */
    Object readWithClass(DirectBuffer src, int offset, int length) {
        byte[] array = messageArray(src, offset, length);
        return read(Object.class, array, start, length, true);
    }

    /**
     * Reads the {@code length} bytes of {@code array} from {@code at} as {@code type} with {@code readObject}; anything
     * Kryo throws, or bytes after the object, is a {@link DecodeException} (offsets counted from {@code at}).
     */
    <T> T read(Class<T> type, byte[] array, int at, int length) {
        return read(type, array, at, length, false);
    }

    /** {@link #read(Class, byte[], int, int)}, or with {@code readClassAndObject} ({@code type} then {@code Object}). */
    @SuppressWarnings("unchecked")
    private <T> T read(Class<T> type, byte[] array, int at, int length, boolean withClass) {
        MessageInput i = in;
        i.point(array, at, length);
        T value;
        try {
            value = withClass ? (T) kryo.readClassAndObject(i) : kryo.readObject(i, type);
        } catch (RuntimeException e) {
            throw new DecodeException(name, i.offset(), e.toString(), e);
        }
        if (i.position() != at + length) {
            int end = i.offset();
            throw new DecodeException(name, end, "the object ends at " + end + " but the message has " + length + " bytes");
        }
        return value;
    }

    private byte[] scratch(int length) {
        if (length > scratch.length) scratch = new byte[Math.max(length, 2 * scratch.length)];
        return scratch;
    }

    /**
     * The message's own offset of a position of {@code in}: counted from where the message starts when {@code in} is
     * a {@link MessageInput}. For error messages only.
     */
    static int offsetOf(Input in, int position) {
        return in instanceof MessageInput ? position - ((MessageInput) in).start : position;
    }

    /**
     * An {@code Output} over the range {@code [from, to)} of an array: Kryo's {@code setBuffer} always starts at 0 and
     * ends at the array's end, and past the caller's buffer the bytes are not ours. {@code to} is also the maximum
     * capacity, so Kryo refuses to grow ({@code KryoBufferOverflowException}) instead of making an array of its own.
     */
    static final class RangeOutput extends Output {
        void point(byte[] array, int from, int to) {
            buffer = array;
            position = from;
            capacity = to;
            maxCapacity = to;
            total = 0;
        }

        /**
         * Writes {@code s} in {@link KryoText}'s format (Kryo's string format) straight into the array, with one room
         * check for the whole text where {@code writeByte} makes one per byte; returns false, having written nothing,
         * when the room left is under the most the text can take (3 bytes a char and a 5-byte length), and the caller
         * then writes it a byte at a time, which refuses a text that does not fit as Kryo does.
         */
        boolean text(CharSequence s) {
            int n = s.length();
            int p = position;
            if (capacity - p < 5 + 3 * n || n > (Integer.MAX_VALUE - 5) / 3) return false;
            byte[] b = buffer;
            if (n > 1 && n <= 32) { // the ASCII form when every char is ASCII; bytes past position are ours to overwrite
                int i = 0;
                for (; i < n; i++) {
                    char c = s.charAt(i);
                    if (c > 127) break;
                    b[p + i] = (byte) c;
                }
                if (i == n) {
                    b[p + n - 1] |= (byte) 0x80;
                    position = p + n;
                    return true;
                }
            }
            writeVarIntFlag(true, n + 1, true);
            p = position;
            for (int i = 0; i < n; i++) {
                int c = s.charAt(i);
                if (c <= 0x7F) {
                    b[p++] = (byte) c;
                } else if (c <= 0x7FF) {
                    b[p++] = (byte) (0xC0 | c >> 6 & 0x1F);
                    b[p++] = (byte) (0x80 | c & 0x3F);
                } else {
                    b[p++] = (byte) (0xE0 | c >> 12 & 0x0F);
                    b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                    b[p++] = (byte) (0x80 | c & 0x3F);
                }
            }
            position = p;
            return true;
        }

        /**
         * Writes the {@code length} chars of {@code s} as bytes straight into the array, with one room check; returns
         * false with the position where it was (a non-ASCII char found part way leaves bytes written in the room past
         * it, as the byte-at-a-time writer does before it throws) when there is no room, the length is another or a
         * char is not ASCII, and the caller then writes a byte at a time, which refuses each of these.
         */
        boolean ascii(CharSequence s, int length) {
            int p = position;
            if (capacity - p < length || s.length() != length) return false;
            byte[] b = buffer;
            for (int i = 0; i < length; i++) {
                char c = s.charAt(i);
                if (c > 127) return false;
                b[p + i] = (byte) c;
            }
            position = p + length;
            return true;
        }
    }

    /**
     * An {@code Input} over one message of an array, which knows where the message starts so that errors count
     * from there. {@code total()} counts from the array's start even after Kryo's compaction (which moves the position
     * back to 0 when it runs out of bytes, just before it throws), so {@link #offset} is right in that case too.
     */
    static class MessageInput extends Input {
        int start;

        MessageInput() {
        }

        /** Reads the {@code length} bytes of {@code array} from {@code at}, and no further. */
        void point(byte[] array, int at, int length) {
            setBuffer(array, at, length);
            start = at;
        }

        /** Kryo's own scratch chars (its {@code readString}'s), at least {@code n} long: where text is read. */
        char[] chars(int n) {
            if (chars.length < n) chars = new char[Math.max(n, chars.length * 2)];
            return chars;
        }

        /** How far into the message reading has got. */
        int offset() {
            return (int) (total() - start);
        }
    }
}
