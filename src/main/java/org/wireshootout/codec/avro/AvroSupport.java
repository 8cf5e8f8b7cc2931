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
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapMessage;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * What the Avro rows of both data models share: a {@link SpecificDatumWriter} / {@link SpecificDatumReader} for
 * the generated record class, made once, and a {@link BinaryEncoder} / {@link BinaryDecoder} re-pointed per
 * message with the factories' {@code reuse} argument, over the codec's {@link HeapMessage}.
 *
 * <p>Fastest documented path: the writer and reader use a {@link SpecificData} with custom coders switched on
 * (Avro's "generating faster code" feature, off by default and otherwise set JVM-wide with the system property
 * {@code org.apache.avro.specific.use_custom_coders}): the generated classes then encode and decode their fields
 * with straight-line code instead of walking the schema. The encoder is the buffered {@code binaryEncoder} Avro
 * recommends, made once over a small {@link OutputStream} into the codec's array and flushed after every message
 * (re-pointing it with {@code binaryEncoder(out, reuse)} would make a new sink object per message).
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
    final HeapMessage encoded;
    private final SpecificDatumWriter<R> writer;
    private final SpecificDatumReader<R> reader;
    /** Resolves the peer writer's schema to this codec's, or null when the codec reads only its own writes. */
    private final SpecificDatumReader<R> peerReader;
    private final ArrayOut sink;
    private final BinaryEncoder encoder;
    private BinaryDecoder decoder;

    AvroSupport(String name, Schema schema) {
        this(name, schema, null);
    }

    /** @param peerWriter the schema of the other version's writer, for {@link #readFromPeer}; null if none */
    AvroSupport(String name, Schema schema, Schema peerWriter) {
        this.name = name;
        this.encoded = new HeapMessage(name, CAPACITY);
        this.sink = new ArrayOut(encoded.array);
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

    /** Writes {@code record}; returns the length. */
    int write(R record) {
        ArrayOut s = sink;
        s.count = 0;
        BinaryEncoder e = encoder; // made once over the sink; flushed after every message, so it holds nothing between them
        try {
            writer.write(record, e);
            e.flush();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex); // the array sink throws nothing but its own overflow
        }
        return encoded.setLength(s.count);
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
        int length = encoded.length();
        BinaryDecoder d = decoder = DecoderFactory.get().binaryDecoder(encoded.array, 0, length, decoder);
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
        long length = varlong(at);
        long left = encoded.length() - lastVarintEnd;
        if (length < 0 || length > left) {
            throw new DecodeException(name, at, what + " of " + length + " bytes, " + left + " left in the message");
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
        if (offset < encoded.length() && (encoded.array[offset] & 0xFE) != 0) {
            throw new DecodeException(name, offset, what + " byte 0x" + Integer.toHexString(encoded.array[offset] & 0xFF)
                    + " is neither 0 (false) nor 1 (true)");
        }
    }

    /** A zigzag varint long at {@code offset} of the message (Avro's int and long form), checked to end inside the message. */
    private long varlong(int offset) {
        byte[] a = encoded.array;
        int end = encoded.length();
        long raw = 0;
        for (int shift = 0, i = offset; shift < 64; shift += 7, i++) {
            if (i >= end) throw new DecodeException(name, i, "a varint runs past the " + end + "-byte message");
            int b = a[i];
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

    /** An OutputStream over the codec's array: no copy of its own, a message that outgrew the array is refused. */
    private static final class ArrayOut extends OutputStream {
        private final byte[] array;
        int count;

        ArrayOut(byte[] array) {
            this.array = array;
        }

        @Override
        public void write(int b) {
            if (count == array.length) throw overflow(1);
            array[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > array.length - count) throw overflow(len);
            System.arraycopy(b, off, array, count, len);
            count += len;
        }

        private IllegalStateException overflow(int len) {
            return new IllegalStateException("avro: " + (count + len) + " bytes do not fit the " + array.length + "-byte buffer");
        }
    }
}
