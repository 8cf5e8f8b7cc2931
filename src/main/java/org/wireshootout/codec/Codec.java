package org.wireshootout.codec;

/**
 * The seam every format plugs into. A codec owns its buffer and reuses it: {@link #encode} writes a whole
 * value into it, {@link #decode} reads the bytes currently in it back into a reusable target, overwriting
 * every field. Neither may allocate on the hot path unless the library forces it (the format's labels then
 * say so).
 *
 * <p>The bytes live in the codec's {@link MessageBuffer}; the length / bytes / copyTo / load / headerLength
 * methods here read it, so a codec implements encode, decode and {@link #buffer()}.
 *
 * <p>A codec is single-threaded and stateful: {@code decode} reads what the last {@code encode} (or
 * {@link #load}) left in the buffer, and may be called any number of times on the same bytes.
 *
 * @param <T> the data model (the six-field {@code Data}, or an IEX message)
 */
public interface Codec<T> {

    /** Encodes {@code value} into this codec's buffer, replacing what was there; returns the encoded length in bytes. */
    int encode(T value);

    /** Decodes the bytes in the buffer into {@code target}, setting every field. */
    void decode(T target);

    /** The buffer this codec encodes into and decodes from, which owns the bytes of the current message. */
    MessageBuffer buffer();

    /** The length in bytes of what the buffer holds now (including any framing header). */
    default int length() {
        return buffer().length();
    }

    /** A copy of the encoded bytes exactly as the library produced them, framing included (not for the hot path). */
    default byte[] bytes() {
        return buffer().bytes();
    }

    /**
     * Replaces the buffer's content with {@code length} bytes of {@code src} from {@code offset}, so that the
     * next {@link #decode} reads them: for bulk streams and for bytes this codec did not write.
     */
    default void load(byte[] src, int offset, int length) {
        buffer().load(src, offset, length);
    }

    /** Copies the encoded bytes into {@code dst} at {@code offset} without allocating and returns their length: how the bulk stream collects encodings. */
    default int copyTo(byte[] dst, int offset) {
        return buffer().copyTo(dst, offset);
    }

    /** How many of the leading bytes of {@link #bytes()} are framing added by the format (Chronicle's 4-byte document header); 0 if none. */
    default int headerLength() {
        return buffer().headerLength();
    }

    /** A human-readable rendering of the encoded bytes (the text itself, or the library's own binary-to-text view), or null. */
    default String render() {
        return null;
    }
}
