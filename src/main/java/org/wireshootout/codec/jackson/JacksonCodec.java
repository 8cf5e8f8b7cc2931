package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import org.wireshootout.codec.Codec;
import org.wireshootout.model.Data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code jackson} row: JSON through Jackson's streaming API on the heap. One {@link JsonGenerator} lives as
 * long as the codec, writing each message as a new root value into a byte array the codec owns and rewinds;
 * decoding creates a {@link JsonParser} over that array per message, since Jackson's blocking parsers cannot be
 * pointed at new input (the recycled buffers behind it are reused; the parser object itself is not).
 */
public final class JacksonCodec implements Codec<Data> {
    private static final String NAME = "jackson";
    private final JsonFactory factory = JsonDataMapping.factory(false);
    private final JsonDataMapping mapping = new JsonDataMapping(NAME);
    private final ReusableByteSink sink = new ReusableByteSink(256);
    private JsonGenerator generator;

    public JacksonCodec() {
        generator = newGenerator();
    }

    private JsonGenerator newGenerator() {
        try {
            return factory.createGenerator(sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int encode(Data value) {
        sink.reset();
        try {
            mapping.write(generator, value);
        } catch (IOException | RuntimeException e) {
            generator = newGenerator(); // a half-written object leaves the generator unusable
            throw e instanceof IOException ? new UncheckedIOException((IOException) e) : (RuntimeException) e;
        }
        return sink.size();
    }

    @Override
    public void decode(Data target) {
        try (JsonParser p = factory.createParser(sink.array(), 0, sink.size())) {
            mapping.read(p, target);
        } catch (IOException e) {
            throw JsonDataMapping.wrap(NAME, e);
        }
    }

    @Override public int length() { return sink.size(); }

    @Override public byte[] bytes() { return Arrays.copyOf(sink.array(), sink.size()); }

    @Override public void load(byte[] src, int offset, int length) { sink.load(src, offset, length); }

    @Override public String render() { return new String(sink.array(), 0, sink.size(), StandardCharsets.UTF_8); }
}
