package org.wireshootout.codec.kryo;

import org.wireshootout.codec.jdk.GeneratedCopy;
import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageClassGenerator;
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
 * Codecs for the Kryo rows on Kryo's field serializers generated from a message schema, in one of three modes, each
 * written as the hand-written row of its name is ({@link KryoFieldsGenerated.Mode}):
 * <ul>
 *   <li>{@code kryoFields} ({@link KryoFieldsCodec}): Kryo's default {@code FieldSerializer} over the generated message
 *       class itself, as a Kryo user would serialise a class they have;</li>
 *   <li>{@code kryoCompatible} ({@link KryoCompatibleCodec}): {@code CompatibleFieldSerializer} over the generated
 *       message class itself (it needs no annotations, as the hand-written row serialises {@code Data} itself);</li>
 *   <li>{@code kryoTagged} ({@link KryoTaggedCodec}): {@code TaggedFieldSerializer}, which writes only fields carrying
 *       {@code @Tag}, over a class of the message's fields written beside the codec ({@code <Message>Codec.Tagged}),
 *       as the hand-written row serialises its tagged copy of {@code Data}'s fields.</li>
 * </ul>
 * The classes are registered first the message's, then the classes its fields hold ({@link KryoFieldsGenerated}).
 * Nothing is written per field by this code: the serializer walks the class's fields by reflection and writes each
 * with Kryo's default serializer for its Java type. It makes a new object per read; the codec copies it into the
 * caller's target, refusing values its writer cannot write, as the hand-written rows copy theirs.
 *
 * <p>What {@code FieldSerializer} and {@code CompatibleFieldSerializer} do with the generated message classes that a
 * hand-written serializer would not: they write every field the class has, so a group's whole reused entry array (its
 * entries past the count, from earlier messages), a bytes field's whole reused buffer past its length, the counts,
 * lengths and presence flags as fields of their own, and an optional field's value when it is absent; each
 * {@code StringBuilder} through Kryo's {@code StringBuilder} serializer (its chars, not its capacity);
 * {@code CompatibleFieldSerializer} writes the name of each of those fields too. The tagged class holds what the
 * message holds and no more: a field per schema field (a primitive, one Java size up for unsigned types; {@code long}
 * for decimals, timestamps and sets, with a {@code byte} exponent where the schema fixes none; the generated enum;
 * {@code StringBuilder} for text and ascii; {@code byte[]} of the value's length; a nested tagged class for a
 * composite; an array of the count's length for a group; nullable, boxed for a primitive, for an optional field, null
 * when absent), tagged 0, 1, ... in the schema's order (an exponent the tag after its mantissa's). Kryo carries every
 * construct, so no message is refused.
 */
public final class KryoFieldsGenerator implements CodecBackend {
    private final KryoFieldsGenerated.Mode mode;

    /** The {@code kryoFields} row. */
    public KryoFieldsGenerator() {
        this(KryoFieldsGenerated.Mode.FIELDS);
    }

    public KryoFieldsGenerator(KryoFieldsGenerated.Mode mode) {
        this.mode = mode;
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        return mode == KryoFieldsGenerated.Mode.TAGGED ? tagged(ctx, m) : messageClass(ctx, m);
    }

    private static void header(StringBuilder b, GenContext ctx, String library) {
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(KryoFieldsGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.kryo.KryoFieldsGenerated;\n");
        b.append("import org.wireshootout.generator.spi.SchemaChecks;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
    }

    /** {@code kryoFields} and {@code kryoCompatible}: the serializer over the generated message class. */
    private String messageClass(GenContext ctx, MessageDef m) {
        String library = mode.row();
        String M = m.name();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        Set<String> classes = new LinkedHashSet<>();
        collect(m.fields(), types, classes, "");
        if (mode != KryoFieldsGenerated.Mode.FIELDS) classes = enumsFirst(classes, types);
        StringBuilder b = new StringBuilder();
        header(b, ctx, library);
        String serializer = mode == KryoFieldsGenerated.Mode.COMPATIBLE ? "CompatibleFieldSerializer" : "default FieldSerializer";
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": Kryo's ").append(serializer).append(" over the message class. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        b.append("    private final KryoFieldsGenerated kryo;\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        kryo = new KryoFieldsGenerated(name, KryoFieldsGenerated.Mode.").append(mode.name()).append(", ").append(M).append(".class");
        for (String c : classes) b.append(", ").append(c).append(".class");
        b.append(");\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n        return kryo.write(value, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        ").append(M).append(" read = kryo.read(").append(M).append(".class, src, offset, length);\n");
        b.append("        try {\n            copy").append(M).append("(read, target);\n");
        b.append("        } catch (IllegalArgumentException | NullPointerException | IndexOutOfBoundsException e) {\n");
        b.append("            throw kryo.refused(e); // a null where the writer writes an object, a count or length past its array or bound\n");
        b.append("        }\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) GeneratedCopy.method(b, t.getKey(), t.getValue(), true);
        b.append("}\n");
        return b.toString();
    }

    /**
     * {@code classes} with the enums first, in order, then the others: the hand-written {@code kryoTagged} and
     * {@code kryoCompatible} rows register {@code Data}'s enum before {@code StringBuilder}, and
     * {@code CompatibleFieldSerializer} writes each value's registration id, so on {@code data} the ids are theirs.
     */
    private static Set<String> enumsFirst(Set<String> classes, Map<String, List<Field>> types) {
        Set<String> enums = new LinkedHashSet<>();
        for (List<Field> fields : types.values()) {
            for (Field f : fields) if (f.type() instanceof Type.EnumRef e) enums.add(e.def().name());
        }
        Set<String> ordered = new LinkedHashSet<>();
        for (String c : classes) if (enums.contains(c)) ordered.add(c);
        ordered.addAll(classes);
        return ordered;
    }

    /** The message's composites and group entries, and the classes its fields hold for Kryo to register, in order. */
    private static void collect(List<Field> fields, Map<String, List<Field>> types, Set<String> classes, String prefix) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) classes.add(e.def().name());
            else if (t instanceof Type.Ascii || t instanceof Type.Text) classes.add("StringBuilder");
            else if (t instanceof Type.Bytes) classes.add("byte[]");
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null) {
                classes.add(prefix + c.name());
                if (t instanceof Type.Group) classes.add(prefix + c.name() + "[]");
                if (types.putIfAbsent(c.name(), c.fields()) == null) collect(c.fields(), types, classes, prefix);
            }
        }
    }

    /** {@code kryoTagged}: TaggedFieldSerializer over the tagged classes written beside the codec. */
    private String tagged(GenContext ctx, MessageDef m) {
        String library = mode.row();
        String M = m.name();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        Set<String> classes = new LinkedHashSet<>();
        collect(m.fields(), types, classes, "Tagged.");
        classes = enumsFirst(classes, types);
        StringBuilder b = new StringBuilder();
        header(b, ctx, library);
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": Kryo's TaggedFieldSerializer over a class of its fields carrying @Tag (Tagged.")
                .append(M).append("). */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        b.append("    private final KryoFieldsGenerated kryo;\n");
        b.append("    /** Filled from the message on every encode, reused. */\n");
        b.append("    private final Tagged.").append(M).append(" out = new Tagged.").append(M).append("();\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        kryo = new KryoFieldsGenerated(name, KryoFieldsGenerated.Mode.TAGGED, Tagged.").append(M).append(".class");
        for (String c : classes) b.append(", ").append(c).append(".class");
        b.append(");\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        to").append(M).append("(value, out);\n        return kryo.write(out, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        from").append(M).append("(kryo.message(kryo.read(Tagged.").append(M).append(".class, src, offset, length)), target);\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) taggedMethods(b, t.getKey(), t.getValue());
        b.append("    /** The classes TaggedFieldSerializer serialises: the schema's fields, each carrying its tag. */\n");
        b.append("    public static final class Tagged {\n        private Tagged() {\n        }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) taggedClass(b, t.getKey(), t.getValue());
        b.append("    }\n}\n");
        return b.toString();
    }

    /** The Java type of a field in the tagged class. */
    private static String taggedType(Field f) {
        Type t = f.type();
        if (t instanceof Type.Ascii || t instanceof Type.Text) return "StringBuilder";
        if (t instanceof Type.Bytes) return "byte[]";
        if (t instanceof Type.CompositeRef c) return c.def().name();
        if (t instanceof Type.Group g) return g.entry().name() + "[]";
        String jt = MessageClassGenerator.javaType(t);
        return f.optional() ? boxed(jt) : jt;
    }

    private static String boxed(String jt) {
        return switch (jt) {
            case "byte" -> "Byte";
            case "short" -> "Short";
            case "int" -> "Integer";
            case "long" -> "Long";
            case "float" -> "Float";
            case "double" -> "Double";
            case "boolean" -> "Boolean";
            default -> jt;
        };
    }

    private static boolean exponentField(Type t) {
        return t instanceof Type.Decimal d && !d.fixedExponent();
    }

    private static void taggedClass(StringBuilder b, String type, List<Field> fields) {
        b.append("        public static final class ").append(type).append(" {\n");
        int tag = 0;
        for (Field f : fields) {
            String n = javaName(f.name());
            b.append("            @com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag(").append(tag++).append(") ")
                    .append(taggedType(f)).append(' ').append(n).append(";\n");
            if (exponentField(f.type())) {
                b.append("            @com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag(").append(tag++).append(") ")
                        .append(f.optional() ? "Byte" : "byte").append(' ').append(n).append("Exponent;\n");
            }
        }
        b.append("        }\n\n");
    }

    private static void taggedMethods(StringBuilder b, String type, List<Field> fields) {
        b.append("    private static Tagged.").append(type).append(" to").append(type).append('(').append(type).append(" v, Tagged.").append(type).append(" p) {\n");
        for (Field f : fields) toTagged(b, f, type);
        b.append("        return p;\n    }\n\n");
        b.append("    private void from").append(type).append("(Tagged.").append(type).append(" p, ").append(type).append(" t) {\n");
        for (Field f : fields) fromTagged(b, f, type);
        b.append("    }\n\n");
    }

    private static void toTagged(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        Type t = f.type();
        String get = "v." + n + "()";
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("if (!v.has").append(N).append("()) {\n").append(ind).append("    p.").append(n).append(" = null;\n");
            if (exponentField(t)) b.append(ind).append("    p.").append(n).append("Exponent = null;\n");
            b.append(ind).append("} else {\n");
            ind += "    ";
        }
        if (t instanceof Type.Ascii a) {
            b.append(ind).append("SchemaChecks.ascii(").append(get).append(", ").append(a.length()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("p.").append(n).append(" = ").append(get).append(";\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append("p.").append(n).append(" = ").append(get).append(";\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append("p.").append(n).append(" = KryoFieldsGenerated.exactly(p.").append(n).append(", ").append(get).append(", v.").append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            String C = c.def().name();
            b.append(ind).append("p.").append(n).append(" = to").append(C).append('(').append(get).append(", p.").append(n).append(" != null ? p.")
                    .append(n).append(" : new Tagged.").append(C).append("());\n");
        } else if (t instanceof Type.Group g) {
            String E = g.entry().name();
            b.append(ind).append("{\n");
            b.append(ind).append("    int c = v.").append(n).append("Count();\n");
            b.append(ind).append("    Tagged.").append(E).append("[] a = p.").append(n).append(" = KryoFieldsGenerated.entries(p.").append(n)
                    .append(", c, Tagged.").append(E).append("[]::new, Tagged.").append(E).append("::new);\n");
            b.append(ind).append("    for (int i = 0; i < c; i++) to").append(E).append("(v.").append(n).append("(i), a[i]);\n");
            b.append(ind).append("}\n");
        } else {
            b.append(ind).append("p.").append(n).append(" = ").append(get).append(";\n");
            if (exponentField(t)) b.append(ind).append("p.").append(n).append("Exponent = v.").append(n).append("Exponent();\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private static void fromTagged(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        Type t = f.type();
        String p = "p." + n;
        String ind = "        ";
        String q = "\"" + label + "\"";
        if (f.optional()) {
            b.append(ind).append("if (").append(p).append(" == null) {\n");
            if (exponentField(t)) {
                b.append(ind).append("    if (").append(p).append("Exponent != null) throw kryo.refused(").append(q).append(", \"an exponent without a mantissa\");\n");
            }
            b.append(ind).append("    t.clear").append(N).append("();\n").append(ind).append("} else {\n");
            ind += "    ";
        }
        if (t instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case U8 -> "(short) kryo.unsigned(" + p + ", 0xFFL, " + q + ")";
                case U16 -> "(int) kryo.unsigned(" + p + ", 0xFFFFL, " + q + ")";
                case U32 -> "kryo.unsigned(" + p + ", 0xFFFFFFFFL, " + q + ")";
                default -> p;
            };
            b.append(ind).append("t.").append(n).append('(').append(v).append(");\n");
        } else if (t instanceof Type.Decimal) {
            b.append(ind).append("t.").append(n).append('(').append(p).append(");\n");
            if (exponentField(t)) {
                b.append(ind).append("t.").append(n).append("Exponent(").append(f.optional() ? "kryo.required(" + p + "Exponent, " + q + ")" : p + "Exponent").append(");\n");
            }
        } else if (t instanceof Type.EnumRef) {
            b.append(ind).append("t.").append(n).append("(kryo.required(").append(p).append(", ").append(q).append("));\n");
        } else if (t instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append("t.").append(n).append("(kryo.set(").append(p).append(", 0x").append(Long.toHexString(allowed)).append("L, ").append(q).append("));\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("t.").append(n).append("(kryo.ascii(").append(p).append(", ").append(a.length()).append(", ").append(q).append("));\n");
        } else if (t instanceof Type.Text x) {
            b.append(ind).append("t.").append(n).append("(kryo.text(").append(p).append(", ").append(x.maxBytes()).append(", ").append(q).append("));\n");
        } else if (t instanceof Type.Bytes x) {
            b.append(ind).append("{\n").append(ind).append("    byte[] a = kryo.bytes(").append(p).append(", ").append(x.maxLength()).append(", ").append(q).append(");\n");
            b.append(ind).append("    t.").append(n).append("(a, 0, a.length);\n").append(ind).append("}\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("from").append(c.def().name()).append("(kryo.required(").append(p).append(", ").append(q).append("), t.").append(n).append("());\n");
            if (f.optional()) b.append(ind).append("t.has").append(N).append("(true);\n");
        } else if (t instanceof Type.Group g) {
            String E = g.entry().name();
            b.append(ind).append("{\n");
            b.append(ind).append("    Tagged.").append(E).append("[] a = kryo.group(").append(p).append(", ").append(g.maxCount()).append(", ").append(q).append(");\n");
            b.append(ind).append("    t.clear").append(N).append("();\n");
            b.append(ind).append("    for (int i = 0; i < a.length; i++) from").append(E).append("(a[i], t.add").append(N).append("());\n");
            b.append(ind).append("}\n");
            if (f.optional()) b.append(ind).append("t.has").append(N).append("(true);\n");
        }
        if (f.optional()) b.append("        }\n");
    }
}
