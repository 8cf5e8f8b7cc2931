package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.NamedCodec;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A message through Jackson's streaming API on the heap, written into and read from the caller's buffer, as its
 * {@link JsonMapping} says: the {@code jackson} row ({@link JacksonCodec}) and its version 2. One
 * {@link JsonGenerator} lives as long as the codec, writing each message as a new root value into a stream over the
 * caller's buffer ({@link CallerBufferStream}): the generator's flush copies its own buffer there. Decoding feeds the
 * caller's array range to one non-blocking parser kept across messages ({@link FedJsonReader}, which says why that
 * parser and how it is kept clean between messages).
 *
 * <p>Jackson's parser reads a {@code byte[]}: over a heap buffer (the benchmarks') it reads the caller's array in
 * place; over other memory (a transport's direct buffer) the message is first copied into one scratch array, reused
 * across calls, which is what a Jackson user reading such memory pays too. Writing needs no such copy: the
 * generator's flush goes to either memory alike.
 *
 * <p>What still allocates: {@code JsonGenerator.writeNumber(double)} formats the price through a String
 * ({@code Double.toString}); the label says so.
 *
 * @param <T> the message
 */
class JacksonHeapCodec<T> extends NamedCodec<T> {
    private final JsonFactory factory;
    private final JsonMapping<T> mapping;
    /** The most bytes a message may have, checked before the parser sees it. */
    private final int maxBytes;
    private final CallerBufferStream out;
    private final FedJsonReader<T> reader;
    private JsonGenerator generator;
    /** Where a message in memory other than a heap array is copied for the parser; grows, never per message. */
    private byte[] scratch = new byte[0];

    JacksonHeapCodec(String name, JsonMapping<T> mapping) {
        this(name, mapping, JsonDataMapping.factory(false), JsonDataMapping.MAX_MESSAGE_BYTES);
    }

    /** With the factory (its read limits) and the longest message of another message's shape. */
    JacksonHeapCodec(String name, JsonMapping<T> mapping, JsonFactory factory, int maxBytes) {
        super(name);
        this.factory = factory;
        this.mapping = mapping;
        this.maxBytes = maxBytes;
        this.out = new CallerBufferStream(name);
        this.reader = new FedJsonReader<>(name, factory, mapping, maxBytes);
        this.generator = newGenerator();
    }

    private JsonGenerator newGenerator() {
        try {
            return factory.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
        out.wrap(dst, offset);
        try {
            mapping.write(generator, value);
        } catch (IOException | RuntimeException e) {
            generator = newGenerator(); // a half-written object (or one refused for want of room) leaves the generator unusable
            throw e instanceof IOException ? new UncheckedIOException((IOException) e) : (RuntimeException) e;
        }
        return out.length();
    }

    @Override
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        byte[] array = src.byteArray();
        if (array != null) {
            reader.read(array, src.wrapAdjustment() + offset, length, target);
        } else {
            JsonDataMapping.checkLength(name, length, maxBytes); // before the copy, as the reader checks it before parsing
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            reader.read(scratch, 0, length, target);
        }
    }

    @Override
    public final String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthUtf8(offset, length);
    }
}
