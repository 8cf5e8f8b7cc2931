package org.wireshootout.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The seam where the caller owns the bytes: a codec writes a whole value into a buffer it is given and reads a
 * value back from one it is given, at an offset, as SBE's flyweights and Aeron's handlers do. It keeps no message
 * of its own between calls, so the same bytes can sit in a benchmark's buffer, a transport's claimed frame or a
 * bulk stream, and no caller copies them in or out.
 *
 * <p>A library that can only write into memory it owns (a builder, its own segments, a stream it grows) copies
 * into {@code dst} inside {@link #encode}; that copy is what a user of the library pays too, and the row's labels
 * say so. {@link #memory()} names the memory the library works on without such a copy, which a caller that can
 * choose (a benchmark's state) then allocates.
 *
 * <p>Neither method may allocate on the hot path unless the library forces it (the row's labels then say so).
 * A codec is single-threaded: it may keep scratch state (flyweights, builders) between calls, never bytes.
 *
 * @param <T> the data model
 */
public interface BufferCodec<T> {

    /**
     * Encodes {@code value} into {@code dst} from {@code offset}, framing included, and returns how many bytes it
     * wrote.
     *
     * @throws EncodeOverflowException when the encoding needs more than {@code dst.capacity() - offset} bytes;
     *         what {@code dst} then holds from {@code offset} is unspecified
     */
    int encode(T value, MutableDirectBuffer dst, int offset);

    /**
     * Decodes the message in exactly {@code length} bytes of {@code src} from {@code offset} into {@code target},
     * setting every field. Bytes the writer cannot have written are refused.
     *
     * @throws DecodeException naming the row and the offset (from {@code offset}) of what is wrong
     */
    void decode(DirectBuffer src, int offset, int length, T target);

    /** The memory the library reads and writes without a copy of its own: a caller that can choose allocates it. */
    default Labels.Memory memory() {
        return Labels.Memory.HEAP;
    }

    /**
     * How many leading bytes of every encoding are framing the format adds before the payload (Chronicle's 4-byte
     * document header, Cap'n Proto's segment table); 0 if none. Read by the gallery and the size tables.
     */
    default int headerLength() {
        return 0;
    }

    /** A human-readable rendering of the message in {@code src} (the text itself, or the library's own view), or null. */
    default String render(DirectBuffer src, int offset, int length) {
        return null;
    }
}
