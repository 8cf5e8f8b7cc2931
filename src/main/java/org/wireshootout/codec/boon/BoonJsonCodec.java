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
import org.wireshootout.codec.utf8.StrictUtf8;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON through Boon 0.34: the plumbing of the {@code boon} row ({@link BoonCodec}) and of its version 2
 * ({@link BoonEvolved}), which differ only in the class Boon's serialiser writes and how the parsed map is read.
 * Encoding is Boon's reflective object serialiser over an adapter class (fields only, default values included
 * so that a zero or false field is still written); the serialiser reuses its own character buffer, which the codec copies out as bytes. Boon escapes
 * every character above U+007F as {@code \}{@code uXXXX}, so its output is ASCII and one char is one byte.
 *
 * <p>Decoding is Boon's fast (index-overlay) parser into its lazy map, from which the fields are checked and
 * copied by hand ({@link #fill}). The parser reads whole arrays only, so the message is kept in an array of exactly
 * its length (re-made only when the length changes).
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
 * all, so the codec checks length, nesting and number length itself before parsing ({@link #checkShape}).
 */
abstract class BoonJsonCodec<T> extends NamedCodec<T> {
    /** The same bounds the Jackson rows set: a flat object of six short fields needs no more. */
    static final int MAX_MESSAGE_BYTES = 512 * 1024;
    static final int MAX_DEPTH = 4;
    static final int MAX_NUMBER_LENGTH = 100;
    static final int MAX_TEXT_CHARS = 65_536;
    private final JsonSerializer serializer = new JsonSerializerFactory()
            .useFieldsOnly().includeDefaultValues().includeEmpty().includeNulls().create();
    private final JsonParserAndMapper parser = new JsonParserFactory().createFastParser();
    private byte[] wire = new byte[0];
    /** Where the strict UTF-8 check of a non-ASCII message decodes to; emptied after. */
    private final StringBuilder utf8Scratch = new StringBuilder();
    private final ArrayMessage message = new ArrayMessage(() -> wire, () -> wire.length,
            (src, offset, length) -> wire = Arrays.copyOfRange(src, offset, offset + length));


    BoonJsonCodec(String name) {
        super(name);
    }

    /** The object Boon's serialiser writes for {@code value}, its fields filled from it. */
    abstract Object adapt(T value);

    /** Checks and copies the map Boon's parser built into {@code target}. */
    abstract void fill(java.util.Map<String, Object> parsed, T target);

    /** Refuses a price Boon would write as a bare word its own parser rejects (limitation NON_FINITE_DOUBLE). */
    static void requireFinite(double price) {
        if (!Double.isFinite(price)) {
            throw new IllegalArgumentException("boon: price " + price + " would be written as a bare word Boon's parser rejects");
        }
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
        checkShape(wire);
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

    /**
     * The limits Boon does not have, checked in one pass over the bytes before its parser sees them: the
     * message length, the nesting depth (Boon's parser recurses once per level: JSON nested 100,000 deep threw
     * StackOverflowError) and the length of a number (Boon reads any number of digits: a million-digit price was
     * accepted). Strings are skipped, escapes included; the parser checks everything else.
     */
    void checkShape(byte[] b) {
        if (b.length > MAX_MESSAGE_BYTES) {
            throw new DecodeException(name, 0, "message of " + b.length + " bytes exceeds the " + MAX_MESSAGE_BYTES + "-byte limit");
        }
        int depth = 0;
        int number = 0;
        boolean ascii = true;
        for (int i = 0; i < b.length; i++) {
            byte c = b[i];
            if (c == '"') {
                if (number >= LONG_DIGITS) checkInteger(b, i - number, i);
                number = 0;
                for (i++; i < b.length && b[i] != '"'; i++) {
                    if (b[i] == '\\') i++;
                    else if (b[i] < 0) ascii = false;
                }
                continue;
            }
            if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
                if (++number > MAX_NUMBER_LENGTH) {
                    throw new DecodeException(name, i, "number longer than " + MAX_NUMBER_LENGTH + " characters");
                }
                continue;
            }
            if (number >= LONG_DIGITS) checkInteger(b, i - number, i);
            number = 0;
            if (c < 0) ascii = false;
            if (c == '{' || c == '[') {
                if (++depth > MAX_DEPTH) throw new DecodeException(name, i, "nesting deeper than " + MAX_DEPTH);
            } else if ((c == '}' || c == ']') && depth > 0) {
                depth--; // never below 0: stray closers must not buy depth for openers after them
                if (depth == 0) {
                    // the top-level value ends here: only JSON whitespace may follow, where Boon's parser stops
                    // at the closing brace and ignores the rest (a slow path, once per message)
                    trailing(b, i + 1);
                    break;
                }
            }
        }
        if (number >= LONG_DIGITS) checkInteger(b, b.length - number, b.length);
        // Boon turns malformed UTF-8 into U+FFFD; its own output is ASCII, so this costs nothing on the round trip
        if (!ascii) StrictUtf8.decode(b, 0, b.length, utf8Scratch, name, 0);
        utf8Scratch.setLength(0);
    }

    /** Refuses anything but JSON whitespace from {@code from} to the end: bytes after the message's one value. */
    private void trailing(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            byte c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                throw new DecodeException(name, i, (b.length - i) + " bytes after the top-level object, which ends the message");
            }
        }
    }

    /** The fewest digits an integer needs to lie beyond a long: shorter ones are checked by nobody, as all fit. */
    private static final int LONG_DIGITS = 19;

    /**
     * An integer literal of 19 or more characters must be JSON (no leading zero) and fit a long: Boon reads one
     * beyond the range, or padded with zeros, without complaint and wrongly (2^63 as 0). A number with a
     * fraction or an exponent is a double and is left to Boon.
     */
    private void checkInteger(byte[] b, int from, int to) {
        boolean negative = b[from] == '-';
        int start = negative || b[from] == '+' ? from + 1 : from;
        for (int k = start; k < to; k++) if (b[k] < '0' || b[k] > '9') return;
        if (b[start] == '0') {
            // JSON has no leading zeros, and Boon read 0000000000000000000007 as 0
            throw new DecodeException(name, from, "integer with a leading zero (not JSON)");
        }
        String limit = negative ? "9223372036854775808" : "9223372036854775807";
        int digits = to - start;
        boolean beyond = digits > limit.length();
        if (digits == limit.length()) {
            for (int k = 0; k < digits; k++) {
                if (b[start + k] != limit.charAt(k)) {
                    beyond = b[start + k] > limit.charAt(k);
                    break;
                }
            }
        }
        if (beyond) {
            throw new DecodeException(name, from, "integer " + new String(b, from, to - from, StandardCharsets.US_ASCII)
                    + " lies beyond the 64-bit range, which Boon would read wrongly");
        }
    }

    @Override public MessageBuffer buffer() { return message; }

    @Override public String render() { return new String(wire, StandardCharsets.US_ASCII); }
}
