package org.wireshootout.codec.avro;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.generator.spi.SchemaChecks;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What the codecs generated from a message schema ({@link AvroGenerator}) call: the hand-written {@code avro} row's
 * encoder and decoder ({@link AvroSupport}) without its record class. The buffered {@link BinaryEncoder} Avro
 * recommends, made once over the sink into the caller's buffer and flushed after every message; a
 * {@link BinaryDecoder} re-pointed at the message's bytes (the caller's heap array in place, other memory copied once
 * into a reused array) with the factory's {@code reuse} argument. The generated code calls the encoder's and
 * decoder's own {@code writeLong} / {@code readLong}, {@code writeString} / {@code readString}, ... field by field, as
 * the custom coders of an Avro-generated record do, and the checks here refuse what Avro's writer cannot have written
 * for the schema: a boolean byte other than 0 or 1, an integer outside its schema type, an enum or union index naming
 * nothing, set bits naming no choice, text that is not strict UTF-8 or beyond its bound, an array beyond its bound, and
 * bytes left after the message; every refusal is a {@link DecodeException} naming the row and the offset in the
 * message.
 *
 * <p>Text is written from the message's {@code CharSequence} through one reused {@link Utf8} and read back into the
 * same {@code Utf8} (Avro refills it; its array grows, never shrinks), so no String is made per message.
 */
public final class AvroGenerated {
    private final String name;
    private final AvroSupport.Sink sink;
    private final BinaryEncoder encoder;
    private BinaryDecoder decoder;
    /** The message being decoded: the array holding it, where it starts there and its length. */
    private byte[] message;
    private int start;
    private int length;
    private byte[] scratch = new byte[0];
    private final Utf8 text = new Utf8();

    public AvroGenerated(String name) {
        this.name = name;
        this.sink = new AvroSupport.Sink(name);
        this.encoder = EncoderFactory.get().binaryEncoder(sink, null);
    }

    /** Points the encoder at {@code dst} from {@code offset} to its end and returns it; {@link #end} after writing. */
    public BinaryEncoder begin(MutableDirectBuffer dst, int offset) {
        AvroSupport.Sink s = sink;
        int room = dst.capacity() - offset;
        byte[] array = dst.byteArray();
        if (array != null) {
            int at = dst.wrapAdjustment() + offset;
            s.point(array, at, at + room);
        } else {
            s.point(dst, offset, offset + room);
        }
        s.count = s.start;
        return encoder;
    }

    /** Flushes the message into the caller's buffer; returns its length. */
    public int end() throws IOException {
        encoder.flush();
        return sink.count - sink.start;
    }

    /**
     * After a write failed ({@code failure}: a value the schema refuses, a buffer too small): drops what the encoder
     * still holds of the message, so that none of it reaches the next one, and returns the failure to throw.
     */
    public RuntimeException abandon(Exception failure) {
        AvroSupport.Sink s = sink;
        s.dropping = true;
        try {
            encoder.flush();
        } catch (IOException | RuntimeException ignored) {
            // nothing is written while dropping
        } finally {
            s.dropping = false;
        }
        return failure instanceof RuntimeException r ? r : new UncheckedIOException((IOException) failure);
    }

    /** Makes the {@code length} bytes of {@code src} from {@code offset} the message and returns the decoder over them. */
    public BinaryDecoder point(DirectBuffer src, int offset, int length) {
        byte[] array = src.byteArray();
        if (array != null) {
            this.message = array;
            this.start = src.wrapAdjustment() + offset;
        } else {
            if (length > scratch.length) scratch = new byte[Math.max(Math.max(length, 2 * scratch.length), AvroSupport.CAPACITY)];
            src.getBytes(offset, scratch, 0, length);
            this.message = scratch;
            this.start = 0;
        }
        this.length = length;
        return decoder = DecoderFactory.get().binaryDecoder(message, start, length, decoder);
    }

    /** Where the decoder is, counted from the message's start. */
    public int at() {
        int left = decoder.remainingBytes();
        return left < 0 ? -1 : length - left;
    }

    /** Refuses bytes left after the message. */
    public void finish() {
        try {
            if (!decoder.isEnd()) throw new DecodeException(name, at(), "bytes left after the message in a " + length + "-byte message");
        } catch (IOException e) {
            throw refuse(e);
        }
    }

    /** What Avro's decoder or the generated reader threw on bad bytes, as a DecodeException at the decoder's offset. */
    public DecodeException refuse(Exception failure) {
        if (failure instanceof DecodeException d) return d;
        int at = at();
        // a decoder that ran out of bytes may count its position past the end (or not at all): it stopped at the end
        if (at < 0 || at > length) at = length;
        return new DecodeException(name, at, failure.toString(), failure);
    }

    private DecodeException refuse(int at, String field, String what) {
        return new DecodeException(name, at, field + ": " + what);
    }

    /** Avro's boolean, refusing a byte other than 0 or 1 (Avro's decoder reads any other byte as false). */
    public boolean readBoolean(BinaryDecoder in, String field) throws IOException {
        int at = at();
        if (at >= 0 && at < length && (message[start + at] & 0xFE) != 0) {
            throw refuse(at, field, "byte 0x" + Integer.toHexString(message[start + at] & 0xFF) + " is neither 0 (false) nor 1 (true)");
        }
        return in.readBoolean();
    }

    /** An Avro int, refused outside {@code [min, max]} (the schema type's range). */
    public int readInt(BinaryDecoder in, int min, int max, String field) throws IOException {
        int at = at();
        int v = in.readInt();
        if (v < min || v > max) throw refuse(at, field, v + " is outside " + min + ".." + max);
        return v;
    }

    /** An Avro long, refused outside {@code [min, max]} (the schema type's range). */
    public long readLong(BinaryDecoder in, long min, long max, String field) throws IOException {
        int at = at();
        long v = in.readLong();
        if (v < min || v > max) throw refuse(at, field, v + " is outside " + min + ".." + max);
        return v;
    }

    /** An Avro enum's index, refused unless it names one of the {@code count} symbols. */
    public int readEnum(BinaryDecoder in, int count, String field) throws IOException {
        int at = at();
        int v = in.readEnum();
        if (v < 0 || v >= count) throw refuse(at, field, "enum index " + v + " names no symbol of " + count);
        return v;
    }

    /** The branch of a {@code ["null", T]} union: false for null, true for the value; any other index refused. */
    public boolean readPresent(BinaryDecoder in, String field) throws IOException {
        int at = at();
        int v = in.readIndex();
        if (v != 0 && v != 1) throw refuse(at, field, "union index " + v + " names no branch of [null, value]");
        return v == 1;
    }

    /** A bit set carried as a long, refused when it has bits outside {@code allowed}. */
    public long readSet(BinaryDecoder in, long allowed, String field) throws IOException {
        int at = at();
        long v = in.readLong();
        if ((v & ~allowed) != 0) throw refuse(at, field, "bits 0x" + Long.toHexString(v & ~allowed) + " name no choice");
        return v;
    }

    /** The length of a bytes value, refused beyond {@code max} or beyond the bytes left; read the bytes with {@code readFixed}. */
    public int readBytesLength(BinaryDecoder in, int max, String field) throws IOException {
        int at = at();
        long n = in.readLong();
        if (n < 0 || n > max) throw refuse(at, field, n + " bytes, outside its bound 0.." + max);
        int left = length - at();
        if (n > left) throw refuse(at, field, n + " bytes, only " + left + " left in the message");
        return (int) n;
    }

    /**
     * A block count of an array ({@code readArrayStart} / {@code arrayNext} give it; {@code at} is where it was read),
     * refused when negative or when the entries so far ({@code total}) and it exceed {@code max}.
     */
    public long checkItems(long n, long total, int max, int at, String field) {
        if (n < 0 || n > max - total) throw refuse(at, field, "a block of " + n + " entries after " + total + ", more than its bound " + max);
        return total + n;
    }

    /** Text as an Avro string, from the reused {@link Utf8}. */
    public void writeText(BinaryEncoder out, CharSequence s) throws IOException {
        out.writeString(AvroSupport.fill(text, s));
    }

    /** An {@code ascii(length)} value as an Avro string of exactly {@code length} bytes (another value is refused). */
    public void writeAscii(BinaryEncoder out, CharSequence s, int length, String field) throws IOException {
        SchemaChecks.asciiLength(s, length, field);
        Utf8 t = text;
        t.setByteLength(length);
        byte[] b = t.getBytes();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c > 127) throw SchemaChecks.notAscii(field, i);
            b[i] = (byte) c;
        }
        out.writeString(t);
    }

    /** An Avro string into {@code to}: strict UTF-8 of at most {@code maxBytes} bytes. */
    public void readText(BinaryDecoder in, StringBuilder to, int maxBytes, String field) throws IOException {
        int at = at();
        Utf8 t = in.readString(text);
        int n = t.getByteLength();
        if (n > maxBytes) throw refuse(at, field, n + " bytes of UTF-8, more than its bound " + maxBytes);
        to.setLength(0);
        StrictUtf8.decode(t.getBytes(), 0, n, to, name, at() - n);
    }

    /** An Avro string into {@code to}: exactly {@code length} bytes, each at most 127. */
    public void readAscii(BinaryDecoder in, StringBuilder to, int length, String field) throws IOException {
        int at = at();
        Utf8 t = in.readString(text);
        int n = t.getByteLength();
        if (n != length) throw refuse(at, field, n + " bytes where ascii(" + length + ") takes exactly " + length);
        byte[] b = t.getBytes();
        int base = at() - n;
        to.setLength(0);
        for (int i = 0; i < n; i++) {
            if (b[i] < 0) throw refuse(base + i, field, "byte 0x" + Integer.toHexString(b[i] & 0xFF) + " is not ASCII");
            to.append((char) b[i]);
        }
    }
}
