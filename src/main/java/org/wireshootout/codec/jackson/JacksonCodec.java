package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The {@code jackson} row: the six fields ({@link JsonDataMapping}) through Jackson's streaming API on the heap,
 * written into and read from the caller's buffer. One {@link JsonGenerator} lives as long as the codec, writing each
 * message as a new root value into a stream over the caller's buffer ({@link CallerBufferStream}): the generator's
 * flush copies its own buffer there, the copy it made into the codec's own array before. Decoding feeds the
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
 */
public final class JacksonCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final JsonFactory factory = JsonDataMapping.factory(false);
    private final JsonMapping<Data> mapping;
    private final CallerBufferStream out;
    private final FedJsonReader<Data> reader;
    private JsonGenerator generator;
    /** Where a message in memory other than a heap array is copied for the parser; grows, never per message. */
    private byte[] scratch = new byte[0];

    public JacksonCodec(String name) {
        this.name = name;
        this.mapping = new JsonDataMapping(name);
        this.out = new CallerBufferStream(name);
        this.reader = new FedJsonReader<>(name, factory, mapping);
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
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
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
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        byte[] array = src.byteArray();
        if (array != null) {
            reader.read(array, src.wrapAdjustment() + offset, length, target);
        } else {
            JsonDataMapping.checkLength(name, length); // before the copy, as the reader checks it before parsing
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            reader.read(scratch, 0, length, target);
        }
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthUtf8(offset, length);
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return new JacksonHeapCodec<>(name, JsonEvolvedMapping.of(name, change));
    }

    @Override
    public String evolutionMechanism() {
        return JsonEvolvedMapping.MECHANISM;
    }
}
