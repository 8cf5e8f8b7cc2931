package org.wireshootout.codec.capnp;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Primitive;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;
import org.wireshootout.schema.UnionDef;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Cap'n Proto codecs generated from a message schema, written as the hand-written {@code capnp} row (unpacked stream
 * framing) or {@code capnpPacked} row (packed) is. Per schema one {@code .capnp} file (a struct per message and per
 * composite they use, an enum per enum; ordinals in the schema's order) compiled by capnp with capnpc-java, the
 * binaries the build's capnp-maven-plugin uses (its {@code capnp-natives} jar, unpacked into
 * {@code target/codegen-tools/capnp}); per message a codec that builds the message in one reused
 * {@code MessageBuilder} ({@link CapnpGenerated}), text written into the segment through {@code initX(size)}, and
 * reads it through the generated readers with the runtime's limits set from the schema's bounds.
 *
 * <p>Types: integers as Cap'n Proto's of the same width and sign, f32/f64 as Float32/Float64, bool as Bool, a
 * timestamp and a decimal's mantissa as Int64 (a decimal without a fixed exponent adds an Int8 field
 * {@code <name>Exponent}), an enum as a Cap'n Proto enum of its values in the schema's order (carried as the value's
 * place, as Cap'n Proto carries every enum), a set as the unsigned integer of its encoding, ascii and text as Text,
 * bytes as Data, a composite as a struct, a group as a List of structs; an optional scalar gets a Bool
 * {@code <name>Present} after it (Cap'n Proto scalars have no presence), an optional Text, Data or struct is a null
 * pointer when absent.
 *
 * <p>A union of carried messages is one more struct in the file, of the union's name, holding an unnamed union of a
 * pointer per member (as the hand-written IEX rows' {@code Message} struct): see {@link #unionCodec}.
 */
public final class CapnpGenerator implements CodecBackend {
    private static final Pattern FIELD_NAME = Pattern.compile("[a-z][A-Za-z0-9]*");
    private static final Pattern TYPE_NAME = Pattern.compile("[A-Z][A-Za-z0-9]*");
    /** Field names capnpc-java's accessors would clash with (getClass is final in Object) or the language's keywords. */
    private static final Set<String> FIELD_RESERVED = Set.of("class", "union", "group", "struct", "enum", "interface", "using",
            "import", "const", "annotation", "extends", "true", "false", "inf", "nan", "void");

    private final boolean packed;

    /** @param packed the packed encoding (row {@code capnpPacked}) or the unpacked stream framing (row {@code capnp}) */
    public CapnpGenerator(boolean packed) {
        this.packed = packed;
    }

    private String library() {
        return packed ? "capnpPacked" : "capnp";
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        List<String> problems = new ArrayList<>();
        check(message.name(), message.fields(), new HashSet<>(), problems);
        return problems.isEmpty() ? null : problems.get(0);
    }

    private static void check(String owner, List<Field> fields, Set<String> seen, List<String> problems) {
        if (!seen.add(owner)) return;
        if (!TYPE_NAME.matcher(owner).matches()) problems.add("type " + owner + ": Cap'n Proto type names are a capital letter then letters and digits");
        Set<String> names = new HashSet<>();
        for (Field f : fields) {
            if (!names.add(cpName(f.name()))) problems.add("field " + owner + "." + f.name() + ": its Cap'n Proto name " + cpName(f.name()) + " is another field's too");
        }
        for (Field f : fields) {
            Type t = f.type();
            String n = cpName(f.name());
            if (!FIELD_NAME.matcher(n).matches() || FIELD_RESERVED.contains(n)) {
                problems.add("field " + owner + "." + f.name() + ": Cap'n Proto field names are a small letter then letters and digits, no keyword");
            }
            if (t instanceof Type.Decimal d && !d.fixedExponent() && names.contains(n + "Exponent")) {
                problems.add("field " + owner + "." + f.name() + ": its exponent's field " + n + "Exponent would clash with another field");
            }
            if (f.optional() && scalar(t) && names.contains(n + "Present")) {
                problems.add("field " + owner + "." + f.name() + ": its presence field " + n + "Present would clash with another field");
            }
            if (t instanceof Type.EnumRef e) {
                if (!TYPE_NAME.matcher(e.def().name()).matches()) problems.add("enum " + e.def().name() + ": Cap'n Proto type names are a capital letter then letters and digits");
                Set<String> values = new HashSet<>();
                for (EnumDef.Value v : e.def().values()) {
                    String en = enumerant(v.name());
                    if (!FIELD_NAME.matcher(en).matches() || FIELD_RESERVED.contains(en) || !values.add(en)) {
                        problems.add("enum " + e.def().name() + " value " + v.name() + ": not a Cap'n Proto enumerant name in camelCase, or one another value has too");
                    }
                }
            }
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null) check(c.name(), c.fields(), seen, problems);
        }
    }

    private static boolean scalar(Type t) {
        return t instanceof Type.Scalar || t instanceof Type.Decimal || t instanceof Type.EnumRef || t instanceof Type.SetRef;
    }

    /** A field's name in the .capnp file: each {@code _x} made {@code X} and the first letter small (Cap'n Proto's camelCase). */
    static String cpName(String field) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '_' && i + 1 < field.length()) s.append(Character.toUpperCase(field.charAt(++i)));
            else s.append(c);
        }
        return s.length() == 0 ? field : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** An enum value's name as an enumerant: in camelCase as a field's ({@link #cpName}), an ALL_CAPS name first made small. */
    private static String enumerant(String value) {
        return cpName(value.equals(value.toUpperCase(java.util.Locale.ROOT)) ? value.toLowerCase(java.util.Locale.ROOT) : value);
    }

    /** A union member's field in the union's root struct: the message's name with its first letter small. */
    private static String unionField(MessageDef m) {
        return cpName(m.name());
    }

    /**
     * Whether {@code union} gets a stream: every member carried, at least the two members a Cap'n Proto union needs,
     * and each member's field name one Cap'n Proto takes (distinct, as the members' names are).
     */
    private boolean unionStream(Schema schema, UnionDef union) {
        if (union.members().size() < 2) return false;
        Set<String> names = new HashSet<>();
        for (MessageDef m : union.members()) {
            String n = unionField(m);
            if (cannotCarry(schema, m) != null || !FIELD_NAME.matcher(n).matches() || FIELD_RESERVED.contains(n) || !names.add(n)) return false;
        }
        return TYPE_NAME.matcher(union.name()).matches();
    }

    /** Whether {@code m} is a member of a union with a stream, whose codec builds the member through this codec's hooks. */
    private boolean inUnionStream(Schema schema, MessageDef m) {
        for (UnionDef u : schema.unions()) if (u.members().contains(m) && unionStream(schema, u)) return true;
        return false;
    }

    /** A name of capnpc-java's {@code Which} enum: the field's camelCase name in capitals, each capital after a {@code _}. */
    private static String whichName(String field) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (Character.isUpperCase(c) && i > 0) s.append('_');
            s.append(Character.toUpperCase(c));
        }
        return s.toString();
    }

    private static String outerClass(GenContext ctx) {
        String o = cap(GenContext.packagePart(ctx.schema().name()).replace("_", "")) + "Capnp";
        Schema s = ctx.schema();
        boolean taken = s.message(o) != null || s.composite(o) != null || s.enumDef(o) != null || s.set(o) != null || s.union(o) != null;
        return taken ? o + "Schema" : o;
    }

    private static String capnpPackage(GenContext ctx, String library) {
        return ctx.codecPackage(library) + ".cp";
    }

    /** The message and the composites it uses, each once, the message first. */
    private static Map<String, List<Field>> structs(MessageDef m, Set<EnumDef> enums) {
        Map<String, List<Field>> out = new LinkedHashMap<>();
        out.put(m.name(), m.fields());
        collect(m.fields(), out, enums);
        return out;
    }

    private static void collect(List<Field> fields, Map<String, List<Field>> out, Set<EnumDef> enums) {
        for (Field f : fields) {
            if (f.type() instanceof Type.EnumRef e) enums.add(e.def());
            CompositeDef c = f.type() instanceof Type.CompositeRef r ? r.def() : f.type() instanceof Type.Group g ? g.entry() : null;
            if (c != null && out.putIfAbsent(c.name(), c.fields()) == null) collect(c.fields(), out, enums);
        }
    }

    @Override
    public void prepare(GenContext ctx, List<MessageDef> carried) throws IOException {
        if (carried.isEmpty()) return;
        Map<String, List<Field>> all = new LinkedHashMap<>();
        Set<EnumDef> enums = new LinkedHashSet<>();
        for (MessageDef m : carried) all.putAll(structs(m, enums));
        StringBuilder b = new StringBuilder();
        b.append("# Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(CapnpGenerator.class.getName()).append("; do not edit.\n");
        long id = 0x8000_0000_0000_0000L | (ctx.schema().name().hashCode() * 0x9E37_79B9_7F4A_7C15L) ^ 0x5bd1_e995L;
        b.append("@0x").append(Long.toHexString(id | 0x8000_0000_0000_0000L)).append(";\n\n");
        b.append("using Java = import \"/java.capnp\";\n");
        b.append("$Java.package(\"").append(capnpPackage(ctx, library())).append("\");\n");
        b.append("$Java.outerClassname(\"").append(outerClass(ctx)).append("\");\n");
        for (EnumDef e : enums) {
            b.append("\nenum ").append(e.name()).append(" {\n");
            for (int i = 0; i < e.values().size(); i++) {
                b.append("  ").append(enumerant(e.values().get(i).name())).append(" @").append(i).append(";  # ").append(e.values().get(i).value()).append('\n');
            }
            b.append("}\n");
        }
        for (Map.Entry<String, List<Field>> s : all.entrySet()) {
            b.append("\nstruct ").append(s.getKey()).append(" {\n");
            int ordinal = 0;
            for (Field f : s.getValue()) {
                String n = cpName(f.name());
                b.append("  ").append(n).append(" @").append(ordinal++).append(" :").append(capnpType(f.type())).append(";\n");
                if (f.type() instanceof Type.Decimal d && !d.fixedExponent()) b.append("  ").append(n).append("Exponent @").append(ordinal++).append(" :Int8;\n");
                if (f.optional() && scalar(f.type())) b.append("  ").append(n).append("Present @").append(ordinal++).append(" :Bool;\n");
            }
            b.append("}\n");
        }
        for (UnionDef u : ctx.schema().unions()) {
            if (!unionStream(ctx.schema(), u)) continue;
            // a root struct whose fields are all one unnamed union: Cap'n Proto keeps the discriminant in its data section
            b.append("\nstruct ").append(u.name()).append(" {\n  union {\n");
            for (int i = 0; i < u.members().size(); i++) {
                MessageDef m = u.members().get(i);
                b.append("    ").append(unionField(m)).append(" @").append(i).append(" :").append(m.name()).append(";\n");
            }
            b.append("  }\n}\n");
        }
        Path dir = ctx.workDir(library());
        Path file = dir.resolve(GenContext.packagePart(ctx.schema().name()) + ".capnp");
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
        Path tools = ctx.tool("capnp/org/expretio/capnp/natives/linux/x86-64");
        Path capnp = tools.resolve("capnp");
        Path plugin = tools.resolve("capnpc-java");
        // unpacked from the natives jar, which keeps no file modes
        if (!capnp.toFile().canExecute() && !capnp.toFile().setExecutable(true)) throw new IOException("cannot make " + capnp + " executable");
        if (!plugin.toFile().canExecute() && !plugin.toFile().setExecutable(true)) throw new IOException("cannot make " + plugin + " executable");
        Path out = dir.resolve("java");
        Files.createDirectories(out);
        ctx.run(List.of(capnp.toString(), "compile", "-I" + tools, "--src-prefix=" + dir, "-o" + plugin + ":" + out, file.toString()), dir);
        ctx.addSourceRoot(out);
    }

    private static String capnpType(Type t) {
        if (t instanceof Type.Scalar s) return capnpScalar(s.primitive());
        if (t instanceof Type.Decimal) return "Int64";
        if (t instanceof Type.EnumRef e) return e.def().name();
        if (t instanceof Type.SetRef s) return capnpScalar(s.def().encoding());
        if (t instanceof Type.Ascii || t instanceof Type.Text) return "Text";
        if (t instanceof Type.Bytes) return "Data";
        if (t instanceof Type.CompositeRef c) return c.def().name();
        return "List(" + ((Type.Group) t).entry().name() + ")";
    }

    private static String capnpScalar(Primitive p) {
        return switch (p) {
            case I8 -> "Int8";
            case I16 -> "Int16";
            case I32 -> "Int32";
            case I64, TIMESTAMP -> "Int64";
            case U8 -> "UInt8";
            case U16 -> "UInt16";
            case U32 -> "UInt32";
            case U64 -> "UInt64";
            case F32 -> "Float32";
            case F64 -> "Float64";
            case BOOL -> "Bool";
        };
    }

    /** Data and pointer words of a struct (Cap'n Proto packs fields by size into the data section). */
    private static long[] sections(List<Field> fields) {
        long bits = 0;
        long pointers = 0;
        for (Field f : fields) {
            Type t = f.type();
            if (scalar(t)) {
                bits += t instanceof Type.EnumRef ? 16 : t instanceof Type.Scalar s ? Math.max(1, s.primitive() == Primitive.BOOL ? 1 : width(s.primitive()))
                        : t instanceof Type.SetRef s ? width(s.def().encoding()) : 64;
                if (t instanceof Type.Decimal d && !d.fixedExponent()) bits += 8;
                if (f.optional()) bits += 1;
            } else {
                pointers++;
            }
        }
        // every field padded to 64 bits at worst: an upper bound is enough here
        return new long[] {(bits + 63) / 64 + fields.size(), pointers};
    }

    private static int width(Primitive p) {
        return switch (p) {
            case I8, U8 -> 8;
            case I16, U16 -> 16;
            case I32, U32, F32 -> 32;
            default -> 64;
        };
    }

    /** The most words a struct of these fields takes with everything it points to at the schema's bounds. */
    private static long maxWords(List<Field> fields) {
        long[] s = sections(fields);
        long words = s[0] + s[1];
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.Ascii a) words += (a.length() + 1 + 7) / 8;
            else if (t instanceof Type.Text x) words += (x.maxBytes() + 1L + 7) / 8;
            else if (t instanceof Type.Bytes x) words += (x.maxLength() + 7L) / 8;
            else if (t instanceof Type.CompositeRef c) words += maxWords(c.def().fields());
            else if (t instanceof Type.Group g) words += 1 + g.maxCount() * maxWords(g.entry().fields());
        }
        return words;
    }

    private static int depth(List<Field> fields) {
        int d = 1;
        for (Field f : fields) {
            if (f.type() instanceof Type.CompositeRef c) d = Math.max(d, 1 + depth(c.def().fields()));
            else if (f.type() instanceof Type.Group g) d = Math.max(d, 2 + depth(g.entry().fields()));
        }
        return d;
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        String cp = capnpPackage(ctx, library()) + "." + outerClass(ctx);
        Set<EnumDef> enums = new LinkedHashSet<>();
        Map<String, List<Field>> structs = structs(m, enums);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library())).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(CapnpGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.capnp.CapnpGenerated;\n");
        if (!packed) b.append("import org.wireshootout.codec.BufferAccess;\nimport org.wireshootout.codec.FieldSink;\n");
        b.append('\n');
        b.append("/** The ").append(library()).append(" row of message ").append(M).append(": capnpc-java's structs in one reused message builder. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(ctx.messageClass(M)).append(">")
                .append(packed ? "" : ", BufferAccess").append(" {\n");
        for (EnumDef e : enums) {
            String E = e.name().toUpperCase();
            b.append("    private static final ").append(cp).append('.').append(e.name()).append("[] CP_").append(E).append(" = ").append(cp).append('.').append(e.name()).append(".values();\n");
            b.append("    private static final ").append(ctx.messageClass(e.name())).append("[] ").append(E).append(" = ").append(ctx.messageClass(e.name())).append(".values();\n");
        }
        b.append("    private final CapnpGenerated io;\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        io = new CapnpGenerated(name, ").append(packed).append(", ")
                .append(1 + maxWords(m.fields())).append("L, ").append(depth(m.fields())).append(");\n    }\n\n");
        if (inUnionStream(ctx.schema(), m)) {
            String W = cp + "." + M;
            b.append("    /** For the union stream's codec: this member over the union's CapnpGenerated (its row's name, its limits); encode and decode are not used. */\n");
            b.append("    ").append(M).append("Codec(CapnpGenerated shared) {\n        io = shared;\n    }\n\n");
            b.append("    /** Writes {@code value} into {@code w}, the member's struct in the union's root. */\n");
            b.append("    void writeMember(").append(W).append(".Builder w, ").append(ctx.messageClass(M)).append(" value) {\n        write").append(M)
                    .append("(w, value);\n    }\n\n");
            b.append("    /** Reads {@code r}, the member's struct in the union's root, into {@code target}, refusing what the schema does not allow. */\n");
            b.append("    void readMember(").append(W).append(".Reader r, ").append(ctx.messageClass(M)).append(" target) {\n        read").append(M)
                    .append("(r, target);\n    }\n\n");
        }
        // the message's own fields are written here, as the hand-written rows write Data's, not through writeM: C2
        // compiles writeM apart once it is big, and the struct builder passed to it is then allocated on every encode
        b.append("    @Override\n    public int encode(").append(ctx.messageClass(M)).append(" v, MutableDirectBuffer dst, int offset) {\n");
        b.append("        ").append(cp).append('.').append(M).append(".Builder w = io.begin(").append(cp).append('.').append(M).append(".factory);\n");
        writeFields(b, ctx, cp, M, m.fields());
        b.append("        return io.finish(dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(ctx.messageClass(M)).append(" target) {\n");
        b.append("        ").append(cp).append('.').append(M).append(".Reader r = io.root(").append(cp).append('.').append(M).append(".factory, src, offset, length);\n");
        b.append("        try {\n            read").append(M).append("(r, target);\n        } catch (RuntimeException e) {\n            throw io.wrap(e);\n        }\n    }\n\n");
        if (!packed) b.append("    @Override\n    public int headerLength() {\n        return 8; // the segment table of the one segment\n    }\n\n");
        if (!packed) {
            // the packed row must unpack into buffers of its own before anything can be read: no access
            b.append("    /** Every field read in place through the generated readers, with decode's limits and bounds; text and bytes as the runtime's readers over their bytes. */\n");
            b.append("    @Override\n    public void access(DirectBuffer src, int offset, int length, FieldSink sink) {\n");
            b.append("        ").append(cp).append('.').append(M).append(".Reader r = io.root(").append(cp).append('.').append(M).append(".factory, src, offset, length);\n");
            b.append("        try {\n            access").append(M).append("(r, sink);\n        } catch (RuntimeException e) {\n            throw io.wrap(e);\n        }\n    }\n\n");
        }
        for (Map.Entry<String, List<Field>> s : structs.entrySet()) {
            write(b, ctx, cp, s.getKey(), s.getValue());
            read(b, ctx, cp, s.getKey(), s.getValue());
            if (!packed) access(b, cp, s.getKey(), s.getValue());
        }
        b.append("}\n");
        return b.toString();
    }

    /**
     * A union's stream as Cap'n Proto tells several message types apart in one stream: a root struct of the union's
     * name whose fields are one unnamed union, a field per member ({@code systemEvent @0 :SystemEvent; ...}, ordinals
     * in the union's order), so the struct's data section holds the discriminant (the member's ordinal, 16 bits) and
     * its pointer section the pointer to the member's struct, as the member's own row builds it. One builder of the
     * union's (its limits cover the longest member and one level more) is shared by the members' codecs, which write
     * and read the member's struct through their hooks; a discriminant no member has is refused. Null when the union
     * has no such struct ({@link #unionStream}).
     */
    @Override
    public String unionCodec(GenContext ctx, UnionDef union) {
        if (!unionStream(ctx.schema(), union)) return null;
        String U = ctx.messageClass(union.name());
        String cls = ctx.unionCodecClass(library(), union);
        String simple = cls.substring(cls.lastIndexOf('.') + 1);
        String root = capnpPackage(ctx, library()) + "." + outerClass(ctx) + "." + union.name();
        List<MessageDef> ms = union.members();
        long words = 0;
        int depth = 0;
        for (MessageDef m : ms) {
            words = Math.max(words, maxWords(m.fields()));
            depth = Math.max(depth, depth(m.fields()));
        }
        // the root pointer, the root struct (the discriminant's data word and a pointer per member), the longest member
        words += 1 + 1 + ms.size();
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library())).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(CapnpGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.capnp.CapnpGenerated;\n\n");
        b.append("/**\n * The ").append(library()).append(" stream of union ").append(union.name()).append(": a root struct ").append(union.name())
                .append(" holding one unnamed union of\n * the members (a field per member, ordinals in the union's order), Cap'n Proto's own way to tell message types apart:\n")
                .append(" * the discriminant in the struct's data section, the member's struct behind its pointer, built and read by the\n")
                .append(" * member's codec over this codec's one reused message builder.\n */\n");
        b.append("public final class ").append(simple).append(" implements BufferCodec<").append(U).append("> {\n");
        b.append("    private final CapnpGenerated io;\n");
        for (MessageDef m : ms) {
            b.append("    private final ").append(ctx.codecClass(library(), m)).append(' ').append(MessageClassGenerator.unionMember(m)).append(";\n");
        }
        b.append("\n    public ").append(simple).append("(String name) {\n        io = new CapnpGenerated(name, ").append(packed).append(", ")
                .append(words).append("L, ").append(1 + depth).append(");\n");
        for (MessageDef m : ms) {
            b.append("        ").append(MessageClassGenerator.unionMember(m)).append(" = new ").append(ctx.codecClass(library(), m)).append("(io);\n");
        }
        b.append("    }\n\n");
        b.append("    @Override\n    public int encode(").append(U).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        ").append(root).append(".Builder f = io.begin(").append(root).append(".factory);\n");
        b.append("        switch (value.member()) {\n");
        for (int i = 0; i < ms.size(); i++) {
            MessageDef m = ms.get(i);
            String f = MessageClassGenerator.unionMember(m);
            b.append("            case ").append(i).append(" -> ").append(f).append(".writeMember(f.init").append(cap(unionField(m))).append("(), value.")
                    .append(f).append("());\n");
        }
        b.append("            default -> throw new IllegalStateException(\"member \" + value.member() + \" of ").append(union.name()).append("\");\n");
        b.append("        }\n        return io.finish(dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(U).append(" target) {\n");
        b.append("        ").append(root).append(".Reader r = io.root(").append(root).append(".factory, src, offset, length);\n");
        b.append("        try {\n            switch (r.which()) {\n");
        for (MessageDef m : ms) {
            String f = MessageClassGenerator.unionMember(m);
            b.append("                case ").append(whichName(unionField(m))).append(" -> ").append(f).append(".readMember(r.get").append(cap(unionField(m)))
                    .append("(), target.select").append(m.name()).append("());\n");
        }
        b.append("                default -> throw io.error(\"").append(union.name()).append(": a discriminant no member has\");\n");
        b.append("            }\n        } catch (RuntimeException e) {\n            throw io.wrap(e);\n        }\n    }\n");
        if (!packed) b.append("\n    @Override\n    public int headerLength() {\n        return 8; // the segment table of the one segment, as the members' rows\n    }\n");
        b.append("}\n");
        return b.toString();
    }

    private static String setCast(Primitive p) {
        return switch (p) {
            case U8 -> "(byte) ";
            case U16 -> "(short) ";
            case U32 -> "(int) ";
            default -> "";
        };
    }

    private static String getWiden(Primitive p, String get) {
        return switch (p) {
            case U8 -> "(short) (" + get + " & 0xFF)";
            case U16 -> "(" + get + " & 0xFFFF)";
            case U32 -> "(" + get + " & 0xFFFFFFFFL)";
            default -> get;
        };
    }

    private static void write(StringBuilder b, GenContext ctx, String cp, String T, List<Field> fields) {
        b.append("    private void write").append(T).append('(').append(cp).append('.').append(T).append(".Builder w, ").append(ctx.messageClass(T)).append(" v) {\n");
        writeFields(b, ctx, cp, T, fields);
        b.append("    }\n\n");
    }

    /** The statements that write {@code fields} of {@code v}, a {@code T}, into {@code w}, its struct's builder. */
    private static void writeFields(StringBuilder b, GenContext ctx, String cp, String T, List<Field> fields) {
        for (Field f : fields) {
            String n = javaName(f.name());
            String N = cap(n);
            String C = cap(cpName(f.name()));
            String label = T + "." + f.name();
            Type t = f.type();
            String ind = "        ";
            if (f.optional()) {
                if (scalar(t)) b.append(ind).append("w.set").append(C).append("Present(v.has").append(N).append("());\n");
                b.append(ind).append("if (v.has").append(N).append("()) {\n");
                ind += "    ";
            }
            if (t instanceof Type.Scalar s) {
                b.append(ind).append("w.set").append(C).append('(').append(setCast(s.primitive())).append("v.").append(n).append("());\n");
            } else if (t instanceof Type.Decimal d) {
                b.append(ind).append("w.set").append(C).append("(v.").append(n).append("());\n");
                if (!d.fixedExponent()) b.append(ind).append("w.set").append(C).append("Exponent(v.").append(n).append("Exponent());\n");
            } else if (t instanceof Type.EnumRef e) {
                b.append(ind).append("w.set").append(C).append("(CP_").append(e.def().name().toUpperCase()).append("[v.").append(n).append("().ordinal()]);\n");
            } else if (t instanceof Type.SetRef s) {
                b.append(ind).append("w.set").append(C).append('(').append(setCast(s.def().encoding())).append("v.").append(n).append("());\n");
            } else if (t instanceof Type.Ascii a) {
                b.append(ind).append("CapnpGenerated.text(w.init").append(C).append('(').append(a.length()).append("), CapnpGenerated.ascii(v.").append(n).append("(), ")
                        .append(a.length()).append(", \"").append(label).append("\"));\n");
            } else if (t instanceof Type.Text) {
                b.append(ind).append("CapnpGenerated.text(w.init").append(C).append("(CapnpGenerated.utf8Length(v.").append(n).append("())), v.").append(n).append("());\n");
            } else if (t instanceof Type.Bytes) {
                b.append(ind).append("CapnpGenerated.bytes(w.init").append(C).append("(v.").append(n).append("Length()), v.").append(n).append("(), v.").append(n).append("Length());\n");
            } else if (t instanceof Type.CompositeRef c) {
                b.append(ind).append("write").append(c.def().name()).append("(w.init").append(C).append("(), v.").append(n).append("());\n");
            } else if (t instanceof Type.Group g) {
                b.append(ind).append("{\n").append(ind).append("    org.capnproto.StructList.Builder<").append(cp).append('.').append(g.entry().name()).append(".Builder> l = w.init")
                        .append(C).append("(v.").append(n).append("Count());\n");
                b.append(ind).append("    for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) write").append(g.entry().name()).append("(l.get(i), v.").append(n).append("(i));\n");
                b.append(ind).append("}\n");
            }
            if (f.optional()) b.append("        }\n");
        }
    }

    /** The struct's fields in schema order into the sink: presence first for an optional one, a group's count before its entries. */
    private static void access(StringBuilder b, String cp, String T, List<Field> fields) {
        b.append("    private void access").append(T).append('(').append(cp).append('.').append(T).append(".Reader r, FieldSink sink) {\n");
        for (Field f : fields) {
            String C = cap(cpName(f.name()));
            String label = T + "." + f.name();
            Type t = f.type();
            String ind = "        ";
            if (f.optional()) {
                String present = scalar(t) ? "r.get" + C + "Present()" : "r.has" + C + "()";
                b.append(ind).append("if (").append(present).append(") {\n");
                ind += "    ";
                b.append(ind).append("sink.consume(true);\n");
            }
            String get = "r.get" + C + "()";
            if (t instanceof Type.Decimal d && !d.fixedExponent()) {
                b.append(ind).append("sink.consume(").append(get).append(");\n");
                b.append(ind).append("sink.consume(r.get").append(C).append("Exponent());\n");
            } else if (scalar(t)) {
                b.append(ind).append("sink.consume(").append(get).append(");\n");
            } else if (t instanceof Type.Ascii || t instanceof Type.Text) {
                String check = t instanceof Type.Ascii a ? "io.asciiLength(x, " + a.length() : "io.textLength(x, " + ((Type.Text) t).maxBytes();
                b.append(ind).append("{\n").append(ind).append("    org.capnproto.Text.Reader x = ").append(get).append(";\n");
                b.append(ind).append("    sink.consume(").append(check).append(", \"").append(label).append("\"));\n");
                b.append(ind).append("    sink.consume(x);\n").append(ind).append("}\n");
            } else if (t instanceof Type.Bytes x) {
                b.append(ind).append("{\n").append(ind).append("    org.capnproto.Data.Reader x = ").append(get).append(";\n");
                b.append(ind).append("    sink.consume(io.bytesLength(x, ").append(x.maxLength()).append(", \"").append(label).append("\"));\n");
                b.append(ind).append("    sink.consume(x);\n").append(ind).append("}\n");
            } else if (t instanceof Type.CompositeRef c) {
                b.append(ind).append("access").append(c.def().name()).append('(').append(get).append(", sink);\n");
            } else if (t instanceof Type.Group g) {
                b.append(ind).append("{\n").append(ind).append("    org.capnproto.StructList.Reader<").append(cp).append('.').append(g.entry().name()).append(".Reader> l = ").append(get).append(";\n");
                b.append(ind).append("    int c = io.count(l.size(), ").append(g.maxCount()).append(", \"").append(label).append("\");\n");
                b.append(ind).append("    sink.consume(c);\n");
                b.append(ind).append("    for (int i = 0; i < c; i++) access").append(g.entry().name()).append("(l.get(i), sink);\n");
                b.append(ind).append("}\n");
            }
            if (f.optional()) b.append("        } else {\n            sink.consume(false);\n        }\n");
        }
        b.append("    }\n\n");
    }

    private static void read(StringBuilder b, GenContext ctx, String cp, String T, List<Field> fields) {
        b.append("    private void read").append(T).append('(').append(cp).append('.').append(T).append(".Reader r, ").append(ctx.messageClass(T)).append(" v) {\n");
        for (Field f : fields) {
            String n = javaName(f.name());
            String N = cap(n);
            String C = cap(cpName(f.name()));
            String label = T + "." + f.name();
            Type t = f.type();
            String ind = "        ";
            if (f.optional()) {
                String present = scalar(t) ? "r.get" + C + "Present()" : "r.has" + C + "()";
                b.append(ind).append("if (").append(present).append(") {\n");
                ind += "    ";
            }
            String get = "r.get" + C + "()";
            if (t instanceof Type.Scalar s) {
                b.append(ind).append("v.").append(n).append('(').append(getWiden(s.primitive(), get)).append(");\n");
            } else if (t instanceof Type.Decimal d) {
                b.append(ind).append("v.").append(n).append('(').append(get).append(");\n");
                if (!d.fixedExponent()) b.append(ind).append("v.").append(n).append("Exponent(r.get").append(C).append("Exponent());\n");
            } else if (t instanceof Type.EnumRef e) {
                String E = e.def().name().toUpperCase();
                b.append(ind).append("v.").append(n).append('(').append(E).append("[io.ordinal(").append(get).append(", ").append(E).append(".length, \"").append(label).append("\")]);\n");
            } else if (t instanceof Type.SetRef s) {
                long allowed = 0;
                for (SetDef.Choice c : s.def().choices()) allowed |= 1L << c.bit();
                b.append(ind).append("v.").append(n).append("(io.bits(").append(getWiden(s.def().encoding(), get)).append(", 0x").append(Long.toHexString(allowed))
                        .append("L, \"").append(label).append("\"));\n");
            } else if (t instanceof Type.Ascii a) {
                b.append(ind).append("io.ascii(").append(get).append(", v.").append(n).append("(), ").append(a.length()).append(", \"").append(label).append("\");\n");
            } else if (t instanceof Type.Text x) {
                b.append(ind).append("io.text(").append(get).append(", v.").append(n).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");\n");
            } else if (t instanceof Type.Bytes x) {
                b.append(ind).append("{\n").append(ind).append("    org.capnproto.Data.Reader d = ").append(get).append(";\n");
                b.append(ind).append("    CapnpGenerated.bytes(d, v.").append(n).append("Length(io.bytesLength(d, ").append(x.maxLength()).append(", \"").append(label).append("\")));\n");
                b.append(ind).append("}\n");
            } else if (t instanceof Type.CompositeRef c) {
                b.append(ind).append("read").append(c.def().name()).append('(').append(get).append(", v.").append(n).append("());\n");
            } else if (t instanceof Type.Group g) {
                b.append(ind).append("{\n").append(ind).append("    org.capnproto.StructList.Reader<").append(cp).append('.').append(g.entry().name()).append(".Reader> l = ").append(get).append(";\n");
                b.append(ind).append("    v.clear").append(N).append("();\n");
                b.append(ind).append("    for (int i = 0, c = io.count(l.size(), ").append(g.maxCount()).append(", \"").append(label).append("\"); i < c; i++) read")
                        .append(g.entry().name()).append("(l.get(i), v.add").append(N).append("());\n");
                b.append(ind).append("}\n");
            }
            if (f.optional()) {
                boolean setsPresence = t instanceof Type.Scalar || t instanceof Type.Decimal || t instanceof Type.EnumRef || t instanceof Type.SetRef || t instanceof Type.Bytes;
                if (!setsPresence) b.append(ind).append("v.has").append(N).append("(true);\n");
                b.append("        } else {\n            v.clear").append(N).append("();\n        }\n");
            }
        }
        b.append("    }\n\n");
    }
}
