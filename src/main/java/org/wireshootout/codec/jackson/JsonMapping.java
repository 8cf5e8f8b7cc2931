package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.NonBlockingInputFeeder;
import org.wireshootout.codec.DecodeException;

import java.io.IOException;

/**
 * One message to and from Jackson's streaming API: what the Jackson codecs' plumbing (a generator and a parser
 * kept across messages) asks of the message it carries. {@link JsonDataMapping} is the six-field message,
 * {@link JsonEvolvedMapping} its version 2; both write through the same generator calls and read through the
 * same parser, and share what is here: the reused text buffer, the token and price reading, the errors.
 *
 * @param <T> the message
 */
abstract class JsonMapping<T> {
    final String format;
    private char[] chars = new char[64];
    private long offsetBase;

    JsonMapping(String format) {
        this.format = format;
    }

    /** Writes {@code v} as one JSON object and flushes the generator. */
    abstract void write(JsonGenerator g, T v) throws IOException;

    /**
     * Reads one JSON object from {@code p} into {@code target}, up to and including its closing brace, and reads
     * nothing after it: what may follow the object is the caller's to check, as only the caller knows where the
     * message ends.
     */
    abstract void readObject(JsonParser p, T target) throws IOException;

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

    /** Writes {@code text} as a string value from a reused {@code char[]}, so no String is made. */
    final void writeText(JsonGenerator g, StringBuilder text) throws IOException {
        int n = text.length();
        if (n > chars.length) chars = new char[Math.max(n, chars.length * 2)];
        text.getChars(0, n, chars, 0);
        g.writeString(chars, 0, n);
    }

    /** The next token; a fed parser that runs out of input inside the object means the message is cut short. */
    final JsonToken next(JsonParser p) throws IOException {
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
