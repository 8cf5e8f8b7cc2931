package org.wireshootout.codec;

import org.wireshootout.codec.utf8.StrictUtf8;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * The reads of each schema type from the Java objects a library's own parser builds (SnakeYAML's safe-constructed
 * mapping, Boon's lazy map): what the codecs generated for those rows call, as {@link FieldMap} is what their
 * hand-written {@code Data} rows call. Each read takes the value found under a field's key and either returns it as
 * the schema type holds it or refuses it with a {@link DecodeException} naming the row, the field, what it must be and
 * what was found. The libraries give no position for a value of their maps, so the offset is 0 (the message), as
 * {@link FieldMap}'s is.
 */
public final class LoadedMap {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private final String row;
    private long mantissa;
    private byte exponent;

    public LoadedMap(String row) {
        this.row = row;
    }

    /** A DecodeException naming the row, at offset 0 (the map has no positions). */
    public DecodeException error(String what) {
        return new DecodeException(row, 0, what);
    }

    private DecodeException wrongType(String field, String wanted, Object found) {
        return error(field + " must be " + wanted + ", found " + FieldMap.describe(found));
    }

    /** A key of a mapping, which must be a string (YAML allows any value as a key). */
    public String key(Object key, String type) {
        if (key instanceof String s) return s;
        throw error(type + ": key " + FieldMap.describe(key) + " names no field");
    }

    /** A mapping (a composite, a decimal with its exponent, a group's entry). */
    public Map<?, ?> map(Object v, String field) {
        if (v instanceof Map<?, ?> m) return m;
        throw wrongType(field, "a mapping", v);
    }

    /** A sequence of at most {@code max} items (a group, or bytes as numbers). */
    public List<?> list(Object v, int max, String field) {
        if (!(v instanceof List<?> l)) throw wrongType(field, "a sequence", v);
        if (l.size() > max) throw error(field + " holds " + l.size() + " entries, more than its bound of " + max);
        return l;
    }

    /** An integer within {@code [min, max]}: an Integer or a Long (a BigInteger lies beyond every bound here). */
    public long integer(Object v, long min, long max, String field) {
        if (v instanceof Integer || v instanceof Long) {
            long x = ((Number) v).longValue();
            if (x < min || x > max) throw error(field + ": " + x + " is outside " + min + ".." + max);
            return x;
        }
        if (v instanceof BigInteger) throw error(field + ": " + v + " is outside " + min + ".." + max);
        throw wrongType(field, "an integer", v);
    }

    /** An integer from 0 to 2^64-1, as the 64 bits of a long (a BigInteger beyond a long's range). */
    public long unsigned(Object v, String field) {
        if (v instanceof Integer || v instanceof Long) {
            long x = ((Number) v).longValue();
            if (x < 0) throw error(field + ": " + x + " is negative");
            return x;
        }
        if (v instanceof BigInteger b) {
            if (b.signum() < 0 || b.compareTo(TWO_64) >= 0) throw error(field + ": " + b + " is outside 0..2^64-1");
            return b.longValue();
        }
        throw wrongType(field, "an integer", v);
    }

    /** A set's bits, refused when any bit names no choice. */
    public long set(long bits, long allowed, String field) {
        if ((bits & ~allowed) != 0) throw error(field + ": bits 0x" + Long.toHexString(bits & ~allowed) + " name no choice");
        return bits;
    }

    /** A double: a Double, or an integer (Integer, Long) as the parser reads {@code 12}. */
    public double f64(Object v, String field) {
        if (v instanceof Double d) return d;
        if (v instanceof Integer || v instanceof Long) return ((Number) v).longValue();
        throw wrongType(field, "a number", v);
    }

    /**
     * A float, parsed by the library as a double from the float's own shortest digits ({@code Float.toString}) and
     * narrowed: a finite number beyond the float's range is refused rather than read as an infinity.
     */
    public float f32(Object v, String field) {
        double d = f64(v, field);
        float f = (float) d;
        if (Float.isInfinite(f) && !Double.isInfinite(d)) throw error(field + ": " + d + " is beyond a float's range");
        return f;
    }

    public boolean bool(Object v, String field) {
        if (v instanceof Boolean b) return b;
        throw wrongType(field, "true or false", v);
    }

    /**
     * A string into {@code to}, refused beyond {@code maxBytes} bytes of UTF-8. A binary value (a byte[]) is taken as
     * the string's UTF-8, strictly decoded: SnakeYAML writes a string holding characters YAML cannot print (controls,
     * U+FFFF) as {@code !!binary} of its UTF-8, and its own bean loading reads that back as the string.
     */
    public void text(Object v, StringBuilder to, int maxBytes, String field) {
        if (v instanceof byte[] b) {
            if (b.length > maxBytes) throw error(field + " holds " + b.length + " bytes of UTF-8, more than its bound " + maxBytes);
            to.setLength(0);
            StrictUtf8.decode(b, 0, b.length, to, row, 0);
            return;
        }
        if (!(v instanceof String s)) throw wrongType(field, "a string", v);
        long bytes = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char ch = s.charAt(i);
            bytes += ch < 0x80 ? 1 : ch < 0x800 ? 2 : Character.isSurrogate(ch) ? 2 : 3; // a pair is 4 bytes
        }
        if (bytes > maxBytes) throw error(field + " holds " + bytes + " bytes of UTF-8, more than its bound " + maxBytes);
        to.setLength(0);
        to.append(s);
    }

    /** A string of exactly {@code length} ASCII characters into {@code to} (binary as {@link #text} says). */
    public void ascii(Object v, StringBuilder to, int length, String field) {
        if (v instanceof byte[] b) {
            if (b.length != length) throw error(field + " holds " + b.length + " bytes; ascii(" + length + ") takes exactly " + length);
            for (int i = 0; i < length; i++) {
                if (b[i] < 0) throw error(field + " holds a non-ASCII byte at " + i);
            }
            to.setLength(0);
            for (byte c : b) to.append((char) c);
            return;
        }
        if (!(v instanceof String s)) throw wrongType(field, "a string", v);
        if (s.length() != length) throw error(field + " holds " + s.length() + " chars; ascii(" + length + ") takes exactly " + length);
        for (int i = 0; i < length; i++) {
            if (s.charAt(i) > 127) throw error(field + " holds a non-ASCII char at " + i);
        }
        to.setLength(0);
        to.append(s);
    }

    /** The index in {@code names} of the string value; any other value is refused. */
    public int enumIndex(Object v, String[] names, String field) {
        if (!(v instanceof String s)) throw wrongType(field, "a string", v);
        for (int i = 0; i < names.length; i++) if (names[i].equals(s)) return i;
        throw error(field + ": \"" + s + "\" names no value");
    }

    /** Binary (YAML's {@code !!binary}, loaded as a byte[]) of at most {@code maxLength} bytes. */
    public byte[] binary(Object v, int maxLength, String field) {
        if (!(v instanceof byte[] b)) throw wrongType(field, "binary", v);
        if (b.length > maxLength) throw error(field + " holds " + b.length + " bytes, more than its bound " + maxLength);
        return b;
    }

    /**
     * Reads a mapping of exactly {@code mantissa} and {@code exponent} (a decimal with its own exponent); then
     * {@link #mantissa()} and {@link #exponent()}.
     */
    public void decimal(Object v, String field) {
        Map<?, ?> m = map(v, field);
        int seen = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String k = key(e.getKey(), field);
            if (k.equals("mantissa")) {
                mantissa = integer(e.getValue(), Long.MIN_VALUE, Long.MAX_VALUE, field);
                seen |= 1;
            } else if (k.equals("exponent")) {
                exponent = (byte) integer(e.getValue(), Byte.MIN_VALUE, Byte.MAX_VALUE, field);
                seen |= 2;
            } else {
                throw error(field + ": unknown field '" + k + "'");
            }
        }
        if (seen != 3) throw error(field + ": " + ((seen & 1) == 0 ? "mantissa" : "exponent") + " is missing");
    }

    /** The mantissa the last {@link #decimal} read. */
    public long mantissa() {
        return mantissa;
    }

    /** The exponent the last {@link #decimal} read. */
    public byte exponent() {
        return exponent;
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
