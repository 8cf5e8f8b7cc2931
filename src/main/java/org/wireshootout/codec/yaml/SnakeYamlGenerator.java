package org.wireshootout.codec.yaml;

import org.wireshootout.codec.LoadedMapSource;
import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.Type;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * SnakeYAML codecs generated from a message schema, written as the hand-written {@code snakeYaml} row is
 * ({@link SnakeYamlGenerated}): the message as a block-style YAML mapping whose keys are the schema's field names,
 * put in the schema's order into mappings kept across messages and dumped by the row's one {@code Yaml} instance;
 * read back by safe loading into SnakeYAML's own mapping, checked and copied field by field
 * ({@link LoadedMapSource}): keys in any order, an unknown or missing field or a value of another type refused
 * (duplicate keys SnakeYAML refuses itself).
 *
 * <p>Per type, as SnakeYAML represents the boxed value: integers, timestamps and fixed-exponent decimal mantissas as
 * YAML ints (read back range-checked against the schema type); u64 and sets as unsigned ints up to 2^64-1 (a
 * BigInteger beyond a long's range); a decimal with its own exponent as a mapping {@code {mantissa, exponent}}; f64 as
 * the Double SnakeYAML writes ({@code Double.toString}, read back exactly; NaN, the infinities and -0.0 as
 * {@code .NaN}, {@code .inf}, {@code -.inf}, {@code -0.0}); f32 as the Float ({@code Float.toString}, narrowed back from
 * the double SnakeYAML loads); bool as true/false; an enum by its value's name; ascii and text as strings (a string
 * holding characters YAML cannot print, such as controls and U+FFFF, SnakeYAML writes as {@code !!binary} of its UTF-8,
 * which is read back as the string, strictly decoded, as SnakeYAML's own bean loading does); bytes as
 * {@code !!binary}; a composite as a nested mapping; a group as a sequence of mappings; an optional field left out
 * when absent. SnakeYAML carries every construct, so no message is refused.
 */
public final class SnakeYamlGenerator implements CodecBackend {
    static final String LIBRARY = "snakeYaml";
    private static final LoadedMapSource.Style STYLE = new LoadedMapSource.Style(Function.identity(), false, false);

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    /**
     * A union's stream as SnakeYAML tells types apart: a tag on the document's mapping, {@code !TradeReport} on a line
     * of its own (SnakeYAML names a class with a local tag given by {@code Representer.addClassTag}), then the
     * member's mapping as its row writes it.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        java.util.List<byte[]> tags = new java.util.ArrayList<>();
        for (MessageDef m : union.members()) tags.add(("!" + m.name() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, LIBRARY, union, SnakeYamlGenerator.class,
                org.wireshootout.generator.spi.UnionCodecSource.fixedTags("a local tag naming the member on the document's mapping"
                        + " (!Member on its own line), then the member's mapping.", union, tags, new byte[0]));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<EnumDef> enums = LoadedMapSource.enums(m.fields());
        Map<String, List<Field>> types = LoadedMapSource.types(M, m.fields(), enums);
        List<String> numbered = new ArrayList<>(types.keySet());
        int decimalType = numbered.size();
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(LIBRARY)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(SnakeYamlGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.LoadedMap;\nimport org.wireshootout.codec.yaml.SnakeYamlGenerated;\n");
        b.append("import java.util.List;\nimport java.util.Map;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The snakeYaml row of message ").append(M).append(": one YAML mapping through SnakeYAML, keyed by field name. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append(">, SnakeYamlGenerated.Body<").append(M).append("> {\n");
        LoadedMapSource.constants(b, types, enums, STYLE);
        b.append("\n    private final SnakeYamlGenerated<").append(M).append("> yaml;\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        yaml = new SnakeYamlGenerated<>(name, this, ").append(limit(m.fields()))
                .append(", ").append(1 + depth(m.fields())).append(", ").append(decimalType + 1).append(");\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n        return yaml.encode(value, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n        yaml.decode(src, offset, length, target);\n    }\n\n");
        b.append("    @Override\n    public String render(DirectBuffer src, int offset, int length) {\n        return yaml.render(src, offset, length);\n    }\n\n");
        b.append("    @Override\n    public void write(SnakeYamlGenerated<").append(M).append("> y, Map<String, Object> out, ").append(M).append(" v) {\n        write")
                .append(M).append("(y, out, v);\n    }\n\n");
        b.append("    @Override\n    public void read(LoadedMap f, Map<?, ?> in, ").append(M).append(" t) {\n        read").append(M).append("(f, in, t);\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            writer(b, t.getKey(), t.getValue(), numbered, decimalType);
            LoadedMapSource.reader(b, t.getKey(), t.getValue(), STYLE);
        }
        b.append("}\n");
        return b.toString();
    }

    private static void writer(StringBuilder b, String type, List<Field> fields, List<String> numbered, int decimalType) {
        b.append("    static void write").append(type).append("(SnakeYamlGenerated<?> y, Map<String, Object> out, ").append(type).append(" v) {\n");
        if (fields.stream().anyMatch(Field::optional)) {
            b.append("        out.clear(); // a field absent now and present next time must come back in its place\n");
        }
        for (Field f : fields) {
            String n = javaName(f.name());
            String N = cap(n);
            String label = type + "." + f.name();
            String ind = "        ";
            if (f.optional()) {
                b.append(ind).append("if (v.has").append(N).append("()) {\n");
                ind += "    ";
            }
            String key = "\"" + f.name() + "\"";
            String get = "v." + n + "()";
            Type t = f.type();
            if (t instanceof Type.Scalar s) {
                String value = switch (s.primitive()) {
                    case U64 -> "SnakeYamlGenerated.unsigned(" + get + ")";
                    default -> get;
                };
                b.append(ind).append("out.put(").append(key).append(", ").append(value).append(");\n");
            } else if (t instanceof Type.Decimal d) {
                String value = d.fixedExponent() ? get : "y.decimal(" + decimalType + ", " + get + ", v." + n + "Exponent())";
                b.append(ind).append("out.put(").append(key).append(", ").append(value).append(");\n");
            } else if (t instanceof Type.EnumRef) {
                b.append(ind).append("out.put(").append(key).append(", ").append(get).append(".name());\n");
            } else if (t instanceof Type.SetRef) {
                b.append(ind).append("out.put(").append(key).append(", SnakeYamlGenerated.unsigned(").append(get).append("));\n");
            } else if (t instanceof Type.Ascii a) {
                b.append(ind).append("out.put(").append(key).append(", SnakeYamlGenerated.ascii(").append(get).append(", ").append(a.length())
                        .append(", \"").append(label).append("\"));\n");
            } else if (t instanceof Type.Text) {
                b.append(ind).append("out.put(").append(key).append(", ").append(get).append(".toString());\n");
            } else if (t instanceof Type.Bytes) {
                b.append(ind).append("out.put(").append(key).append(", SnakeYamlGenerated.bytes(").append(get).append(", v.").append(n).append("Length()));\n");
            } else if (t instanceof Type.CompositeRef c) {
                String C = c.def().name();
                b.append(ind).append("Map<String, Object> map").append(N).append(" = y.map(").append(numbered.indexOf(C)).append(");\n");
                b.append(ind).append("write").append(C).append("(y, map").append(N).append(", ").append(get).append(");\n");
                b.append(ind).append("out.put(").append(key).append(", map").append(N).append(");\n");
            } else if (t instanceof Type.Group g) {
                String E = g.entry().name();
                b.append(ind).append("List<Object> list").append(N).append(" = y.list();\n");
                b.append(ind).append("for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) {\n");
                b.append(ind).append("    Map<String, Object> e = y.map(").append(numbered.indexOf(E)).append(");\n");
                b.append(ind).append("    write").append(E).append("(y, e, v.").append(n).append("(i));\n");
                b.append(ind).append("    list").append(N).append(".add(e);\n");
                b.append(ind).append("}\n");
                b.append(ind).append("out.put(").append(key).append(", list").append(N).append(");\n");
            }
            if (f.optional()) b.append("        }\n");
        }
        b.append("    }\n\n");
    }

    // ---- the read limits of a message's shape

    /**
     * The largest document read, in bytes and code points: twice the longest the dumper can write (every string
     * character escaped, its lines folded and indented, every number at its longest), plus 4 KB; at most 512 MB. A
     * six-field message gets far less than the hand-written row's 64 Ki, the bound that keeps SnakeYAML's scanning of
     * one long scalar (quadratic in its length) cheap.
     */
    static int limit(List<Field> fields) {
        return (int) Math.min(512L << 20, 2 * mapping(fields, 0) + 4096);
    }

    private static long mapping(List<Field> fields, int indent) {
        long n = 3;
        for (Field f : fields) n += indent + f.name().length() + 4 + value(f.type(), indent + 2);
        return n;
    }

    private static long value(Type t, int indent) {
        if (t instanceof Type.Scalar s) return switch (s.primitive()) {
            case F32, F64 -> 24; // "-1.7976931348623157E308"
            case BOOL -> 5;
            default -> 22;
        };
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? 22 : mapping(List.of(), indent) + 2 * (indent + 10 + 22);
        if (t instanceof Type.EnumRef e) return 2 + e.def().values().stream().mapToInt(v -> v.name().length()).max().orElse(0);
        if (t instanceof Type.SetRef) return 22;
        if (t instanceof Type.Ascii a) return string(a.length(), indent);
        if (t instanceof Type.Text x) return string(x.maxBytes(), indent);
        if (t instanceof Type.Bytes x) return binary(x.maxLength(), indent);
        if (t instanceof Type.CompositeRef c) return 1 + mapping(c.def().fields(), indent);
        if (t instanceof Type.Group g) return 3 + (long) g.maxCount() * (mapping(g.entry().fields(), indent + 2) + indent + 2);
        throw new IllegalArgumentException(t.describe());
    }

    /** A string of {@code bytes} UTF-8 bytes: escaped (at most 6 chars a byte) and folded (a line break and indent per 40), or as binary. */
    private static long string(long bytes, int indent) {
        long escaped = 2 + 6 * bytes;
        return Math.max(escaped + escaped / 40 * (indent + 3), binary(bytes, indent));
    }

    /** {@code !!binary} base64 in lines of 76 chars, each indented. */
    private static long binary(long bytes, int indent) {
        long base64 = 4 * ((bytes + 2) / 3);
        return 16 + base64 + (base64 / 76 + 1) * (indent + 3);
    }

    /** How deep mappings and sequences nest: 1 for a flat mapping, a group adds its sequence and its entries' mappings. */
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
