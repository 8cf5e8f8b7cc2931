package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import net.openhft.chronicle.bytes.Bytes;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.utf8.StrictUtf8;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Jackson's streaming API over a direct (off-heap) Chronicle {@link Bytes}: what the {@code jacksonCBytes} and
 * {@code jacksonCBytesRW} rows ({@link JacksonChronicleBytesCodec}) and their version 2 ({@link JacksonBytesCodec})
 * share, the {@code Bytes} being over the caller's memory; they differ only in the {@link JsonMapping} they carry. The {@code Bytes} is reached through the adapters Chronicle Bytes offers to {@code java.io}: either its
 * {@code outputStream()}/{@code inputStream()} (bytes in and out, Jackson's UTF-8 generator and parser) or its
 * {@code writer()}/{@code reader()} (characters, Jackson's Writer and Reader based generator and parser).
 *
 * <p>The adapters are made once and stay bound to the same {@code Bytes} object (which the rows point at each call's
 * memory without making another). One generator and one parser live as
 * long as the codec, as the library's own benchmark keeps its parser: the parser reads the adapter as one stream
 * of root-level objects, one per decode, so nothing is created per message (a parser made per decode cost about
 * 200 B/op here, more than the rest of the row allocates). Because the parser reads ahead, the end of a message
 * is checked on what it holds after the object ({@code releaseBuffered}, which also discards it): whitespace only,
 * and no byte left unread in the {@code Bytes}. The parser's byte offsets run on across messages; errors report
 * them from the start of the current message. After any failure the parser is dropped and a new one made, since
 * its state is then unknown.
 *
 * <p>The character pair is not symmetric: Chronicle's {@code writer()} encodes characters as UTF-8, its
 * {@code reader()} turns each byte into one character (ISO-8859-1). Text beyond ASCII would not survive, so
 * the Writer/Reader row has Jackson escape every non-ASCII character ({@code \}{@code uXXXX}), which keeps the
 * bytes ASCII and the two directions in agreement. Bytes it did not write are held to the same rule: a byte above
 * 0x7F (raw UTF-8, which {@code reader()} would turn into one wrong character per byte, {@code café} into
 * {@code cafÃ©}) is refused with its offset before parsing, eight bytes at a time.
 */
final class JacksonBytesIO<T> {
    private final String name;
    private final boolean characters;
    private final JsonFactory factory;
    /** The most bytes a message may have, checked before the parser sees it. */
    private final int maxBytes;
    private final JsonMapping<T> mapping;
    private final Bytes<?> bytes;
    private final OutputStream out;
    private final InputStream in;
    private final java.io.Writer writer;
    private final java.io.Reader reader;
    private final TrailingBytes trailing = new TrailingBytes();
    private JsonGenerator generator;
    /** The parser kept across messages; null after a failure, made again by the next decode. */
    private JsonParser parser;
    /** How many bytes (chars, for the Reader row) the parser has read before the current message. */
    private long consumed;

    /** @param bytes the {@code Bytes} every message is written to and read from, for the codec's life */
    JacksonBytesIO(String name, boolean characters, JsonMapping<T> mapping, Bytes<?> bytes) {
        this(name, characters, mapping, bytes, JsonDataMapping.factory(characters), JsonDataMapping.MAX_MESSAGE_BYTES);
    }

    /** With the factory (its read limits) and the longest message of another message's shape. */
    JacksonBytesIO(String name, boolean characters, JsonMapping<T> mapping, Bytes<?> bytes, JsonFactory factory, int maxBytes) {
        this.name = name;
        this.characters = characters;
        this.factory = factory;
        this.maxBytes = maxBytes;
        this.mapping = mapping;
        this.bytes = bytes;
        this.out = bytes.outputStream();
        this.in = bytes.inputStream();
        this.writer = bytes.writer();
        this.reader = bytes.reader();
        this.generator = newGenerator();
    }

    private JsonGenerator newGenerator() {
        try {
            return characters ? factory.createGenerator(writer) : factory.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code value} from the {@code Bytes}' write position, which the caller has emptied. */
    void write(T value) {
        try {
            mapping.write(generator, value);
        } catch (IOException | RuntimeException e) {
            generator = newGenerator(); // a half-written object (or one that ran out of room) leaves the generator unusable
            throw e instanceof IOException ? new UncheckedIOException((IOException) e) : (RuntimeException) e;
        }
    }

    /** Reads the message in the {@code Bytes} from position 0 to its write position into {@code target}. */
    void read(T target) {
        long length = bytes.writePosition();
        JsonDataMapping.checkLength(name, length, maxBytes);
        bytes.readPosition(0);
        if (characters) requireAscii(length);
        else requireStrictUtf8(length);
        try {
            JsonParser p = parser;
            if (p == null) {
                p = parser = characters ? factory.createParser(reader) : factory.createParser(in);
                consumed = 0;
            }
            mapping.offsetBase(consumed);
            mapping.readObject(p, target);
            requireNothingAfter(p);
            consumed += length;
        } catch (IOException e) {
            DecodeException d = JsonDataMapping.wrap(name, e, consumed);
            parser = null;
            throw d;
        } catch (RuntimeException e) {
            parser = null;
            throw e;
        }
    }

    /** The Reader row's input must be ASCII (see the class comment): the first byte above 0x7F is refused. */
    private void requireAscii(long length) {
        long i = firstNonAscii(length);
        if (i >= 0) {
            throw new DecodeException(name, i, String.format("byte 0x%02X is not ASCII: this row reads one byte per char,"
                    + " so its JSON carries non-ASCII text escaped (\\uXXXX), never as raw UTF-8", bytes.readByte(i) & 0xFF));
        }
    }

    /**
     * The stream row's input must be strict UTF-8: Jackson's parser takes overlong forms ({@code C0 80} as U+0000)
     * and some bad continuation bytes. Checked only when a byte above 0x7F is present (eight bytes at a time
     * otherwise), then from that byte on, through a copy (the slow path).
     */
    private void requireStrictUtf8(long length) {
        long i = firstNonAscii(length);
        if (i < 0) return;
        byte[] rest = new byte[(int) (length - i)]; // everything before i is ASCII
        bytes.read(i, rest, 0, rest.length); // one bulk read
        StrictUtf8.validate(rest, 0, rest.length, name, i);
    }

    /** The offset of the first byte above 0x7F in the first {@code length} bytes, or -1. */
    private long firstNonAscii(long length) {
        long i = 0;
        for (; i + 8 <= length; i += 8) {
            if ((bytes.readLong(i) & 0x8080808080808080L) != 0) break;
        }
        for (; i < length; i++) {
            if (bytes.readByte(i) < 0) return i;
        }
        return -1;
    }

    /**
     * The object must end the message: what the parser read ahead past it, and whatever it has not read from the
     * bytes yet, may be JSON whitespace only. Releasing the read-ahead also discards it, so the next message
     * starts with an empty parser buffer.
     */
    private void requireNothingAfter(JsonParser p) throws IOException {
        trailing.reset();
        int released = characters ? p.releaseBuffered(trailing.chars) : p.releaseBuffered(trailing.bytes);
        if (released < 0) throw new IllegalStateException(name + ": the parser cannot release what it read ahead");
        boolean clean = !trailing.content;
        for (long i = bytes.readPosition(), end = bytes.readLimit(); clean && i < end; i++) {
            clean = JsonDataMapping.isWhitespace(bytes.readByte(i));
        }
        if (!clean) throw mapping.fail(p, "content after the object");
        bytes.readPosition(bytes.readLimit());
    }
}
