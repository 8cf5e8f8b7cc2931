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
        // two bulk reads into the scratch array (the buffer's get(int) checks and counts on every call):
        // the length, little-endian by the BSON spec whatever the buffer's byte order, then the bytes
        byte[] s = scratch;
        b.get(at, s, 0, 4);
        int n = (s[0] & 0xFF) | (s[1] & 0xFF) << 8 | (s[2] & 0xFF) << 16 | s[3] << 24;
        int start = at + 4;
        int length = n - 1; // the length counts the trailing NUL
        if (length < 0 || length > limit - start) return; // a lying length: the library refuses it
        if (length > s.length) s = scratch = new byte[Math.max(length, 2 * s.length)];
        b.get(start, s, 0, length);
        for (int i = 0; i < length; i++) {
            if (s[i] < 0) {
                chars.setLength(0);
                StrictUtf8.decode(s, 0, length, chars, format, start);
                return;
            }
        }
    }
}
