package org.wireshootout.codec.jdk;

import org.wireshootout.schema.Field;
import org.wireshootout.schema.Type;

import java.util.List;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Writes, for a generated codec, the methods that copy one message class's value into another through the classes'
 * accessors: for the rows whose library makes a new object per read ({@code ObjectInputStream}'s Externalizable, Kryo's
 * {@code FieldSerializer}), which then fill the caller's target from it, as the hand-written rows copy their adapter or
 * new {@code Data} into the target.
 *
 * <p>With {@code checked}, the copy also refuses what the message classes' own fields can hold but their writer never
 * writes, for a library that sets those fields itself from the bytes: a missing enum, text or ascii outside its schema
 * type, a byte count or group count beyond its bound. The generated code throws {@code IllegalArgumentException} naming
 * the field; the codec reports it as a {@code DecodeException}.
 */
public final class GeneratedCopy {
    private GeneratedCopy() {
    }

    /** Appends {@code static void copy<type>(<type> f, <type> t)}. */
    public static void method(StringBuilder b, String type, List<Field> fields, boolean checked) {
        b.append("    static void copy").append(type).append('(').append(type).append(" f, ").append(type).append(" t) {\n");
        for (Field field : fields) field(b, field, type, checked);
        b.append("    }\n\n");
    }

    /** A text's {@code StringBuilder} or an enum, which the writer always writes as an object, refused when null. */
    private static void nullCheck(StringBuilder b, String ind, String get, String label) {
        b.append(ind).append("if (").append(get).append(" == null) throw new IllegalArgumentException(").append(label).append(" + \" is null\");\n");
    }

    private static void field(StringBuilder b, Field f, String owner, boolean checked) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = "\"" + owner + "." + f.name() + "\"";
        String ind = "        ";
        String get = "f." + n + "()";
        if (f.optional()) {
            b.append(ind).append("if (f.has").append(N).append("()) {\n");
            ind += "    ";
        }
        Type t = f.type();
        if (t instanceof Type.Scalar || t instanceof Type.SetRef) {
            b.append(ind).append("t.").append(n).append('(').append(get).append(");\n");
        } else if (t instanceof Type.Decimal d) {
            b.append(ind).append("t.").append(n).append('(').append(get).append(");\n");
            if (!d.fixedExponent()) b.append(ind).append("t.").append(n).append("Exponent(f.").append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef) {
            if (checked) nullCheck(b, ind, get, label);
            b.append(ind).append("t.").append(n).append('(').append(get).append(");\n");
        } else if (t instanceof Type.Ascii a) {
            if (checked) nullCheck(b, ind, get, label);
            if (checked) b.append(ind).append("org.wireshootout.generator.spi.SchemaChecks.ascii(").append(get).append(", ").append(a.length()).append(", ").append(label).append(");\n");
            b.append(ind).append("t.").append(n).append('(').append(get).append(");\n");
        } else if (t instanceof Type.Text x) {
            if (checked) {
                nullCheck(b, ind, get, label);
                b.append(ind).append("if (org.wireshootout.codec.utf8.LenientUtf8.encodedLength(").append(get).append(") > ").append(x.maxBytes())
                        .append(") throw new IllegalArgumentException(").append(label).append(" + \" is beyond its bound of ").append(x.maxBytes()).append(" bytes\");\n");
            }
            b.append(ind).append("t.").append(n).append('(').append(get).append(");\n");
        } else if (t instanceof Type.Bytes x) {
            if (checked) {
                b.append(ind).append("if (f.").append(n).append("Length() < 0 || f.").append(n).append("Length() > ").append(x.maxLength())
                        .append(") throw new IllegalArgumentException(").append(label).append(" + \" holds \" + f.").append(n)
                        .append("Length() + \" bytes, beyond its bound\");\n");
            }
            b.append(ind).append("t.").append(n).append('(').append(get).append(", 0, f.").append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("copy").append(c.def().name()).append('(').append(get).append(", t.").append(n).append("());\n");
        } else if (t instanceof Type.Group g) {
            if (checked) {
                b.append(ind).append("if (f.").append(n).append("Count() < 0 || f.").append(n).append("Count() > ").append(g.maxCount())
                        .append(") throw new IllegalArgumentException(").append(label).append(" + \" holds \" + f.").append(n)
                        .append("Count() + \" entries, beyond its bound\");\n");
            }
            b.append(ind).append("t.clear").append(N).append("();\n");
            b.append(ind).append("for (int i = 0, c = f.").append(n).append("Count(); i < c; i++) copy").append(g.entry().name())
                    .append("(f.").append(n).append("(i), t.add").append(N).append("());\n");
        }
        if (f.optional()) {
            b.append(ind).append("t.has").append(N).append("(true);\n");
            b.append("        } else {\n            t.clear").append(N).append("();\n        }\n");
        }
    }
}
