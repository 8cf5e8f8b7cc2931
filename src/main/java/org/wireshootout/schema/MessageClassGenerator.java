package org.wireshootout.schema;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the Java message classes of a schema: one class per message and composite, one enum per enum. The
 * classes are mutable and reusable: text is held in a {@link StringBuilder} that is cleared and refilled, bytes in
 * a buffer that grows only when a longer value comes, composites are final fields, and groups are arrays of
 * entries with a count, whose entries are allocated once and reused. A reused target therefore allocates nothing
 * once it has held its largest value. {@code equals} compares every field present (text by content) and
 * {@code firstDifference} names the first field that differs, for round-trip checks.
 *
 * <p>Java types: {@code i8..i64} as {@code byte, short, int, long}; unsigned types one size up ({@code u8} as
 * {@code short}, {@code u16} as {@code int}, {@code u32} as {@code long}), {@code u64} as {@code long} holding the
 * 64 bits; {@code timestamp} and {@code decimal(E)} mantissas as {@code long}; a set as a {@code long} of bits.
 * A union gets no class of its own: its members are messages, each with its {@code ID}. Each class also has a
 * seeded value generator, {@code fill(SplittableRandom)}.
 */
public final class MessageClassGenerator {
    /** The class the generated fill methods draw their values with, one per package. */
    public static final String VALUES = "SeededValues";
    /** Text and bytes longer than this are not generated, whatever the bound. */
    public static final int MAX_GENERATED_LENGTH = 4096;
    /** Groups are filled to their bound when it is at most this, else to a random count up to it. */
    public static final int FULL_GROUP_LIMIT = 100;

    private final Schema schema;
    private final String pkg;

    private MessageClassGenerator(Schema schema, String pkg) {
        this.schema = schema;
        this.pkg = pkg;
    }

    /**
     * The package the classes of a schema go to when none is given: {@code org.wireshootout.gen.<schema name>}, short because
     * Java serialisation writes the names of the classes it serialises (the JDK rows' adapters and a message's enums) in
     * every message.
     */
    public static String defaultPackage(Schema schema) {
        String name = schema.name().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_.]", "_");
        return "org.wireshootout.gen." + name;
    }

    /**
     * Writes the classes of each schema file under an output folder: {@code OUT SCHEMA...}. A schema with problems
     * prints them (file:line:column: what) and the exit status is 2; a file that cannot be read gives 1.
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: MessageClassGenerator OUTPUT_DIR SCHEMA_FILE...");
            System.exit(1);
        }
        Path out = Path.of(args[0]);
        int status = 0;
        for (int i = 1; i < args.length; i++) {
            try {
                Schema schema = Schemas.load(Path.of(args[i]));
                for (Map.Entry<String, String> e : generate(schema, defaultPackage(schema)).entrySet()) {
                    Path f = out.resolve(e.getKey().replace('.', '/') + ".java");
                    Files.createDirectories(f.getParent());
                    Files.writeString(f, e.getValue());
                }
            } catch (SchemaException e) {
                System.err.println(e.getMessage());
                status = 2;
            }
        }
        if (status != 0) System.exit(status);
    }

    /** The sources, by fully qualified class name, in the given package. */
    public static Map<String, String> generate(Schema schema, String pkg) {
        return new MessageClassGenerator(schema, pkg).run();
    }

    private Map<String, String> run() {
        Map<String, String> out = new LinkedHashMap<>();
        for (EnumDef e : schema.enums()) out.put(pkg + "." + e.name(), enumSource(e));
        for (CompositeDef c : schema.composites()) out.put(pkg + "." + c.name(), classSource(c.name(), c.fields(), null, "composite"));
        for (MessageDef m : schema.messages()) out.put(pkg + "." + m.name(), classSource(m.name(), m.fields(), m.hasId() ? m.id() : null, "message"));
        for (UnionDef u : schema.unions()) out.put(pkg + "." + u.name(), unionSource(u));
        out.put(pkg + "." + VALUES, valuesSource());
        return out;
    }

    private String header() {
        return "package " + pkg + ";\n\n// Generated from " + schema.source().replace('\\', '/') + " (schema " + schema.name()
                + "); do not edit.\n\n";
    }

    private String enumSource(EnumDef e) {
        StringBuilder b = new StringBuilder(header());
        b.append("/** Enum ").append(e.name()).append(" on ").append(e.encoding().keyword()).append(". */\n");
        b.append("public enum ").append(e.name()).append(" {\n");
        for (int i = 0; i < e.values().size(); i++) {
            EnumDef.Value v = e.values().get(i);
            b.append("    ").append(javaName(v.name())).append('(').append(v.value()).append("L)").append(i + 1 < e.values().size() ? ",\n" : ";\n");
        }
        b.append("\n    private final long value;\n\n");
        b.append("    ").append(e.name()).append("(long value) { this.value = value; }\n\n");
        b.append("    /** The number this value is carried as. */\n");
        b.append("    public long value() { return value; }\n\n");
        b.append("    /** The value carried as this number, or null when the number names none. */\n");
        b.append("    public static ").append(e.name()).append(" of(long value) {\n");
        // a switch on the number, which javac makes a jump table or a binary search: no loop and no array to walk
        // on the decode path (a value's number read from a field is looked up once per message)
        boolean ints = e.values().stream().allMatch(v -> v.value() == (int) v.value());
        if (ints) {
            b.append("        if (value != (int) value) return null;\n");
            b.append("        switch ((int) value) {\n");
            for (EnumDef.Value v : e.values()) {
                b.append("            case ").append(v.value()).append(": return ").append(javaName(v.name())).append(";\n");
            }
            b.append("            default: return null;\n        }\n    }\n}\n");
        } else {
            for (EnumDef.Value v : e.values()) {
                b.append("        if (value == ").append(v.value()).append("L) return ").append(javaName(v.name())).append(";\n");
            }
            b.append("        return null;\n    }\n}\n");
        }
        return b.toString();
    }

    public static String javaType(Type t) {
        if (t instanceof Type.Scalar s) {
            return switch (s.primitive()) {
                case I8 -> "byte";
                case I16, U8 -> "short";
                case I32, U16 -> "int";
                case I64, U32, U64, TIMESTAMP -> "long";
                case F32 -> "float";
                case F64 -> "double";
                case BOOL -> "boolean";
            };
        }
        if (t instanceof Type.Decimal || t instanceof Type.SetRef) return "long";
        if (t instanceof Type.EnumRef e) return e.def().name();
        if (t instanceof Type.CompositeRef c) return c.def().name();
        throw new IllegalArgumentException(t.describe());
    }

    private static final java.util.Set<String> RESERVED = java.util.Set.of("abstract", "assert", "boolean", "break", "byte",
            "case", "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends",
            "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface",
            "long", "native", "new", "package", "private", "protected", "public", "return", "short", "static",
            "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void",
            "volatile", "while", "true", "false", "null", "var", "record", "yield", "sealed", "permits",
            // the generated classes' own methods and ID constant, and Object's that a getter or setter could not overload
            "clear", "equals", "hashCode", "toString", "firstDifference", "getClass", "notify", "notifyAll", "wait",
            "edge", "checksum", "clone", "finalize", "ID");

    /** The field's name in Java: a Java keyword or a name the generated class uses itself gets a trailing '_'. */
    public static String javaName(String name) {
        return RESERVED.contains(name) ? name + "_" : name;
    }

    /**
     * The names the generated class declares for a field, its own first: the field's Java name, then what its type
     * and presence add: {@code has<N>} and {@code clear<N>} for an optional field, {@code <n>Length} for bytes,
     * {@code <n>Count}, {@code add<N>}, {@code clear<N>} and {@code <N>_MAX} for a group, {@code <n>Exponent} or
     * {@code <N>_EXPONENT} for a decimal. Two fields of one class must not share any of them (the resolver refuses
     * the second at its line), or the class would not compile.
     */
    public static java.util.List<String> declaredNames(Field f) {
        String n = javaName(f.name());
        String N = cap(n);
        java.util.List<String> names = new java.util.ArrayList<>(java.util.List.of(n));
        if (f.optional()) {
            names.add("has" + N);
            names.add("clear" + N);
        }
        Type t = f.type();
        if (t instanceof Type.Bytes) {
            names.add(n + "Length");
        } else if (t instanceof Type.Group) {
            names.add(n + "Count");
            names.add("add" + N);
            names.add("clear" + N);
            names.add(n.toUpperCase() + "_MAX");
        } else if (t instanceof Type.Decimal d) {
            names.add(d.fixedExponent() ? n.toUpperCase() + "_EXPONENT" : n + "Exponent");
        }
        return names;
    }

    public static String cap(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private String classSource(String name, java.util.List<Field> fields, Long id, String kind) {
        StringBuilder b = new StringBuilder(header());
        b.append("/** The ").append(kind).append(' ').append(name).append(": mutable and reusable. */\n");
        b.append("public final class ").append(name);
        if (kind.equals("message")) b.append(" implements org.wireshootout.generator.GeneratedMessage<").append(name).append('>');
        b.append(" {\n");
        if (id != null) b.append("    /** The id that tells this message apart in a union. */\n    public static final int ID = ").append(id).append(";\n\n");
        StringBuilder eq = new StringBuilder();
        StringBuilder ck = new StringBuilder();
        StringBuilder clear = new StringBuilder();
        StringBuilder fill = new StringBuilder();
        StringBuilder edge = new StringBuilder();
        for (Field f : fields) {
            String n = javaName(f.name());
            String N = cap(n);
            Type t = f.type();
            if (f.optional()) {
                b.append("    private boolean has").append(N).append(";\n");
                b.append("    public boolean has").append(N).append("() { return has").append(N).append("; }\n");
                b.append("    public ").append(name).append(" clear").append(N).append("() { has").append(N).append(" = false; return this; }\n");
                b.append("    /** Marks the field present or absent, for a reader that filled it in place. */\n");
                b.append("    public ").append(name).append(" has").append(N).append("(boolean present) { has").append(N).append(" = present; return this; }\n");
                eq.append("        if (this.has").append(N).append(" != o.has").append(N).append(") return \"").append(n).append(" (presence)\";\n");
                ck.append("        h = M.mix(h, this.has").append(N).append(" ? 1 : 0);\n");
                clear.append("        has").append(N).append(" = false;\n");
            }
            String guard = f.optional() ? "this.has" + N + " && " : "";
            String set = f.optional() ? " has" + N + " = true;" : "";
            String ckIf = f.optional() ? "if (has" + N + ") " : "";
            fill.append(fillCode(f, n, N));
            edge.append(edgeCode(f, n, N));
            if (t instanceof Type.Ascii || t instanceof Type.Text) {
                int cap = t instanceof Type.Ascii a ? a.length() : Math.min(((Type.Text) t).maxBytes(), 256);
                b.append("    private final StringBuilder ").append(n).append(" = new StringBuilder(").append(cap).append(");\n");
                b.append("    /** The held text, to read or to fill in place. */\n");
                b.append("    public StringBuilder ").append(n).append("() { return ").append(n).append("; }\n");
                b.append("    public ").append(name).append(' ').append(n).append("(CharSequence v) { ").append(n)
                        .append(".setLength(0); ").append(n).append(".append(v);").append(set).append(" return this; }\n");
                eq.append("        if (").append(guard).append("this.").append(n).append(".compareTo(o.").append(n).append(") != 0) return \"").append(n).append("\";\n");
                ck.append("        ").append(ckIf).append("{ h = M.mix(h, this.").append(n).append(".length()); for (int i = 0; i < this.").append(n)
                        .append(".length(); i++) h = M.mix(h, this.").append(n).append(".charAt(i)); }\n");
                clear.append("        ").append(n).append(".setLength(0);\n");
            } else if (t instanceof Type.Bytes) {
                b.append("    private byte[] ").append(n).append(" = new byte[16];\n");
                b.append("    private int ").append(n).append("Length;\n");
                b.append("    /** The buffer holding the bytes; the first {@link #").append(n).append("Length()} are the value. */\n");
                b.append("    public byte[] ").append(n).append("() { return ").append(n).append("; }\n");
                b.append("    public int ").append(n).append("Length() { return ").append(n).append("Length; }\n");
                b.append("    /** Makes room for {@code length} bytes (growing only when needed) and sets the length; fill {@link #")
                        .append(n).append("()} after. */\n");
                b.append("    public byte[] ").append(n).append("Length(int length) {\n");
                b.append("        if (length > ").append(n).append(".length) ").append(n).append(" = new byte[Math.max(length, ").append(n).append(".length * 2)];\n");
                b.append("        ").append(n).append("Length = length;").append(set).append("\n        return ").append(n).append(";\n    }\n");
                b.append("    public ").append(name).append(' ').append(n).append("(byte[] v, int offset, int length) { System.arraycopy(v, offset, ")
                        .append(n).append("Length(length), 0, length); return this; }\n");
                eq.append("        if (").append(guard).append("!java.util.Arrays.equals(this.").append(n).append(", 0, this.").append(n).append("Length, o.")
                        .append(n).append(", 0, o.").append(n).append("Length)) return \"").append(n).append("\";\n");
                ck.append("        ").append(ckIf).append("{ h = M.mix(h, this.").append(n).append("Length); for (int i = 0; i < this.").append(n)
                        .append("Length; i++) h = M.mix(h, this.").append(n).append("[i]); }\n");
                clear.append("        ").append(n).append("Length = 0;\n");
            } else if (t instanceof Type.Group g) {
                String E = g.entry().name();
                b.append("    /** At most this many entries. */\n    public static final int ").append(n.toUpperCase()).append("_MAX = ").append(g.maxCount()).append(";\n");
                b.append("    private ").append(E).append("[] ").append(n).append(" = new ").append(E).append("[0];\n");
                b.append("    private int ").append(n).append("Count;\n");
                b.append("    public int ").append(n).append("Count() { return ").append(n).append("Count; }\n");
                b.append("    public ").append(E).append(' ').append(n).append("(int i) {\n");
                b.append("        if (i < 0 || i >= ").append(n).append("Count) throw new IndexOutOfBoundsException(\"").append(n)
                        .append(" entry \" + i + \" of \" + ").append(n).append("Count);\n");
                b.append("        return ").append(n).append("[i];\n    }\n");
                b.append("    /** Empties the group; its entries stay allocated for reuse. */\n");
                b.append("    public ").append(name).append(" clear").append(N).append("() { ").append(n).append("Count = 0; return this; }\n");
                b.append("    /** The next entry, reused when one was allocated before; its fields hold what they last held. */\n");
                b.append("    public ").append(E).append(" add").append(N).append("() {\n");
                b.append("        if (").append(n).append("Count == ").append(n.toUpperCase()).append("_MAX) throw new IllegalStateException(\"")
                        .append(n).append(" holds at most \" + ").append(n.toUpperCase()).append("_MAX + \" entries\");\n");
                b.append("        if (").append(n).append("Count == ").append(n).append(".length) {\n");
                b.append("            ").append(n).append(" = java.util.Arrays.copyOf(").append(n).append(", Math.min(").append(n.toUpperCase())
                        .append("_MAX, Math.max(4, ").append(n).append(".length * 2)));\n");
                b.append("            for (int i = ").append(n).append("Count; i < ").append(n).append(".length; i++) ").append(n).append("[i] = new ").append(E).append("();\n");
                b.append("        }\n        return ").append(n).append("[").append(n).append("Count++];\n    }\n");
                eq.append("        if (this.").append(n).append("Count != o.").append(n).append("Count) return \"").append(n).append(" (count)\";\n");
                eq.append("        for (int i = 0; i < this.").append(n).append("Count; i++) {\n");
                eq.append("            String d = this.").append(n).append("[i].firstDifference(o.").append(n).append("[i]);\n");
                eq.append("            if (d != null) return \"").append(n).append("[\" + i + \"].\" + d;\n        }\n");
                ck.append("        h = M.mix(h, this.").append(n).append("Count); for (int i = 0; i < this.").append(n).append("Count; i++) h = this.")
                        .append(n).append("[i].checksum(h);\n");
                clear.append("        ").append(n).append("Count = 0;\n");
            } else if (t instanceof Type.CompositeRef c) {
                String C = c.def().name();
                b.append("    private final ").append(C).append(' ').append(n).append(" = new ").append(C).append("();\n");
                b.append("    /** The nested ").append(C).append(", to read or to fill in place").append(f.optional() ? " (then mark it present with {@link #has" + N + "(boolean)})" : "").append(". */\n");
                b.append("    public ").append(C).append(' ').append(n).append("() { return ").append(n).append("; }\n");
                eq.append("        if (").append(guard).append("true) { String d = this.").append(n).append(".firstDifference(o.").append(n)
                        .append("); if (d != null) return \"").append(n).append(".\" + d; }\n");
                ck.append("        ").append(ckIf).append("h = this.").append(n).append(".checksum(h);\n");
                clear.append("        ").append(n).append(".clear();\n");
            } else {
                String jt = javaType(t);
                b.append("    private ").append(jt).append(' ').append(n).append(";\n");
                b.append("    public ").append(jt).append(' ').append(n).append("() { return ").append(n).append("; }\n");
                b.append("    public ").append(name).append(' ').append(n).append("(").append(jt).append(" v) { this.").append(n).append(" = v;").append(set).append(" return this; }\n");
                String cmp;
                if (jt.equals("double")) cmp = "Double.compare(this." + n + ", o." + n + ") != 0";
                else if (jt.equals("float")) cmp = "Float.compare(this." + n + ", o." + n + ") != 0";
                else cmp = "this." + n + " != o." + n;
                eq.append("        if (").append(guard).append(cmp).append(") return \"").append(n).append("\";\n");
                String fn = "this." + n; // a field named h or i is not the parameter or loop variable of checksum
                String bits = jt.equals("double") ? "Double.doubleToLongBits(" + fn + ")" : jt.equals("float") ? "Float.floatToIntBits(" + fn + ")"
                        : jt.equals("boolean") ? "(" + fn + " ? 1 : 0)" : t instanceof Type.EnumRef ? "(" + fn + " == null ? -1 : " + fn + ".ordinal())" : fn;
                ck.append("        ").append(ckIf).append("h = M.mix(h, ").append(bits).append(");\n");
                clear.append("        ").append(n).append(" = ").append(t instanceof Type.EnumRef ? "null" : jt.equals("boolean") ? "false" : "0").append(";\n");
                if (t instanceof Type.Decimal d && !d.fixedExponent()) {
                    b.append("    private byte ").append(n).append("Exponent;\n");
                    b.append("    public byte ").append(n).append("Exponent() { return ").append(n).append("Exponent; }\n");
                    b.append("    public ").append(name).append(' ').append(n).append("Exponent(byte v) { this.").append(n).append("Exponent = v; return this; }\n");
                    eq.append("        if (").append(guard).append("this.").append(n).append("Exponent != o.").append(n).append("Exponent) return \"").append(n).append("Exponent\";\n");
                    ck.append("        ").append(ckIf).append("h = M.mix(h, this.").append(n).append("Exponent);\n");
                    clear.append("        ").append(n).append("Exponent = 0;\n");
                } else if (t instanceof Type.Decimal d) {
                    b.append("    /** The exponent every value of ").append(n).append(" has. */\n    public static final int ")
                            .append(n.toUpperCase()).append("_EXPONENT = ").append(d.exponent()).append(";\n");
                }
            }
            b.append('\n');
        }
        b.append("    /** Every field back to its empty value (text and groups emptied, their storage kept). */\n");
        b.append("    public ").append(name).append(" clear() {\n").append(clear).append("        return this;\n    }\n\n");
        b.append("    /**\n     * Fills every field with a value drawn from {@code r}: integers over their range, enum values and set\n")
         .append("     * choices among those declared, text of half to all of its bound (at most ").append(MAX_GENERATED_LENGTH)
         .append(" bytes) with some\n     * non-ASCII characters, optional fields present three times in four. The same seed gives the same values.\n     */\n");
        b.append("    public ").append(name).append(" fill(java.util.SplittableRandom r) {\n").append(fill).append("        return this;\n    }\n\n");
        b.append("    /**\n     * Sets every field to an edge value of its type: {@code which} 0 the lowest (minima, empty text, bytes and\n")
         .append("     * groups, optional fields absent), 1 the highest (maxima, text, bytes and groups at their bound, text of\n")
         .append("     * up to ").append(MAX_GENERATED_LENGTH).append(" bytes mostly in 2-, 3- and 4-byte characters, infinities), 2 and 3 the odd ones (NaN for 2, -0.0 for 3,\n")
         .append("     * -0.0, the smallest subnormal, ASCII control characters and NUL, every byte value, one entry per group).\n     */\n");
        b.append("    public ").append(name).append(" edge(int which) {\n").append(edge).append("        return this;\n    }\n\n");
        b.append("    /** The first field (path) in which {@code o} differs from this, or null when none does. */\n");
        b.append("    public String firstDifference(").append(name).append(" o) {\n").append(eq).append("        return null;\n    }\n\n");
        b.append("    /**\n     * {@code h} mixed with every field present, in declaration order (doubles by their bits, enums by position,\n")
         .append("     * text by its chars, groups by count then entry): the same in every JVM, for a check across processes.\n     */\n");
        b.append("    public long checksum(long h) {\n").append(ck.length() == 0 ? "" : ck.toString().replace("M.mix", "org.wireshootout.generator.GeneratedMessage.mix"))
         .append("        return h;\n    }\n\n");
        b.append("    @Override\n    public boolean equals(Object other) {\n");
        b.append("        return other instanceof ").append(name).append(" o && firstDifference(o) == null;\n    }\n\n");
        b.append("    @Override\n    public int hashCode() {\n        return ").append(fields.isEmpty() ? "0" : "java.util.Objects.hash(" + hashArgs(fields) + ")").append(";\n    }\n}\n");
        return b.toString();
    }

    private static String fillCode(Field f, String n, String N) {
        Type t = f.type();
        String v;
        String line;
        if (t instanceof Type.Ascii a) {
            line = VALUES + ".ascii(this." + n + ", " + a.length() + ", r);";
        } else if (t instanceof Type.Text x) {
            line = VALUES + ".text(this." + n + ", " + x.maxBytes() + ", r);";
        } else if (t instanceof Type.Bytes x) {
            line = "{ int len = " + VALUES + ".length(" + x.maxLength() + ", r); byte[] dst = " + n + "Length(len); for (int i = 0; i < len; i++) dst[i] = (byte) r.nextInt(256); }";
        } else if (t instanceof Type.Group g) {
            line = "clear" + N + "(); for (int i = " + VALUES + ".count(" + g.maxCount() + ", r); i > 0; i--) add" + N + "().fill(r);";
        } else if (t instanceof Type.CompositeRef) {
            line = "this." + n + ".fill(r);" + (f.optional() ? " this.has" + N + " = true;" : "");
        } else {
            if (t instanceof Type.Scalar s) {
                v = switch (s.primitive()) {
                    case I8 -> "(byte) r.nextInt(-128, 128)";
                    case I16 -> "(short) r.nextInt(-32768, 32768)";
                    case I32 -> "r.nextInt()";
                    case I64, U64 -> "r.nextLong()";
                    case U8 -> "(short) r.nextInt(256)";
                    case U16 -> "r.nextInt(65536)";
                    case U32 -> "r.nextLong(4294967296L)";
                    case F32 -> "(float) " + VALUES + ".real(r)";
                    case F64 -> VALUES + ".real(r)";
                    case BOOL -> "r.nextBoolean()";
                    case TIMESTAMP -> VALUES + ".timestamp(r)";
                };
            } else if (t instanceof Type.Decimal) {
                v = "r.nextLong(-1_000_000_000_000L, 1_000_000_000_000L)";
            } else if (t instanceof Type.EnumRef e) {
                v = e.def().name() + ".values()[r.nextInt(" + e.def().values().size() + ")]";
            } else if (t instanceof Type.SetRef st) {
                StringBuilder bits = new StringBuilder("0L");
                for (SetDef.Choice c : st.def().choices()) bits.append(" | (r.nextBoolean() ? 1L << ").append(c.bit()).append(" : 0L)");
                v = bits.toString();
            } else {
                throw new IllegalArgumentException(t.describe());
            }
            line = n + "(" + v + ");";
            if (t instanceof Type.Decimal d && !d.fixedExponent()) line += " " + n + "Exponent((byte) r.nextInt(-8, 3));";
        }
        if (f.optional()) {
            if (t instanceof Type.Ascii || t instanceof Type.Text) line += " has" + N + " = true;";
            return "        if (r.nextInt(4) == 0) has" + N + " = false; else { " + line + " }\n";
        }
        return "        " + line + "\n";
    }

    private static String edgeCode(Field f, String n, String N) {
        Type t = f.type();
        String line;
        if (t instanceof Type.Ascii a) {
            line = VALUES + ".edgeAscii(this." + n + ", " + a.length() + ", which);";
        } else if (t instanceof Type.Text x) {
            line = VALUES + ".edgeText(this." + n + ", " + x.maxBytes() + ", which);";
        } else if (t instanceof Type.Bytes x) {
            line = "{ int len = which == 0 ? 0 : which == 1 ? Math.min(" + x.maxLength() + ", " + MAX_GENERATED_LENGTH + ") : Math.min(" + x.maxLength()
                    + ", 256); byte[] dst = " + n + "Length(len); for (int i = 0; i < len; i++) dst[i] = (byte) (which == 1 ? 0xFF : i); }";
        } else if (t instanceof Type.Group g) {
            line = "clear" + N + "(); for (int i = which == 0 ? 0 : which == 1 ? Math.min(" + g.maxCount() + ", " + FULL_GROUP_LIMIT
                    + ") : 1; i > 0; i--) add" + N + "().edge(which);";
        } else if (t instanceof Type.CompositeRef) {
            line = "this." + n + ".edge(which);" + (f.optional() ? " this.has" + N + " = true;" : "");
        } else {
            String v;
            if (t instanceof Type.Scalar s) {
                Primitive p = s.primitive();
                v = switch (p) {
                    case F32 -> "which == 0 ? Float.NEGATIVE_INFINITY : which == 1 ? Float.POSITIVE_INFINITY : which == 2 ? Float.NaN : -0.0f";
                    case F64 -> "which == 0 ? Double.NEGATIVE_INFINITY : which == 1 ? Double.POSITIVE_INFINITY : which == 2 ? Double.NaN : -0.0";
                    case BOOL -> "which == 1";
                    case TIMESTAMP -> "which == 0 ? Long.MIN_VALUE : which == 1 ? Long.MAX_VALUE : -1L";
                    default -> {
                        String jt = javaType(t);
                        String cast = jt.equals("long") ? "" : "(" + jt + ") ";
                        yield "which == 0 ? " + cast + p.min() + "L : which == 1 ? " + cast + p.max() + "L : " + cast + (p.signed() ? "-1L" : "1L");
                    }
                };
            } else if (t instanceof Type.Decimal) {
                v = "which == 0 ? Long.MIN_VALUE : which == 1 ? Long.MAX_VALUE : -1L";
            } else if (t instanceof Type.EnumRef e) {
                v = e.def().name() + ".values()[which == 0 ? 0 : which == 1 ? " + (e.def().values().size() - 1) + " : " + (e.def().values().size() / 2) + "]";
            } else if (t instanceof Type.SetRef st) {
                long all = 0;
                for (SetDef.Choice c : st.def().choices()) all |= 1L << c.bit();
                v = "which == 0 ? 0L : which == 1 ? 0x" + Long.toHexString(all) + "L : 0x" + Long.toHexString(Long.lowestOneBit(all)) + "L";
            } else {
                throw new IllegalArgumentException(t.describe());
            }
            line = n + "(" + v + ");";
            if (t instanceof Type.Decimal d && !d.fixedExponent()) line += " " + n + "Exponent((byte) (which == 0 ? -128 : which == 1 ? 127 : 0));";
        }
        if (f.optional()) {
            if (t instanceof Type.Ascii || t instanceof Type.Text) line += " has" + N + " = true;";
            return "        if (which == 0) has" + N + " = false; else { " + line + " }\n";
        }
        return "        " + line + "\n";
    }

    private String valuesSource() {
        return header() + """
                /** What the generated {@code fill} methods draw their values with. */
                final class SeededValues {
                    /** Characters of one, two, three and four UTF-8 bytes, the non-ASCII ones drawn now and then. */
                    private static final String ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-";
                    private static final String TWO_BYTES = "\\u00e9\\u00fc\\u00df\\u00f1\\u00e5\\u03b1\\u03b2\\u0436\\u044f";
                    private static final String THREE_BYTES = "\\u4fa1\\u683c\\u6771\\u4eac\\u20ac\\u2014";
                    private static final String FOUR_BYTES = "\\ud83d\\udcc8";

                    private SeededValues() {
                    }

                    static void ascii(StringBuilder to, int length, java.util.SplittableRandom r) {
                        to.setLength(0);
                        for (int i = 0; i < length; i++) to.append(ASCII.charAt(r.nextInt(ASCII.length())));
                    }

                    /** Text of half to all of maxBytes UTF-8 bytes (capped), mostly ASCII; ASCII only under AsciiFill. */
                    static void text(StringBuilder to, int maxBytes, java.util.SplittableRandom r) {
                        to.setLength(0);
                        int budget = length(maxBytes, r);
                        boolean asciiOnly = org.wireshootout.generator.AsciiFill.on();
                        while (budget > 0) {
                            int pick = asciiOnly ? 100 : r.nextInt(100);
                            if (pick < 2 && budget >= 4) {
                                to.append(FOUR_BYTES);
                                budget -= 4;
                            } else if (pick < 7 && budget >= 3) {
                                to.append(THREE_BYTES.charAt(r.nextInt(THREE_BYTES.length())));
                                budget -= 3;
                            } else if (pick < 15 && budget >= 2) {
                                to.append(TWO_BYTES.charAt(r.nextInt(TWO_BYTES.length())));
                                budget -= 2;
                            } else {
                                to.append(ASCII.charAt(r.nextInt(ASCII.length())));
                                budget -= 1;
                            }
                        }
                    }

                    /** A length of half to all of the bound, at most %d. */
                    static int length(int bound, java.util.SplittableRandom r) {
                        int max = Math.min(bound, %d);
                        return max / 2 + r.nextInt(max - max / 2 + 1);
                    }

                    /** A group's count: its bound when that is at most %d, else up to %d at random. */
                    static int count(int bound, java.util.SplittableRandom r) {
                        return bound <= %d ? bound : r.nextInt(%d + 1);
                    }

                    /** ascii of its exact length: spaces (0), tildes (1), or control characters with NUL and DEL (2). */
                    static void edgeAscii(StringBuilder to, int length, int which) {
                        to.setLength(0);
                        for (int i = 0; i < length; i++) to.append(which == 0 ? ' ' : which == 1 ? '~' : (char) (i %% 2 == 0 ? i %% 32 : 127));
                    }

                    /** Empty (0); its bound in bytes, at most %d, in 2-, 3- and 4-byte characters (1); NUL, controls and U+FFFF (2). */
                    static void edgeText(StringBuilder to, int maxBytes, int which) {
                        to.setLength(0);
                        if (which == 0) return;
                        int budget = Math.min(maxBytes, %d);
                        if (which == 2) {
                            String odd = "\\u0000\\u0001\\u001f\\u007f\\u0080\\uffff";
                            for (int i = 0; i < odd.length() && budget > 0; i++) {
                                char c = odd.charAt(i);
                                int size = c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
                                if (size > budget) break;
                                to.append(c);
                                budget -= size;
                            }
                            return;
                        }
                        int k = 0;
                        while (budget > 0) {
                            if (budget >= 4 && k %% 3 == 0) { to.append(FOUR_BYTES); budget -= 4; }
                            else if (budget >= 3 && k %% 3 == 1) { to.append(THREE_BYTES.charAt(0)); budget -= 3; }
                            else if (budget >= 2) { to.append(TWO_BYTES.charAt(0)); budget -= 2; }
                            else { to.append('z'); budget -= 1; }
                            k++;
                        }
                    }

                    static double real(java.util.SplittableRandom r) {
                        return Math.round(r.nextDouble(-1e6, 1e6) * 100) / 100.0;
                    }

                    /** Nanoseconds within about a day after 2023-11-14T22:13:20Z. */
                    static long timestamp(java.util.SplittableRandom r) {
                        return 1_700_000_000_000_000_000L + r.nextLong(86_400_000_000_000L);
                    }
                }
                """.formatted(MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH, FULL_GROUP_LIMIT, FULL_GROUP_LIMIT, FULL_GROUP_LIMIT, FULL_GROUP_LIMIT,
                        MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH);
    }

    /**
     * A union: one message of the stream, whichever member it is. It holds a reusable instance of each member it has
     * been (made on first use), and which of them is the message ({@code member()}, the member's position in the union). {@code select(i)} makes
     * member {@code i} the message and hands back its instance to fill; {@code fill} draws the member first, then its
     * fields; {@code edge} sets the selected member's edge value; two messages differ first in which member they are.
     */
    private String unionSource(UnionDef u) {
        String name = u.name();
        java.util.List<MessageDef> ms = u.members();
        StringBuilder b = new StringBuilder(header());
        b.append("/** The union ").append(name).append(": one message of the stream, as one of its ").append(ms.size())
                .append(" members; mutable and reusable. */\n");
        b.append("public final class ").append(name).append(" implements org.wireshootout.generator.GeneratedUnion<").append(name).append("> {\n");
        b.append("    /** How many members the union has. */\n    public static final int MEMBERS = ").append(ms.size()).append(";\n");
        b.append("    /** Each member's id, by position. */\n    private static final int[] IDS = {");
        for (int i = 0; i < ms.size(); i++) b.append(i == 0 ? "" : ", ").append(ms.get(i).name()).append(".ID");
        b.append("};\n    /** Each member's name, by position. */\n    private static final String[] NAMES = {");
        for (int i = 0; i < ms.size(); i++) b.append(i == 0 ? "" : ", ").append('"').append(ms.get(i).name()).append('"');
        b.append("};\n\n");
        for (int i = 0; i < ms.size(); i++) {
            String m = ms.get(i).name();
            b.append("    /** The position of member ").append(m).append(". */\n    public static final int ").append(constant(m)).append(" = ").append(i).append(";\n");
        }
        b.append('\n');
        b.append("    // each member's instance made when the member is first selected or read, then kept: a union that only ever holds\n");
        b.append("    // one member (a message of a stream kept for later) holds one instance, not one per member\n");
        for (MessageDef m : ms) {
            b.append("    private ").append(m.name()).append(' ').append(unionMember(m)).append(";\n");
        }
        b.append("    private int member;\n\n");
        b.append("    /** Which member this message is: its position in the union. */\n    public int member() { return member; }\n\n");
        b.append("    /** How many members the union has. */\n    public int members() { return MEMBERS; }\n\n");
        b.append("    /** The id of the member this message is. */\n    public int id() { return IDS[member]; }\n\n");
        b.append("    /** The name of member {@code position}. */\n    public static String memberName(int position) { return NAMES[position]; }\n\n");
        b.append("    /** The id of member {@code position}. */\n    public static int memberId(int position) { return IDS[position]; }\n\n");
        for (MessageDef m : ms) {
            String f = unionMember(m);
            b.append("    /** The held ").append(m.name()).append(", to read when {@code member()} is ").append(constant(m.name())).append(" (made on first use). */\n");
            b.append("    public ").append(m.name()).append(' ').append(f).append("() {\n        if (").append(f).append(" == null) ").append(f)
                    .append(" = new ").append(m.name()).append("();\n        return ").append(f).append(";\n    }\n");
        }
        b.append('\n');
        b.append("    /** Makes member {@code position} the message; hands back its instance, to fill. */\n");
        b.append("    public org.wireshootout.generator.GeneratedMessage<?> select(int position) {\n");
        b.append("        if (position < 0 || position >= MEMBERS) throw new IndexOutOfBoundsException(\"member \" + position + \" of ").append(name)
                .append(", which has \" + MEMBERS);\n");
        b.append("        member = position;\n        return held();\n    }\n\n");
        b.append("    /** The instance of the member this message is. */\n");
        b.append("    public org.wireshootout.generator.GeneratedMessage<?> held() {\n        return switch (member) {\n");
        for (int i = 0; i < ms.size(); i++) b.append("            case ").append(i).append(" -> ").append(unionMember(ms.get(i))).append("();\n");
        b.append("            default -> throw new IllegalStateException(\"member \" + member);\n        };\n    }\n\n");
        for (int i = 0; i < ms.size(); i++) {
            MessageDef m = ms.get(i);
            b.append("    /** Makes ").append(m.name()).append(" the message; hands back its instance, to fill. */\n");
            b.append("    public ").append(m.name()).append(" select").append(m.name()).append("() { member = ").append(i).append("; return ").append(unionMember(m)).append("(); }\n");
        }
        b.append('\n');
        b.append("    /** Every member back to its empty value, member 0 selected. */\n    public ").append(name).append(" clear() {\n");
        for (MessageDef m : ms) b.append("        if (").append(unionMember(m)).append(" != null) ").append(unionMember(m)).append(".clear();\n");
        b.append("        member = 0;\n        return this;\n    }\n\n");
        b.append("    /** A member drawn from {@code r}, then its fields filled from {@code r}. */\n");
        b.append("    public ").append(name).append(" fill(java.util.SplittableRandom r) {\n        member = r.nextInt(MEMBERS);\n        switch (member) {\n");
        for (int i = 0; i < ms.size(); i++) b.append("            case ").append(i).append(" -> ").append(unionMember(ms.get(i))).append("().fill(r);\n");
        b.append("            default -> throw new IllegalStateException(\"member \" + member);\n        }\n        return this;\n    }\n\n");
        b.append("    /** The selected member set to edge value {@code which} (select the member first). */\n");
        b.append("    public ").append(name).append(" edge(int which) {\n        switch (member) {\n");
        for (int i = 0; i < ms.size(); i++) b.append("            case ").append(i).append(" -> ").append(unionMember(ms.get(i))).append("().edge(which);\n");
        b.append("            default -> throw new IllegalStateException(\"member \" + member);\n        }\n        return this;\n    }\n\n");
        b.append("    /** {@code member} when {@code o} is another member, else the member's first difference under its name. */\n");
        b.append("    public String firstDifference(").append(name).append(" o) {\n");
        b.append("        if (member != o.member) return \"member (\" + NAMES[member] + \" against \" + NAMES[o.member] + \")\";\n");
        b.append("        String d = switch (member) {\n");
        for (int i = 0; i < ms.size(); i++) {
            String f = unionMember(ms.get(i));
            b.append("            case ").append(i).append(" -> ").append(f).append("().firstDifference(o.").append(f).append("());\n");
        }
        b.append("            default -> throw new IllegalStateException(\"member \" + member);\n        };\n");
        b.append("        return d == null ? null : NAMES[member] + \".\" + d;\n    }\n\n");
        b.append("    /** {@code h} mixed with the member's id, then with the member's fields. */\n");
        b.append("    public long checksum(long h) {\n        h = org.wireshootout.generator.GeneratedMessage.mix(h, IDS[member]);\n");
        b.append("        return switch (member) {\n");
        for (int i = 0; i < ms.size(); i++) b.append("            case ").append(i).append(" -> ").append(unionMember(ms.get(i))).append("().checksum(h);\n");
        b.append("            default -> throw new IllegalStateException(\"member \" + member);\n        };\n    }\n\n");
        b.append("    @Override\n    public boolean equals(Object other) {\n");
        b.append("        return other instanceof ").append(name).append(" o && firstDifference(o) == null;\n    }\n\n");
        b.append("    @Override\n    public int hashCode() {\n        return 31 * member + held().hashCode();\n    }\n}\n");
        return b.toString();
    }

    /** The field (and accessor) of a union holding member {@code m}: its name, lower-case first, off Java's keywords. */
    public static String unionMember(MessageDef m) {
        String n = javaName(Character.toLowerCase(m.name().charAt(0)) + m.name().substring(1));
        return UNION_OWN.contains(n) ? n + "_" : n;
    }

    /** The names a union class uses itself, which a member's field may not take. */
    private static final java.util.Set<String> UNION_OWN = java.util.Set.of("member", "id", "held", "select", "fill", "edge",
            "checksum", "memberName", "memberId", "members", "IDS", "NAMES", "MEMBERS");

    /** A member's position constant: its name in upper snake case. */
    static String constant(String name) {
        String c = name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
        return UNION_OWN.contains(c) ? c + "_MEMBER" : c;
    }

    /** The hash uses the scalar and enum fields only, which equal objects share. */
    private static String hashArgs(java.util.List<Field> fields) {
        StringBuilder b = new StringBuilder();
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.Scalar || t instanceof Type.EnumRef || t instanceof Type.Decimal || t instanceof Type.SetRef) {
                if (f.optional()) continue;
                if (b.length() > 0) b.append(", ");
                b.append(javaName(f.name()));
            }
        }
        return b.length() == 0 ? "0" : b.toString();
    }
}
