package org.wireshootout.codec.jackson;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.CallerBytes;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.NamedCodec;

import java.nio.BufferOverflowException;

/**
 * A message as its {@link JsonMapping} says (the {@code jacksonCBytes} and {@code jacksonCBytesRW} rows,
 * {@link JacksonChronicleBytesCodec}, and their version 2) through
 * Jackson's streaming API over a direct Chronicle {@code Bytes} ({@link JacksonBytesIO}, which says how), the
 * {@code Bytes} being the caller's memory: one bounds-checked {@code Bytes} for the codec's life, pointed at each
 * call's buffer and offset ({@link CallerBytes}), so the generator's stream writes into the caller's memory and
 * the parser's stream reads it in place. The rows work on native memory ({@link #memory()}); heap memory goes through {@code CallerBytes}' scratch area, a
 * copy each way. An encoding that runs past the room stops at it (Chronicle's bounds check) and is refused with
 * {@link EncodeOverflowException}.
 *
 * @param <T> the message
 */
class JacksonBytesCodec<T> extends NamedCodec<T> {
    private final CallerBytes caller = CallerBytes.checked();
    private final JacksonBytesIO<T> io;
    /** The most bytes a message may have, checked before anything is copied or parsed. */
    private final int maxBytes;

    JacksonBytesCodec(String name, boolean characters, JsonMapping<T> mapping) {
        this(name, characters, mapping, JsonDataMapping.factory(characters), JsonDataMapping.MAX_MESSAGE_BYTES);
    }

    /** With the factory (its read limits) and the longest message of another message's shape. */
    JacksonBytesCodec(String name, boolean characters, JsonMapping<T> mapping, com.fasterxml.jackson.core.JsonFactory factory, int maxBytes) {
        super(name);
        this.maxBytes = maxBytes;
        this.io = new JacksonBytesIO<>(name, characters, mapping, caller.bytes(), factory, maxBytes);
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
        caller.forWrite(dst, offset);
        try {
            io.write(value);
        } catch (RuntimeException e) {
            // Chronicle's bounds check, reached directly (the Writer) or wrapped in an IOException (the OutputStream)
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof BufferOverflowException) throw new EncodeOverflowException(name, caller.room(), e);
            }
            throw e;
        }
        return caller.written(dst, offset);
    }

    @Override
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        JsonDataMapping.checkLength(name, length, maxBytes); // before CallerBytes copies a heap message
        caller.forRead(src, offset, length);
        io.read(target);
    }

    @Override
    public final Labels.Memory memory() {
        return Labels.Memory.DIRECT;
    }

    @Override
    public final String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthUtf8(offset, length);
    }
}
