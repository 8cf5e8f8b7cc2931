package org.wireshootout.codec.bson;

import org.bson.ByteBuf;
import org.bson.io.BsonInput;
import org.wireshootout.codec.utf8.StrictUtf8;

/**
 * Strict UTF-8 for a version-1 BSON row's text. The library's {@code readString} turns a malformed sequence into
 * U+FFFD, and BSON says strings are UTF-8. So the codec notes where the string starts (its int32 length, the
 * bytes, a NUL, at the reader's input position once the element's name is read), lets the library read it, and
 * looks at the raw bytes only when the result holds a U+FFFD: for a Latin-1 string, the benchmark's text among
 * them, that look is {@code indexOf} answering at once. Then {@link StrictUtf8} names the byte that breaks the
 * sequence, or passes a U+FFFD that was sent as such. A malformed sequence is a
 * {@link org.wireshootout.codec.DecodeException} at its byte.
 */
final class StrictBsonText {
    private final String format;
    private ByteBuf buffer;
    private BsonInput input;
    private byte[] scratch = new byte[64];
    private final StringBuilder chars = new StringBuilder(64);

    StrictBsonText(String format) {
        this.format = format;
    }

    /** Points the check at the reader's input and the buffer under it; called whenever the codec rebuilds them. */
    void bind(ByteBuf buffer, BsonInput input) {
        this.buffer = buffer;
        this.input = input;
    }

    /** Where the next string starts: call before the library reads it. */
    int position() {
        return input.getPosition();
    }

    /** Refuses the string read from {@code at} as {@code text} unless its bytes are well-formed UTF-8. */
    void check(int at, String text) {
        if (text.indexOf('\uFFFD') < 0) return; // no replacement char: the bytes were well formed
        ByteBuf b = buffer;
        byte[] s = scratch;
        // byte by byte: ByteBufNIO's bulk get(index, bytes, offset, length) copies from the backing array at the index
        // without the arrayOffset of a ByteBuffer that starts inside its array, as the view over a message at an
        // offset in the caller's array does; its get(index) counts from the view's start
        // little-endian by the BSON spec, whatever the buffer's byte order; the library has already checked it
        int length = ((b.get(at) & 0xFF) | (b.get(at + 1) & 0xFF) << 8 | (b.get(at + 2) & 0xFF) << 16 | b.get(at + 3) << 24) - 1;
        if (length > s.length) s = scratch = new byte[length];
        for (int i = 0; i < length; i++) s[i] = b.get(at + 4 + i);
        chars.setLength(0);
        StrictUtf8.decode(s, 0, length, chars, format, at + 4);
    }
}
