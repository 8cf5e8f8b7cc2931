package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.MessageBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * JSON through Jackson's streaming API on the heap, in a buffer the codec owns: the plumbing of the {@code jackson}
 * row's version 2 (the row itself, {@link JacksonCodec}, writes and reads the caller's buffer the same way). One
 * {@link JsonGenerator} lives as long as the codec, writing each message as a new root value into a byte array the
 * codec owns and rewinds.
 *
 * <p>Decoding uses Jackson's non-blocking byte-array parser, kept across messages ({@link FedJsonReader}): it is the
 * one Jackson parser that can be given new input ({@code ByteArrayFeeder.feedInput}), so each decode feeds it the
 * buffer and reads one root object. A blocking parser ({@code createParser(byte[], int, int)}) cannot be re-pointed
 * and must be created per message; measured here that allocated about 640 B per decode (parser, IOContext,
 * contexts) and was slower at the median (about 320 against 250 ns on the same machine and run length).
 *
 * <p>A parser kept across messages must not carry anything from one into the next: the mapping insists the
 * object's closing brace is the last byte fed (trailing whitespace is not fed), and a parser that failed is
 * dropped. Without that check a message with a partial token after the object ({@code {...}1}) was accepted
 * and made the next, valid, message fail.
 *
 * <p>What still allocates: {@code JsonGenerator.writeNumber(double)} formats the price through a String
 * ({@code Double.toString}); the label says so.
 */
class JacksonHeapCodec<T> extends NamedCodec<T> {
    private final JsonFactory factory = JsonDataMapping.factory(false);
    private final JsonMapping<T> mapping;
    private final ReusableByteSink sink = new ReusableByteSink(256);
    private final FedJsonReader<T> reader;
    private JsonGenerator generator;

    JacksonHeapCodec(String name, JsonMapping<T> mapping) {
        super(name);
        this.mapping = mapping;
        this.reader = new FedJsonReader<>(name, factory, mapping);
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
    public int encode(T value) {
        sink.reset();
        try {
            mapping.write(generator, value);
        } catch (IOException | RuntimeException e) {
            generator = newGenerator(); // a half-written object leaves the generator unusable
            throw e instanceof IOException ? new UncheckedIOException((IOException) e) : (RuntimeException) e;
        }
        return sink.length();
    }

    @Override
    public void decode(T target) {
        reader.read(sink.array(), 0, sink.length(), target);
    }

    @Override public MessageBuffer buffer() { return sink; }

    @Override public String render() { return new String(sink.array(), 0, sink.length(), StandardCharsets.UTF_8); }
}
