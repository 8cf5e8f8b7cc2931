package org.wireshootout.generator.spi;

import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.util.List;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * A plain class of a message's fields, as a library's user would write one for its serializer (Kryo's
 * {@code kryoTagged}, Fory's rows), and the copies between it and the generated message class: {@code to<Type>} fills
 * the codec's reused plain object from the message, {@code from<Type>} copies what the library read into the caller's
 * message, each value through the row's checks ({@link PlainFormChecks}: null where the schema has a value, an
 * unsigned value outside its type, a set bit naming no choice, ascii, text or bytes beyond their bound).
 *
 * <p>Field types: text and ascii as the message's own {@code StringBuilder} or a {@code String} made from it
 * ({@link Text}), bytes as an array of the value's length,
 * a composite as its own plain class, a group as an array or a list of entries ({@link Groups}), any other type as
 * the message class holds it, boxed when optional (null when absent); a decimal with its own exponent has a
 * {@code <field>Exponent} beside it.
 */
public final class PlainForm {
    /** How a group is held: an array of the count's length, or a list kept from message to message. */
    public enum Groups { ARRAY, LIST }

    /**
     * How text and ascii are held: the message's own {@code StringBuilder} (referred to, no chars copied), or a
     * {@code String} made from it on every encode, as a user's class holds text.
     */
    public enum Text { BUILDER, STRING }

    private final String holder;
    private final String runtime;
    private final String checks;
    private final Groups groups;
    private final Text text;

    /**
     * @param holder  the class holding the plain classes in the generated codec ({@code Tagged}, {@code Pojo})
     * @param runtime the library's runtime helper class, for {@code exactly} (and {@code entries} or {@code resize})
     * @param checks  the codec's field holding its {@link PlainFormChecks}
     */
    public PlainForm(String holder, String runtime, String checks, Groups groups) {
        this(holder, runtime, checks, groups, Text.BUILDER);
    }

    public PlainForm(String holder, String runtime, String checks, Groups groups, Text text) {
        this.holder = holder;
        this.runtime = runtime;
        this.checks = checks;
        this.groups = groups;
        this.text = text;
    }

    /** How this form holds text and ascii. */
    public Text text() {
        return text;
    }

    /** Whether a field has an exponent field beside it: a decimal without a fixed exponent. */
    public static boolean exponentField(Type t) {
        return t instanceof Type.Decimal d && !d.fixedExponent();
    }

    /** The Java type of a field in the plain class. */
    public String fieldType(Field f) {
        Type t = f.type();
        if (t instanceof Type.Ascii || t instanceof Type.Text) return text == Text.STRING ? "String" : "StringBuilder";
        if (t instanceof Type.Bytes) return "byte[]";
        if (t instanceof Type.CompositeRef c) return c.def().name();
        if (t instanceof Type.Group g) return groups == Groups.ARRAY ? g.entry().name() + "[]" : "java.util.List<" + g.entry().name() + ">";
        String jt = MessageClassGenerator.javaType(t);
        return f.optional() ? boxed(jt) : jt;
    }

    public static String boxed(String jt) {
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

    /** The two copies of {@code type} (the message or a composite): {@code to<Type>(message, plain)} and {@code from<Type>(plain, message)}. */
    public void methods(StringBuilder b, String type, List<Field> fields) {
        toMethod(b, type, fields);
        fromMethod(b, type, fields);
    }

    /** {@code to<Type>(message, plain)}: fills the plain object from the message. */
    public void toMethod(StringBuilder b, String type, List<Field> fields) {
        b.append("    private static ").append(holder).append('.').append(type).append(" to").append(type).append('(').append(type)
                .append(" v, ").append(holder).append('.').append(type).append(" p) {\n");
        for (Field f : fields) to(b, f, type);
        b.append("        return p;\n    }\n\n");
    }

    /** {@code from<Type>(plain, message)}: copies what the library read into the caller's message, through the checks. */
    public void fromMethod(StringBuilder b, String type, List<Field> fields) {
        b.append("    private void from").append(type).append('(').append(holder).append('.').append(type).append(" p, ").append(type).append(" t) {\n");
        for (Field f : fields) from(b, f, type);
        b.append("    }\n\n");
    }

    private void to(StringBuilder b, Field f, String owner) {
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
            b.append(ind).append("p.").append(n).append(" = ").append(get).append(text == Text.STRING ? ".toString()" : "").append(";\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append("p.").append(n).append(" = ").append(get).append(text == Text.STRING ? ".toString()" : "").append(";\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append("p.").append(n).append(" = ").append(runtime).append(".exactly(p.").append(n).append(", ").append(get).append(", v.").append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            String C = c.def().name();
            b.append(ind).append("p.").append(n).append(" = to").append(C).append('(').append(get).append(", p.").append(n).append(" != null ? p.")
                    .append(n).append(" : new ").append(holder).append('.').append(C).append("());\n");
        } else if (t instanceof Type.Group g) {
            String E = g.entry().name();
            b.append(ind).append("{\n");
            if (groups == Groups.ARRAY) {
                b.append(ind).append("    int c = v.").append(n).append("Count();\n");
                b.append(ind).append("    ").append(holder).append('.').append(E).append("[] a = p.").append(n).append(" = ").append(runtime).append(".entries(p.").append(n)
                        .append(", c, ").append(holder).append('.').append(E).append("[]::new, ").append(holder).append('.').append(E).append("::new);\n");
                b.append(ind).append("    for (int i = 0; i < c; i++) to").append(E).append("(v.").append(n).append("(i), a[i]);\n");
            } else {
                b.append(ind).append("    java.util.List<").append(holder).append('.').append(E).append("> l = p.").append(n).append(";\n");
                b.append(ind).append("    if (l == null) p.").append(n).append(" = l = new java.util.ArrayList<>();\n");
                b.append(ind).append("    int c = v.").append(n).append("Count();\n");
                b.append(ind).append("    ").append(runtime).append(".resize(l, c, ").append(holder).append('.').append(E).append("::new);\n");
                b.append(ind).append("    for (int i = 0; i < c; i++) to").append(E).append("(v.").append(n).append("(i), l.get(i));\n");
            }
            b.append(ind).append("}\n");
        } else {
            b.append(ind).append("p.").append(n).append(" = ").append(get).append(";\n");
            if (exponentField(t)) b.append(ind).append("p.").append(n).append("Exponent = v.").append(n).append("Exponent();\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private void from(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        Type t = f.type();
        String p = "p." + n;
        String ind = "        ";
        String q = "\"" + label + "\"";
        String k = checks;
        if (f.optional()) {
            b.append(ind).append("if (").append(p).append(" == null) {\n");
            if (exponentField(t)) {
                b.append(ind).append("    if (").append(p).append("Exponent != null) throw ").append(k).append(".refused(").append(q).append(", \"an exponent without a mantissa\");\n");
            }
            b.append(ind).append("    t.clear").append(N).append("();\n").append(ind).append("} else {\n");
            ind += "    ";
        }
        if (t instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case U8 -> "(short) " + k + ".unsigned(" + p + ", 0xFFL, " + q + ")";
                case U16 -> "(int) " + k + ".unsigned(" + p + ", 0xFFFFL, " + q + ")";
                case U32 -> k + ".unsigned(" + p + ", 0xFFFFFFFFL, " + q + ")";
                default -> p;
            };
            b.append(ind).append("t.").append(n).append('(').append(v).append(");\n");
        } else if (t instanceof Type.Decimal) {
            b.append(ind).append("t.").append(n).append('(').append(p).append(");\n");
            if (exponentField(t)) {
                b.append(ind).append("t.").append(n).append("Exponent(").append(f.optional() ? k + ".required(" + p + "Exponent, " + q + ")" : p + "Exponent").append(");\n");
            }
        } else if (t instanceof Type.EnumRef) {
            b.append(ind).append("t.").append(n).append('(').append(k).append(".required(").append(p).append(", ").append(q).append("));\n");
        } else if (t instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append("t.").append(n).append('(').append(k).append(".set(").append(p).append(", 0x").append(Long.toHexString(allowed)).append("L, ").append(q).append("));\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("t.").append(n).append('(').append(k).append(".ascii(").append(p).append(", ").append(a.length()).append(", ").append(q).append("));\n");
        } else if (t instanceof Type.Text x) {
            b.append(ind).append("t.").append(n).append('(').append(k).append(".text(").append(p).append(", ").append(x.maxBytes()).append(", ").append(q).append("));\n");
        } else if (t instanceof Type.Bytes x) {
            b.append(ind).append("{\n").append(ind).append("    byte[] a = ").append(k).append(".bytes(").append(p).append(", ").append(x.maxLength()).append(", ").append(q).append(");\n");
            b.append(ind).append("    t.").append(n).append("(a, 0, a.length);\n").append(ind).append("}\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("from").append(c.def().name()).append('(').append(k).append(".required(").append(p).append(", ").append(q).append("), t.").append(n).append("());\n");
            if (f.optional()) b.append(ind).append("t.has").append(N).append("(true);\n");
        } else if (t instanceof Type.Group g) {
            String E = g.entry().name();
            b.append(ind).append("{\n");
            if (groups == Groups.ARRAY) {
                b.append(ind).append("    ").append(holder).append('.').append(E).append("[] a = ").append(k).append(".group(").append(p).append(", ").append(g.maxCount()).append(", ").append(q).append(");\n");
                b.append(ind).append("    t.clear").append(N).append("();\n");
                b.append(ind).append("    for (int i = 0; i < a.length; i++) from").append(E).append("(a[i], t.add").append(N).append("());\n");
            } else {
                b.append(ind).append("    java.util.List<").append(holder).append('.').append(E).append("> l = ").append(k).append(".group(").append(p).append(", ").append(g.maxCount()).append(", ").append(q).append(");\n");
                b.append(ind).append("    t.clear").append(N).append("();\n");
                b.append(ind).append("    for (int i = 0, c = l.size(); i < c; i++) from").append(E).append("(l.get(i), t.add").append(N).append("());\n");
            }
            b.append(ind).append("}\n");
            if (f.optional()) b.append(ind).append("t.has").append(N).append("(true);\n");
        }
        if (f.optional()) b.append("        }\n");
    }
}
