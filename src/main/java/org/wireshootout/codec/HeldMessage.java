package org.wireshootout.codec;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * One message held in a buffer its caller owns, beside the codec that writes and reads it: for the callers that keep
 * a message between calls (the gallery, the size tables, the evolution matrix, the tests), never for a hot path,
 * where the caller hands its own buffer to the {@link BufferCodec} directly. The buffer is made once, of the memory
 * the codec asks for ({@link CallerBuffers#allocate}); the codec itself keeps no bytes.
 *
 * @param <T> the data model
 */
public final class HeldMessage<T> {
    private final String name;
    private final BufferCodec<T> codec;
    private final UnsafeBuffer buffer;
    private int length;

    private HeldMessage(String name, BufferCodec<T> codec) {
        this(name, codec, CallerBuffers.MESSAGE_CAPACITY);
    }

    private HeldMessage(String name, BufferCodec<T> codec, int capacity) {
        this.name = name;
        this.codec = codec;
        this.buffer = CallerBuffers.allocate(codec, capacity);
    }

    /** A holder of {@link CallerBuffers#MESSAGE_CAPACITY} bytes for {@code codec}'s messages, named after its class in errors. */
    public static <T> HeldMessage<T> of(BufferCodec<T> codec) {
        return new HeldMessage<>(codec.getClass().getSimpleName(), codec);
    }

    /**
     * A holder of {@code capacity} bytes, for messages that may not fit {@link CallerBuffers#MESSAGE_CAPACITY} (a
     * generated message with a group of a hundred entries, in a text format).
     */
    public static <T> HeldMessage<T> of(BufferCodec<T> codec, int capacity) {
        return new HeldMessage<>(codec.getClass().getSimpleName(), codec, capacity);
    }

    /** A holder for the messages of {@code codec}, the row {@code name}'s, which its errors name. */
    public static <T> HeldMessage<T> of(String name, BufferCodec<T> codec) {
        return new HeldMessage<>(name, codec);
    }

    /** The codec that writes and reads the message. */
    public BufferCodec<T> codec() {
        return codec;
    }

    /** The buffer the message lies in, from offset 0. */
    public UnsafeBuffer buffer() {
        return buffer;
    }

    /** Encodes {@code value} at offset 0, replacing the message held; returns its length. A failed encode leaves none. */
    public int encode(T value) {
        length = 0;
        return length = codec.encode(value, buffer, 0);
    }

    /** Decodes the message held into {@code target}. */
    public void decode(T target) {
        codec.decode(buffer, 0, length, target);
    }

    /** The length in bytes of the message held, framing included. */
    public int length() {
        return length;
    }

    /** A copy of the message's bytes exactly as the library wrote them. */
    public byte[] bytes() {
        byte[] copy = new byte[length];
        buffer.getBytes(0, copy);
        return copy;
    }

    /**
     * Makes {@code length} bytes of {@code src} from {@code offset} the message held, for the next {@link #decode}: bytes
     * another codec (another version, a test) wrote.
     *
     * @throws DecodeException when they do not fit the buffer, naming the row and both lengths, before anything is copied
     */
    public void load(byte[] src, int offset, int length) {
        if (length > buffer.capacity()) {
            throw new DecodeException(name, 0, length + " bytes exceed the " + buffer.capacity() + "-byte buffer");
        }
        buffer.putBytes(0, src, offset, length);
        this.length = length;
    }

    /** How many leading bytes of the message are the format's framing ({@link BufferCodec#headerLength()}). */
    public int headerLength() {
        return codec.headerLength();
    }

    /** The codec's rendering of the message held ({@link BufferCodec#render}), or null. */
    public String render() {
        return codec.render(buffer, 0, length);
    }
}
