package org.wireshootout.codec.flatbuffers;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Primitive;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;
import org.wireshootout.schema.UnionDef;
import org.wireshootout.schema.MessageClassGenerator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * FlatBuffers codecs generated from a message schema, written as the hand-written {@code flatbuffers} row is. Per
 * schema one {@code .fbs} file (a table per message and per composite they use, namespace
 * {@code org.wireshootout.gen.codecs.<schema>.flatbuffers.fb}) compiled by the build's flatc into Java table classes;
 * per message a codec that builds the message on one reused {@code FlatBufferBuilder} (strings, byte vectors, nested
 * tables and group vectors first, in field order, then the table's fields added largest first, as flatc's own
 * {@code createX} adds them) and copies it into the caller's buffer, and that reads through reused table objects after
 * verifying the bytes against the schema ({@link FlatBuffersGenerated}), strings and byte vectors through a buffer
 * positioned on their bytes, nothing allocated per message.
 *
 * <p>Types: the integer types as FlatBuffers' own of the same width and sign, f32/f64 as float/double, bool, a
 * timestamp and a decimal's mantissa as long (a decimal without a fixed exponent adds a byte field
 * {@code <name>_exponent}), enums and sets as the integer of their encoding, ascii and text as strings, bytes as
 * {@code [ubyte]}, a composite as a nested table, a group as a vector of tables; an optional scalar is FlatBuffers'
 * optional scalar ({@code = null}), present exactly when written, and every other non-optional non-scalar field is
 * {@code (required)}. A float is written whenever its bits are not 0, so -0.0 comes back (the builder's
 * {@code addDouble(slot, x, 0.0)} would leave it out as equal to the default).
 *
 * <p>A union of messages is FlatBuffers' own choice of types: a root table named as the union holding one field, a
 * FlatBuffers union of the members' tables ({@link #unionCodec}).
 */
public final class FlatBuffersGenerator implements CodecBackend {
    /** Names the generated Java of a table would shadow or clash with. */
    private static final Set<String> TYPE_NAMES = Set.of("Table", "Struct", "Constants", "FlatBufferBuilder", "ByteBuffer",
            "ByteOrder", "BaseVector", "ByteVector", "BooleanVector", "ShortVector", "IntVector", "LongVector", "FloatVector",
            "DoubleVector", "StringVector", "UnionVector", "Vector", "Utf8", "Object", "String", "Math", "Integer", "Long");

    /** The methods without parameters a table class has from Object and FlatBuffers' Table, which an accessor cannot be. */
    private static final Set<String> TABLE_METHODS = Set.of("getByteBuffer", "getClass", "hashCode", "toString", "clone", "finalize",
            "notify", "notifyAll", "wait",
            // not a method: the parameter every static builder method of the table takes, which a field's would repeat
            "builder");

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        List<String> problems = new ArrayList<>();
        check(message.name(), message.fields(), new java.util.HashSet<>(), problems);
        return problems.isEmpty() ? null : problems.get(0);
    }

    private static void check(String owner, List<Field> fields, Set<String> seen, List<String> problems) {
        if (!seen.add(owner)) return;
        if (TYPE_NAMES.contains(owner)) problems.add("type " + owner + ": the name of a class FlatBuffers' generated Java uses itself");
        for (Field f : fields) {
            if (TABLE_METHODS.contains(accessor(f.name()))) {
                problems.add("field " + owner + "." + f.name() + ": flatc 2.0.8's Java would name its accessor " + accessor(f.name())
                        + (accessor(f.name()).equals("builder") ? "(), and its parameter in createX builder, the name of every builder method's own"
                        : "(), a method every table class has from Object or FlatBuffers' Table"));
            }
            if (f.optional() && f.name().startsWith("_")) {
                problems.add("field " + owner + "." + f.name() + ": flatc 2.0.8 names the presence method of an optional field starting"
                        + " with '_' by a rule of its own (has_z() for _z, whose accessor is Z()), which the generator does not follow");
            }
        }
        String clash = org.wireshootout.generator.spi.NameClashes.first("flatc 2.0.8's Java", owner, fields, FlatBuffersGenerator::declared);
        if (clash != null) problems.add(clash);
        for (Field f : fields) {
            CompositeDef c = f.type() instanceof Type.CompositeRef r ? r.def() : f.type() instanceof Type.Group g ? g.entry() : null;
            if (c != null) check(c.name(), c.fields(), seen, problems);
        }
    }

    /**
     * The methods without parameters flatc's Java declares for a field: its accessor; {@code has<X>()} when optional;
     * {@code <x>Length()} and {@code <x>Vector()} for a vector (bytes, a group); {@code <x>AsByteBuffer()} for bytes
     * and strings; the accessors of a decimal's exponent field; and the parameter of {@code create<Table>} it is passed
     * in (the accessor's name, with {@code Offset} for a string, vector or table). flatc itself refuses only the
     * {@code Length} pair.
     */
    private static List<String> declared(Field f) {
        String a = accessor(f.name());
        List<String> names = new ArrayList<>(List.of(a + "()"));
        if (f.optional()) names.add("has" + upperName(f.name()) + "()");
        Type t = f.type();
        if (t instanceof Type.Bytes || t instanceof Type.Group) {
            names.add(a + "Length()");
            names.add(a + "Vector()");
        }
        if (t instanceof Type.Bytes || t instanceof Type.Text || t instanceof Type.Ascii) names.add(a + "AsByteBuffer()");
        if (t instanceof Type.Decimal d && !d.fixedExponent()) {
            names.add(accessor(f.name() + "_exponent") + "()");
            if (f.optional()) names.add("has" + upperName(f.name() + "_exponent") + "()");
            names.add("the createX parameter " + accessor(f.name() + "_exponent"));
        }
        // the parameter of createX that the field is passed in: a scalar's accessor name, an offset's with Offset
        boolean offset = t instanceof Type.Text || t instanceof Type.Ascii || t instanceof Type.Bytes || t instanceof Type.Group
                || t instanceof Type.CompositeRef;
        names.add("the createX parameter " + a + (offset ? "Offset" : ""));
        return names;
    }

    /**
     * The Java accessor flatc 2.0.8 writes for a field: the name made snake case as flatc does (a capital after a
     * lower-case letter starts a word, every capital lowered), then lower camel case (each {@code _x} made
     * {@code X}), a Java keyword given a {@code _}: {@code MDEntryPx} gives {@code mdentryPx()}, {@code a_b} and
     * {@code aB} both {@code aB()}.
     */
    static String accessor(String field) {
        String n = camel(snake(field));
        return JAVA_KEYWORDS.contains(n) ? n + "_" : n;
    }

    /** The name in flatc 2.0.8's {@code has<Name>()} and {@code add<Name>()}: {@link #accessor}'s with its first letter capital. */
    static String upperName(String field) {
        return cap(camel(snake(field)));
    }

    /** flatc 2.0.8's snake case of a field name: each capital lowered, preceded by {@code _} when it follows a lower-case letter. */
    static String snake(String field) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (i > 0 && c != '_' && !Character.isLowerCase(c) && Character.isLowerCase(field.charAt(i - 1))) s.append('_');
            s.append(c == '_' ? c : Character.toLowerCase(c));
        }
        return s.toString();
    }

    /** flatc 2.0.8's camel case: each {@code _x} made {@code X}, the first letter kept. */
    static String camel(String field) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '_' && i + 1 < field.length()) s.append(Character.toUpperCase(field.charAt(++i)));
            else s.append(c);
        }
        return s.toString();
    }

    private static final Set<String> JAVA_KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case", "catch",
            "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally",
            "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new",
            "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
            "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null");

    private static String fbsPackage(GenContext ctx) {
        return ctx.codecPackage("flatbuffers") + ".fb";
    }

    /** The name of a union's choice type in the {@code .fbs}; the union's own name is its root table's. */
    private static String choice(UnionDef u) {
        return u.name() + "Member";
    }

    /**
     * Whether the {@code .fbs} has union {@code u}: every member carried, and the choice type's name free (a
     * table of the schema or a class of flatc's Java would clash with it; the union then has no flatbuffers row).
     */
    private static boolean carries(Schema schema, UnionDef u, List<MessageDef> carried) {
        if (!carried.containsAll(u.members()) || TYPE_NAMES.contains(u.name())) return false;
        String c = choice(u);
        return !TYPE_NAMES.contains(c) && schema.message(c) == null && schema.composite(c) == null && schema.union(c) == null;
    }

    /** The message and the composites it uses, each once, the message first: the tables of its codec. */
    private static Map<String, List<Field>> tables(MessageDef m) {
        Map<String, List<Field>> out = new LinkedHashMap<>();
        out.put(m.name(), m.fields());
        collect(m.fields(), out);
        return out;
    }

    private static void collect(List<Field> fields, Map<String, List<Field>> out) {
        for (Field f : fields) {
            CompositeDef c = f.type() instanceof Type.CompositeRef r ? r.def() : f.type() instanceof Type.Group g ? g.entry() : null;
            if (c != null && out.putIfAbsent(c.name(), c.fields()) == null) collect(c.fields(), out);
        }
    }

    @Override
    public void prepare(GenContext ctx, List<MessageDef> carried) throws IOException {
        if (carried.isEmpty()) return;
        Map<String, List<Field>> all = new LinkedHashMap<>();
        for (MessageDef m : carried) all.putAll(tables(m));
        StringBuilder b = new StringBuilder();
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(FlatBuffersGenerator.class.getName())
                .append("; do not edit.\n");
        b.append("namespace ").append(fbsPackage(ctx)).append(";\n");
        for (Map.Entry<String, List<Field>> t : all.entrySet()) {
            b.append("\ntable ").append(t.getKey()).append(" {\n");
            for (Field f : t.getValue()) fbsField(b, f);
            b.append("}\n");
        }
        for (UnionDef u : ctx.schema().unions()) {
            if (!carries(ctx.schema(), u, carried)) continue;
            // FlatBuffers' own choice of types: a union of the members' tables in a root table of one field
            b.append("\nunion ").append(choice(u)).append(" { ");
            for (int i = 0; i < u.members().size(); i++) b.append(i == 0 ? "" : ", ").append(u.members().get(i).name());
            b.append(" }\n\ntable ").append(u.name()).append(" { member: ").append(choice(u)).append("; }\n");
        }
        Path dir = ctx.workDir("flatbuffers");
        Path fbs = dir.resolve(GenContext.packagePart(ctx.schema().name()) + ".fbs");
        Files.writeString(fbs, b.toString(), StandardCharsets.UTF_8);
        Path out = dir.resolve("java");
        Files.createDirectories(out);
        ctx.run(List.of(ctx.tool("flatc/bin/flatc").toString(), "--java", "--no-warnings", "-o", out.toString(), fbs.toString()), dir);
        ctx.addSourceRoot(out);
    }

    private static void fbsField(StringBuilder b, Field f) {
        Type t = f.type();
        String opt = f.optional() ? " = null" : "";
        String req = f.optional() ? "" : " (required)";
        b.append("  ").append(f.name()).append(": ");
        if (t instanceof Type.Scalar s) b.append(fbsScalar(s.primitive())).append(opt);
        else if (t instanceof Type.Decimal d) {
            b.append("long").append(opt);
            if (!d.fixedExponent()) b.append(";\n  ").append(f.name()).append("_exponent: byte").append(opt);
        } else if (t instanceof Type.EnumRef e) b.append(fbsScalar(e.def().encoding())).append(opt).append("; // enum ").append(e.def().name()).append(" by number\n");
        else if (t instanceof Type.SetRef s) b.append(fbsScalar(s.def().encoding())).append(opt).append("; // set ").append(s.def().name()).append(" as its bits\n");
        else if (t instanceof Type.Ascii || t instanceof Type.Text) b.append("string").append(req);
        else if (t instanceof Type.Bytes) b.append("[ubyte]").append(req);
        else if (t instanceof Type.CompositeRef c) b.append(c.def().name()).append(req);
        else if (t instanceof Type.Group g) b.append('[').append(g.entry().name()).append(']').append(req);
        if (!(t instanceof Type.EnumRef || t instanceof Type.SetRef)) b.append(";\n");
    }

    private static String fbsScalar(Primitive p) {
        return switch (p) {
            case I8 -> "byte";
            case U8 -> "ubyte";
            case I16 -> "short";
            case U16 -> "ushort";
            case I32 -> "int";
            case U32 -> "uint";
            case I64, TIMESTAMP -> "long";
            case U64 -> "ulong";
            case F32 -> "float";
            case F64 -> "double";
            case BOOL -> "bool";
        };
    }

    private static int size(Primitive p) {
        return switch (p) {
            case I8, U8, BOOL -> 1;
            case I16, U16 -> 2;
            case I32, U32, F32 -> 4;
            case I64, U64, F64, TIMESTAMP -> 8;
        };
    }

    /** One slot of a table: the field it carries (or its exponent), its scalar type if a scalar, and its size. */
    private record SlotOf(Field field, boolean exponent, Primitive scalar, int size, int index) {
    }

    private static List<SlotOf> slots(List<Field> fields) {
        List<SlotOf> out = new ArrayList<>();
        for (Field f : fields) {
            Type t = f.type();
            Primitive p = t instanceof Type.Scalar s ? s.primitive() : t instanceof Type.Decimal ? Primitive.I64
                    : t instanceof Type.EnumRef e ? e.def().encoding() : t instanceof Type.SetRef s ? s.def().encoding() : null;
            out.add(new SlotOf(f, false, p, p == null ? 4 : size(p), out.size()));
            if (t instanceof Type.Decimal d && !d.fixedExponent()) out.add(new SlotOf(f, true, Primitive.I8, 1, out.size()));
        }
        return out;
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        String fb = fbsPackage(ctx);
        Map<String, List<Field>> tables = tables(m);
        List<String> order = new ArrayList<>(tables.keySet());
        StringBuilder b = header(ctx, "import org.wireshootout.codec.BufferAccess;\nimport org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.FieldSink;\n");
        b.append("/** The flatbuffers row of message ").append(M).append(": flatc's tables, one reused builder, verified before reading. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(ctx.messageClass(M)).append(">, BufferAccess {\n");
        shapes(b, List.of(), tables, order);
        b.append("    private final FlatBuffersGenerated io;\n");
        for (String T : order) b.append("    private final ").append(fb).append('.').append(T).append(" t").append(T).append(" = new ").append(fb).append('.').append(T).append("();\n");
        b.append("\n    public ").append(M).append("Codec(String name) {\n        io = new FlatBuffersGenerated(name, SHAPES);\n    }\n\n");
        if (ctx.schema().unions().stream().anyMatch(u -> u.members().contains(m))) memberHooks(b, ctx, fb, M);
        b.append("    @Override\n    public int encode(").append(ctx.messageClass(M)).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        FlatBufferBuilder b = io.begin();\n        return io.finish(write").append(M).append("(b, value), dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(ctx.messageClass(M)).append(" target) {\n");
        b.append("        ByteBuffer bb = io.read(src, offset, length);\n");
        b.append("        read").append(M).append('(').append(fb).append('.').append(M).append(".getRootAs").append(cap(camel(M))).append("(bb, t").append(M).append("), target);\n    }\n\n");
        b.append("    /** Every field read in place through the tables after the same verification as decode; strings and byte vectors as a buffer positioned on their bytes. */\n");
        b.append("    @Override\n    public void access(DirectBuffer src, int offset, int length, FieldSink sink) {\n");
        b.append("        ByteBuffer bb = io.read(src, offset, length);\n");
        b.append("        access").append(M).append('(').append(fb).append('.').append(M).append(".getRootAs").append(cap(camel(M))).append("(bb, t").append(M).append("), sink);\n    }\n\n");
        for (String T : order) {
            write(b, ctx, fb, T, tables.get(T));
            read(b, ctx, fb, T, tables.get(T));
            access(b, fb, T, tables.get(T));
        }
        b.append("}\n");
        return b.toString();
    }

    /** A codec source's package, origin line and imports ({@code codecImports}: those of {@code org.wireshootout.codec} it uses). */
    private static StringBuilder header(GenContext ctx, String codecImports) {
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage("flatbuffers")).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(FlatBuffersGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import com.google.flatbuffers.FlatBufferBuilder;\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append(codecImports);
        b.append("import org.wireshootout.codec.flatbuffers.FlatBuffersGenerated;\n");
        b.append("import java.nio.ByteBuffer;\n\n");
        return b;
    }

    /**
     * The verifier's {@code SHAPES}: a table's slots per entry of {@code order}, {@code first} (already written slot
     * expressions) for the first entry when it is not one of {@code tables}.
     */
    private static void shapes(StringBuilder b, List<String> first, Map<String, List<Field>> tables, List<String> order) {
        b.append("    private static final FlatBuffersGenerated.Slot[][] SHAPES = {\n");
        for (String T : order) {
            b.append("        { // ").append(T).append('\n');
            if (tables.containsKey(T)) for (SlotOf s : slots(tables.get(T))) b.append("            ").append(shape(s, T, order)).append(",\n");
            else for (String slot : first) b.append("            ").append(slot).append(",\n");
            b.append("        },\n");
        }
        b.append("    };\n\n");
    }

    /** What a member's codec has for the union stream's: itself over the union's builder and verifier, its write and read. */
    private static void memberHooks(StringBuilder b, GenContext ctx, String fb, String M) {
        b.append("    /** For the union stream's codec: this member over the union's builder and verifier; encode and decode are not used. */\n");
        b.append("    ").append(M).append("Codec(FlatBuffersGenerated shared) {\n        io = shared;\n    }\n\n");
        b.append("    /** Writes {@code value}'s table into the union's builder; returns its offset. */\n");
        b.append("    int member(FlatBufferBuilder b, ").append(ctx.messageClass(M)).append(" value) {\n        return write").append(M).append("(b, value);\n    }\n\n");
        b.append("    /** The reused table the union's value is read through. */\n");
        b.append("    ").append(fb).append('.').append(M).append(" table() {\n        return t").append(M).append(";\n    }\n\n");
        b.append("    /** Reads the member's table (verified by the union's codec) into {@code target}. */\n");
        b.append("    void member(").append(fb).append('.').append(M).append(" t, ").append(ctx.messageClass(M)).append(" target) {\n        read").append(M).append("(t, target);\n    }\n\n");
    }

    /**
     * A union's stream as FlatBuffers itself holds a choice of types: a root table named as the union whose one field
     * {@code member} is a FlatBuffers union of the members' tables ({@code union <U>Member { A, B, ... }}, types 1, 2,
     * ... in the union's order), the type byte and the offset to the member's table in two slots. The members' codecs
     * build the member's table on the union's builder; the whole message is verified against the frame and every
     * member's tables before the type is read.
     */
    @Override
    public String unionCodec(GenContext ctx, UnionDef union) {
        if (!carries(ctx.schema(), union, union.members())) return null;
        String U = union.name();
        String fb = fbsPackage(ctx);
        String cls = ctx.unionCodecClass("flatbuffers", union);
        String simple = cls.substring(cls.lastIndexOf('.') + 1);
        List<MessageDef> ms = union.members();
        Map<String, List<Field>> tables = new LinkedHashMap<>();
        for (MessageDef m : ms) tables.put(m.name(), m.fields());
        for (MessageDef m : ms) collect(m.fields(), tables);
        List<String> order = new ArrayList<>();
        order.add(U);
        order.addAll(tables.keySet());
        StringBuilder b = header(ctx, "import org.wireshootout.codec.BufferCodec;\n");
        b.append("/**\n * The flatbuffers stream of union ").append(U).append(": a root table ").append(U).append(" whose field {@code member} is the FlatBuffers union\n")
                .append(" * ").append(choice(union)).append(" of the members' tables (type 1, 2, ... in the union's order), verified whole before it is read.\n */\n");
        b.append("public final class ").append(simple).append(" implements BufferCodec<").append(ctx.messageClass(U)).append("> {\n");
        shapes(b, List.of("FlatBuffersGenerated.unionType(\"" + U + ".member_type\", " + ms.size() + ")",
                "FlatBuffersGenerated.union(\"" + U + ".member\", 1, " + ms.size() + ")"), tables, order);
        b.append("    private final FlatBuffersGenerated io;\n");
        b.append("    private final ").append(fb).append('.').append(U).append(" frame = new ").append(fb).append('.').append(U).append("();\n");
        for (MessageDef m : ms) b.append("    private final ").append(ctx.codecClass("flatbuffers", m)).append(' ').append(MessageClassGenerator.unionMember(m)).append(";\n");
        b.append("\n    public ").append(simple).append("(String name) {\n        io = new FlatBuffersGenerated(name, SHAPES);\n");
        for (MessageDef m : ms) b.append("        ").append(MessageClassGenerator.unionMember(m)).append(" = new ").append(ctx.codecClass("flatbuffers", m)).append("(io);\n");
        b.append("    }\n\n");
        b.append("    @Override\n    public int encode(").append(ctx.messageClass(U)).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        FlatBufferBuilder b = io.begin();\n        int position = value.member();\n        int member = switch (position) {\n");
        for (int i = 0; i < ms.size(); i++) {
            String f = MessageClassGenerator.unionMember(ms.get(i));
            b.append("            case ").append(i).append(" -> ").append(f).append(".member(b, value.").append(f).append("());\n");
        }
        b.append("            default -> throw new IllegalStateException(\"member \" + position + \" of ").append(U).append("\");\n        };\n");
        // as flatc's createX adds them: the offset, then the type byte
        b.append("        b.startTable(2);\n        b.addOffset(1, member, 0);\n        b.addByte(0, (byte) (position + 1), 0);\n");
        b.append("        return io.finish(b.endTable(), dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(ctx.messageClass(U)).append(" target) {\n");
        b.append("        ByteBuffer bb = io.read(src, offset, length);\n");
        b.append("        ").append(fb).append('.').append(U).append(" f = ").append(fb).append('.').append(U).append(".getRootAs").append(cap(camel(U))).append("(bb, frame);\n");
        b.append("        switch (f.memberType()) { // 1 to ").append(ms.size()).append(", as verified\n");
        for (int i = 0; i < ms.size(); i++) {
            MessageDef m = ms.get(i);
            String x = MessageClassGenerator.unionMember(m);
            b.append("            case ").append(i + 1).append(" -> {\n                ").append(fb).append('.').append(m.name()).append(" t = ").append(x).append(".table();\n");
            b.append("                f.member(t);\n                ").append(x).append(".member(t, target.select").append(m.name()).append("());\n            }\n");
        }
        b.append("            default -> throw io.error(\"").append(U).append(".member_type \" + f.memberType() + \" names no member\");\n");
        b.append("        }\n    }\n}\n");
        return b.toString();
    }

    private static String shape(SlotOf s, String owner, List<String> order) {
        Field f = s.field();
        String label = "\"" + owner + "." + f.name() + (s.exponent() ? "_exponent" : "") + "\"";
        boolean req = !f.optional();
        Type t = f.type();
        if (s.scalar() == Primitive.BOOL) return "FlatBuffersGenerated.bool(" + label + ")";
        if (s.scalar() != null) return "FlatBuffersGenerated.scalar(" + label + ", " + s.size() + ")";
        if (t instanceof Type.Ascii a) return "FlatBuffersGenerated.ascii(" + label + ", " + a.length() + ", " + req + ")";
        if (t instanceof Type.Text x) return "FlatBuffersGenerated.text(" + label + ", " + x.maxBytes() + ", " + req + ")";
        if (t instanceof Type.Bytes x) return "FlatBuffersGenerated.bytes(" + label + ", " + x.maxLength() + ", " + req + ")";
        if (t instanceof Type.CompositeRef c) return "FlatBuffersGenerated.table(" + label + ", " + order.indexOf(c.def().name()) + ", " + req + ")";
        Type.Group g = (Type.Group) t;
        return "FlatBuffersGenerated.tables(" + label + ", " + order.indexOf(g.entry().name()) + ", " + g.maxCount() + ", " + req + ")";
    }

    private static void write(StringBuilder b, GenContext ctx, String fb, String T, List<Field> fields) {
        List<SlotOf> slots = slots(fields);
        b.append("    private int write").append(T).append("(FlatBufferBuilder b, ").append(ctx.messageClass(T)).append(" v) {\n");
        // strings, vectors and nested tables first: a table is built with nothing else open
        for (SlotOf s : slots) {
            if (s.scalar() != null) continue;
            Field f = s.field();
            String n = javaName(f.name());
            String N = cap(n);
            String label = T + "." + f.name();
            String o = "o" + s.index();
            Type t = f.type();
            String value;
            if (t instanceof Type.Ascii a) {
                value = "b.createString(FlatBuffersGenerated.ascii(v." + n + "(), " + a.length() + ", \"" + label + "\"))";
            } else if (t instanceof Type.Text) {
                value = "b.createString(v." + n + "())";
            } else if (t instanceof Type.Bytes) {
                value = "b.createByteVector(v." + n + "(), 0, v." + n + "Length())";
            } else if (t instanceof Type.CompositeRef c) {
                value = "write" + c.def().name() + "(b, v." + n + "())";
            } else {
                Type.Group g = (Type.Group) t;
                b.append("        int m").append(s.index()).append(" = io.mark();\n");
                b.append("        for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) io.entry(write").append(g.entry().name())
                        .append("(b, v.").append(n).append("(i)));\n");
                value = "io.endEntries(m" + s.index() + ")";
            }
            b.append("        int ").append(o).append(" = ").append(f.optional() ? "v.has" + N + "() ? " + value + " : 0" : value).append(";\n");
        }
        b.append("        b.startTable(").append(slots.size()).append(");\n");
        // flatc's createX order: the widest first, and among equals the last declared first
        for (int size : new int[] {8, 4, 2, 1}) {
            for (int i = slots.size() - 1; i >= 0; i--) {
                SlotOf s = slots.get(i);
                if (s.size() != size) continue;
                if (s.scalar() == null) {
                    b.append("        b.addOffset(").append(s.index()).append(", o").append(s.index()).append(", 0);\n");
                } else {
                    addScalar(b, s);
                }
            }
        }
        // b.endTable(), not flatc's endX: endX checks each (required) field's slot again, and every one was added above
        // (an offset the builder returns is never 0), which costs the encode two reads for nothing
        b.append("        return b.endTable();\n    }\n\n");
    }

    private static void addScalar(StringBuilder b, SlotOf s) {
        Field f = s.field();
        String n = javaName(f.name());
        String N = cap(n);
        Type t = f.type();
        String get = s.exponent() ? "v." + n + "Exponent()" : t instanceof Type.EnumRef ? "v." + n + "().value()" : "v." + n + "()";
        Primitive p = s.scalar();
        String slot = Integer.toString(s.index());
        String raw = switch (p) {
            case I8, U8 -> "b.addByte((byte) " + get + ")";
            case I16, U16 -> "b.addShort((short) " + get + ")";
            case I32, U32 -> "b.addInt((int) " + get + ")";
            case I64, U64, TIMESTAMP -> "b.addLong(" + get + ")";
            case F32 -> "b.addFloat(" + get + ")";
            case F64 -> "b.addDouble(" + get + ")";
            case BOOL -> "b.addBoolean(" + get + ")";
        };
        if (f.optional()) {
            b.append("        if (v.has").append(N).append("()) { ").append(raw).append("; b.slot(").append(slot).append("); }\n");
            return;
        }
        switch (p) {
            case I8, U8 -> b.append("        b.addByte(").append(slot).append(", (byte) ").append(get).append(", 0);\n");
            case I16, U16 -> b.append("        b.addShort(").append(slot).append(", (short) ").append(get).append(", 0);\n");
            case I32, U32 -> b.append("        b.addInt(").append(slot).append(", (int) ").append(get).append(", 0);\n");
            case I64, U64, TIMESTAMP -> b.append("        b.addLong(").append(slot).append(", ").append(get).append(", 0L);\n");
            case BOOL -> b.append("        b.addBoolean(").append(slot).append(", ").append(get).append(", false);\n");
            // written unless its bits are 0, so that -0.0 is kept (equal to the default 0.0, the builder would leave it out)
            case F32 -> b.append("        if (Float.floatToRawIntBits(").append(get).append(") != 0) { ").append(raw).append("; b.slot(").append(slot).append("); }\n");
            case F64 -> b.append("        if (Double.doubleToRawLongBits(").append(get).append(") != 0L) { ").append(raw).append("; b.slot(").append(slot).append("); }\n");
        }
    }

    /** The table's fields in schema order into the sink: presence first for an optional one, a group's count before its entries. */
    private static void access(StringBuilder b, String fb, String T, List<Field> fields) {
        b.append("    private void access").append(T).append('(').append(fb).append('.').append(T).append(" t, FieldSink sink) {\n");
        for (SlotOf s : slots(fields)) {
            if (s.exponent()) continue;
            Field f = s.field();
            String a = accessor(f.name());
            Type t = f.type();
            String ind = "        ";
            if (s.scalar() != null) {
                String line = "sink.consume(t." + a + "());";
                if (t instanceof Type.Decimal d && !d.fixedExponent()) line += " sink.consume(t." + accessor(f.name() + "_exponent") + "());";
                if (f.optional()) {
                    b.append(ind).append("if (t.has").append(upperName(f.name())).append("()) { sink.consume(true); ").append(line).append(" } else { sink.consume(false); }\n");
                } else {
                    b.append(ind).append(line).append('\n');
                }
            } else if (t instanceof Type.Ascii || t instanceof Type.Text || t instanceof Type.Bytes) {
                b.append(ind).append("{\n").append(ind).append("    ByteBuffer s = t.").append(a).append("InByteBuffer(io.bytes());\n");
                if (f.optional()) {
                    b.append(ind).append("    sink.consume(s != null);\n");
                    b.append(ind).append("    if (s != null) { sink.consume(s.remaining()); sink.consume(s); }\n");
                } else {
                    // present: the verifier refuses a message without a required field
                    b.append(ind).append("    sink.consume(s.remaining());\n").append(ind).append("    sink.consume(s);\n");
                }
                b.append(ind).append("}\n");
            } else if (t instanceof Type.CompositeRef c) {
                String C = c.def().name();
                if (f.optional()) {
                    b.append(ind).append("{\n").append(ind).append("    ").append(fb).append('.').append(C).append(" c = t.").append(a).append("(t").append(C).append(");\n");
                    b.append(ind).append("    sink.consume(c != null);\n");
                    b.append(ind).append("    if (c != null) access").append(C).append("(c, sink);\n").append(ind).append("}\n");
                } else {
                    b.append(ind).append("access").append(C).append("(t.").append(a).append("(t").append(C).append("), sink);\n");
                }
            } else if (t instanceof Type.Group g) {
                String C = g.entry().name();
                b.append(ind).append("{\n").append(ind).append("    int c = t.").append(a).append("Length();\n");
                b.append(ind).append("    sink.consume(c);\n");
                b.append(ind).append("    for (int i = 0; i < c; i++) access").append(C).append("(t.").append(a).append("(t").append(C).append(", i), sink);\n");
                b.append(ind).append("}\n");
            }
        }
        b.append("    }\n\n");
    }

    private static void read(StringBuilder b, GenContext ctx, String fb, String T, List<Field> fields) {
        b.append("    private void read").append(T).append('(').append(fb).append('.').append(T).append(" t, ").append(ctx.messageClass(T)).append(" v) {\n");
        for (SlotOf s : slots(fields)) {
            if (s.exponent()) continue;
            Field f = s.field();
            String n = javaName(f.name());
            String N = cap(n);
            String a = accessor(f.name());
            String label = T + "." + f.name();
            Type t = f.type();
            if (s.scalar() != null) {
                String value;
                if (t instanceof Type.Scalar sc) {
                    value = switch (sc.primitive()) {
                        case U8 -> "(short) t." + a + "()";
                        default -> "t." + a + "()";
                    };
                } else if (t instanceof Type.EnumRef e) {
                    String E = ctx.messageClass(e.def().name());
                    value = "io.known(" + E + ".of(raw), raw, \"" + label + "\")"; // the field read once, into raw below
                } else if (t instanceof Type.SetRef st) {
                    long allowed = 0;
                    for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
                    value = "io.bits(t." + a + "(), 0x" + Long.toHexString(allowed) + "L, \"" + label + "\")";
                } else {
                    value = "t." + a + "()";
                }
                String line = "v." + n + "(" + value + ");";
                if (t instanceof Type.EnumRef) line = "{ long raw = t." + a + "(); " + line + " }";
                if (t instanceof Type.Decimal d && !d.fixedExponent()) line += " v." + n + "Exponent(t." + accessor(f.name() + "_exponent") + "());";
                if (f.optional()) b.append("        if (t.has").append(upperName(f.name())).append("()) { ").append(line).append(" } else { v.clear").append(N).append("(); }\n");
                else b.append("        ").append(line).append('\n');
                continue;
            }
            if (t instanceof Type.Ascii || t instanceof Type.Text || t instanceof Type.Bytes) {
                b.append("        {\n            ByteBuffer s = t.").append(a).append("InByteBuffer(io.bytes());\n");
                String fill;
                if (t instanceof Type.Ascii) fill = "io.ascii(s, v." + n + "(), \"" + label + "\");";
                else if (t instanceof Type.Text) fill = "io.text(s, v." + n + "());";
                else fill = "{ int len = s.remaining(); s.get(v." + n + "Length(len), 0, len); }";
                String present = f.optional() && !(t instanceof Type.Bytes) ? " v.has" + N + "(true);" : "";
                String absent = f.optional() ? "v.clear" + N + "();" : "throw io.error(\"" + label + " is absent\");";
                b.append("            if (s == null) ").append(absent).append("\n");
                b.append("            else { ").append(fill).append(present).append(" }\n        }\n");
            } else if (t instanceof Type.CompositeRef c) {
                String C = c.def().name();
                b.append("        {\n            ").append(fb).append('.').append(C).append(" c = t.").append(a).append("(t").append(C).append(");\n");
                String absent = f.optional() ? "v.clear" + N + "();" : "throw io.error(\"" + label + " is absent\");";
                b.append("            if (c == null) ").append(absent).append("\n");
                b.append("            else { read").append(C).append("(c, v.").append(n).append("());").append(f.optional() ? " v.has" + N + "(true);" : "").append(" }\n        }\n");
            } else if (t instanceof Type.Group g) {
                String C = g.entry().name();
                b.append("        v.clear").append(N).append("();\n");
                b.append("        for (int i = 0, c = t.").append(a).append("Length(); i < c; i++) read").append(C).append("(t.").append(a)
                        .append("(t").append(C).append(", i), v.add").append(N).append("());\n");
            }
        }
        b.append("    }\n\n");
    }
}
