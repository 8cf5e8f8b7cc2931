package org.wireshootout.codec.avro;

import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.avro.util.ClassSecurityValidator;
import org.apache.avro.util.Utf8;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * What the Avro rows of both data models share: a {@link SpecificDatumWriter} / {@link SpecificDatumReader} for
 * the generated record class, made once, a {@link BinaryEncoder} made once over a sink re-pointed per message at
 * the caller's buffer, and a {@link BinaryDecoder} re-pointed per message at the message's bytes with the factory's
 * {@code reuse} argument.
 *
 * <p>Fastest documented path: the writer and reader use a {@link SpecificData} with custom coders switched on
 * (Avro's "generating faster code" feature, off by default and otherwise set JVM-wide with the system property
 * {@code org.apache.avro.specific.use_custom_coders}): the generated classes then encode and decode their fields
 * with straight-line code instead of walking the schema. The encoder is the buffered {@code binaryEncoder} Avro
 * recommends, made once over a small {@link OutputStream} into the caller's buffer ({@link Sink}) and flushed after
 * every message (re-pointing it with {@code binaryEncoder(out, reuse)} would make a new sink object per message).
 * The buffered encoder writes into a buffer of its own and flushes it into the sink, so every message is copied
 * once into the caller's buffer, heap or direct alike (the sink writes the caller's array where it lies, or its
 * memory through {@code putBytes}), as into the codec's own array before; a message longer than the room is refused
 * with an {@link EncodeOverflowException} before anything is written past it.
 *
 * <p>The decoder reads the caller's heap array where the message lies, exactly its bytes; a message in other memory
 * (a transport's direct buffer) is first copied into one scratch array made once and reused, as an Avro user reading
 * from such a transport does too. The codec's checks before Avro reads ({@link #checkLength}, {@link #checkBoolean})
 * read the same bytes and count offsets from the message's start.
 *
 * <p>What Avro forces per decode: {@code DecoderFactory.binaryDecoder(bytes, off, len, reuse)} makes a new byte
 * source and buffer accessor for the array, and reading the last bytes of the array (a varint may read ahead)
 * copies them into a new tiny buffer.
 *
 * <p>The reader decodes into the record it is given, reusing it (and, for a string, its {@code Utf8}); every
 * exception the decoder or the generated code throws on bad bytes becomes a {@link DecodeException}, and bytes
 * left after the record are refused.
 *
 * <p>Avro binary carries no schema: a reader is told the writer's. The version-1 rows read with their own schema as
 * the writer's; a version-2 codec of the evolution matrix is also given the version-1 schema, known out of band as
 * a schema registry would give it, and reads with a second reader that resolves the two ({@link #readFromPeer}).
 */
final class AvroSupport<R extends SpecificRecordBase> {
    static final int CAPACITY = 4096;

    /** The package the Avro Maven plugin generates this project's records and enums into. */
    static final String GENERATED_PACKAGE = "org.wireshootout.gen.avro.";

    static {
        // Avro 1.12.2 loads a record's or enum's class by its schema name only when the class is trusted (Avro's
        // ClassSecurityValidator; java.lang and java.util types by default). Trusted here: this project's own
        // generated package, added to whatever is already trusted (system properties or another setGlobal).
        ClassSecurityValidator.ClassSecurityPredicate generated = c -> c.getName().startsWith(GENERATED_PACKAGE);
        ClassSecurityValidator.setGlobal(ClassSecurityValidator.composite(ClassSecurityValidator.getGlobal(), generated));
    }

    final String name;
    private final SpecificDatumWriter<R> writer;
    private final SpecificDatumReader<R> reader;
    /** Resolves the peer writer's schema to this codec's, or null when the codec reads only its own writes. */
    private final SpecificDatumReader<R> peerReader;
    private final Sink sink;
    private final BinaryEncoder encoder;
    private BinaryDecoder decoder;
    /** The message being decoded: the array holding it, where it starts there and its length ({@link #point}). */
    private byte[] message;
    private int start;
    private int length;
    /** Where a message is copied when the caller's buffer is not a heap array; grown when needed, never per message. */
    private byte[] scratch = new byte[0];

    /** For a codec that reads only what its own schema wrote. */
    AvroSupport(String name, Schema schema) {
        this(name, schema, null);
    }

    /**
     * For a codec that also reads what the other version wrote (version 2 and version 1's resolving reader).
     *
     * @param peerWriter the schema of the other version's writer, for {@link #readFromPeer}; null if none
     */
    AvroSupport(String name, Schema schema, Schema peerWriter) {
        this.name = name;
        this.sink = new Sink(name);
        this.encoder = EncoderFactory.get().binaryEncoder(sink, null);
        SpecificData data = new SpecificData();
        data.setCustomCoders(true);
        // Avro's other fast path, the FastReaderBuilder (on by default), bypasses the custom coders and boxes every
        // primitive field and makes a new Utf8 per string read; in a quick loop it was no faster, so it is off
        data.setFastReaderEnabled(false);
        this.writer = new SpecificDatumWriter<>(schema, data);
        this.reader = new SpecificDatumReader<>(schema, schema, data);
        this.peerReader = peerWriter == null ? null : new SpecificDatumReader<>(peerWriter, schema, data);
    }

    /** Writes {@code record} into {@code dst} from {@code offset}; returns the length. */
    int write(R record, MutableDirectBuffer dst, int offset) {
        int room = dst.capacity() - offset;
        byte[] array = dst.byteArray();
        if (array != null) {
            int at = dst.wrapAdjustment() + offset;
            sink.point(array, at, at + room);
        } else {
            sink.point(dst, offset, offset + room);
        }
        return encode(record);
    }

    /** Writes {@code record} where the sink points; returns the length. */
    private int encode(R record) {
        Sink s = sink;
        s.count = s.start;
        BinaryEncoder e = encoder; // made once over the sink; flushed after every message, so it holds nothing between them
        try {
            writer.write(record, e);
            e.flush();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex); // the sink throws nothing but its own overflow
        }
        return s.count - s.start;
    }

    /**
     * Makes the {@code length} bytes of {@code src} from {@code offset} the message that {@link #read},
     * {@link #checkLength} and {@link #checkBoolean} read: in place on the heap, else copied into the scratch array.
     */
    void point(DirectBuffer src, int offset, int length) {
        byte[] array = src.byteArray();
        if (array != null) {
            point(array, src.wrapAdjustment() + offset, length);
        } else {
            if (length > scratch.length) scratch = new byte[Math.max(Math.max(length, 2 * scratch.length), CAPACITY)];
            src.getBytes(offset, scratch, 0, length);
            point(scratch, 0, length);
        }
    }

    private void point(byte[] array, int start, int length) {
        this.message = array;
        this.start = start;
        this.length = length;
    }

    /** Reads the message into {@code reuse} (Avro may give back another record only when {@code reuse} is of another class). */
    R read(R reuse) {
        return read(reuse, reader);
    }

    /** Reads a message the peer wrote with its schema into {@code reuse}, resolved to this codec's schema. */
    R readFromPeer(R reuse) {
        return read(reuse, peerReader);
    }

    private R read(R reuse, SpecificDatumReader<R> reader) {
        int length = this.length;
        BinaryDecoder d = decoder = DecoderFactory.get().binaryDecoder(message, start, length, decoder);
        R r;
        try {
            r = reader.read(reuse, d);
            if (!d.isEnd()) throw new DecodeException(name, -1, "bytes left after the record in a " + length + "-byte message");
        } catch (IOException | RuntimeException ex) {
            if (ex instanceof DecodeException) throw (DecodeException) ex;
            throw new DecodeException(name, -1, ex.toString(), ex);
        }
        return r;
    }

    /** In a {@link #layoutBefore} layout, a field written as a varint (int, long, enum index). */
    private static final int VARINT = -1;

    /**
     * How the fields before {@code field} are laid out in {@code writer}'s binary form, for {@link #checkLength}: the
     * byte count of each fixed-size field, {@link #VARINT} for each varint. Only those kinds may precede it.
     */
    static int[] layoutBefore(Schema writer, String field) {
        int[] layout = new int[writer.getField(field).pos()];
        for (int i = 0; i < layout.length; i++) {
            Schema.Type type = writer.getFields().get(i).schema().getType();
            switch (type) {
                case DOUBLE: layout[i] = 8; break;
                case FLOAT: layout[i] = 4; break;
                case BOOLEAN: layout[i] = 1; break;
                case INT: case LONG: case ENUM: layout[i] = VARINT; break;
                default: throw new IllegalArgumentException(writer.getFullName() + "." + field + " follows a " + type + " field, of no fixed layout");
            }
        }
        return layout;
    }

    /**
     * Checks the length of the string or bytes field after {@code layout} ({@link #layoutBefore}) against the bytes
     * present, before Avro sizes an array by it; {@code what} names the field in the error. Returns where the
     * field's bytes start.
     */
    int checkLength(int[] layout, String what) {
        int at = offsetAfter(layout);
        long claimed = varlong(at);
        long left = length - lastVarintEnd;
        if (claimed < 0 || claimed > left) {
            throw new DecodeException(name, at, what + " of " + claimed + " bytes, " + left + " left in the message");
        }
        return lastVarintEnd;
    }

    /**
     * The offset of the field after {@code layout} ({@link #layoutBefore}): where a boolean field lies, for
     * {@link #checkBoolean}.
     */
    int offsetAfter(int[] layout) {
        int at = 0;
        for (int step : layout) {
            if (step == VARINT) {
                varlong(at);
                at = lastVarintEnd;
            } else {
                at += step;
            }
        }
        return at;
    }

    /**
     * Refuses a boolean byte other than 0 or 1 at {@code offset}: Avro's decoder reads any other value as false, a
     * value its writer cannot have written. One compare on the hot path; a missing byte is left to Avro's read.
     */
    void checkBoolean(int offset, String what) {
        if (offset < length && (message[start + offset] & 0xFE) != 0) {
            throw new DecodeException(name, offset, what + " byte 0x" + Integer.toHexString(message[start + offset] & 0xFF)
                    + " is neither 0 (false) nor 1 (true)");
        }
    }

    /** A zigzag varint long at {@code offset} of the message (Avro's int and long form), checked to end inside the message. */
    private long varlong(int offset) {
        byte[] a = message;
        int s = start;
        int end = length;
        long raw = 0;
        for (int shift = 0, i = offset; shift < 64; shift += 7, i++) {
            if (i >= end) throw new DecodeException(name, i, "a varint runs past the " + end + "-byte message");
            int b = a[s + i];
            raw |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                lastVarintEnd = i + 1;
                return (raw >>> 1) ^ -(raw & 1);
            }
        }
        throw new DecodeException(name, offset, "a varint longer than 10 bytes");
    }

    /** Where the last {@link #varlong} ended. */
    private int lastVarintEnd;

    /** Makes {@code utf8} hold {@code s} encoded, in its own reused array: no String per message. */
    static Utf8 fill(Utf8 utf8, CharSequence s) {
        utf8.setByteLength(LenientUtf8.encodedLength(s));
        LenientUtf8.encode(s, utf8.getBytes(), 0);
        return utf8;
    }

    /** Replaces {@code target}'s content with the text of {@code utf8} (a string field Avro read into a Utf8). */
    static void copy(CharSequence utf8, StringBuilder target) {
        Utf8 t = (Utf8) utf8;
        target.setLength(0);
        LenientUtf8.decode(t.getBytes(), 0, t.getByteLength(), target);
    }

    /**
     * As {@link #copy}, strictly: a malformed, overlong, surrogate or out-of-range sequence is refused, naming its
     * offset in the message ({@code base} is where the string's bytes start), where the lenient decoder would read it
     * as U+FFFD.
     */
    void copyStrict(CharSequence utf8, StringBuilder target, int base) {
        Utf8 t = (Utf8) utf8;
        target.setLength(0);
        StrictUtf8.decode(t.getBytes(), 0, t.getByteLength(), target, name, base);
    }

    /**
     * An OutputStream over the caller's buffer from an offset to its end: its heap array where the message lies, or its
     * memory through {@code putBytes}. Nothing is copied beyond what the encoder flushes into it, and a message that
     * outgrew the room is refused before anything is written past it. While {@link #dropping} it takes bytes and
     * writes them nowhere (what an encoder still holds of a message whose writing failed).
     */
    static final class Sink extends OutputStream {
        private final String name;
        boolean dropping;
        private byte[] array;
        private MutableDirectBuffer buffer;
        /** Where the message starts, where the next byte goes and where the room ends: array indices, else the buffer's. */
        int start;
        int count;
        private int end;

        Sink(String name) {
            this.name = name;
        }

        void point(byte[] array, int from, int to) {
            this.array = array;
            this.buffer = null;
            this.start = from;
            this.end = to;
        }

        void point(MutableDirectBuffer buffer, int from, int to) {
            this.array = null;
            this.buffer = buffer;
            this.start = from;
            this.end = to;
        }

        @Override
        public void write(int b) {
            if (dropping) return;
            if (count >= end) throw overflow();
            if (array != null) array[count++] = (byte) b;
            else buffer.putByte(count++, (byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (dropping) return;
            if (len > end - count) throw overflow();
            if (array != null) System.arraycopy(b, off, array, count, len);
            else buffer.putBytes(count, b, off, len);
            count += len;
        }

        private EncodeOverflowException overflow() {
            return new EncodeOverflowException(name, end - start, null);
        }
    }
}
