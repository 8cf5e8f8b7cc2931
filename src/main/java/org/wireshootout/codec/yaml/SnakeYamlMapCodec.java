package org.wireshootout.codec.yaml;

import org.wireshootout.codec.ArrayMessage;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.MessageBuffer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A YAML mapping of named fields ({@link SnakeYamlMap}) in a buffer the codec owns: the plumbing of the
 * {@code snakeYaml} row's version 2 (the row itself, {@link SnakeYamlCodec}, writes and reads the caller's buffer).
 * The owned byte buffer is grown before each encode to the most the dumped characters can take as UTF-8.
 */
abstract class SnakeYamlMapCodec<T> extends SnakeYamlMap<T> implements Codec<T> {
    private ByteBuffer bytes = ByteBuffer.allocate(512);
    private final ArrayMessage message = new ArrayMessage(() -> bytes.array(), () -> bytes.position(), (src, offset, length) -> {
        if (bytes.capacity() < length) bytes = ByteBuffer.allocate(length);
        bytes.clear();
        bytes.put(src, offset, length);
    });

    SnakeYamlMapCodec(String name) {
        super(name);
    }

    @Override
    public final int encode(T value) {
        dump(value);
        int max = maxBytes();
        if (bytes.capacity() < max) bytes = ByteBuffer.allocate(max);
        bytes.clear();
        encode(bytes);
        return bytes.position();
    }

    @Override
    public final void decode(T target) {
        load(ByteBuffer.wrap(bytes.array(), 0, bytes.position()), target);
    }

    @Override public MessageBuffer buffer() { return message; }

    @Override public String render() { return new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8); }
}
