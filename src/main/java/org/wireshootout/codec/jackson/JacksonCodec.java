package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import org.wireshootout.codec.Codec;
import org.wireshootout.model.Data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code jackson} row: JSON through Jackson's streaming API on the heap. One {@link JsonGenerator} lives as
 * long as the codec, writing each message as a new root value into a byte array the codec owns and rewinds.
 *
 * <p>Decoding uses Jackson's non-blocking byte-array parser, kept across messages: it is the one Jackson parser
 * that can be given new input ({@code ByteArrayFeeder.feedInput}), so each decode feeds it the buffer and reads
 * one root object. A blocking parser ({@code createParser(byte[], int, int)}) cannot be re-pointed and must be
 * created per message; measured here that allocated about 640 B per decode (parser, IOContext, contexts) and
 * was slower at the median (about 320 against 250 ns on the same machine and run length).
 *
 * <p>A parser kept across messages must not carry anything from one into the next: the mapping insists the
 * object's closing brace is the last byte fed (trailing whitespace is not fed), and a parser that failed is
 * dropped. Without that check a message with a partial token after the object ({@code {...}1}) was accepted
 * and made the next, valid, message fail.
 *
 * <p>What still allocates: {@code JsonGenerator.writeNumber(double)} formats the price through a String
 * ({@code Double.toString}); the label says so.
 */
public final class JacksonCodec implements Codec<Data> {
    private static final String NAME = "jackson";
    private final JsonFactory factory = JsonDataMapping.factory(false);
    private final JsonDataMapping mapping = new JsonDataMapping(NAME);
    private final ReusableByteSink sink = new ReusableByteSink(256);
    private JsonGenerator generator;
    /** The fed parser, kept across messages; dropped after a failure, since its state is then unknown. */
    private JsonParser fed;

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
        try {
            JsonDataMapping.checkLength(NAME, sink.size());
            if (fed == null) fed = factory.createNonBlockingByteArrayParser();
            // without trailing whitespace, so that the mapping can tell the object ended the message
            int end = JsonDataMapping.trimTrailingWhitespace(sink.array(), sink.size());
            ((ByteArrayFeeder) fed.getNonBlockingInputFeeder()).feedInput(sink.array(), 0, end);
            mapping.read(fed, target);
        } catch (IOException e) {
            fed = null;
            throw JsonDataMapping.wrap(NAME, e);
        } catch (RuntimeException e) {
            fed = null;
            throw e;
        }
    }

    @Override public int length() { return sink.size(); }

    @Override public byte[] bytes() { return Arrays.copyOf(sink.array(), sink.size()); }

    @Override
    public int copyTo(byte[] dst, int offset) {
        int n = sink.size();
        System.arraycopy(sink.array(), 0, dst, offset, n);
        return n;
    }

    @Override public void load(byte[] src, int offset, int length) { sink.load(src, offset, length); }

    @Override public String render() { return new String(sink.array(), 0, sink.size(), StandardCharsets.UTF_8); }
}
