package org.wireshootout.schema;

/** The type of a field: a closed set, so that every generator handles every case. */
public sealed interface Type {

    /** The type as the schema language writes it. */
    String describe();

    /** An integer, float, boolean or timestamp. */
    record Scalar(Primitive primitive) implements Type {
        public String describe() { return primitive.keyword(); }
    }

    /** Exactly {@code length} ASCII characters (bytes 0 to 127), shorter values padded with spaces. */
    record Ascii(int length) implements Type {
        public String describe() { return "ascii(" + length + ")"; }
    }

    /** Variable-length text, carried as UTF-8, of at most {@code maxBytes} encoded bytes. */
    record Text(int maxBytes) implements Type {
        public String describe() { return "text(" + maxBytes + ")"; }
    }

    /** Variable-length bytes, at most {@code maxLength} of them. */
    record Bytes(int maxLength) implements Type {
        public String describe() { return "bytes(" + maxLength + ")"; }
    }

    /**
     * A decimal: a signed 64-bit mantissa times ten to an exponent. With a fixed exponent only the mantissa is
     * carried ({@code decimal(-4)}); without one the exponent is a signed 8-bit value carried beside it.
     */
    record Decimal(boolean fixedExponent, int exponent) implements Type {
        public String describe() { return fixedExponent ? "decimal(" + exponent + ")" : "decimal"; }
    }

    /** One value of a named enum. */
    record EnumRef(EnumDef def) implements Type {
        public String describe() { return def.name(); }
    }

    /** Any combination of the named choices of a set (a bit set). */
    record SetRef(SetDef def) implements Type {
        public String describe() { return def.name(); }
    }

    /** A nested composite, carried inline. */
    record CompositeRef(CompositeDef def) implements Type {
        public String describe() { return def.name(); }
    }

    /** A repeating group: zero to {@code maxCount} entries of a composite. */
    record Group(CompositeDef entry, int maxCount) implements Type {
        public String describe() { return entry.name() + "[" + maxCount + "]"; }
    }
}
