package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.MessageBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.wireshootout.codec.utf8.StrictUtf8;
import java.util.Arrays;

/**
 * JSON through Jackson's streaming API on the heap: the plumbing of the {@code jackson} row ({@link JacksonCodec})
 * and of its version 2, which differ only in the {@link JsonMapping} they carry. One {@link JsonGenerator} lives as
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
class JacksonHeapCodec<T> extends NamedCodec<T> {
    private final JsonFactory factory = JsonDataMapping.factory(false);
    private final JsonMapping<T> mapping;
    private final ReusableByteSink sink = new ReusableByteSink(256);
    private JsonGenerator generator;
    /** The fed parser, kept across messages; dropped after a failure, since its state is then unknown. */
    private JsonParser fed;
    /** Bytes fed to {@link #fed} so far: where the next message starts in the parser's count of bytes. */
    private long fedBefore;

    JacksonHeapCodec(String name, JsonMapping<T> mapping) {
        super(name);
        this.mapping = mapping;
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
        long start = fedBefore; // 0 whenever there is no parser yet: the field is reset with it
        try {
            JsonDataMapping.checkLength(name, sink.length());
            if (fed == null) fed = factory.createNonBlockingByteArrayParser();
            // without trailing whitespace, so that the mapping can tell the object ended the message
            int end = JsonDataMapping.trimTrailingWhitespace(sink.array(), sink.length());
            // Jackson's parser takes overlong forms (C0 80 as U+0000) and some bad continuation bytes: the message is
            // checked as strict UTF-8, but only when a byte above 0x7F is in it (one OR per byte otherwise)
            if (StrictUtf8.anyNonAscii(sink.array(), 0, end)) StrictUtf8.validate(sink.array(), 0, end, name, 0);
            ((ByteArrayFeeder) fed.getNonBlockingInputFeeder()).feedInput(sink.array(), 0, end);
            fedBefore = start + end;
            mapping.offsetBase(start);
            mapping.read(fed, target);
        } catch (IOException e) {
            dropParser();
            throw JsonDataMapping.wrap(name, e, start);
        } catch (RuntimeException e) {
            dropParser();
            throw e;
        }
    }

    private void dropParser() {
        fed = null;
        fedBefore = 0;
    }

    @Override public MessageBuffer buffer() { return sink; }

    @Override public String render() { return new String(sink.array(), 0, sink.length(), StandardCharsets.UTF_8); }
}
