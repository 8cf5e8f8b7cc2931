package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

import java.io.IOException;

/**
 * The six fields to and from Jackson's streaming API, shared by the three Jackson rows (which differ only in
 * what the generator and parser sit on). Hand-written: no databind, no reflection.
 *
 * <p>Writing ({@link JsonMapping#writeSixFields}): field names and the two side values are pre-encoded
 * {@code SerializedString}s (Jackson's own recommendation for repeated names); the text goes out from a reused {@code char[]} so no String is made.
 * Jackson's default for NaN and the infinities ({@code WRITE_NAN_AS_STRINGS}) is a quoted "NaN", "Infinity",
 * "-Infinity"; the reader accepts exactly those three strings for the price, so the row carries them.
 *
 * <p>Reading: fields in any order; an unknown, repeated or missing field, or a value of the wrong JSON type,
 * is a {@link DecodeException}. Text is appended from the parser's character buffer
 * ({@code getTextCharacters}), not through {@code getText()}, so no String is made for it.
 */
final class JsonDataMapping extends JsonMapping<Data> {
    private static final int ALL_FIELDS = (1 << 6) - 1;

    /**
     * The most bytes a message may have, checked by each row before Jackson sees them: a text at the
     * {@link #CONSTRAINTS} string limit, every char escaped as {@code \}{@code uXXXX}, and the five other fields
     * fit with room to spare. Jackson's own document-length limit cannot serve the heap row (its fed parser counts
     * all the messages it was ever fed), and its number and string limits are checked only once a whole token is
     * buffered, so this bound is what keeps a single huge token from making the parser buffer megabytes.
     */
    static final int MAX_MESSAGE_BYTES = 512 * 1024;

    /**
     * Jackson's read limits, set explicitly and far below its defaults (depth 1000, numbers of 1000 characters,
     * strings of 20,000,000, names of 50,000) because the message is one flat object of six short fields:
     * nesting 4 (the object is depth 1; anything deeper is refused by the mapping anyway, this stops it before
     * Jackson recurses), numbers of 100 characters (the longest double Jackson writes, {@code Double.toString},
     * is 24; a long is at most 20 digits), a text of 65,536 characters (the JDK rows' writeUTF limit), field
     * names of 64 (the longest is 8). Document length and token count stay unlimited, explicitly: the heap row's
     * fed parser counts both across every message it is fed; {@link #MAX_MESSAGE_BYTES} bounds a message instead.
     */
    static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxNestingDepth(4)
            .maxNumberLength(100)
            .maxStringLength(65_536)
            .maxNameLength(64)
            .maxDocumentLength(-1)
            .maxTokenCount(-1)
            .build();

    JsonDataMapping(String format) {
        super(format);
    }

    /**
     * The factory every Jackson row uses: the fast (exact) double parser Jackson offers as an opt-in feature
     * (it parses from the parser's char buffer; the default path makes a String first), and no separator between successive root values, because each row keeps one generator alive
     * across messages and each message must be exactly one JSON object. The opt-in fast double writer is left
     * off: measured here it allocated more per message than the JDK's {@code Double.toString} (encode 64
     * against 24 B/op on JDK 17, 112 against 88 on JDK 25) and was no faster.
     */
    static JsonFactory factory(boolean escapeNonAscii) {
        return factory(escapeNonAscii, CONSTRAINTS);
    }

    /** As {@link #factory(boolean)}, with read limits of another message's shape. */
    static JsonFactory factory(boolean escapeNonAscii, StreamReadConstraints constraints) {
        JsonFactory f = JsonFactory.builder()
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                .streamReadConstraints(constraints)
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                .configure(JsonWriteFeature.ESCAPE_NON_ASCII, escapeNonAscii)
                .build();
        f.setRootValueSeparator(null);
        return f;
    }

    @Override
    protected void write(JsonGenerator g, Data v) throws IOException {
        g.writeStartObject();
        writeSixFields(g, v.getPrice(), v.isFlag(), (StringBuilder) v.getText(), v.getSide() == Side.Buy ? BUY : SELL,
                v.getSmallInt(), v.getLongInt());
        g.writeEndObject();
        g.flush();
    }

    /**
     * Reads one JSON object from {@code p} into {@code target}, up to and including its closing brace, and reads
     * nothing after it: what may follow the object is the caller's to check, as only the caller knows where the
     * message ends.
     */
    @Override
    protected void readObject(JsonParser p, Data target) throws IOException {
        if (next(p) != JsonToken.START_OBJECT) throw fail(p, "expected a JSON object, found " + p.currentToken());
        int seen = 0;
        JsonToken t;
        while ((t = next(p)) == JsonToken.FIELD_NAME) {
            // names come back as Jackson's canonical (interned) Strings: switching on them allocates nothing
            String name = p.currentName();
            int bit;
            JsonToken value = next(p);
            switch (name) {
                case "price":
                    bit = 1;
                    target.setPrice(readPrice(p, value));
                    break;
                case "flag":
                    bit = 2;
                    target.setFlag(readFlag(p, value));
                    break;
                case "text":
                    bit = 4;
                    readText(p, value, target.textBuffer());
                    break;
                case "side":
                    bit = 8;
                    target.setSide(readBuy(p, value) ? Side.Buy : Side.Sell);
                    break;
                case "smallInt":
                    bit = 16;
                    target.setSmallInt(readInt(p, value, "smallInt"));
                    break;
                case "longInt":
                    bit = 32;
                    target.setLongInt(readLong(p, value, "longInt"));
                    break;
                default:
                    throw fail(p, "unknown field '" + name + "'");
            }
            if ((seen & bit) != 0) throw fail(p, "field '" + name + "' appears twice");
            seen |= bit;
        }
        if (t != JsonToken.END_OBJECT) throw fail(p, "expected a field name or the end of the object, found " + t);
        if (seen != ALL_FIELDS) throw fail(p, "missing field(s): " + missing(seen));
    }

    /** Where the message in {@code b[from, end)} ends without the JSON whitespace at its end. */
    static int trimTrailingWhitespace(byte[] b, int from, int end) {
        while (end > from && isWhitespace(b[end - 1])) end--;
        return end;
    }

    /** Whether {@code c} is one of the four characters JSON allows between tokens. */
    static boolean isWhitespace(int c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    /** Refuses a message longer than {@link #MAX_MESSAGE_BYTES} before any parser sees it. */
    static void checkLength(String format, long length) {
        checkLength(format, length, MAX_MESSAGE_BYTES);
    }

    /** Refuses a message longer than {@code max} bytes before any parser sees it. */
    static void checkLength(String format, long length, int max) {
        if (length > max) {
            throw new DecodeException(format, 0, "message of " + length + " bytes exceeds the " + max + "-byte limit");
        }
    }

    private static String missing(int seen) {
        StringBuilder sb = new StringBuilder();
        for (DataFields f : DataFields.values()) {
            if ((seen & (1 << f.ordinal())) == 0) sb.append(sb.length() == 0 ? "" : ", ").append(f.name());
        }
        return sb.toString();
    }

    /** Jackson's own parse error (malformed JSON, number out of range) as a DecodeException keeping its location. */
    static DecodeException wrap(String format, IOException e) {
        return wrap(format, e, 0);
    }

    /**
     * As {@link #wrap(String, IOException)}, for a parser that has read {@code base} bytes of earlier messages
     * before this one: the offset reported is within this message.
     */
    static DecodeException wrap(String format, IOException e, long base) {
        long offset = -1;
        if (e instanceof JsonProcessingException && ((JsonProcessingException) e).getLocation() != null) {
            JsonLocation l = ((JsonProcessingException) e).getLocation();
            offset = l.getByteOffset() >= 0 ? l.getByteOffset() : l.getCharOffset();
            if (offset >= 0) offset -= base;
        }
        return new DecodeException(format, offset, originalMessage(e), e);
    }

    private static String originalMessage(IOException e) {
        return e instanceof JsonProcessingException ? ((JsonProcessingException) e).getOriginalMessage() : e.toString();
    }
}
