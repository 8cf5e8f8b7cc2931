package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import net.openhft.chronicle.bytes.Bytes;
import org.wireshootout.codec.Codec;
import org.wireshootout.model.Data;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * The {@code jacksonCBytes} and {@code jacksonCBytesRW} rows: Jackson's streaming API over a direct (off-heap)
 * Chronicle {@link Bytes}, reached through the adapters Chronicle Bytes offers to {@code java.io}: either its
 * {@code outputStream()}/{@code inputStream()} (bytes in and out, Jackson's UTF-8 generator and parser) or its
 * {@code writer()}/{@code reader()} (characters, Jackson's Writer and Reader based generator and parser).
 *
 * <p>The adapters are made once and stay bound to the same {@code Bytes}. As in the heap row, one generator
 * lives as long as the codec and a parser is created per decode.
 *
 * <p>The character pair is not symmetric: Chronicle's {@code writer()} encodes characters as UTF-8, its
 * {@code reader()} turns each byte into one character (ISO-8859-1). Text beyond ASCII would not survive, so
 * the Writer/Reader row has Jackson escape every non-ASCII character ({@code \}{@code uXXXX}), which keeps the
 * bytes ASCII and the two directions in agreement.
 */
public final class JacksonChronicleBytesCodec implements Codec<Data> {
    private final String name;
    private final boolean characters;
    private final JsonFactory factory;
    private final JsonDataMapping mapping;
    private final Bytes<?> bytes = Bytes.allocateElasticDirect(256);
    private final OutputStream out = bytes.outputStream();
    private final InputStream in = bytes.inputStream();
    private final java.io.Writer writer = bytes.writer();
    private final java.io.Reader reader = bytes.reader();
    private JsonGenerator generator;

    private JacksonChronicleBytesCodec(String name, boolean characters) {
        this.name = name;
        this.characters = characters;
        this.factory = JsonDataMapping.factory(characters);
        this.mapping = new JsonDataMapping(name);
        this.generator = newGenerator();
    }

    /** Through {@code Bytes.outputStream()} and {@code Bytes.inputStream()}. */
    public static JacksonChronicleBytesCodec streams() {
        return new JacksonChronicleBytesCodec("jacksonCBytes", false);
    }

    /** Through {@code Bytes.writer()} and {@code Bytes.reader()}. */
    public static JacksonChronicleBytesCodec readerWriter() {
        return new JacksonChronicleBytesCodec("jacksonCBytesRW", true);
    }

    private JsonGenerator newGenerator() {
        try {
            return characters ? factory.createGenerator(writer) : factory.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int encode(Data value) {
        bytes.clear();
        try {
            mapping.write(generator, value);
        } catch (IOException | RuntimeException e) {
            generator = newGenerator();
            throw e instanceof IOException ? new UncheckedIOException((IOException) e) : (RuntimeException) e;
        }
        return (int) bytes.readRemaining();
    }

    @Override
    public void decode(Data target) {
        JsonDataMapping.checkLength(name, bytes.writePosition());
        bytes.readPosition(0);
        try (JsonParser p = characters ? factory.createParser(reader) : factory.createParser(in)) {
            mapping.read(p, target);
        } catch (IOException e) {
            throw JsonDataMapping.wrap(name, e);
        }
    }

    @Override public int length() { return (int) bytes.writePosition(); }

    @Override
    public byte[] bytes() {
        byte[] copy = new byte[length()];
        bytes.read(0, copy, 0, copy.length);
        return copy;
    }

    /** An absolute read: the read position decode relies on is not moved. */
    @Override
    public int copyTo(byte[] dst, int offset) {
        int n = length();
        bytes.read(0, dst, offset, n);
        return n;
    }

    @Override
    public void load(byte[] src, int offset, int length) {
        bytes.clear();
        bytes.write(src, offset, length);
    }

    @Override public String render() { return new String(bytes(), java.nio.charset.StandardCharsets.UTF_8); }
}
