package org.wireshootout.codec.boon;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.boon.json.JsonParserAndMapper;
import org.boon.json.JsonParserFactory;
import org.boon.json.JsonSerializer;
import org.boon.json.JsonSerializerFactory;
import org.boon.primitive.CharBuf;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.NamedCodec;

import java.util.Map;

/**
 * JSON through Boon 0.34 in the caller's buffer: the {@code boon} row ({@link BoonCodec}) and its version 2
 * ({@link BoonEvolved}), which differ in the class Boon's serialiser writes ({@link #adapt}) and how the parsed map is
 * read ({@link #fill}).
 *
 * <p>Encoding is Boon's reflective object serialiser over the adapter (fields only, default values included so that
 * a zero or false field is still written); the serialiser reuses its own character buffer, and the codec turns its
 * characters into bytes straight into the caller's buffer (one pass). Boon
 * escapes every character above U+007F as {@code \}{@code uXXXX}, so its output is ASCII and one char is one byte; a
 * message longer than the room is refused before anything is written.
 *
 * <p>Decoding is Boon's fast (index-overlay) parser into its lazy map, from which the fields are checked and copied
 * by hand. The parser reads a whole {@code char[]} (given bytes, Boon makes a String of them and copies its
 * characters out, two allocations per message), so the codec widens the message's bytes, read where they lie in the
 * caller's array, into one {@code char[]} of exactly the message's length, kept while the length stays the same: the
 * one pass over the bytes that Boon made itself, without its String. A message that is not ASCII (not Boon's own
 * output) takes the characters of its strict UTF-8 check instead. A message in memory other than a heap array (a
 * transport's direct buffer) is read through one scratch array, reused across calls, a copy the heap path does not
 * make.
 *
 * <p>Boon's UTF-8 direct byte parser ({@code createUTF8DirectByteParser}) decoded about six times faster in a
 * short run here (about 540 against 3400 ns at the median, 1590 against 2140 B/op) but is not used: it reads
 * {@code -0.0} back as {@code 0.0} and {@code -2147483648} as a Long, so the row would have to declare a
 * limitation the fast parser does not have. The default parser ({@code create()}) measured the same as the
 * fast one.
 *
 * <p>What Boon cannot do, declared rather than patched: it writes NaN and the infinities as bare words its own
 * parser then rejects, so encoding refuses them (limitation NON_FINITE_DOUBLE); its parser ignores anything
 * after the top-level object and lets a repeated key overwrite the earlier one. It also has no read limits at
 * all, so the codec checks length, nesting and number length itself before parsing ({@link BoonLimits#checkShape}).
 *
 * @param <T> the message
 */
abstract class BoonJsonCodec<T> extends NamedCodec<T> {
    static final int MAX_TEXT_CHARS = BoonLimits.MAX_TEXT_CHARS;
    private final JsonSerializer serializer = new JsonSerializerFactory()
            .useFieldsOnly().includeDefaultValues().includeEmpty().includeNulls().create();
    private final JsonParserAndMapper parser = new JsonParserFactory().createFastParser();
    private final BoonLimits limits;
    /** The parser's input: exactly the message's characters (Boon parses the whole array). */
    private char[] chars = new char[0];
    /** Where a message in other memory than a heap array is copied; grows, never per message. */
    private byte[] scratch = new byte[0];

    BoonJsonCodec(String name) {
        this(name, new BoonLimits(name));
    }

    BoonJsonCodec(String name, BoonLimits limits) {
        super(name);
        this.limits = limits;
    }

    /** The object Boon's serialiser writes for {@code value}, its fields filled from it (a price Boon cannot write refused). */
    abstract Object adapt(T value);

    /** Checks and copies the map Boon's parser built into {@code target}. */
    abstract void fill(Map<String, Object> parsed, T target);

    /** Refuses a price Boon would write as a bare word its own parser rejects (limitation NON_FINITE_DOUBLE). */
    static void requireFinite(double price) {
        BoonLimits.requireFinite(price);
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
        CharBuf out = serializer.serialize(adapt(value));
        int n = out.len();
        int room = dst.capacity() - offset;
        if (n > room) throw new EncodeOverflowException(name, room, null);
        char[] c = out.toCharArray(); // Boon's own buffer, not a copy
        byte[] array = dst.byteArray();
        if (array != null) {
            int at = dst.wrapAdjustment() + offset;
            for (int i = 0; i < n; i++) array[at + i] = ascii(c[i], i);
        } else {
            for (int i = 0; i < n; i++) dst.putByte(offset + i, ascii(c[i], i));
        }
        return n;
    }

    private static byte ascii(char c, int i) {
        if (c > 0x7F) throw new IllegalStateException("boon wrote a non-ASCII character at " + i);
        return (byte) c;
    }

    @Override
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        byte[] array = src.byteArray();
        int at;
        if (array != null) {
            at = src.wrapAdjustment() + offset;
        } else {
            limits.checkLength(length); // before the copy
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            array = scratch;
            at = 0;
        }
        char[] c;
        if (limits.checkShape(array, at, length)) {
            c = chars(length);
            for (int i = 0; i < length; i++) c[i] = (char) array[at + i]; // ASCII: one char per byte
        } else {
            StringBuilder decoded = limits.decoded();
            c = chars(decoded.length());
            decoded.getChars(0, c.length, c, 0);
        }
        try {
            fill(parser.parseMap(c), target);
        } catch (DecodeException e) {
            throw e;
        } catch (RuntimeException e) {
            // Boon's own JsonException, and what its parser and lazy values let through on malformed input
            // (ArrayIndexOutOfBounds, NumberFormat, ClassCast, IllegalState): all of them mean bad bytes
            throw new DecodeException(name, -1, e.toString(), e);
        }
    }

    /** The parser's input array, exactly {@code n} chars long: re-made only when the length changes. */
    private char[] chars(int n) {
        if (chars.length != n) chars = new char[n];
        return chars;
    }

    @Override
    public final String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthAscii(offset, length);
    }
}
