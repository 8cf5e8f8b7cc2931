package org.wireshootout.codec.protobuf;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Protocol Buffers codecs generated from a message schema, written as the hand-written {@code protobuf} row is: a
 * proto3 file per schema compiled by the build's protoc, one reused builder per message and composite, every field
 * set on each encode, {@code build()} and {@code writeTo} a {@code CodedOutputStream} over the caller's array
 * ({@link ProtobufBytes}), and the generated parser over the caller's bytes with the row's limits, the parsed
 * fields then copied into the target (text into its {@code StringBuilder}, bytes into its array).
 *
 * <p>The mapping, each type as the hand-written {@code Data} row carries its fields where it has one:
 * {@code i8}, {@code i16}, {@code i32} as {@code int32} and {@code i64} as {@code int64} (the row's {@code smallInt}
 * and {@code longInt}); {@code u8}, {@code u16}, {@code u32} as {@code uint32} and {@code u64} as {@code uint64};
 * {@code f32} {@code float}, {@code f64} {@code double}, {@code bool}; {@code timestamp} as {@code sfixed64}
 * (nanoseconds since 1970 need 9 bytes as a varint, 8 fixed, and a fixed field is read without a loop);
 * {@code decimal(E)} as a {@code sint64} mantissa, and {@code decimal} as that plus a {@code sint32} exponent in
 * the next field number; an enum as a proto enum of the schema's own numbers (with an added {@code _UNSPECIFIED = 0}
 * first when the enum has no 0, as proto3 needs, which the reader refuses); a set as {@code uint64}; {@code ascii(N)}
 * and {@code text(N)} as {@code string} (the row's {@code text}); {@code bytes(N)} as {@code bytes}; a composite as a
 * nested message, a group as a {@code repeated} one; {@code optional} as proto3 {@code optional} (a composite's
 * message field has presence already). Field numbers follow the schema's order from 1, as the row's do.
 *
 * <p>The reader refuses what the schema does not allow once protobuf has parsed the bytes: an 8- or 16-bit value
 * beyond its range, an enum number or set bit the schema does not declare, ASCII of another length or beyond 127,
 * text beyond its bound in UTF-8 bytes, bytes and groups beyond theirs. Unknown fields are parsed and ignored, as
 * the row does. An enum whose numbers do not fit a proto enum's {@code int32} cannot be carried.
 */
public final class ProtobufGenerator implements CodecBackend {
    private static final String LIBRARY = "protobuf";
    /** Field names whose Java accessors protoc renames (they clash with the generated message's own methods). */
    private static final Set<String> PROTOC_RESERVED = Set.of("class", "cached_size", "serialized_size", "initialized",
            "unknown_fields", "default_instance_for_type", "parser_for_type", "descriptor_for_type", "all_fields",
            "initialization_error_string", "memoized_serialized_size", "parser", "default_instance", "descriptor");

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return cannotCarry(message.name(), message.fields(), new HashSet<>());
    }

    private static String cannotCarry(String owner, List<Field> fields, Set<CompositeDef> seen) {
        String clash = org.wireshootout.generator.spi.NameClashes.first("protoc's Java", owner, fields, ProtobufGenerator::declared);
        if (clash != null) return clash;
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) {
                for (EnumDef.Value v : e.def().values()) {
                    if (v.value() < Integer.MIN_VALUE || v.value() > Integer.MAX_VALUE) {
                        return "field " + owner + "." + f.name() + ": enum " + e.def().name() + " value " + v.name() + " = " + v.value()
                                + " does not fit the int32 of a proto enum's numbers";
                    }
                }
            }
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && seen.add(c)) {
                String why = cannotCarry(c.name(), c.fields(), seen);
                if (why != null) return why;
            }
        }
        return null;
    }

    // ---- the .proto file

    @Override
    public void prepare(GenContext ctx, List<MessageDef> carried) throws IOException {
        Path dir = ctx.workDir(LIBRARY);
        Schema schema = ctx.schema();
        String file = protoFile(schema);
        Files.writeString(dir.resolve(file), proto(ctx, carried), StandardCharsets.UTF_8);
        Path out = dir.resolve("java");
        if (Files.exists(out)) {
            try (Stream<Path> s = Files.walk(out)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p); // nothing stale is compiled
            }
        }
        Files.createDirectories(out);
        ctx.run(List.of(ctx.tool("protoc/protoc").toString(), "--proto_path=" + dir, "--java_out=" + out, dir.resolve(file).toString()), dir);
        ctx.addSourceRoot(out);
    }

    private static String protoFile(Schema schema) {
        return schema.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_") + ".proto";
    }

    /** The Java package of protoc's output: a folder of its own under the codecs' package. */
    private static String protoPackage(GenContext ctx) {
        return ctx.codecPackage(LIBRARY) + ".pb";
    }

    /** The outer class protoc writes the messages into, named so that no type of the file has its name. */
    private static String outerClass(Schema schema) {
        Set<String> taken = new HashSet<>();
        for (EnumDef e : schema.enums()) taken.add(e.name());
        for (CompositeDef c : schema.composites()) taken.add(c.name());
        for (MessageDef m : schema.messages()) taken.add(m.name());
        String name = cap(schema.name().replaceAll("[^A-Za-z0-9]", "")) + "Proto";
        while (taken.contains(name)) name += "_";
        return name;
    }

    /** The Java name of a type protoc generated, in a codec that imports the outer class. */
    private static String pb(GenContext ctx, String type) {
        return outerClass(ctx.schema()) + "." + type;
    }

    private String proto(GenContext ctx, List<MessageDef> carried) {
        Schema schema = ctx.schema();
        StringBuilder b = new StringBuilder();
        b.append("// Generated from ").append(schema.source().replace('\\', '/')).append(" by ").append(ProtobufGenerator.class.getName())
                .append("; do not edit.\n");
        b.append("syntax = \"proto3\";\n\n");
        b.append("package wireshootout.gen.").append(schema.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_")).append(";\n\n");
        b.append("option java_package = \"").append(protoPackage(ctx)).append("\";\n");
        b.append("option java_outer_classname = \"").append(outerClass(schema)).append("\";\n");
        b.append("option optimize_for = SPEED;\n");
        Set<String> valueNames = new HashSet<>(); // enum values share the file's scope in protobuf
        Set<EnumDef> enums = new LinkedHashSet<>();
        Set<CompositeDef> composites = new LinkedHashSet<>();
        for (MessageDef m : carried) collect(m.fields(), enums, composites);
        for (EnumDef e : enums) {
            b.append("\nenum ").append(e.name()).append(" {\n");
            String prefix = upperSnake(e.name()) + "_";
            if (e.values().stream().noneMatch(v -> v.value() == 0)) {
                b.append("  ").append(unique(prefix + "UNSPECIFIED", valueNames)).append(" = 0; // proto3's first value; no value of the schema, refused on read\n");
            }
            e.values().stream().filter(v -> v.value() == 0).forEach(v -> b.append("  ").append(unique(prefix + upperSnake(v.name()), valueNames)).append(" = 0;\n"));
            for (EnumDef.Value v : e.values()) {
                if (v.value() != 0) b.append("  ").append(unique(prefix + upperSnake(v.name()), valueNames)).append(" = ").append(v.value()).append(";\n");
            }
            b.append("}\n");
        }
        for (CompositeDef c : composites) message(b, c.name(), c.fields());
        for (MessageDef m : carried) message(b, m.name(), m.fields());
        return b.toString();
    }

    private static String unique(String name, Set<String> taken) {
        while (!taken.add(name)) name += "_";
        return name;
    }

    private static void message(StringBuilder b, String name, List<Field> fields) {
        b.append("\nmessage ").append(name).append(" {\n");
        int number = 1;
        for (Field f : fields) {
            Type t = f.type();
            String type;
            if (t instanceof Type.Scalar s) {
                type = switch (s.primitive()) {
                    case I8, I16, I32 -> "int32";
                    case I64 -> "int64";
                    case U8, U16, U32 -> "uint32";
                    case U64 -> "uint64";
                    case F32 -> "float";
                    case F64 -> "double";
                    case BOOL -> "bool";
                    case TIMESTAMP -> "sfixed64";
                };
            } else if (t instanceof Type.Decimal) {
                type = "sint64";
            } else if (t instanceof Type.EnumRef e) {
                type = e.def().name();
            } else if (t instanceof Type.SetRef) {
                type = "uint64";
            } else if (t instanceof Type.Ascii || t instanceof Type.Text) {
                type = "string";
            } else if (t instanceof Type.Bytes) {
                type = "bytes";
            } else if (t instanceof Type.CompositeRef c) {
                type = c.def().name();
            } else if (t instanceof Type.Group g) {
                type = g.entry().name();
            } else {
                throw new IllegalArgumentException(t.describe());
            }
            String label = t instanceof Type.Group ? "repeated " : f.optional() && !(t instanceof Type.CompositeRef) ? "optional " : "";
            b.append("  ").append(label).append(type).append(' ').append(protoName(f)).append(" = ").append(number++).append("; // ")
                    .append(f.optional() ? "optional " : "").append(t.describe()).append('\n');
            if (t instanceof Type.Decimal d && !d.fixedExponent()) {
                b.append("  ").append(f.optional() ? "optional " : "").append("sint32 ").append(protoName(f)).append("_exponent = ").append(number++)
                        .append("; // its exponent\n");
            }
        }
        b.append("}\n");
    }

    private static void collect(List<Field> fields, Set<EnumDef> enums, Set<CompositeDef> composites) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) enums.add(e.def());
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && !composites.contains(c)) {
                collect(c.fields(), enums, composites); // a composite's own composites are declared first
                composites.add(c);
            }
        }
    }

    /**
     * What protoc's Java declares for a field that another field could also be given: its getter, the getters its
     * type adds ({@code Count}, {@code List}, {@code OrBuilderList} and {@code BuilderList} of a repeated field,
     * {@code OrBuilder} and {@code Builder} of a message field, {@code Bytes} of a string, {@code Value} of an enum),
     * and its proto name and default JSON name, which protoc itself requires to differ. protoc renames the accessors
     * of some such pairs and leaves others to clash, so neither compiles with the codec.
     */
    private static List<String> declared(Field f) {
        String p = protoName(f);
        String a = "get" + accessor(p);
        List<String> names = new ArrayList<>(List.of(a + "()", "the proto name " + p, "the JSON name " + jsonName(p)));
        Type t = f.type();
        List<String> suffixes = t instanceof Type.Group ? List.of("Count", "List", "OrBuilderList", "BuilderList")
                : t instanceof Type.CompositeRef ? List.of("OrBuilder", "Builder")
                : t instanceof Type.Text || t instanceof Type.Ascii ? List.of("Bytes")
                : t instanceof Type.EnumRef ? List.of("Value") : List.of();
        for (String x : suffixes) names.add(a + x + "()");
        if (t instanceof Type.Decimal d && !d.fixedExponent()) {
            names.add("get" + accessor(p + "_exponent") + "()");
            names.add("the proto name " + p + "_exponent");
            names.add("the JSON name " + jsonName(p + "_exponent"));
        }
        return names;
    }

    /** protoc's default JSON name of a field: its proto name with each {@code _x} made {@code X}. */
    static String jsonName(String protoName) {
        StringBuilder b = new StringBuilder();
        boolean capNext = false;
        for (int i = 0; i < protoName.length(); i++) {
            char c = protoName.charAt(i);
            if (c == '_') {
                capNext = true;
            } else {
                b.append(capNext ? Character.toUpperCase(c) : c);
                capNext = false;
            }
        }
        return b.toString();
    }

    /** The field's name in the .proto: the schema's name in lower snake case (protobuf's style). */
    static String protoName(Field f) {
        String s = snake(f.name());
        return PROTOC_RESERVED.contains(s) ? s + "_f" : s;
    }

    private static String snake(String name) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0 && b.charAt(b.length() - 1) != '_') b.append('_');
                b.append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static String upperSnake(String name) {
        return snake(name).toUpperCase(Locale.ROOT);
    }

    /**
     * The name protoc's Java accessors give a field ({@code get<Name>}): the proto name in camel case, a letter
     * after an underscore or a digit capitalized, the first letter too, underscores dropped.
     */
    static String accessor(String protoName) {
        StringBuilder b = new StringBuilder();
        boolean capNext = true;
        for (int i = 0; i < protoName.length(); i++) {
            char c = protoName.charAt(i);
            if (c >= 'a' && c <= 'z') {
                b.append(capNext ? Character.toUpperCase(c) : c);
                capNext = false;
            } else if (c >= 'A' && c <= 'Z') {
                b.append(c);
                capNext = false;
            } else if (c >= '0' && c <= '9') {
                b.append(c);
                capNext = true;
            } else {
                capNext = true;
            }
        }
        return b.toString();
    }

    private static int depth(List<Field> fields) {
        int depth = 0;
        for (Field f : fields) {
            Type t = f.type();
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null) depth = Math.max(depth, 1 + depth(c.fields()));
        }
        return depth;
    }

    // ---- the codec

    /**
     * A union's stream as Protocol Buffers writes a message holding a {@code oneof} of the members
     * ({@code oneof member { SystemEvent systemEvent = 1; ... }}, field numbers 1, 2, ... in the union's order): the
     * field's key (number and wire type 2), the member's length as a varint, then the member's bytes. The length is
     * known only once the member is written: one byte is kept for it, and a member of 128 bytes or more is moved up
     * to make room for a longer varint. A reader takes only what this writer writes: one field, its length in its
     * fewest bytes, and exactly the rest of the message.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        java.util.List<byte[]> tags = new java.util.ArrayList<>();
        for (int i = 0; i < union.members().size(); i++) tags.add(org.wireshootout.generator.spi.UnionCodecSource.varint((long) (i + 1) << 3 | 2));
        org.wireshootout.generator.spi.UnionCodecSource.Framing keys = org.wireshootout.generator.spi.UnionCodecSource.fixedTags("", union, tags, new byte[0]);
        String encode = """
                byte[] tag = TAGS[position];
                int room = dst.capacity() - offset;
                if (tag.length + 1 > room) throw new EncodeOverflowException(name, room, null);
                dst.putBytes(offset, tag);
                int n = tag.length + 1;
                """;
        String end = """
                if (body < 0x80) {
                    dst.putByte(offset + n - 1, (byte) body);
                    return n + body;
                }
                int lengthBytes = 1;
                for (int v = body >>> 7; v != 0; v >>>= 7) lengthBytes++;
                int total = n - 1 + lengthBytes + body;
                if (total > dst.capacity() - offset) throw new EncodeOverflowException(name, dst.capacity() - offset, null);
                dst.putBytes(offset + n - 1 + lengthBytes, dst, offset + n, body);
                int at = offset + n - 1;
                int v = body;
                while ((v & ~0x7F) != 0) {
                    dst.putByte(at++, (byte) ((v & 0x7F) | 0x80));
                    v >>>= 7;
                }
                dst.putByte(at, (byte) v);
                return total;
                """;
        String decode = """
                int position = org.wireshootout.codec.UnionTags.match(src, offset, length, 0, TAGS);
                if (position < 0) throw new DecodeException(name, 0, "not a field of %1$s's oneof");
                int n = TAGS[position].length;
                long body = 0;
                for (int shift = 0; ; shift += 7) {
                    if (n == length) throw new DecodeException(name, n, "the member's length runs past the message");
                    if (shift == 35) throw new DecodeException(name, n, "a member's length longer than any %1$s writes");
                    int b = src.getByte(offset + n++) & 0xFF;
                    body |= (long) (b & 0x7F) << shift;
                    if ((b & 0x80) == 0) {
                        if (b == 0 && shift > 0) throw new DecodeException(name, n - 1, "a length in more bytes than its value needs");
                        break;
                    }
                }
                if (body != length - n) throw new DecodeException(name, n, "the member's length " + body + " is not the " + (length - n) + " bytes after it");
                int tail = 0;
                """.formatted(union.name());
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, LIBRARY, union, ProtobufGenerator.class,
                new org.wireshootout.generator.spi.UnionCodecSource.Framing(
                        "a message of one oneof field per member (numbered 1, 2, ... in the union's order): the field's key, the member's length, the member.",
                        keys.fields(), encode, decode, end));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        String pm = pb(ctx, M);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(LIBRARY)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(ProtobufGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n");
        b.append("import ").append(protoPackage(ctx)).append('.').append(outerClass(ctx.schema())).append(";\n\n"); // no schema type has its name
        b.append("/**\n * The protobuf row of message ").append(M).append(": one reused builder per message and composite, built and written\n")
                .append(" * with {@code writeTo} over the caller's array; parsed with the generated parser, then checked against the schema.\n */\n");
        b.append("public final class ").append(M).append("Codec implements org.wireshootout.codec.BufferCodec<").append(M).append("> {\n");
        b.append("    private static final com.google.protobuf.Parser<").append(pm).append("> PARSER = ").append(pm).append(".parser();\n");
        b.append("    private final org.wireshootout.codec.protobuf.ProtobufGenerated pb;\n");
        Set<EnumDef> enums = new LinkedHashSet<>();
        Set<CompositeDef> composites = new LinkedHashSet<>();
        collect(m.fields(), enums, composites);
        b.append("    private final ").append(pm).append(".Builder builder").append(M).append(" = ").append(pm).append(".newBuilder();\n");
        for (CompositeDef c : composites) {
            String pc = pb(ctx, c.name());
            b.append("    private final ").append(pc).append(".Builder builder").append(c.name()).append(" = ").append(pc).append(".newBuilder();\n");
        }
        // the codec calls ProtobufBytes itself, as the hand-written row does: one call level less between encode and
        // writeTo, which let C2 scalar-replace the built message in the hand-written round trip but not through a wrapper
        b.append("    private final org.wireshootout.codec.protobuf.ProtobufBytes bytes;\n");
        b.append("    private static final int RECURSION_LIMIT = ").append(depth(m.fields())).append(" + org.wireshootout.codec.protobuf.ProtobufCodec.RECURSION_LIMIT;\n");
        b.append("\n    public ").append(M).append("Codec(String name) {\n        pb = new org.wireshootout.codec.protobuf.ProtobufGenerated(name);\n")
                .append("        bytes = new org.wireshootout.codec.protobuf.ProtobufBytes(name);\n    }\n\n");
        // the message's builder is filled in encode itself, as the hand-written row does: with a build method of its own
        // between them, C2 stopped inlining ProtobufBytes.write into the round trip ("already compiled into a big
        // method"), the built message escaped, and the row allocated one more 56-byte message per round trip
        b.append("    @Override\n    public int encode(").append(M).append(" v, org.agrona.MutableDirectBuffer dst, int offset) {\n");
        b.append("        ").append(pb(ctx, M)).append(".Builder b = builder").append(M).append(";\n");
        for (Field f : m.fields()) write(b, f, M);
        b.append("        return bytes.write(b.build(), dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(org.agrona.DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        read").append(M).append("(bytes.parse(PARSER, src, offset, length, RECURSION_LIMIT), target);\n    }\n\n");
        methods(ctx, b, M, m.fields(), false);
        for (CompositeDef c : composites) methods(ctx, b, c.name(), c.fields(), true);
        for (EnumDef e : enums) {
            b.append("    private ").append(e.name()).append(" enum").append(e.name()).append("(int number, String field) {\n");
            b.append("        switch (number) {\n");
            for (EnumDef.Value v : e.values()) {
                b.append("            case ").append(v.value()).append(": return ").append(e.name()).append('.').append(javaName(v.name())).append(";\n");
            }
            b.append("            default: throw pb.refuse(field, \"enum number \" + number + \" names no value of ").append(e.name()).append("\");\n");
            b.append("        }\n    }\n\n");
        }
        b.append("}\n");
        return b.toString();
    }

    private static void methods(GenContext ctx, StringBuilder b, String type, List<Field> fields, boolean build) {
        String p = pb(ctx, type);
        if (build) {
            b.append("    /** Every field is set on each call, so nothing of the previous value survives in the reused builder. */\n");
            b.append("    private ").append(p).append(" build").append(type).append('(').append(type).append(" v) {\n");
            b.append("        ").append(p).append(".Builder b = builder").append(type).append(";\n");
            for (Field f : fields) write(b, f, type);
            b.append("        return b.build();\n    }\n\n");
        }
        b.append("    private void read").append(type).append('(').append(p).append(" m, ").append(type).append(" t) {\n");
        for (Field f : fields) read(b, f, type);
        b.append("    }\n\n");
    }

    private static void write(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String P = accessor(protoName(f));
        String label = owner + "." + f.name();
        String ind = "        ";
        Type t = f.type();
        if (f.optional()) {
            b.append(ind).append("if (v.has").append(N).append("()) {\n");
            ind += "    ";
        }
        String get = "v." + n + "()";
        String set = "b.set" + P + "(";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(set).append(switch (s.primitive()) {
                case U32 -> "(int) " + get;
                default -> get;
            }).append(");\n");
        } else if (t instanceof Type.Decimal d) {
            b.append(ind).append(set).append(get).append(");\n");
            if (!d.fixedExponent()) b.append(ind).append("b.set").append(P).append("Exponent(v.").append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef) {
            b.append(ind).append("b.set").append(P).append("Value((int) ").append(get).append(".value());\n");
        } else if (t instanceof Type.SetRef) {
            b.append(ind).append(set).append(get).append(");\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append(set).append("org.wireshootout.codec.protobuf.ProtobufGenerated.ascii(").append(get).append(", ").append(a.length())
                    .append(", \"").append(label).append("\"));\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append(set).append(get).append(".toString());\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append(set).append("org.wireshootout.codec.protobuf.ProtobufGenerated.wrap(").append(get).append(", v.").append(n).append("Length()));\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append(set).append("build").append(c.def().name()).append('(').append(get).append("));\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("b.clear").append(P).append("();\n");
            b.append(ind).append("for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) b.add").append(P).append("(build")
                    .append(g.entry().name()).append("(v.").append(n).append("(i)));\n");
        }
        if (f.optional()) {
            b.append("        } else {\n            b.clear").append(P).append("();\n");
            if (t instanceof Type.Decimal d && !d.fixedExponent()) b.append("            b.clear").append(P).append("Exponent();\n");
            b.append("        }\n");
        }
    }

    private static void read(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String P = accessor(protoName(f));
        String label = owner + "." + f.name();
        String ind = "        ";
        Type t = f.type();
        if (f.optional()) {
            b.append(ind).append("if (m.has").append(P).append("()) {\n");
            ind += "    ";
        }
        String get = "m.get" + P + "()";
        String set = "t." + n + "(";
        String q = ", \"" + label + "\"";
        if (t instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case I8 -> "(byte) pb.signed(" + get + ", -128, 127" + q + ")";
                case I16 -> "(short) pb.signed(" + get + ", -32768, 32767" + q + ")";
                case U8 -> "(short) pb.unsigned(" + get + ", 0xFF" + q + ")";
                case U16 -> "pb.unsigned(" + get + ", 0xFFFF" + q + ")";
                case U32 -> "Integer.toUnsignedLong(" + get + ")";
                default -> get;
            };
            b.append(ind).append(set).append(v).append(");\n");
        } else if (t instanceof Type.Decimal d) {
            b.append(ind).append(set).append(get).append(");\n");
            if (!d.fixedExponent()) {
                b.append(ind).append(set.replace("(", "Exponent(")).append("(byte) pb.signed(m.get").append(P).append("Exponent(), -128, 127, \"")
                        .append(label).append("Exponent\"));\n");
            }
        } else if (t instanceof Type.EnumRef e) {
            b.append(ind).append(set).append("enum").append(e.def().name()).append("(m.get").append(P).append("Value()").append(q).append("));\n");
        } else if (t instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append(set).append("pb.set(").append(get).append(", 0x").append(Long.toHexString(allowed)).append('L').append(q).append("));\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("pb.ascii(").append(get).append(", t.").append(n).append("(), ").append(a.length()).append(q).append(");\n");
            if (f.optional()) b.append(ind).append("t.has").append(N).append("(true);\n");
        } else if (t instanceof Type.Text x) {
            b.append(ind).append("pb.text(").append(get).append(", t.").append(n).append("(), ").append(x.maxBytes()).append(q).append(");\n");
            if (f.optional()) b.append(ind).append("t.has").append(N).append("(true);\n");
        } else if (t instanceof Type.Bytes x) {
            b.append(ind).append("{\n").append(ind).append("    com.google.protobuf.ByteString bytes = ").append(get).append(";\n");
            b.append(ind).append("    bytes.copyTo(t.").append(n).append("Length(pb.length(bytes, ").append(x.maxLength()).append(q).append(")), 0);\n");
            b.append(ind).append("}\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("read").append(c.def().name()).append('(').append(get).append(", t.").append(n).append("());\n");
            if (f.optional()) b.append(ind).append("t.has").append(N).append("(true);\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("{\n").append(ind).append("    int count = pb.count(m.get").append(P).append("Count(), ").append(g.maxCount()).append(q).append(");\n");
            b.append(ind).append("    t.clear").append(N).append("();\n");
            b.append(ind).append("    for (int i = 0; i < count; i++) read").append(g.entry().name()).append("(m.get").append(P).append("(i), t.add").append(N).append("());\n");
            b.append(ind).append("}\n");
        }
        if (f.optional()) {
            b.append("        } else {\n            t.clear").append(N).append("();\n        }\n");
        }
    }
}
