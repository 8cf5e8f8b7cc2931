package org.wireshootout.codec.boon;

import org.wireshootout.codec.LoadedMapSource;
import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.Type;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Boon codecs generated from a message schema, written as the hand-written {@code boon} row is
 * ({@link BoonGenerated}): per message, composite and group entry a plain adapter class whose fields are the
 * schema's, in its order, filled from the message and written by Boon's reflective serialiser (fields only, default
 * values and nulls included); read back by Boon's fast parser into its lazy map, checked and copied field by field
 * ({@link LoadedMapSource}): keys in any order, an unknown or missing field or a value of another type refused. Keys
 * are the fields' Java names (a schema name that is a Java keyword gets a trailing '_'), as Boon names a field.
 *
 * <p>Per type, as Boon writes the adapter's field: integers, timestamps and fixed-exponent decimal mantissas as JSON
 * numbers (read back range-checked against the schema type); u64 and sets as the signed long of their 64 bits (Boon
 * writes a long, and its parser reads an integer beyond a long wrongly, which the row's pre-parse check refuses); a
 * decimal with its own exponent as an object {@code {"mantissa", "exponent"}}; f64 and f32 as Boon formats a double and
 * a float (the float narrowed back from the double Boon parses); bool as true/false; an enum by its value's name; ascii
 * and text as strings (Boon escapes every character above U+007F and the controls as {@code \}{@code uXXXX}); bytes as
 * an array of numbers -128..127 (how Boon writes a byte[]); a composite as a nested object; a group as an array of
 * objects; an optional field absent as null (Boon writes every field).
 *
 * <p>What Boon cannot carry, declared rather than patched: NaN and the infinities, which it writes as bare words its own
 * parser rejects, are refused when encoding (limitation NON_FINITE_DOUBLE of the hand-written row). Boon's parser
 * reads a double of 16 or 17 significant digits up to one unit in the last place off (measured here: about 4 in 100
 * random doubles came back one ulp away), as it does for the hand-written row's price; values of two decimals, as the
 * schema's seeded values are, and the edge values come back exact, and so did every float tried.
 */
public final class BoonGenerator implements CodecBackend {
    static final String LIBRARY = "boon";
    private static final LoadedMapSource.Style STYLE = new LoadedMapSource.Style(name -> javaName(name), true, true);

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    @Override
    public Map<Integer, String> edgesNotCarried(Schema schema, MessageDef message) {
        String f = floating(message.fields(), true);
        if (f == null) return Map.of();
        String why = "field " + f + ": Boon writes NaN and the infinities as bare words its own parser rejects, so the codec refuses them";
        // edge 0 leaves every group empty (GeneratedMessage.edge), so a float only inside groups is not there to refuse
        String outside = floating(message.fields(), false);
        Map<Integer, String> out = new java.util.TreeMap<>();
        if (outside != null) {
            out.put(0, "field " + outside + ": Boon writes NaN and the infinities as bare words its own parser rejects, so the codec"
                    + " refuses them (edge 0 holds -Infinity)");
        }
        out.put(1, why + " (edge 1 holds Infinity)");
        out.put(2, why + " (edge 2 holds NaN)");
        return out;
    }

    /** The first f32 or f64 field (by path), looking inside groups or not, or null. */
    private static String floating(List<Field> fields, boolean inGroups) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.Scalar s && (s.primitive() == org.wireshootout.schema.Primitive.F32
                    || s.primitive() == org.wireshootout.schema.Primitive.F64)) return f.name();
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g && inGroups ? g.entry() : null;
            if (c != null) {
                String inner = floating(c.fields(), inGroups);
                if (inner != null) return f.name() + "." + inner;
            }
        }
        return null;
    }

    /** A union's stream as JSON text tells types apart (Boon has no form of its own): {@code {"Member":{...}}}. */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, LIBRARY, union, BoonGenerator.class,
                org.wireshootout.generator.spi.UnionCodecSource.jsonWrapper(union));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<EnumDef> enums = LoadedMapSource.enums(m.fields());
        Map<String, List<Field>> types = LoadedMapSource.types(M, m.fields(), enums);
        boolean decimals = usesDecimal(types);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(LIBRARY)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(BoonGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.LoadedMap;\nimport org.wireshootout.codec.boon.BoonGenerated;\n");
        b.append("import java.util.ArrayList;\nimport java.util.List;\nimport java.util.Map;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The boon row of message ").append(M).append(": adapter objects written by Boon's reflective serialiser, read back from its parser's map. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append(">, BoonGenerated.Body<").append(M).append("> {\n");
        LoadedMapSource.constants(b, types, enums, STYLE);
        b.append('\n');
        for (Map.Entry<String, List<Field>> t : types.entrySet()) adapterClass(b, t.getKey(), t.getValue());
        b.append("    private final BoonGenerated<").append(M).append("> boon;\n");
        for (String t : types.keySet()) {
            b.append("    private final List<").append(t).append("Boon> pool").append(t).append(" = new ArrayList<>();\n");
            b.append("    private int used").append(t).append(";\n");
        }
        if (decimals) b.append("    private final List<BoonGenerated.Decimal> poolDecimal = new ArrayList<>();\n    private int usedDecimal;\n");
        b.append("\n    public ").append(M).append("Codec(String name) {\n        boon = new BoonGenerated<>(name, this, ").append(maxBytes(m.fields()))
                .append(", ").append(depth(m.fields())).append(");\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n        return boon.encode(value, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n        boon.decode(src, offset, length, target);\n    }\n\n");
        b.append("    @Override\n    public String render(DirectBuffer src, int offset, int length) {\n        return boon.render(src, offset, length);\n    }\n\n");
        b.append("    @Override\n    public Object adapt(").append(M).append(" v) {\n");
        for (String t : types.keySet()) b.append("        used").append(t).append(" = 0;\n");
        if (decimals) b.append("        usedDecimal = 0;\n");
        b.append("        return fill").append(M).append("(v);\n    }\n\n");
        b.append("    @Override\n    public void read(LoadedMap f, Map<?, ?> in, ").append(M).append(" t) {\n        read").append(M).append("(f, in, t);\n    }\n\n");
        if (decimals) {
            b.append("    private BoonGenerated.Decimal decimal(long mantissa, byte exponent) {\n");
            b.append("        if (usedDecimal == poolDecimal.size()) poolDecimal.add(new BoonGenerated.Decimal());\n");
            b.append("        return poolDecimal.get(usedDecimal++).set(mantissa, exponent);\n    }\n\n");
        }
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            filler(b, t.getKey(), t.getValue());
            LoadedMapSource.reader(b, t.getKey(), t.getValue(), STYLE);
        }
        b.append("}\n");
        return b.toString();
    }

    private static boolean usesDecimal(Map<String, List<Field>> types) {
        for (List<Field> fields : types.values()) {
            for (Field f : fields) if (f.type() instanceof Type.Decimal d && !d.fixedExponent()) return true;
        }
        return false;
    }

    /** The adapter of a type: its fields, named and ordered as the schema's, of the types Boon is to write. */
    private static void adapterClass(StringBuilder b, String type, List<Field> fields) {
        b.append("    /** What Boon writes for a ").append(type).append(": its fields by name, in the schema's order. */\n");
        b.append("    static final class ").append(type).append("Boon {\n");
        for (Field f : fields) {
            b.append("        ").append(adapterType(f)).append(' ').append(javaName(f.name()));
            if (f.type() instanceof Type.Group) b.append(" = new ArrayList<>()");
            b.append(";\n");
        }
        b.append("    }\n\n");
    }

    private static String adapterType(Field f) {
        Type t = f.type();
        boolean o = f.optional();
        if (t instanceof Type.Scalar s) {
            return switch (s.primitive()) {
                case I8 -> o ? "Byte" : "byte";
                case I16, U8 -> o ? "Short" : "short";
                case I32, U16 -> o ? "Integer" : "int";
                case I64, U32, U64, TIMESTAMP -> o ? "Long" : "long";
                case F32 -> o ? "Float" : "float";
                case F64 -> o ? "Double" : "double";
                case BOOL -> o ? "Boolean" : "boolean";
            };
        }
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? (o ? "Long" : "long") : "BoonGenerated.Decimal";
        if (t instanceof Type.SetRef) return o ? "Long" : "long";
        if (t instanceof Type.EnumRef e) return e.def().name();
        if (t instanceof Type.Ascii || t instanceof Type.Text) return "String";
        if (t instanceof Type.Bytes) return "byte[]";
        if (t instanceof Type.CompositeRef c) return c.def().name() + "Boon";
        if (t instanceof Type.Group g) return "List<" + g.entry().name() + "Boon>";
        throw new IllegalArgumentException(t.describe());
    }

    /** The filling of a type's adapter (kept across messages, one per value of the type) from the message. */
    private static void filler(StringBuilder b, String type, List<Field> fields) {
        String A = type + "Boon";
        b.append("    private ").append(A).append(" fill").append(type).append('(').append(type).append(" v) {\n");
        b.append("        if (used").append(type).append(" == pool").append(type).append(".size()) pool").append(type).append(".add(new ").append(A).append("());\n");
        b.append("        ").append(A).append(" a = pool").append(type).append(".get(used").append(type).append("++);\n");
        for (Field f : fields) {
            String n = javaName(f.name());
            String N = cap(n);
            String label = type + "." + f.name();
            String get = "v." + n + "()";
            Type t = f.type();
            String value;
            if (t instanceof Type.Scalar s) {
                value = switch (s.primitive()) {
                    case F32, F64 -> "BoonGenerated.finite(" + get + ", \"" + label + "\")";
                    default -> get;
                };
                if (f.optional()) value = adapterType(f) + ".valueOf(" + value + ")";
            } else if (t instanceof Type.Decimal d) {
                value = d.fixedExponent() ? (f.optional() ? "Long.valueOf(" + get + ")" : get) : "decimal(" + get + ", v." + n + "Exponent())";
            } else if (t instanceof Type.SetRef) {
                value = f.optional() ? "Long.valueOf(" + get + ")" : get;
            } else if (t instanceof Type.EnumRef) {
                value = get;
            } else if (t instanceof Type.Ascii a) {
                value = "BoonGenerated.ascii(" + get + ", " + a.length() + ", \"" + label + "\")";
            } else if (t instanceof Type.Text) {
                value = get + ".toString()";
            } else if (t instanceof Type.Bytes) {
                value = "BoonGenerated.bytes(a." + n + ", " + get + ", v." + n + "Length())";
            } else if (t instanceof Type.CompositeRef c) {
                value = "fill" + c.def().name() + "(" + get + ")";
            } else if (t instanceof Type.Group g) {
                b.append("        a.").append(n).append(".clear();\n");
                b.append("        for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) a.").append(n).append(".add(fill").append(g.entry().name())
                        .append("(v.").append(n).append("(i)));\n");
                continue;
            } else {
                throw new IllegalArgumentException(t.describe());
            }
            if (f.optional()) value = "v.has" + N + "() ? " + value + " : null";
            b.append("        a.").append(n).append(" = ").append(value).append(";\n");
        }
        b.append("        return a;\n    }\n\n");
    }

    // ---- the read limits of a message's shape

    /**
     * The longest message read: twice the longest Boon can write (every string character escaped as
     * {@code \}{@code uXXXX}, every number at its longest, every byte as "-128,"), plus 4 KB; at most 512 MB.
     */
    static int maxBytes(List<Field> fields) {
        long worst = object(fields);
        return (int) Math.min(512L << 20, 2 * worst + 4096);
    }

    private static long object(List<Field> fields) {
        long n = 2;
        for (Field f : fields) n += javaName(f.name()).length() + 4 + value(f.type());
        return n;
    }

    private static long value(Type t) {
        if (t instanceof Type.Scalar s) return switch (s.primitive()) {
            case F32, F64 -> 24;
            case BOOL -> 5;
            default -> 20;
        };
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? 20 : 2 + 11 + 20 + 1 + 11 + 4;
        if (t instanceof Type.EnumRef e) return 2 + e.def().values().stream().mapToInt(v -> v.name().length()).max().orElse(4);
        if (t instanceof Type.SetRef) return 20;
        if (t instanceof Type.Ascii a) return 2 + 6L * a.length();
        if (t instanceof Type.Text x) return 2 + 6L * x.maxBytes();
        if (t instanceof Type.Bytes x) return 2 + 5L * x.maxLength();
        if (t instanceof Type.CompositeRef c) return object(c.def().fields());
        if (t instanceof Type.Group g) return 2 + (long) g.maxCount() * (object(g.entry().fields()) + 1);
        throw new IllegalArgumentException(t.describe());
    }

    /** How deep objects and arrays nest: the message's object is 1; a group adds its array and its entries' objects, bytes an array. */
    static int depth(List<Field> fields) {
        int deepest = 0;
        for (Field f : fields) {
            Type t = f.type();
            int d = t instanceof Type.CompositeRef c ? depth(c.def().fields())
                    : t instanceof Type.Group g ? 1 + depth(g.entry().fields())
                    : t instanceof Type.Decimal x && !x.fixedExponent() ? 1
                    : t instanceof Type.Bytes ? 1 : 0;
            deepest = Math.max(deepest, d);
        }
        return 1 + deepest;
    }
}
