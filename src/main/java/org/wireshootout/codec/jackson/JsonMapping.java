package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.NonBlockingInputFeeder;
import com.fasterxml.jackson.core.io.SerializedString;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

import java.io.IOException;

/**
 * One message to and from Jackson's streaming API: what the Jackson codecs' plumbing (a generator and a parser
 * kept across messages) asks of the message it carries. {@link JsonDataMapping} is the six-field message,
 * {@link JsonEvolvedMapping} its version 2; both write through the same generator calls and read through the
 * same parser, and share what is here: version 1's six fields written in its order ({@link #writeSixFields}),
 * which version 2 under {@code addField} writes too before its venue, the reading of each field's value, the
 * reused text buffer, the errors.
 *
 * @param <T> the message
 */
abstract class JsonMapping<T> {
    /** Field names and the two sides, pre-encoded: Jackson's own recommendation for repeated names. */
    static final SerializedString PRICE = new SerializedString(DataFields.price.name());
    static final SerializedString FLAG = new SerializedString(DataFields.flag.name());
    static final SerializedString TEXT = new SerializedString(DataFields.text.name());
    static final SerializedString SIDE = new SerializedString(DataFields.side.name());
    static final SerializedString SMALL_INT = new SerializedString(DataFields.smallInt.name());
    static final SerializedString LONG_INT = new SerializedString(DataFields.longInt.name());
    static final SerializedString BUY = new SerializedString(Side.Buy.name());
    static final SerializedString SELL = new SerializedString(Side.Sell.name());

    final String format;
    private char[] chars = new char[64];
    private long offsetBase;

    JsonMapping(String format) {
        this.format = format;
    }

    /** Writes {@code v} as one JSON object and flushes the generator. */
    protected abstract void write(JsonGenerator g, T v) throws IOException;

    /**
     * Reads one JSON object from {@code p} into {@code target}, up to and including its closing brace, and reads
     * nothing after it: what may follow the object is the caller's to check, as only the caller knows where the
     * message ends.
     */
    protected abstract void readObject(JsonParser p, T target) throws IOException;

    /**
     * Reads exactly one JSON object from the fed (non-blocking) parser {@code p} into {@code target}, then insists
     * that the object's closing brace was the last byte fed.
     */
    final void read(JsonParser p, T target) throws IOException {
        readObject(p, target);
        // The fed parser was given the message without trailing whitespace, so the object's closing brace must
        // have been the last byte. Asking for the next token would not do: a partial token after the object ("1",
        // "tru", an unclosed string) gives NOT_AVAILABLE, and the parser would carry it into the next message.
        if (!((NonBlockingInputFeeder) p.getNonBlockingInputFeeder()).needMoreInput()) {
            throw fail(p, "content after the object");
        }
    }

    /**
     * Version 1's six fields, names and values, in version 1's order, inside an object the caller opens and
     * closes: the body of version 1's object and the start of version 2's under {@code addField}.
     */
    final void writeSixFields(JsonGenerator g, double price, boolean flag, StringBuilder text, SerializedString side,
                              int smallInt, long longInt) throws IOException {
        g.writeFieldName(PRICE);
        g.writeNumber(price);
        g.writeFieldName(FLAG);
        g.writeBoolean(flag);
        g.writeFieldName(TEXT);
        writeText(g, text);
        g.writeFieldName(SIDE);
        g.writeString(side);
        g.writeFieldName(SMALL_INT);
        g.writeNumber(smallInt);
        g.writeFieldName(LONG_INT);
        g.writeNumber(longInt);
    }

    /**
     * Writes {@code text} as a string value from a reused {@code char[]}, so no String is made. Public for the generated
     * codecs ({@link JacksonGenerated}), which call it on their text fields directly, as the hand-written rows do.
     */
    public final void writeText(JsonGenerator g, StringBuilder text) throws IOException {
        int n = text.length();
        if (n > chars.length) chars = new char[Math.max(n, chars.length * 2)];
        text.getChars(0, n, chars, 0);
        g.writeString(chars, 0, n);
    }

    /**
     * The next token; a fed parser that runs out of input inside the object means the message is cut short. Public for
     * the generated codecs, as {@link #writeText}.
     */
    public final JsonToken next(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.NOT_AVAILABLE) throw fail(p, "message ends inside the object");
        if (t == null) throw fail(p, "message ends before the object does");
        return t;
    }

    final double readPrice(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_FLOAT || value == JsonToken.VALUE_NUMBER_INT) return p.getDoubleValue();
        if (value == JsonToken.VALUE_STRING) {
            // Jackson writes non-finite doubles as these quoted names by default (WRITE_NAN_AS_STRINGS)
            switch (p.getText()) {
                case "NaN": return Double.NaN;
                case "Infinity": return Double.POSITIVE_INFINITY;
                case "-Infinity": return Double.NEGATIVE_INFINITY;
                default: break;
            }
        }
        throw fail(p, "price must be a number (or \"NaN\", \"Infinity\", \"-Infinity\"), found " + value);
    }

    final boolean readFlag(JsonParser p, JsonToken value) {
        if (value == JsonToken.VALUE_TRUE) return true;
        if (value == JsonToken.VALUE_FALSE) return false;
        throw fail(p, "flag must be true or false, found " + value);
    }

    /** Copies the string value into {@code sb} (emptied first) from the parser's char buffer: no String is made. */
    final void readText(JsonParser p, JsonToken value, StringBuilder sb) throws IOException {
        if (value != JsonToken.VALUE_STRING) throw fail(p, "text must be a string, found " + value);
        sb.setLength(0);
        sb.append(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
    }

    /** An int32 field; beyond the int32 range it is Jackson's own {@code InputCoercionException}. */
    final int readInt(JsonParser p, JsonToken value, String field) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) throw fail(p, field + " must be an integer, found " + value);
        return p.getIntValue();
    }

    final long readLong(JsonParser p, JsonToken value, String field) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) throw fail(p, field + " must be an integer, found " + value);
        return p.getLongValue();
    }

    /** Whether the side is Buy (true) or Sell (false), compared in the parser's own buffer; any other value fails. */
    final boolean readBuy(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_STRING) throw fail(p, "side must be a string, found " + value);
        char[] c = p.getTextCharacters();
        int o = p.getTextOffset();
        int n = p.getTextLength();
        if (n == 3 && c[o] == 'B' && c[o + 1] == 'u' && c[o + 2] == 'y') return true;
        if (n == 4 && c[o] == 'S' && c[o + 1] == 'e' && c[o + 2] == 'l' && c[o + 3] == 'l') return false;
        throw fail(p, "side must be \"Buy\" or \"Sell\", found \"" + new String(c, o, n) + '"');
    }

    /** Whether the string value {@code p} is on is exactly {@code name}, compared in the parser's own buffer. */
    static boolean textEquals(JsonParser p, String name) throws IOException {
        char[] c = p.getTextCharacters();
        int o = p.getTextOffset();
        int n = p.getTextLength();
        if (n != name.length()) return false;
        for (int i = 0; i < n; i++) if (c[o + i] != name.charAt(i)) return false;
        return true;
    }

    /**
     * For a parser kept across messages: how many bytes (or chars) of earlier messages it read before the current
     * one, so that the offsets in errors count from the start of the current message.
     */
    final void offsetBase(long base) {
        this.offsetBase = base;
    }

    final DecodeException fail(JsonParser p, String what) {
        long offset = p.currentTokenLocation().getByteOffset();
        // a parser over characters (the Reader row) knows char offsets only
        if (offset < 0) offset = p.currentTokenLocation().getCharOffset();
        return new DecodeException(format, offset >= 0 ? offset - offsetBase : offset, what);
    }
}
