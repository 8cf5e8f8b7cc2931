package org.wireshootout.codec;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * A {@link BufferCodec} behind the older {@link Codec} interface, whose codec owns its buffer: this adapter is the
 * owner, one buffer of the memory the codec asks for, made once. {@code encode} writes at offset 0 of it and
 * {@code decode} reads what is there, so the codec itself works on the caller-owned seam and nothing is copied
 * on the hot path. Used while the benchmarks, transports and tests move to {@link BufferCodec}.
 *
 * <p>Evolution goes to the wrapped codec when it is {@link Evolvable}; an IEX codec is not, and says so.
 */
public class OwnedBuffer<T> implements Codec<T>, Evolvable, MessageBuffer {
    /** The capacity every heap-owning codec of the project has had: a message of the six-field or IEX model fits many times. */
    public static final int CAPACITY = 4096;

    private final String name;
    private final BufferCodec<T> codec;
    final UnsafeBuffer buffer;
    int length;

    /**
     * The owner for {@code codec}: one that also serves {@link InPlaceAccess} when the codec reads fields in place
     * ({@link BufferAccess}). Registry lines make their codecs with this.
     */
    public static <T> OwnedBuffer<T> of(String name, BufferCodec<T> codec) {
        return codec instanceof BufferAccess ? new Accessing<>(name, codec) : new OwnedBuffer<>(name, codec);
    }

    /** The owner of a codec that reads fields in place: {@link #access} reads the message the buffer holds now. */
    private static final class Accessing<T> extends OwnedBuffer<T> implements InPlaceAccess {
        private final BufferAccess access;

        Accessing(String name, BufferCodec<T> codec) {
            super(name, codec);
            this.access = (BufferAccess) codec;
        }

        @Override
        public void access(FieldSink sink) {
            access.access(buffer, 0, length, sink);
        }
    }

    public OwnedBuffer(String name, BufferCodec<T> codec) {
        this.name = name;
        this.codec = codec;
        this.buffer = codec.memory() == Labels.Memory.DIRECT
                ? new UnsafeBuffer(BufferUtil.allocateDirectAligned(CAPACITY, 64))
                : new UnsafeBuffer(new byte[CAPACITY]);
    }

    /** The wrapped codec. */
    public BufferCodec<T> codec() {
        return codec;
    }

    @Override
    public int encode(T value) {
        length = 0; // a failed encode leaves no message behind
        return length = codec.encode(value, buffer, 0);
    }

    @Override
    public void decode(T target) {
        codec.decode(buffer, 0, length, target);
    }

    @Override public MessageBuffer buffer() { return this; }
    @Override public int length() { return length; }
    /** The codec's framing (the adapter adds none of its own). */
    @Override public int headerLength() { return codec.headerLength(); }

    @Override
    public byte[] bytes() {
        byte[] copy = new byte[length];
        buffer.getBytes(0, copy);
        return copy;
    }

    @Override
    public int copyTo(byte[] dst, int offset) {
        buffer.getBytes(0, dst, offset, length);
        return length;
    }

    /** More than the buffer holds is refused with a {@link DecodeException} naming the format, before anything is copied. */
    @Override
    public void load(byte[] src, int offset, int len) {
        if (len > buffer.capacity()) throw new DecodeException(name, 0, len + " bytes exceed the " + buffer.capacity() + "-byte buffer");
        buffer.putBytes(0, src, offset, len);
        length = len;
    }

    @Override
    public String render() {
        return codec.render(buffer, 0, length);
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        if (codec instanceof Evolvable) return ((Evolvable) codec).evolve(change);
        throw new NotExpressible(name + " has no version 2");
    }

    /** The wrapped codec's old reader (Avro's is given the writer's schema), else this codec as it is. */
    @Override
    public Codec<Data> oldReaderOf(Change change, Codec<Data> v1) {
        return codec instanceof Evolvable ? ((Evolvable) codec).oldReaderOf(change, v1) : v1;
    }

    @Override
    public String evolutionMechanism() {
        return codec instanceof Evolvable ? ((Evolvable) codec).evolutionMechanism() : "none";
    }
}
