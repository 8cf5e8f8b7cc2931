package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.io.SerializedString;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.NamedCodec;

import java.io.IOException;

/**
 * What the codecs generated from a message schema ({@link JacksonGenerator}) run on: the plumbing of the
 * hand-written {@code jackson} row ({@link JacksonHeapCodec}: one generator kept for the codec's life writing through
 * a stream over the caller's buffer, one non-blocking parser kept across messages and fed the caller's array, dropped
 * after a failure; the same factory settings) with read limits of the message's own shape, and the reads and writes
 * of each schema type, allocation-free where the hand-written row is (names and enum values pre-encoded, text through
 * a reused {@code char[]} and read from the parser's own buffer, numbers compared and parsed there too).
 *
 * <p>A generated codec is a subclass: its {@link #write} writes the message as one JSON object and flushes, its
 * {@link #readObject} reads it back, fields in any order, refusing an unknown, repeated or missing field; the helpers
 * here refuse a value of the wrong JSON type or outside its schema type, each with a {@link DecodeException} naming
 * the row and the offset in the message. Being the mapping itself, as the hand-written rows' mapping is, puts the
 * message's fields as few calls below the benchmark as theirs: C2 stops inlining at a depth, and with three calls
 * more (a body object, its static method, this class's encode) the compiled encode called Jackson's
 * {@code Double.toString} buffer look-up and Chronicle's memory copy instead of inlining them.
 *
 * @param <M> the generated message class
 */
public abstract class JacksonGenerated<M> extends JsonMapping<M> {

    static final SerializedString MANTISSA = new SerializedString("mantissa");
    static final SerializedString EXPONENT = new SerializedString("exponent");

    /** The heap row's plumbing ({@link JacksonHeapCodec}) or the Chronicle Bytes streams row's ({@link JacksonBytesCodec}). */
    private final NamedCodec<M> codec;
    /** Where an unsigned 64-bit number is formatted before it is written. */
    private final char[] digits = new char[20];
    private long mantissa;
    private byte exponent;

    /**
     * @param maxBytes     the longest message accepted, checked before the parser sees it
     * @param maxString    the longest string value, in chars (Jackson's own limit)
     * @param maxNameChars the longest field name, in chars
     * @param maxDepth     the deepest nesting of objects and arrays
     */
    protected JacksonGenerated(String name, int maxBytes, int maxString, int maxNameChars, int maxDepth) {
        this(name, maxBytes, maxString, maxNameChars, maxDepth, false);
    }

    /**
     * @param chronicleBytes through a Chronicle {@code Bytes} over the caller's memory and its
     *                       {@code outputStream()}/{@code inputStream()}, as the {@code jacksonCBytes} row
     *                       ({@link JacksonBytesCodec}); else on the heap, as the {@code jackson} row
     */
    protected JacksonGenerated(String name, int maxBytes, int maxString, int maxNameChars, int maxDepth,
                               boolean chronicleBytes) {
        this(name, maxBytes, maxString, maxNameChars, maxDepth, chronicleBytes, false);
    }

    /**
     * @param chronicleBytes through a Chronicle {@code Bytes} over the caller's memory, as {@link #JacksonGenerated(String,
     *                       int, int, int, int, boolean)}
     * @param characters     (with {@code chronicleBytes}) through the {@code Bytes}' {@code writer()}/{@code reader()} and
     *                       Jackson's character generator and parser, every non-ASCII character escaped, as the
     *                       {@code jacksonCBytesRW} row ({@link JacksonBytesIO} says why); else its streams
     */
    protected JacksonGenerated(String name, int maxBytes, int maxString, int maxNameChars, int maxDepth,
                               boolean chronicleBytes, boolean characters) {
        super(name);
        if (characters && !chronicleBytes) throw new IllegalArgumentException("the Reader/Writer way is over Chronicle Bytes only");
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(maxDepth)
                .maxNumberLength(100)
                .maxStringLength(maxString)
                .maxNameLength(maxNameChars)
                .maxDocumentLength(-1) // the fed parser counts every message it was fed: maxBytes bounds one instead
                .maxTokenCount(-1)
                .build();
        JsonFactory factory = JsonDataMapping.factory(characters, constraints);
        this.codec = chronicleBytes ? new JacksonBytesCodec<>(name, characters, this, factory, maxBytes)
                : new JacksonHeapCodec<>(name, this, factory, maxBytes);
    }

    /** The memory the codec works on without a copy: direct for the Chronicle Bytes row, the heap otherwise. */
    public final Labels.Memory memory() {
        return codec.memory();
    }

    public final int encode(M value, MutableDirectBuffer dst, int offset) {
        return codec.encode(value, dst, offset);
    }

    public final void decode(DirectBuffer src, int offset, int length, M target) {
        codec.decode(src, offset, length, target);
    }

    public final String render(DirectBuffer src, int offset, int length) {
        return codec.render(src, offset, length);
    }

    // ---- writing

    /** Exactly {@code length} ASCII characters, or an IllegalArgumentException naming the field. */
    public void ascii(JsonGenerator g, StringBuilder s, int length, String field) throws IOException {
        org.wireshootout.generator.spi.SchemaChecks.ascii(s, length, field);
        writeText(g, s);
    }

    /** The 64 bits of {@code v} as an unsigned number, formatted into a reused {@code char[]}. */
    public void unsigned(JsonGenerator g, long v) throws IOException {
        if (v >= 0) {
            g.writeNumber(v);
            return;
        }
        int at = digits.length;
        long q = (v >>> 1) / 5; // v / 10, unsigned
        digits[--at] = (char) ('0' + (v - q * 10));
        for (v = q; v > 0; v /= 10) digits[--at] = (char) ('0' + v % 10);
        g.writeNumber(digits, at, digits.length - at);
    }

    /** A decimal with its own exponent: {@code {"mantissa": m, "exponent": e}}. */
    public void decimal(JsonGenerator g, long mantissa, byte exponent) throws IOException {
        g.writeStartObject();
        g.writeFieldName(MANTISSA);
        g.writeNumber(mantissa);
        g.writeFieldName(EXPONENT);
        g.writeNumber(exponent);
        g.writeEndObject();
    }

    // ---- reading

    /** A DecodeException naming the row and the offset of the current token in the message. */
    public DecodeException error(JsonParser p, String what) {
        return fail(p, what);
    }

    /** Refuses a token other than {@code want}. */
    public void expect(JsonParser p, JsonToken value, JsonToken want, String field) {
        if (value != want) throw fail(p, field + " must be " + want + ", found " + value);
    }

    /**
     * A JSON integer within {@code [min, max]}, an int range: read with {@code getIntValue}, Jackson's int fast path, as
     * the hand-written rows read their int field (a number beyond an int is refused as outside the range).
     */
    public int int32(JsonParser p, JsonToken value, int min, int max, String field) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) throw fail(p, field + " must be an integer, found " + value);
        int v;
        try {
            v = p.getIntValue();
        } catch (InputCoercionException e) {
            throw fail(p, field + ": " + p.getText() + " is outside " + min + ".." + max);
        }
        if (v < min || v > max) throw fail(p, field + ": " + v + " is outside " + min + ".." + max);
        return v;
    }

    /** A JSON integer within a long, read as the hand-written rows read theirs (beyond: Jackson's InputCoercionException). */
    public long int64(JsonParser p, JsonToken value, String field) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) throw fail(p, field + " must be an integer, found " + value);
        return p.getLongValue();
    }

    /** A JSON integer within {@code [min, max]} (beyond a long: Jackson's own InputCoercionException). */
    public long integer(JsonParser p, JsonToken value, long min, long max, String field) throws IOException {
        return integer(p, value, min, max, field, "");
    }

    private long integer(JsonParser p, JsonToken value, long min, long max, String field, String part) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) throw fail(p, field + part + " must be an integer, found " + value);
        long v = p.getLongValue();
        if (v < min || v > max) throw fail(p, field + part + ": " + v + " is outside " + min + ".." + max);
        return v;
    }

    /** A JSON integer from 0 to 2^64-1 as the 64 bits of a long, parsed from the parser's own buffer. */
    public long unsigned(JsonParser p, JsonToken value, String field) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) throw fail(p, field + " must be an integer, found " + value);
        char[] c = p.getTextCharacters();
        int o = p.getTextOffset();
        int n = p.getTextLength();
        if (n == 0 || c[o] == '-') {
            if (n == 2 && c[o + 1] == '0') return 0; // -0 is zero
            throw fail(p, field + " must not be negative");
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            int d = c[o + i] - '0';
            if (d < 0 || d > 9) throw fail(p, field + " is not a plain integer");
            // v * 10 + d must stay below 2^64
            if (Long.compareUnsigned(v, 1844674407370955161L) > 0 || (v == 1844674407370955161L && d > 5)) {
                throw fail(p, field + " is beyond 2^64-1");
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** A set's bits (an unsigned number), refused when any bit names no choice. */
    public long set(JsonParser p, JsonToken value, long allowed, String field) throws IOException {
        long v = unsigned(p, value, field);
        if ((v & ~allowed) != 0) throw fail(p, field + ": bits 0x" + Long.toHexString(v & ~allowed) + " name no choice");
        return v;
    }

    /** A double: a JSON number, or the quoted "NaN", "Infinity", "-Infinity" Jackson writes by default. */
    public double f64(JsonParser p, JsonToken value, String field) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_FLOAT || value == JsonToken.VALUE_NUMBER_INT) return p.getDoubleValue();
        if (value == JsonToken.VALUE_STRING) {
            if (textEquals(p, "NaN")) return Double.NaN;
            if (textEquals(p, "Infinity")) return Double.POSITIVE_INFINITY;
            if (textEquals(p, "-Infinity")) return Double.NEGATIVE_INFINITY;
        }
        throw fail(p, field + " must be a number (or \"NaN\", \"Infinity\", \"-Infinity\"), found " + value);
    }

    /** A float, as {@link #f64}. */
    public float f32(JsonParser p, JsonToken value, String field) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_FLOAT || value == JsonToken.VALUE_NUMBER_INT) return p.getFloatValue();
        if (value == JsonToken.VALUE_STRING) {
            if (textEquals(p, "NaN")) return Float.NaN;
            if (textEquals(p, "Infinity")) return Float.POSITIVE_INFINITY;
            if (textEquals(p, "-Infinity")) return Float.NEGATIVE_INFINITY;
        }
        throw fail(p, field + " must be a number (or \"NaN\", \"Infinity\", \"-Infinity\"), found " + value);
    }

    public boolean bool(JsonParser p, JsonToken value, String field) {
        if (value == JsonToken.VALUE_TRUE) return true;
        if (value == JsonToken.VALUE_FALSE) return false;
        throw fail(p, field + " must be true or false, found " + value);
    }

    /** A string into {@code to} from the parser's buffer, refused beyond {@code maxBytes} bytes of UTF-8. */
    public void text(JsonParser p, JsonToken value, StringBuilder to, int maxBytes, String field) throws IOException {
        if (value != JsonToken.VALUE_STRING) throw fail(p, field + " must be a string, found " + value);
        char[] c = p.getTextCharacters();
        int o = p.getTextOffset();
        int n = p.getTextLength();
        // a char is at most 3 bytes of UTF-8 (a surrogate pair 4 for two), so up to maxBytes / 3 chars is within the
        // bound without counting: the count runs only for longer text
        if (n > maxBytes / 3) {
            long bytes = 0;
            for (int i = o; i < o + n; i++) {
                char ch = c[i];
                bytes += ch < 0x80 ? 1 : ch < 0x800 ? 2 : Character.isSurrogate(ch) ? 2 : 3; // a pair is 4 bytes
            }
            if (bytes > maxBytes) throw fail(p, field + " holds " + bytes + " bytes of UTF-8, more than its bound " + maxBytes);
        }
        to.setLength(0);
        to.append(c, o, n);
    }

    /** A string of exactly {@code length} ASCII characters into {@code to}. */
    public void ascii(JsonParser p, JsonToken value, StringBuilder to, int length, String field) throws IOException {
        if (value != JsonToken.VALUE_STRING) throw fail(p, field + " must be a string, found " + value);
        char[] c = p.getTextCharacters();
        int o = p.getTextOffset();
        int n = p.getTextLength();
        if (n != length) throw fail(p, field + " holds " + n + " chars; ascii(" + length + ") takes exactly " + length);
        for (int i = o; i < o + n; i++) {
            if (c[i] > 127) throw fail(p, field + " holds a non-ASCII char at " + (i - o));
        }
        to.setLength(0);
        to.append(c, o, n);
    }

    /**
     * A base64 string (Jackson's binary API, its default variant, padding required) decoded, refused beyond
     * {@code maxLength} bytes. Jackson hands the bytes back in an array of their own, which the caller copies into the
     * message: a bytes field costs that allocation per message.
     */
    public byte[] bytes(JsonParser p, JsonToken value, int maxLength, String field) throws IOException {
        if (value != JsonToken.VALUE_STRING) throw fail(p, field + " must be a base64 string, found " + value);
        if (p.getTextLength() > (maxLength + 2) / 3 * 4) throw fail(p, field + " is longer than its bound " + maxLength + " in base64");
        byte[] b = p.getBinaryValue(Base64Variants.getDefaultVariant());
        if (b.length > maxLength) throw fail(p, field + " holds " + b.length + " bytes, more than its bound " + maxLength);
        return b;
    }

    /** The index in {@code names} of the string value, compared in the parser's buffer; any other value is refused. */
    public int enumIndex(JsonParser p, JsonToken value, String[] names, String field) throws IOException {
        if (value != JsonToken.VALUE_STRING) throw fail(p, field + " must be a string, found " + value);
        for (int i = 0; i < names.length; i++) if (textEquals(p, names[i])) return i;
        throw fail(p, field + ": \"" + p.getText() + "\" names no value");
    }

    /** Reads {@code {"mantissa": m, "exponent": e}}, both required once; then {@link #mantissa()}, {@link #exponent()}. */
    public void decimal(JsonParser p, JsonToken value, String field) throws IOException {
        if (value != JsonToken.START_OBJECT) throw fail(p, field + " must be an object of mantissa and exponent, found " + value);
        int seen = 0;
        JsonToken t;
        while ((t = next(p)) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = next(p);
            int bit;
            switch (name) {
                case "mantissa" -> {
                    bit = 1;
                    // the part's name is added to the field's only in an error: a label built per read would be garbage per message
                    if ((seen & bit) == 0) mantissa = integer(p, v, Long.MIN_VALUE, Long.MAX_VALUE, field, ".mantissa");
                }
                case "exponent" -> {
                    bit = 2;
                    if ((seen & bit) == 0) exponent = (byte) integer(p, v, Byte.MIN_VALUE, Byte.MAX_VALUE, field, ".exponent");
                }
                default -> throw fail(p, field + ": unknown field '" + name + "'");
            }
            if ((seen & bit) != 0) throw fail(p, field + ": field '" + name + "' appears twice");
            seen |= bit;
        }
        if (t != JsonToken.END_OBJECT) throw fail(p, field + ": expected a field name or the end of the object, found " + t);
        if (seen != 3) throw fail(p, field + ": " + ((seen & 1) == 0 ? "mantissa" : "exponent") + " is missing");
    }

    /** The mantissa the last {@link #decimal(JsonParser, JsonToken, String)} read. */
    public long mantissa() {
        return mantissa;
    }

    /** The exponent the last {@link #decimal(JsonParser, JsonToken, String)} read. */
    public byte exponent() {
        return exponent;
    }

    /** Refuses a group of more than {@code max} entries (called before each entry is read). */
    public void count(JsonParser p, int count, int max, String field) {
        if (count >= max) throw fail(p, field + " holds more than its bound of " + max + " entries");
    }

    /** The names of the required fields whose bits are missing from {@code seen}, for the error. */
    public static String missing(long seen, long required, String[] names, int from) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 64 && from + i < names.length; i++) {
            if ((required & (1L << i)) != 0 && (seen & (1L << i)) == 0) b.append(b.length() == 0 ? "" : ", ").append(names[from + i]);
        }
        return b.toString();
    }
}
