package org.wireshootout.codec.jackson;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Jackson codecs generated from a message schema, written as the hand-written {@code jackson} row is: Jackson's
 * streaming API on the heap ({@link JacksonGenerated}: one generator over the caller's buffer, one fed non-blocking
 * parser kept across messages), the message as one JSON object whose keys are the schema's field names, written in
 * the schema's order as pre-encoded {@code SerializedString}s and read in any order (an unknown, repeated or missing
 * field is refused, as the hand-written reader does).
 *
 * <p>Per type: integers, timestamps, sets and fixed-exponent decimal mantissas as JSON numbers (u64 and sets as
 * unsigned numbers up to 2^64-1, every integer range-checked on read against its schema type); a decimal with its own
 * exponent as an object {@code {"mantissa": m, "exponent": e}}; f32 and f64 through {@code writeNumber} (-0.0 comes back
 * as -0.0; NaN and the infinities as the quoted names Jackson writes by default, as the hand-written row's price);
 * bool as true/false; an enum by its value's name (as the hand-written row writes the side); ascii and text as strings
 * (ascii of exactly its length, text within its bound in UTF-8 bytes); bytes as base64 through Jackson's binary API;
 * a composite as a nested object; a group as an array of objects (its bound checked while reading); an optional field
 * left out when absent. Jackson carries every construct, so no message is refused.
 */
public final class JacksonGenerator implements CodecBackend {
    private final String library;
    private final boolean chronicleBytes;
    private final boolean characters;

    /** The {@code jackson} row's way: on the heap. */
    public JacksonGenerator() {
        this("jackson", false, false);
    }

    private JacksonGenerator(String library, boolean chronicleBytes, boolean characters) {
        this.library = library;
        this.chronicleBytes = chronicleBytes;
        this.characters = characters;
    }

    /**
     * The {@code jacksonCBytes} row's way: the same JSON through Jackson's byte generator and parser over a Chronicle
     * {@code Bytes} on the caller's memory, by its {@code outputStream()} and {@code inputStream()}
     * ({@link JacksonBytesCodec}: one generator and one parser kept for the codec's life, the parser reading the
     * stream of messages one object per decode, strict UTF-8 and nothing after the object checked).
     */
    public static JacksonGenerator chronicleBytes() {
        return new JacksonGenerator("jacksonCBytes", true, false);
    }

    /**
     * The {@code jacksonCBytesRW} row's way: the same JSON through Jackson's character generator and parser over the
     * Chronicle {@code Bytes}' {@code writer()} and {@code reader()} ({@link JacksonBytesCodec} with characters: the
     * generator and parser kept as the streams row keeps them). Chronicle's reader takes one byte per char, so this
     * way's factory escapes every non-ASCII character ({@code \}{@code uXXXX}) and refuses a byte above 0x7F, as the
     * hand-written row does: a text beyond ASCII is longer here than in the other Jackson rows.
     */
    public static JacksonGenerator chronicleBytesReaderWriter() {
        return new JacksonGenerator("jacksonCBytesRW", true, true);
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    /** A union's stream as Jackson writes a choice of types with WRAPPER_OBJECT type information: {@code {"Member":{...}}}. */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, library, union, JacksonGenerator.class,
                org.wireshootout.generator.spi.UnionCodecSource.jsonWrapper(union));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<EnumDef> enums = new LinkedHashSet<>();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        collect(m.fields(), enums, types);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(JacksonGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import com.fasterxml.jackson.core.JsonGenerator;\nimport com.fasterxml.jackson.core.JsonParser;\nimport com.fasterxml.jackson.core.JsonToken;\n");
        b.append("import com.fasterxml.jackson.core.io.SerializedString;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.jackson.JacksonGenerated;\n");
        b.append("import java.io.IOException;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": one JSON object through Jackson's streaming API, keyed by field name. */\n");
        b.append("public final class ").append(M).append("Codec extends JacksonGenerated<").append(M).append("> implements BufferCodec<").append(M).append("> {\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            String T = t.getKey().toUpperCase();
            b.append("    private static final String[] ").append(T).append("_FIELDS = {");
            for (Field f : t.getValue()) b.append('"').append(f.name()).append("\", ");
            b.append("};\n");
            b.append("    private static final SerializedString[] ").append(T).append("_KEYS = keys(").append(T).append("_FIELDS);\n");
        }
        for (EnumDef e : enums) {
            String E = e.name().toUpperCase();
            b.append("    private static final ").append(e.name()).append("[] ").append(E).append("_VALUES = ").append(e.name()).append(".values();\n");
            b.append("    private static final String[] ").append(E).append("_NAMES = new String[").append(E).append("_VALUES.length];\n");
            b.append("    private static final SerializedString[] ").append(E).append("_SERIALIZED;\n");
            b.append("    static {\n        for (int i = 0; i < ").append(E).append("_VALUES.length; i++) ").append(E).append("_NAMES[i] = ")
                    .append(E).append("_VALUES[i].name();\n        ").append(E).append("_SERIALIZED = keys(").append(E).append("_NAMES);\n    }\n");
        }
        b.append("\n    public ").append(M).append("Codec(String name) {\n        super(name, ").append(maxBytes(m.fields()))
                .append(", ").append(maxString(types.values(), enums)).append(", ").append(maxName(types.values())).append(", ")
                .append(depth(m.fields())).append(chronicleBytes ? characters ? ", true, true" : ", true" : "").append(");\n    }\n\n");
        b.append("    private static SerializedString[] keys(String[] names) {\n        SerializedString[] k = new SerializedString[names.length];\n");
        b.append("        for (int i = 0; i < names.length; i++) k[i] = new SerializedString(names[i]);\n        return k;\n    }\n\n");
        // the message's own body is the mapping's write and read (no static method between them and the plumbing):
        // C2 stops inlining at its depth limit, and the hand-written rows have their fields as few calls below the codec
        for (Map.Entry<String, List<Field>> t : types.entrySet()) methods(b, t.getKey(), t.getValue(), t.getKey().equals(M));
        b.append("}\n");
        return b.toString();
    }

    private static void collect(List<Field> fields, Set<EnumDef> enums, Map<String, List<Field>> types) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) enums.add(e.def());
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && types.putIfAbsent(c.name(), c.fields()) == null) collect(c.fields(), enums, types);
        }
    }

    /**
     * The write and read of a composite as static methods, or with {@code body} those of the message itself as the
     * codec's own {@code write} and {@code readObject} (the overrides of {@link JsonMapping}'s, flushing after the object).
     */
    private static void methods(StringBuilder b, String type, List<Field> fields, boolean body) {
        String T = type.toUpperCase();
        if (body) b.append("    @Override\n    protected void write(JsonGenerator g, ").append(type).append(" v) throws IOException {\n        JacksonGenerated<")
                .append(type).append("> j = this;\n");
        else b.append("    static void write").append(type).append("(JacksonGenerated<?> j, JsonGenerator g, ").append(type).append(" v) throws IOException {\n");
        b.append("        g.writeStartObject();\n");
        for (int i = 0; i < fields.size(); i++) write(b, fields.get(i), i, T, type);
        b.append("        g.writeEndObject();\n");
        if (body) b.append("        g.flush();\n");
        b.append("    }\n\n");

        if (body) b.append("    @Override\n    protected void readObject(JsonParser p, ").append(type).append(" t) throws IOException {\n        JacksonGenerated<")
                .append(type).append("> j = this;\n        JsonToken start = j.next(p);\n");
        else b.append("    static void read").append(type).append("(JacksonGenerated<?> j, JsonParser p, JsonToken start, ").append(type).append(" t) throws IOException {\n");
        b.append("        if (start != JsonToken.START_OBJECT) throw j.error(p, \"").append(type).append(" must be an object, found \" + start);\n");
        int banks = (fields.size() + 63) / 64;
        for (int k = 0; k < banks; k++) b.append("        long s").append(k).append(" = 0;\n");
        b.append("        JsonToken k;\n");
        b.append("        while ((k = j.next(p)) == JsonToken.FIELD_NAME) {\n");
        b.append("            String name = p.currentName(); // Jackson's canonical names: the switch allocates nothing\n");
        b.append("            JsonToken v = j.next(p);\n");
        b.append("            switch (name) {\n");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            String s = "s" + (i / 64);
            String bit = "0x" + Long.toHexString(1L << (i % 64)) + "L";
            b.append("                case \"").append(f.name()).append("\" -> {\n");
            b.append("                    if ((").append(s).append(" & ").append(bit).append(") != 0) throw j.error(p, \"").append(type).append(": field '")
                    .append(f.name()).append("' appears twice\");\n");
            b.append("                    ").append(s).append(" |= ").append(bit).append(";\n");
            read(b, f, type);
            b.append("                }\n");
        }
        b.append("                default -> throw j.error(p, \"").append(type).append(": unknown field '\" + name + \"'\");\n");
        b.append("            }\n        }\n");
        b.append("        if (k != JsonToken.END_OBJECT) throw j.error(p, \"").append(type).append(": expected a field name or the end of the object, found \" + k);\n");
        for (int k = 0; k < banks; k++) {
            long required = 0;
            for (int i = 64 * k; i < Math.min(fields.size(), 64 * k + 64); i++) if (!fields.get(i).optional()) required |= 1L << (i % 64);
            if (required == 0) continue;
            String r = "0x" + Long.toHexString(required) + "L";
            b.append("        if ((s").append(k).append(" & ").append(r).append(") != ").append(r).append(") throw j.error(p, \"").append(type)
                    .append(": missing field(s) \" + JacksonGenerated.missing(s").append(k).append(", ").append(r).append(", ").append(T)
                    .append("_FIELDS, ").append(64 * k).append("));\n");
        }
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (!f.optional()) continue;
            b.append("        if ((s").append(i / 64).append(" & 0x").append(Long.toHexString(1L << (i % 64))).append("L) == 0) t.clear")
                    .append(cap(javaName(f.name()))).append("(); // absent: left out by the writer\n");
        }
        b.append("    }\n\n");
    }

    private static void write(StringBuilder b, Field f, int index, String T, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("if (v.has").append(N).append("()) {\n");
            ind += "    ";
        }
        b.append(ind).append("g.writeFieldName(").append(T).append("_KEYS[").append(index).append("]);\n");
        Type t = f.type();
        String get = "v." + n + "()";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(switch (s.primitive()) {
                case U64 -> "j.unsigned(g, " + get + ");";
                case BOOL -> "g.writeBoolean(" + get + ");";
                default -> "g.writeNumber(" + get + ");";
            }).append('\n');
        } else if (t instanceof Type.Decimal d) {
            if (d.fixedExponent()) b.append(ind).append("g.writeNumber(").append(get).append(");\n");
            else b.append(ind).append("j.decimal(g, ").append(get).append(", v.").append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef e) {
            b.append(ind).append("g.writeString(").append(e.def().name().toUpperCase()).append("_SERIALIZED[").append(get).append(".ordinal()]);\n");
        } else if (t instanceof Type.SetRef) {
            b.append(ind).append("j.unsigned(g, ").append(get).append(");\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("j.ascii(g, ").append(get).append(", ").append(a.length()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append("j.writeText(g, ").append(get).append(");\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append("g.writeBinary(").append(get).append(", 0, v.").append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("write").append(c.def().name()).append("(j, g, ").append(get).append(");\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("g.writeStartArray();\n");
            b.append(ind).append("for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) write").append(g.entry().name())
                    .append("(j, g, v.").append(n).append("(i));\n");
            b.append(ind).append("g.writeEndArray();\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private static void read(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "                    ";
        String set = "t." + n;
        String has = f.optional() ? " t.has" + N + "(true);" : "";
        Type ty = f.type();
        if (ty instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case I8 -> "(byte) j.int32(p, v, Byte.MIN_VALUE, Byte.MAX_VALUE, \"" + label + "\")";
                case I16 -> "(short) j.int32(p, v, Short.MIN_VALUE, Short.MAX_VALUE, \"" + label + "\")";
                case I32 -> "j.int32(p, v, Integer.MIN_VALUE, Integer.MAX_VALUE, \"" + label + "\")";
                case I64, TIMESTAMP -> "j.int64(p, v, \"" + label + "\")";
                case U8 -> "(short) j.int32(p, v, 0, 0xFF, \"" + label + "\")";
                case U16 -> "j.int32(p, v, 0, 0xFFFF, \"" + label + "\")";
                case U32 -> "j.integer(p, v, 0, 0xFFFFFFFFL, \"" + label + "\")";
                case U64 -> "j.unsigned(p, v, \"" + label + "\")";
                case F32 -> "j.f32(p, v, \"" + label + "\")";
                case F64 -> "j.f64(p, v, \"" + label + "\")";
                case BOOL -> "j.bool(p, v, \"" + label + "\")";
            };
            b.append(ind).append(set).append('(').append(v).append(");\n");
        } else if (ty instanceof Type.Decimal d) {
            if (d.fixedExponent()) {
                b.append(ind).append(set).append("(j.int64(p, v, \"").append(label).append("\"));\n");
            } else {
                b.append(ind).append("j.decimal(p, v, \"").append(label).append("\");\n");
                b.append(ind).append(set).append("(j.mantissa());\n");
                b.append(ind).append(set).append("Exponent(j.exponent());\n");
            }
        } else if (ty instanceof Type.EnumRef e) {
            String E = e.def().name().toUpperCase();
            b.append(ind).append(set).append('(').append(E).append("_VALUES[j.enumIndex(p, v, ").append(E).append("_NAMES, \"").append(label).append("\")]);\n");
        } else if (ty instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append(set).append("(j.set(p, v, 0x").append(Long.toHexString(allowed)).append("L, \"").append(label).append("\"));\n");
        } else if (ty instanceof Type.Ascii a) {
            b.append(ind).append("j.ascii(p, v, t.").append(n).append("(), ").append(a.length()).append(", \"").append(label).append("\");").append(has).append('\n');
        } else if (ty instanceof Type.Text x) {
            b.append(ind).append("j.text(p, v, t.").append(n).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");").append(has).append('\n');
        } else if (ty instanceof Type.Bytes x) {
            b.append(ind).append("byte[] bytes = j.bytes(p, v, ").append(x.maxLength()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("System.arraycopy(bytes, 0, ").append(set).append("Length(bytes.length), 0, bytes.length);\n");
        } else if (ty instanceof Type.CompositeRef c) {
            b.append(ind).append("read").append(c.def().name()).append("(j, p, v, t.").append(n).append("());").append(has).append('\n');
        } else if (ty instanceof Type.Group g) {
            b.append(ind).append("j.expect(p, v, JsonToken.START_ARRAY, \"").append(label).append("\");\n");
            b.append(ind).append("t.clear").append(N).append("();\n");
            b.append(ind).append("for (JsonToken e = j.next(p); e != JsonToken.END_ARRAY; e = j.next(p)) {\n");
            b.append(ind).append("    j.count(p, t.").append(n).append("Count(), ").append(g.maxCount()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("    read").append(g.entry().name()).append("(j, p, e, t.add").append(N).append("());\n");
            b.append(ind).append("}\n");
        }
    }

    // ---- the read limits of a message's shape

    /**
     * The longest message accepted: twice the longest the writer can write (every string character escaped as
     * {@code \}{@code uXXXX}, every number at its longest), for whitespace a writer of its own may put between tokens,
     * plus 4 KB; at most 512 MB.
     */
    static int maxBytes(List<Field> fields) {
        long worst = object(fields);
        return (int) Math.min(512L << 20, 2 * worst + 4096);
    }

    private static long object(List<Field> fields) {
        long n = 2;
        for (Field f : fields) n += f.name().length() + 4 + value(f.type());
        return n;
    }

    private static long value(Type t) {
        if (t instanceof Type.Scalar s) return switch (s.primitive()) {
            case F32, F64 -> 24; // Double.toString at its longest, "-1.7976931348623157E308"; "-Infinity" quoted is 11
            case BOOL -> 5;
            default -> 20;
        };
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? 20 : 2 + 11 + 20 + 1 + 11 + 4;
        if (t instanceof Type.EnumRef e) return 2 + e.def().values().stream().mapToInt(v -> v.name().length()).max().orElse(0);
        if (t instanceof Type.SetRef) return 20;
        if (t instanceof Type.Ascii a) return 2 + 6L * a.length();
        if (t instanceof Type.Text x) return 2 + 6L * x.maxBytes();
        if (t instanceof Type.Bytes x) return 2 + 4L * ((x.maxLength() + 2) / 3);
        if (t instanceof Type.CompositeRef c) return object(c.def().fields());
        if (t instanceof Type.Group g) return 2 + (long) g.maxCount() * (object(g.entry().fields()) + 1);
        throw new IllegalArgumentException(t.describe());
    }

    /** The longest string value in chars: text's bound (a char is at least one byte), ascii's length, bytes in base64, enum names. */
    static int maxString(Iterable<List<Field>> types, Set<EnumDef> enums) {
        long max = 16;
        for (List<Field> fields : types) {
            for (Field f : fields) {
                Type t = f.type();
                if (t instanceof Type.Ascii a) max = Math.max(max, a.length());
                else if (t instanceof Type.Text x) max = Math.max(max, x.maxBytes());
                else if (t instanceof Type.Bytes x) max = Math.max(max, 4L * ((x.maxLength() + 2) / 3));
            }
        }
        for (EnumDef e : enums) for (EnumDef.Value v : e.values()) max = Math.max(max, v.name().length());
        return (int) Math.min(Integer.MAX_VALUE, max);
    }

    /** The longest field name, at least 64 chars (the hand-written row's limit). */
    static int maxName(Iterable<List<Field>> types) {
        int max = 64;
        for (List<Field> fields : types) for (Field f : fields) max = Math.max(max, f.name().length());
        return max;
    }

    /** How deep objects and arrays nest: the message's object is 1, a group adds its array and its entries' objects. */
    static int depth(List<Field> fields) {
        int deepest = 0;
        for (Field f : fields) {
            Type t = f.type();
            int d = t instanceof Type.CompositeRef c ? depth(c.def().fields())
                    : t instanceof Type.Group g ? 1 + depth(g.entry().fields())
                    : t instanceof Type.Decimal x && !x.fixedExponent() ? 1 : 0;
            deepest = Math.max(deepest, d);
        }
        return 1 + deepest;
    }
}
