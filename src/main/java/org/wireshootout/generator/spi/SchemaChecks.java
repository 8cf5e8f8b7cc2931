package org.wireshootout.generator.spi;

/**
 * The checks every generated writer makes against the schema before it writes a value, one rule for every library:
 * an {@code ascii(N)} value is exactly N characters, each at most 127. A value that breaks them is the caller's
 * error, refused with an {@link IllegalArgumentException} naming the field, before any byte of it is written.
 */
public final class SchemaChecks {
    private SchemaChecks() {
    }

    /** Refuses an {@code ascii(length)} value of another length. */
    public static void asciiLength(CharSequence s, int length, String field) {
        if (s.length() != length) throw new IllegalArgumentException(field + " holds " + s.length() + " chars; ascii(" + length + ") takes exactly " + length);
    }

    /** The error for a char above 127 at {@code index} of an {@code ascii(N)} value (for writers that check as they copy). */
    public static IllegalArgumentException notAscii(String field, int index) {
        return new IllegalArgumentException(field + " holds a non-ASCII char at " + index);
    }

    /** Refuses an {@code ascii(length)} value of another length or holding a char above 127. */
    public static void ascii(CharSequence s, int length, String field) {
        asciiLength(s, length, field);
        for (int i = 0; i < length; i++) {
            if (s.charAt(i) > 127) throw notAscii(field, i);
        }
    }
}
