package org.wireshootout.schema;

/**
 * The scalar types of the schema language, by their keyword. Integers are signed ({@code i}) or unsigned
 * ({@code u}) of 8 to 64 bits; {@code timestamp} is signed 64-bit nanoseconds since the Unix epoch.
 */
public enum Primitive {
    I8("i8", 8, true), I16("i16", 16, true), I32("i32", 32, true), I64("i64", 64, true),
    U8("u8", 8, false), U16("u16", 16, false), U32("u32", 32, false), U64("u64", 64, false),
    F32("f32", 32, true), F64("f64", 64, true),
    BOOL("bool", 1, false),
    TIMESTAMP("timestamp", 64, true);

    private final String keyword;
    private final int bits;
    private final boolean signed;

    Primitive(String keyword, int bits, boolean signed) {
        this.keyword = keyword;
        this.bits = bits;
        this.signed = signed;
    }

    public String keyword() { return keyword; }

    public int bits() { return bits; }

    public boolean signed() { return signed; }

    public boolean isInteger() { return ordinal() <= U64.ordinal(); }

    public boolean isFloat() { return this == F32 || this == F64; }

    /** The smallest value an integer type holds (as a signed long; u64's is 0). */
    public long min() {
        if (!isInteger()) throw new IllegalStateException(keyword + " is not an integer type");
        return signed ? -(1L << (bits - 1)) : 0;
    }

    /** The largest value an integer type holds; u64's is -1 read as unsigned (the full 64 bits). */
    public long max() {
        if (!isInteger()) throw new IllegalStateException(keyword + " is not an integer type");
        if (bits == 64) return signed ? Long.MAX_VALUE : -1L;
        return signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
    }

    /** Whether an integer value fits this integer type (u64 takes every value, read as unsigned). */
    public boolean holds(long value) {
        if (this == U64) return true;
        return value >= min() && value <= max();
    }

    /** The primitive with this keyword, or null. */
    public static Primitive of(String keyword) {
        for (Primitive p : values()) if (p.keyword.equals(keyword)) return p;
        return null;
    }
}
