package org.wireshootout.codec.yaml;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.EncodeOverflowException;

import java.nio.ByteBuffer;
import java.nio.charset.CoderResult;

/**
 * A YAML mapping of named fields ({@link SnakeYamlMap}) in the caller's buffer: the {@code snakeYaml} row
 * ({@link SnakeYamlCodec}) and its version 2.
 *
 * <p>Over the caller's buffer: SnakeYAML dumps characters into the codec's reused sink, and the reused UTF-8 encoder
 * writes them straight into a {@link ByteBuffer} over the caller's heap array, from the offset and limited to the
 * room; a document larger than the room stops the encoder
 * there and is refused. Decoding hands the decoder a {@code ByteBuffer} over the caller's array, limited to the
 * message. The {@code ByteBuffer} is made again only when
 * the caller's array changes. A message in memory other than a heap array (a transport's direct buffer) goes through
 * one scratch array, reused across calls, a copy each way, which is what a user of the library pays too.
 *
 * @param <T> the message
 */
abstract class SnakeYamlMapCodec<T> extends SnakeYamlMap<T> implements BufferCodec<T> {
    /** A {@code ByteBuffer} over the caller's heap array (or {@link #scratch}), and the array. */
    private ByteBuffer view;
    private byte[] viewArray;
    /** Where a message in other memory than a heap array is encoded and read; grows, never per message. */
    private byte[] scratch = new byte[0];

    SnakeYamlMapCodec(String name) {
        super(name);
    }

    SnakeYamlMapCodec(String name, int limit, int depth) {
        super(name, limit, depth);
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
        dump(value);
        int room = Math.max(dst.capacity() - offset, 0);
        byte[] array = dst.byteArray();
        boolean heap = array != null;
        int start;
        if (heap) {
            start = dst.wrapAdjustment() + offset;
        } else {
            int need = Math.min(maxBytes(), room);
            if (scratch.length < need) scratch = new byte[Math.max(need, 2 * scratch.length)];
            array = scratch;
            start = 0;
            room = Math.min(room, scratch.length);
        }
        ByteBuffer out = view(array);
        out.clear();
        out.limit(start + room);
        out.position(start);
        CoderResult r = encode(out);
        if (r.isOverflow()) throw new EncodeOverflowException(name, dst.capacity() - offset, null);
        int length = out.position() - start;
        if (!heap) dst.putBytes(offset, scratch, 0, length);
        return length;
    }

    @Override
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        byte[] array = src.byteArray();
        int at;
        if (array != null) {
            at = src.wrapAdjustment() + offset;
        } else {
            checkLength(length); // before the copy
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            array = scratch;
            at = 0;
        }
        ByteBuffer in = view(array);
        in.clear();
        in.position(at);
        in.limit(at + length);
        load(in, target);
    }

    /** The {@code ByteBuffer} over {@code array}: made again only when the array changes. */
    private ByteBuffer view(byte[] array) {
        if (array != viewArray) {
            view = ByteBuffer.wrap(array);
            viewArray = array;
        }
        return view;
    }

    @Override
    public final String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthUtf8(offset, length);
    }
}
