package org.wireshootout.codec;

import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * The source of the readers that generated codecs of the map-building rows (SnakeYAML, Boon) use: per message,
 * composite and group entry a method {@code static void read<Type>(LoadedMap f, Map<?, ?> in, <Type> t)} that walks
 * the mapping the library's parser built, key by key, and copies each value into the message through
 * {@link LoadedMap}: an unknown key or a missing required field is refused, an optional field absent (or null) is
 * cleared. The libraries differ in how a few types come back, which {@link Style} says.
 */
public final class LoadedMapSource {
    private LoadedMapSource() {
    }

    /**
     * How the library's writer writes what JSON and YAML have no type for.
     *
     * @param key        the key a field is written under, from its schema name
     * @param u64AsBits  a u64 (or a set) as the signed long of its 64 bits, where the library cannot write an unsigned
     *                   number beyond a long; else as the unsigned number
     * @param bytesAsList bytes as a sequence of numbers (-128..127), else as the library's binary value (byte[])
     */
    public record Style(Function<String, String> key, boolean u64AsBits, boolean bytesAsList) {
    }

    /** The message's type and every composite and group entry under it, by name, each with its fields. */
    public static Map<String, List<Field>> types(String message, List<Field> fields, Set<EnumDef> enums) {
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(message, fields);
        collect(fields, enums, types);
        return types;
    }

    /** The enums the message uses. */
    public static Set<EnumDef> enums(List<Field> fields) {
        Set<EnumDef> enums = new LinkedHashSet<>();
        types("", fields, enums);
        return enums;
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
     * The constants the readers use: per type its field keys ({@code <TYPE>_FIELDS}, for the error naming missing
     * ones), per enum its values and their names ({@code <ENUM>_VALUES}, {@code <ENUM>_NAMES}).
     */
    public static void constants(StringBuilder b, Map<String, List<Field>> types, Set<EnumDef> enums, Style style) {
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            b.append("    private static final String[] ").append(t.getKey().toUpperCase()).append("_FIELDS = {");
            for (Field f : t.getValue()) b.append('"').append(style.key().apply(f.name())).append("\", ");
            b.append("};\n");
        }
        for (EnumDef e : enums) {
            String E = e.name().toUpperCase();
            b.append("    private static final ").append(e.name()).append("[] ").append(E).append("_VALUES = ").append(e.name()).append(".values();\n");
            b.append("    private static final String[] ").append(E).append("_NAMES = new String[").append(E).append("_VALUES.length];\n");
            b.append("    static {\n        for (int i = 0; i < ").append(E).append("_VALUES.length; i++) ").append(E).append("_NAMES[i] = ")
                    .append(E).append("_VALUES[i].name();\n    }\n");
        }
    }

    /** The reader of one type. */
    public static void reader(StringBuilder b, String type, List<Field> fields, Style style) {
        String T = type.toUpperCase();
        b.append("    static void read").append(type).append("(LoadedMap f, java.util.Map<?, ?> in, ").append(type).append(" t) {\n");
        int banks = (fields.size() + 63) / 64;
        for (int k = 0; k < banks; k++) b.append("        long s").append(k).append(" = 0;\n");
        b.append("        for (java.util.Map.Entry<?, ?> e : in.entrySet()) {\n");
        b.append("            Object v = e.getValue();\n");
        b.append("            switch (f.key(e.getKey(), \"").append(type).append("\")) {\n");
        for (int i = 0; i < fields.size(); i++) {
            Field fd = fields.get(i);
            String s = "s" + (i / 64);
            String bit = "0x" + Long.toHexString(1L << (i % 64)) + "L";
            b.append("                case \"").append(style.key().apply(fd.name())).append("\" -> {\n");
            String ind = "                    ";
            if (fd.optional()) {
                // an optional field written as null (Boon writes every field) is absent, as one left out is
                b.append(ind).append("if (v != null) {\n");
                ind += "    ";
            }
            b.append(ind).append(s).append(" |= ").append(bit).append(";\n");
            read(b, fd, type, style, ind);
            if (fd.optional()) b.append("                    }\n");
            b.append("                }\n");
        }
        b.append("                default -> throw f.error(\"").append(type).append(": unknown field '\" + e.getKey() + \"'\");\n");
        b.append("            }\n        }\n");
        for (int k = 0; k < banks; k++) {
            long required = 0;
            for (int i = 64 * k; i < Math.min(fields.size(), 64 * k + 64); i++) if (!fields.get(i).optional()) required |= 1L << (i % 64);
            if (required == 0) continue;
            String r = "0x" + Long.toHexString(required) + "L";
            b.append("        if ((s").append(k).append(" & ").append(r).append(") != ").append(r).append(") throw f.error(\"").append(type)
                    .append(": missing field(s) \" + LoadedMap.missing(s").append(k).append(", ").append(r).append(", ").append(T)
                    .append("_FIELDS, ").append(64 * k).append("));\n");
        }
        for (int i = 0; i < fields.size(); i++) {
            Field fd = fields.get(i);
            if (!fd.optional()) continue;
            b.append("        if ((s").append(i / 64).append(" & 0x").append(Long.toHexString(1L << (i % 64))).append("L) == 0) t.clear")
                    .append(cap(javaName(fd.name()))).append("(); // absent\n");
        }
        b.append("    }\n\n");
    }

    private static void read(StringBuilder b, Field fd, String owner, Style style, String ind) {
        String n = javaName(fd.name());
        String N = cap(n);
        String label = owner + "." + fd.name();
        String set = "t." + n;
        String has = fd.optional() ? " t.has" + N + "(true);" : "";
        Type ty = fd.type();
        if (ty instanceof Type.Scalar sc) {
            String v = switch (sc.primitive()) {
                case I8 -> "(byte) f.integer(v, Byte.MIN_VALUE, Byte.MAX_VALUE, \"" + label + "\")";
                case I16 -> "(short) f.integer(v, Short.MIN_VALUE, Short.MAX_VALUE, \"" + label + "\")";
                case I32 -> "(int) f.integer(v, Integer.MIN_VALUE, Integer.MAX_VALUE, \"" + label + "\")";
                case I64, TIMESTAMP -> "f.integer(v, Long.MIN_VALUE, Long.MAX_VALUE, \"" + label + "\")";
                case U8 -> "(short) f.integer(v, 0, 0xFF, \"" + label + "\")";
                case U16 -> "(int) f.integer(v, 0, 0xFFFF, \"" + label + "\")";
                case U32 -> "f.integer(v, 0, 0xFFFFFFFFL, \"" + label + "\")";
                case U64 -> u64(style, label);
                case F32 -> "f.f32(v, \"" + label + "\")";
                case F64 -> "f.f64(v, \"" + label + "\")";
                case BOOL -> "f.bool(v, \"" + label + "\")";
            };
            b.append(ind).append(set).append('(').append(v).append(");").append(has).append('\n');
        } else if (ty instanceof Type.Decimal d) {
            if (d.fixedExponent()) {
                b.append(ind).append(set).append("(f.integer(v, Long.MIN_VALUE, Long.MAX_VALUE, \"").append(label).append("\"));").append(has).append('\n');
            } else {
                b.append(ind).append("f.decimal(v, \"").append(label).append("\");\n");
                b.append(ind).append(set).append("(f.mantissa());\n");
                b.append(ind).append(set).append("Exponent(f.exponent());").append(has).append('\n');
            }
        } else if (ty instanceof Type.EnumRef e) {
            String E = e.def().name().toUpperCase();
            b.append(ind).append(set).append('(').append(E).append("_VALUES[f.enumIndex(v, ").append(E).append("_NAMES, \"").append(label)
                    .append("\")]);").append(has).append('\n');
        } else if (ty instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append(set).append("(f.set(").append(u64(style, label)).append(", 0x").append(Long.toHexString(allowed)).append("L, \"")
                    .append(label).append("\"));").append(has).append('\n');
        } else if (ty instanceof Type.Ascii a) {
            b.append(ind).append("f.ascii(v, t.").append(n).append("(), ").append(a.length()).append(", \"").append(label).append("\");").append(has).append('\n');
        } else if (ty instanceof Type.Text x) {
            b.append(ind).append("f.text(v, t.").append(n).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");").append(has).append('\n');
        } else if (ty instanceof Type.Bytes x) {
            if (style.bytesAsList()) {
                b.append(ind).append("java.util.List<?> l = f.list(v, ").append(x.maxLength()).append(", \"").append(label).append("\");\n");
                b.append(ind).append("byte[] to = ").append(set).append("Length(l.size());\n");
                b.append(ind).append("for (int i = 0, c = l.size(); i < c; i++) to[i] = (byte) f.integer(l.get(i), Byte.MIN_VALUE, Byte.MAX_VALUE, \"")
                        .append(label).append("\");").append(has).append('\n');
            } else {
                b.append(ind).append("byte[] bytes = f.binary(v, ").append(x.maxLength()).append(", \"").append(label).append("\");\n");
                b.append(ind).append("System.arraycopy(bytes, 0, ").append(set).append("Length(bytes.length), 0, bytes.length);").append(has).append('\n');
            }
        } else if (ty instanceof Type.CompositeRef c) {
            b.append(ind).append("read").append(c.def().name()).append("(f, f.map(v, \"").append(label).append("\"), t.").append(n).append("());")
                    .append(has).append('\n');
        } else if (ty instanceof Type.Group g) {
            b.append(ind).append("java.util.List<?> l = f.list(v, ").append(g.maxCount()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("t.clear").append(N).append("();\n");
            b.append(ind).append("for (int i = 0, c = l.size(); i < c; i++) read").append(g.entry().name()).append("(f, f.map(l.get(i), \"")
                    .append(label).append("\"), t.add").append(N).append("());\n");
        }
    }

    private static String u64(Style style, String label) {
        return style.u64AsBits() ? "f.integer(v, Long.MIN_VALUE, Long.MAX_VALUE, \"" + label + "\")" : "f.unsigned(v, \"" + label + "\")";
    }
}
