package org.wireshootout.codec.boon;

import org.boon.json.JsonParserAndMapper;
import org.boon.json.JsonParserFactory;
import org.boon.json.JsonSerializer;
import org.boon.json.JsonSerializerFactory;
import org.boon.primitive.CharBuf;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.ArrayMessage;
import org.wireshootout.codec.DecodeException;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON through Boon 0.34 in a buffer the codec owns: the plumbing of the {@code boon} row's version 2
 * ({@link BoonEvolved}), which differs from the row itself ({@link BoonCodec}, over the caller's buffer; it says
 * why Boon is used this way) in the class Boon's serialiser writes, how the parsed map is read, and where the bytes
 * are. Encoding is Boon's reflective object serialiser over an adapter class; the serialiser reuses its own
 * character buffer, which the codec copies out as bytes (Boon's output is ASCII, one char one byte).
 *
 * <p>Decoding is Boon's fast (index-overlay) parser into its lazy map, from which the fields are checked and
 * copied by hand ({@link #fill}), after the checks Boon lacks ({@link BoonLimits#checkShape}). The parser reads whole
 * arrays only, so the message is kept in an array of exactly its length (re-made only when the length changes).
 */
abstract class BoonJsonCodec<T> extends NamedCodec<T> {
    static final int MAX_TEXT_CHARS = BoonLimits.MAX_TEXT_CHARS;
    private final JsonSerializer serializer = new JsonSerializerFactory()
            .useFieldsOnly().includeDefaultValues().includeEmpty().includeNulls().create();
    private final JsonParserAndMapper parser = new JsonParserFactory().createFastParser();
    private byte[] wire = new byte[0];
    private final BoonLimits limits;
    private final ArrayMessage message = new ArrayMessage(() -> wire, () -> wire.length,
            (src, offset, length) -> wire = Arrays.copyOfRange(src, offset, offset + length));


    BoonJsonCodec(String name) {
        super(name);
        this.limits = new BoonLimits(name);
    }

    /** The object Boon's serialiser writes for {@code value}, its fields filled from it. */
    abstract Object adapt(T value);

    /** Checks and copies the map Boon's parser built into {@code target}. */
    abstract void fill(java.util.Map<String, Object> parsed, T target);

    /** Refuses a price Boon would write as a bare word its own parser rejects (limitation NON_FINITE_DOUBLE). */
    static void requireFinite(double price) {
        BoonLimits.requireFinite(price);
    }
    @Override
    public final int encode(T value) {
        CharBuf out = serializer.serialize(adapt(value));
        int n = out.len();
        char[] chars = out.toCharArray();
        if (wire.length != n) wire = new byte[n];
        for (int i = 0; i < n; i++) {
            char c = chars[i];
            if (c > 0x7F) throw new IllegalStateException("boon wrote a non-ASCII character at " + i);
            wire[i] = (byte) c;
        }
        return n;
    }

    @Override
    public final void decode(T target) {
        limits.checkShape(wire, 0, wire.length);
        try {
            fill(parser.parseMap(wire), target);
        } catch (DecodeException e) {
            throw e;
        } catch (RuntimeException e) {
            // Boon's own JsonException, and what its parser and lazy values let through on malformed input
            // (ArrayIndexOutOfBounds, NumberFormat, ClassCast, IllegalState): all of them mean bad bytes
            throw new DecodeException(name, -1, e.toString(), e);
        }
    }

    @Override public MessageBuffer buffer() { return message; }

    @Override public String render() { return new String(wire, StandardCharsets.US_ASCII); }
}
