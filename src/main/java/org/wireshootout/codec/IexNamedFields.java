package org.wireshootout.codec;

import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.nio.charset.StandardCharsets;

/**
 * What the self-describing IEX rows (MessagePack, Jackson, Chronicle BinaryWire) share: every message is a set
 * of named fields, the names being the {@link IexField} names ({@code messageType}, {@code timestamp},
 * {@code symbol}, ...), the values typed by {@link Kind}. These rows write the type's fields by walking
 * {@link #fields(IexMessageType)} (an array, so no iterator per message) and read them back in any order,
 * finding each field by its name without making a String ({@link #byName(byte[], int, int)},
 * {@link #byName(char[], int, int)}), then check with {@link #mask} that exactly the type's fields came.
 *
 * <p>Values: the type as its one-letter code ({@code "T"}), the one-letter fields as one-char strings, the
 * symbol and the trading-status reason as their text without padding ({@code "TSLA"}), every other field as
 * an integer. Text formats carry text, so the symbol travels as text here too; the schema rows carry the
 * packed 8 bytes.
 */
public final class IexNamedFields {
    private IexNamedFields() {
    }

    /** How a field's value is written by the self-describing rows. */
    public enum Kind {
        /** {@link IexField#messageType}: the type's one-char code. */
        TYPE,
        /** A one-char field: code, detail, imbalanceSide. */
        CHAR,
        /** The symbol: up to 8 chars. */
        SYMBOL,
        /** The trading-status reason: up to 4 chars. */
        REASON,
        /** Any other field: an integer. */
        NUMBER
    }

    private static final IexField[] ALL = IexField.values();
    private static final Kind[] KINDS = new Kind[ALL.length];
    private static final byte[][] NAME_BYTES = new byte[ALL.length][];
    private static final char[][] NAME_CHARS = new char[ALL.length][];
    /** Candidates by name length: few per length, compared byte by byte. */
    private static final IexField[][] BY_LENGTH;
    private static final IexField[][] FIELDS = new IexField[IexMessageType.values().length][];
    private static final long[] MASKS = new long[IexMessageType.values().length];

    static {
        int longest = 0;
        for (IexField f : ALL) {
            NAME_BYTES[f.ordinal()] = f.name().getBytes(StandardCharsets.US_ASCII);
            NAME_CHARS[f.ordinal()] = f.name().toCharArray();
            longest = Math.max(longest, f.name().length());
            switch (f) {
                case messageType: KINDS[f.ordinal()] = Kind.TYPE; break;
                case code: case detail: case imbalanceSide: KINDS[f.ordinal()] = Kind.CHAR; break;
                case symbol: KINDS[f.ordinal()] = Kind.SYMBOL; break;
                case reason: KINDS[f.ordinal()] = Kind.REASON; break;
                default: KINDS[f.ordinal()] = Kind.NUMBER;
            }
        }
        BY_LENGTH = new IexField[longest + 1][];
        for (int n = 0; n <= longest; n++) {
            int count = 0;
            for (IexField f : ALL) if (f.name().length() == n) count++;
            IexField[] c = new IexField[count];
            int i = 0;
            for (IexField f : ALL) if (f.name().length() == n) c[i++] = f;
            BY_LENGTH[n] = c;
        }
        for (IexMessageType t : IexMessageType.values()) {
            FIELDS[t.ordinal()] = t.fields().toArray(new IexField[0]);
            long m = 0;
            for (IexField f : t.fields()) m |= 1L << f.ordinal();
            MASKS[t.ordinal()] = m;
        }
    }

    public static Kind kind(IexField f) {
        return KINDS[f.ordinal()];
    }

    /** The type's fields in wire order, {@code messageType} first. Shared: do not change. */
    public static IexField[] fields(IexMessageType t) {
        return FIELDS[t.ordinal()];
    }

    /** One bit per field of the type ({@code 1L << ordinal}), {@code messageType} included. */
    public static long mask(IexMessageType t) {
        return MASKS[t.ordinal()];
    }

    /** The field's name in ASCII bytes. Shared: do not change. */
    public static byte[] nameBytes(IexField f) {
        return NAME_BYTES[f.ordinal()];
    }

    /** The field whose name is {@code a[off, off+len)} (ASCII), or null. */
    public static IexField byName(byte[] a, int off, int len) {
        if (len <= 0 || len >= BY_LENGTH.length) return null;
        next:
        for (IexField f : BY_LENGTH[len]) {
            byte[] name = NAME_BYTES[f.ordinal()];
            for (int i = 0; i < len; i++) if (a[off + i] != name[i]) continue next;
            return f;
        }
        return null;
    }

    /** The field whose name is {@code c[off, off+len)}, or null. */
    public static IexField byName(char[] c, int off, int len) {
        if (len <= 0 || len >= BY_LENGTH.length) return null;
        next:
        for (IexField f : BY_LENGTH[len]) {
            char[] name = NAME_CHARS[f.ordinal()];
            for (int i = 0; i < len; i++) if (c[off + i] != name[i]) continue next;
            return f;
        }
        return null;
    }

    /** The field named by {@code s}, or null. */
    public static IexField byName(CharSequence s) {
        int len = s.length();
        if (len <= 0 || len >= BY_LENGTH.length) return null;
        next:
        for (IexField f : BY_LENGTH[len]) {
            char[] name = NAME_CHARS[f.ordinal()];
            for (int i = 0; i < len; i++) if (s.charAt(i) != name[i]) continue next;
            return f;
        }
        return null;
    }

    /** The names of the fields in {@code bits} (a {@link #mask}-style set), for error messages. */
    public static String names(long bits) {
        StringBuilder sb = new StringBuilder();
        for (IexField f : ALL) {
            if ((bits & (1L << f.ordinal())) != 0) sb.append(sb.length() == 0 ? "" : ", ").append(f.name());
        }
        return sb.toString();
    }

    /**
     * Checks that a decoded message got exactly its type's fields: {@code seen} holds a bit per field read.
     * Returns null when it did, else what is wrong.
     */
    public static String checkComplete(IexMessageType type, long seen) {
        if (type == null) return "no messageType field";
        long want = MASKS[type.ordinal()];
        if (seen == want) return null;
        long missing = want & ~seen;
        long extra = seen & ~want;
        return "a " + type.displayName() + " message" + (missing != 0 ? " lacks " + names(missing) : "")
                + (missing != 0 && extra != 0 ? " and" : "") + (extra != 0 ? " has fields it does not define: " + names(extra) : "");
    }

    // ---- packed text: the symbol (8 bytes) and the reason (4 bytes) as chars ----

    /**
     * Packs {@code n} chars of text (each at most U+00FF) into the model's packed form, space padded to
     * {@code width}; throws IllegalArgumentException when the text does not fit.
     */
    public static long pack(char[] c, int off, int n, int width) {
        if (n > width) throw new IllegalArgumentException("text of " + n + " chars is longer than " + width);
        long bits = 0;
        for (int i = 0; i < width; i++) {
            int ch = i < n ? c[off + i] : ' ';
            if (ch > 0xFF) throw new IllegalArgumentException("char U+" + Integer.toHexString(ch) + " does not fit one byte");
            bits |= (long) ch << (8 * i);
        }
        return bits;
    }

    /** {@link #pack(char[], int, int, int)} for a CharSequence. */
    public static long pack(CharSequence s, int width) {
        int n = s.length();
        if (n > width) throw new IllegalArgumentException("text of " + n + " chars is longer than " + width);
        long bits = 0;
        for (int i = 0; i < width; i++) {
            int ch = i < n ? s.charAt(i) : ' ';
            if (ch > 0xFF) throw new IllegalArgumentException("char U+" + Integer.toHexString(ch) + " does not fit one byte");
            bits |= (long) ch << (8 * i);
        }
        return bits;
    }

    /**
     * Writes the text of packed bits (trailing spaces dropped, as {@link IexMessage#symbol()} shows it) into
     * {@code dst} from 0; returns the number of chars.
     */
    public static int unpack(long bits, int width, char[] dst) {
        int n = width;
        while (n > 0 && ((bits >>> (8 * (n - 1))) & 0xFF) == ' ') n--;
        for (int i = 0; i < n; i++) dst[i] = (char) ((bits >>> (8 * i)) & 0xFF);
        return n;
    }

    /** The symbol's or reason's packed bits of {@code m} for a SYMBOL or REASON field. */
    public static long packedBits(IexMessage m, IexField f) {
        return f == IexField.symbol ? m.symbolBits() : m.reasonBits() & 0xFFFF_FFFFL;
    }

    /** The packed width of a SYMBOL (8) or REASON (4) field. */
    public static int width(IexField f) {
        return f == IexField.symbol ? 8 : 4;
    }
}
