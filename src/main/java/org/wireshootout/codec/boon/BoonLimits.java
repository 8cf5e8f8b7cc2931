package org.wireshootout.codec.boon;

import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.utf8.StrictUtf8;

import java.nio.charset.StandardCharsets;

/**
 * What Boon 0.34 cannot do safely by itself, checked by the codecs of the {@code boon} row and of its version 2: Boon
 * writes NaN and the infinities as bare words its own parser then rejects ({@link #requireFinite}), and its parser
 * has no read limits at all, ignores anything after the top-level object and reads malformed UTF-8 as U+FFFD, so the
 * message's shape is checked before the parser sees it ({@link #checkShape}).
 */
final class BoonLimits {
    /** The same bounds the Jackson rows set: a flat object of six short fields needs no more. */
    static final int MAX_MESSAGE_BYTES = 512 * 1024;
    static final int MAX_DEPTH = 4;
    static final int MAX_NUMBER_LENGTH = 100;
    static final int MAX_TEXT_CHARS = 65_536;

    private final String name;
    private final int maxMessageBytes;
    private final int maxDepth;
    /** Where the strict UTF-8 check of a non-ASCII message decodes to: its characters until the next check. */
    private final StringBuilder utf8Scratch = new StringBuilder();

    BoonLimits(String name) {
        this(name, MAX_MESSAGE_BYTES, MAX_DEPTH);
    }

    /** Limits of a message's own shape (the generated rows): its longest encoding and its deepest nesting. */
    BoonLimits(String name, int maxMessageBytes, int maxDepth) {
        this.name = name;
        this.maxMessageBytes = maxMessageBytes;
        this.maxDepth = maxDepth;
    }

    /** Refuses a price Boon would write as a bare word its own parser rejects (limitation NON_FINITE_DOUBLE). */
    static void requireFinite(double price) {
        if (!Double.isFinite(price)) {
            throw new IllegalArgumentException("boon: price " + price + " would be written as a bare word Boon's parser rejects");
        }
    }

    /**
     * The limits Boon does not have, checked in one pass over the bytes before its parser sees them: the
     * message length, the nesting depth (Boon's parser recurses once per level: JSON nested 100,000 deep threw
     * StackOverflowError) and the length of a number (Boon reads any number of digits: a million-digit price was
     * accepted). Strings are skipped, escapes included; the parser checks everything else. The message is the
     * {@code length} bytes of {@code b} from {@code from}; offsets in errors count from {@code from}.
     *
     * @return whether the message is ASCII; if not, its characters (checked as strict UTF-8) are in {@link #decoded}
     */
    boolean checkShape(byte[] b, int from, int length) {
        checkLength(length);
        utf8Scratch.setLength(0);
        int end = from + length;
        int depth = 0;
        int number = 0;
        boolean ascii = true;
        for (int i = from; i < end; i++) {
            byte c = b[i];
            if (c == '"') {
                if (number >= LONG_DIGITS) checkInteger(b, from, i - number, i);
                number = 0;
                for (i++; i < end && b[i] != '"'; i++) {
                    if (b[i] == '\\') i++;
                    else if (b[i] < 0) ascii = false;
                }
                continue;
            }
            if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
                if (++number > MAX_NUMBER_LENGTH) {
                    throw new DecodeException(name, i - from, "number longer than " + MAX_NUMBER_LENGTH + " characters");
                }
                continue;
            }
            if (number >= LONG_DIGITS) checkInteger(b, from, i - number, i);
            number = 0;
            if (c < 0) ascii = false;
            if (c == '{' || c == '[') {
                if (++depth > maxDepth) throw new DecodeException(name, i - from, "nesting deeper than " + maxDepth);
            } else if ((c == '}' || c == ']') && depth > 0) {
                depth--; // never below 0: stray closers must not buy depth for openers after them
                if (depth == 0) {
                    // the top-level value ends here: only JSON whitespace may follow, where Boon's parser stops
                    // at the closing brace and ignores the rest (a slow path, once per message)
                    trailing(b, from, i + 1, end);
                    break;
                }
            }
        }
        if (number >= LONG_DIGITS) checkInteger(b, from, end - number, end);
        // Boon turns malformed UTF-8 into U+FFFD; its own output is ASCII, so this costs nothing on the round trip
        if (!ascii) StrictUtf8.decode(b, from, length, utf8Scratch, name, 0);
        return ascii;
    }

    /** Refuses a message longer than the limit ({@link #MAX_MESSAGE_BYTES} for the six fields), the first of {@link #checkShape}'s checks. */
    void checkLength(int length) {
        if (length > maxMessageBytes) {
            throw new DecodeException(name, 0, "message of " + length + " bytes exceeds the " + maxMessageBytes + "-byte limit");
        }
    }

    /** The characters of the last {@link #checkShape}'s message when it was not ASCII. */
    StringBuilder decoded() {
        return utf8Scratch;
    }

    /** Refuses anything but JSON whitespace from {@code at} to {@code end}: bytes after the message's one value. */
    private void trailing(byte[] b, int from, int at, int end) {
        for (int i = at; i < end; i++) {
            byte c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                throw new DecodeException(name, i - from, (end - i) + " bytes after the top-level object, which ends the message");
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
    private void checkInteger(byte[] b, int message, int from, int to) {
        boolean negative = b[from] == '-';
        int start = negative || b[from] == '+' ? from + 1 : from;
        for (int k = start; k < to; k++) if (b[k] < '0' || b[k] > '9') return;
        if (b[start] == '0') {
            // JSON has no leading zeros, and Boon read 0000000000000000000007 as 0
            throw new DecodeException(name, from - message, "integer with a leading zero (not JSON)");
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
            throw new DecodeException(name, from - message, "integer " + new String(b, from, to - from, StandardCharsets.US_ASCII)
                    + " lies beyond the 64-bit range, which Boon would read wrongly");
        }
    }
}
