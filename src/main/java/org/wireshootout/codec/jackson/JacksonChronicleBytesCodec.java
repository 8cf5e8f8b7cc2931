package org.wireshootout.codec.jackson;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBytes;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.Labels;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.nio.BufferOverflowException;

/**
 * The {@code jacksonCBytes} and {@code jacksonCBytesRW} rows: the six fields ({@link JsonDataMapping}) through
 * Jackson's streaming API over a direct Chronicle {@code Bytes} ({@link JacksonBytesIO}, which says how), the
 * {@code Bytes} being the caller's memory: one bounds-checked {@code Bytes} for the codec's life, pointed at each
 * call's buffer and offset ({@link CallerBytes}), so the generator's stream writes into the caller's memory and
 * the parser's stream reads it in place, as they wrote and read the codec's own direct {@code Bytes} before. The
 * rows work on native memory ({@link #memory()}); heap memory goes through {@code CallerBytes}' scratch area, a
 * copy each way. An encoding that runs past the room stops at it (Chronicle's bounds check) and is refused with
 * {@link EncodeOverflowException}.
 */
public final class JacksonChronicleBytesCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final boolean characters;
    private final CallerBytes caller = CallerBytes.checked();
    private final JacksonBytesIO<Data> io;

    private JacksonChronicleBytesCodec(String name, boolean characters) {
        this.name = name;
        this.characters = characters;
        this.io = new JacksonBytesIO<>(name, characters, new JsonDataMapping(name), caller.bytes());
    }

    /** Through {@code Bytes.outputStream()} and {@code Bytes.inputStream()}. */
    public static JacksonChronicleBytesCodec streams(String name) {
        return new JacksonChronicleBytesCodec(name, false);
    }

    /** Through {@code Bytes.writer()} and {@code Bytes.reader()}. */
    public static JacksonChronicleBytesCodec readerWriter(String name) {
        return new JacksonChronicleBytesCodec(name, true);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
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
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        JsonDataMapping.checkLength(name, length); // before CallerBytes copies a heap message
        caller.forRead(src, offset, length);
        io.read(target);
    }

    @Override
    public Labels.Memory memory() {
        return Labels.Memory.DIRECT;
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthUtf8(offset, length);
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return new JacksonBytesCodec<>(name, characters, JsonEvolvedMapping.of(name, change));
    }

    @Override
    public String evolutionMechanism() {
        return JsonEvolvedMapping.MECHANISM;
    }
}
