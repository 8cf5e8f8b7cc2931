package org.wireshootout.codec.bson;

import org.bson.ByteBuf;
import org.bson.io.BsonInput;
import org.wireshootout.codec.utf8.StrictUtf8;

/**
 * Strict UTF-8 for a version-1 BSON row's text. The library's {@code readString} turns a malformed sequence into
 * U+FFFD, and BSON says strings are UTF-8, so the text's raw bytes are checked before the library decodes them:
 * the string (int32 length, the bytes, a NUL) starts at the reader's input position once the element's name is
 * read. ASCII, the benchmark's text, costs one pass over bytes already in cache; only a byte above 0x7F sends the
 * string through {@link StrictUtf8}, which names the byte that breaks it. A length that lies is left to the
 * library, which refuses it. A malformed sequence is a {@link org.wireshootout.codec.DecodeException} at its byte.
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

    /** Refuses the string at the input position unless it is well-formed UTF-8; moves nothing. */
    void check() {
        ByteBuf b = buffer;
        int at = input.getPosition();
        int limit = b.limit();
        if (at > limit - 4) return; // the library's length read refuses it
        // little-endian by the BSON spec, assembled here so that the buffer's byte order does not matter
        int n = (b.get(at) & 0xFF) | (b.get(at + 1) & 0xFF) << 8 | (b.get(at + 2) & 0xFF) << 16 | b.get(at + 3) << 24;
        int start = at + 4;
        int length = n - 1; // the length counts the trailing NUL
        if (length < 0 || length > limit - start) return; // a lying length: the library refuses it
        for (int i = start, end = start + length; i < end; i++) {
            if (b.get(i) < 0) {
                validate(b, start, length);
                return;
            }
        }
    }

    private void validate(ByteBuf b, int start, int length) {
        byte[] s = scratch.length >= length ? scratch : (scratch = new byte[length]);
        b.get(start, s, 0, length);
        chars.setLength(0);
        StrictUtf8.decode(s, 0, length, chars, format, start);
    }
}
