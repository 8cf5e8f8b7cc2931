package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.UnsafeMemory;
import org.wireshootout.codec.DecodeException;

/**
 * Strict values for the text wires' version 1 (TextWire rows, the JSONWire row). Chronicle's text value readers are
 * lenient: {@code int64()} wraps a number beyond 64 bits, {@code int32()} truncates {@code 123.9}, {@code bool()}
 * reads any word but {@code true} as false, {@code textTo} drops a YAML tag ({@code !Tripwire {payload: y}}), and
 * JSONWire ignores what follows the last field. The library's calls stay as they are; these checks look at the
 * bytes a value was read from, between the read position noted before the call ({@code start}) and the document's
 * end, in one pass over bytes just read (no allocation, no String), and refuse with the byte that breaks the value.
 *
 * <p>Each value must be exactly what the row's writer puts out: blanks, the token, blanks, then the separator
 * (YAML: a line break; JSON: a comma) or the end of the document.
 */
final class StrictTextValues {
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    /** Digits of the longest int64 and int32; a longer run cannot be a value the writer wrote. */
    static final int LONG_DIGITS = 19;
    static final int INT_DIGITS = 10;

    private final String format;
    private final boolean json;
    /** Values may also sit inside nested objects and lists, where a comma, a closing brace or bracket ends them. */
    private final boolean nested;

    /** @param json the JSONWire row: values end at a comma, and nothing but another member may follow the last */
    StrictTextValues(String format, boolean json) {
        this(format, json, false);
    }

    /**
     * @param nested the document holds nested objects and lists ({@code marshallable}, {@code sequence}), inside
     *               which the wire ends a value with a comma, {@code '}'} or {@code ']'} (YAML: before the line break)
     */
    StrictTextValues(String format, boolean json, boolean nested) {
        this.format = format;
        this.json = json;
        this.nested = nested;
    }

    /** The flag read from {@code start}: the token must be exactly {@code true} or {@code false}, as read. */
    void flag(Bytes<?> b, long start, boolean value) {
        long limit = b.readLimit();
        long base = base(b, start, limit);
        long p = skipBlanks(base, start, limit);
        byte[] word = value ? TRUE : FALSE;
        for (byte c : word) {
            if (p >= limit || at(base, p) != c) throw refuse(p, "flag is neither true nor false");
            p++;
        }
        endOfValue(base, p, limit, "flag");
    }

    /**
     * An integer read from {@code start} as {@code value}: an optional minus and at most {@code maxDigits} digits,
     * nothing else (no fraction, exponent, quotes or tag), and a sign that agrees with the value read (a run of
     * {@code maxDigits} digits beyond the type's range wraps to the other sign). Returns where its separator is
     * (or the document's end).
     */
    long integer(Bytes<?> b, long start, long value, int maxDigits, String field) {
        long limit = b.readLimit();
        long base = base(b, start, limit);
        long p = skipBlanks(base, start, limit);
        boolean negative = p < limit && at(base, p) == '-';
        if (negative) p++;
        long first = p;
        while (p < limit && isDigit(at(base, p))) p++;
        long digits = p - first;
        if (digits == 0) throw refuse(p, field + " is not an integer");
        if (digits > maxDigits) throw refuse(first + maxDigits, field + " has more digits than its type holds");
        if (negative ? value > 0 : value < 0) throw refuse(first, field + " is beyond its type's range");
        return endOfValue(base, p, limit, field);
    }

    /** The text read from {@code start}: a YAML tag ({@code !}) is refused, since the library drops it silently. */
    void text(Bytes<?> b, long start) {
        long limit = b.readLimit();
        long base = base(b, start, limit);
        long p = skipBlanks(base, start, limit);
        if (p < limit && at(base, p) == '!') throw refuse(p, "text carries a YAML tag");
    }

    /**
     * After the last field, given where its separator is ({@link #integer}'s answer). JSON: the document ends there,
     * or a comma and a further member follow (a later version's appended field, which this reader leaves unread as
     * Chronicle's JSON reader skips keys it does not know); a closing brace or anything else after the last value
     * was refused as its separator already. YAML needs no check: a value ends at a line break, and what follows is
     * the next key.
     */
    void end(Bytes<?> b, long separator) {
        long limit = b.readLimit();
        if (!json || separator >= limit) return;
        long base = base(b, separator + 1, limit);
        long p = skipBlanks(base, separator + 1, limit);
        if (p >= limit || at(base, p) != '"') throw refuse(p, "bytes after the last field");
    }

    /** After a value's token: blanks, then the separator or the document's end, whose position it returns. */
    private long endOfValue(long base, long p, long limit, String field) {
        long q = skipBlanks(base, p, limit);
        if (q >= limit) return q;
        byte c = at(base, q);
        if (json ? c == ',' : c == '\n') return q;
        if (nested && (c == ',' || c == '}' || c == ']')) return q;
        throw refuse(q, field + " has more after its value");
    }

    /** Spaces and tabs; JSON also line breaks, which are blanks there (in YAML a line break ends the value). */
    private long skipBlanks(long base, long p, long limit) {
        while (p < limit) {
            byte c = at(base, p);
            if (c == ' ' || c == '\t' || (json && (c == '\n' || c == '\r'))) p++;
            else break;
        }
        return p;
    }

    /**
     * The native address of offset 0 of {@code b}'s bytes, taken at {@code start} (0 when nothing is left to read).
     * The rows' buffers are direct; reading through one address instead of {@code Bytes.readByte}, which checks its
     * bounds on every byte, keeps the check to a few ns. Every read is of an offset in [start, readLimit), inside
     * the document, which the header check has already bounded by the bytes present.
     */
    private static long base(Bytes<?> b, long start, long limit) {
        return start < limit ? b.addressForRead(start) - start : 0;
    }

    private static byte at(long base, long offset) {
        return UnsafeMemory.MEMORY.readByte(base + offset);
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private DecodeException refuse(long offset, String what) {
        return new DecodeException(format, offset, what);
    }
}
