package org.wireshootout.codec.jackson;

import net.openhft.chronicle.bytes.Bytes;
import org.wireshootout.codec.ChronicleBytesMessage;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;

import java.nio.charset.StandardCharsets;

/**
 * Jackson's streaming API over a direct Chronicle {@code Bytes} the codec owns ({@link JacksonBytesIO} says how):
 * the plumbing of the {@code jacksonCBytes} and {@code jacksonCBytesRW} rows' version 2 (the rows themselves,
 * {@link JacksonChronicleBytesCodec}, write and read the caller's memory).
 */
class JacksonBytesCodec<T> extends NamedCodec<T> {
    private final Bytes<?> bytes = Bytes.allocateElasticDirect(256);
    private final ChronicleBytesMessage message = new ChronicleBytesMessage(bytes);
    private final JacksonBytesIO<T> io;

    JacksonBytesCodec(String name, boolean characters, JsonMapping<T> mapping) {
        super(name);
        this.io = new JacksonBytesIO<>(name, characters, mapping, bytes);
    }

    @Override
    public int encode(T value) {
        bytes.clear();
        io.write(value);
        return (int) bytes.readRemaining();
    }

    @Override
    public void decode(T target) {
        io.read(target);
    }

    @Override public MessageBuffer buffer() { return message; }

    @Override public String render() { return new String(message.bytes(), StandardCharsets.UTF_8); }
}
