package org.wireshootout.codec.sbe;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Primitive;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;
import uk.co.real_logic.sbe.SbeTool;
import uk.co.real_logic.sbe.generation.java.JavaUtil;
import uk.co.real_logic.sbe.ir.Ir;
import uk.co.real_logic.sbe.xml.IrGenerator;
import uk.co.real_logic.sbe.xml.MessageSchema;
import uk.co.real_logic.sbe.xml.ParserOptions;
import uk.co.real_logic.sbe.xml.XmlSchemaParser;

import javax.lang.model.SourceVersion;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * SBE codecs generated from a message schema, written as the hand-written {@code sbe} row ({@link SbeCodec}) is: an
 * SBE XML schema of the carried messages compiled by sbe-tool in process, and per message a codec that wraps the
 * generated encoder with the standard 8-byte header over the caller's buffer at the caller's offset, and the
 * generated decoder after checking the header (schema, template, block length) against the message's length.
 *
 * <p>Layout, as SBE requires: the fixed-size block first, then the repeating groups, then the var data, each in
 * schema order, except that the block's fields are ordered by their alignment, widest first and schema order among
 * equals, so each sits on its natural alignment (as {@code schemas/sbe/data.xml} orders the hand-written row's block,
 * which this gives byte for byte for {@code data}). Group entries are laid out by the same rule; composites keep
 * their declared order.
 *
 * <p>Types: integers to SBE's {@code int8..int64} and unsigned ones to {@code uint8..uint64}; f32/f64 to
 * {@code float}/{@code double}; bool to the {@code BooleanType} enum on {@code uint8} (F 0, T 1, its raw byte read
 * strictly as the hand-written row reads it); timestamp and {@code decimal(E)} to {@code int64}; {@code decimal} to
 * a composite of an {@code int64} mantissa and an {@code int8} exponent; enums to SBE enums on their encoding; sets
 * to SBE sets; {@code ascii(N)} to a char array of N (US-ASCII, its bytes copied whole, so NUL and every ASCII
 * byte come back); text to var data with a {@code uint32} length in UTF-8, bytes to var data without an encoding;
 * composites to composites; groups to repeating groups with the standard {@code groupSizeEncoding}. Optional
 * fields are {@code presence="optional"} and absent is the type's null value.
 *
 * <p>The encoder writes text as the hand-written row does: UTF-8 into a reused scratch array, handed to the generated
 * {@code putX(byte[], ...)}, after which the message's whole length is known and compared with the room left, so a
 * small buffer gives an {@code EncodeOverflowException} before anything is written. The decoder reads text through
 * the generated {@code wrapX} as a view of the bytes in place, decoded strictly into the target's StringBuilder.
 * SBE's generated code checks nothing; the generated reader checks every group header, count (against the schema's
 * bound), entry block and var-data length against the message's end, and that the fields end where the message does.
 */
public final class SbeGenerator implements CodecBackend {
    static final String LIBRARY = "sbe";
    /**
     * Method names of SBE's generated flyweights that a field, choice or enum value may not take, and {@code length},
     * the name of the var data encoding's own length field, which sbe-tool fails on (a NullPointerException) as the
     * name of var data.
     */
    private static final Set<String> FLYWEIGHT_NAMES = Set.of("buffer", "offset", "limit", "wrap", "encodedLength", "appendTo",
            "toString", "actingVersion", "actingBlockLength", "count", "next", "hasNext", "iterator", "remove", "resetCountToIndex",
            "wrapAndApplyHeader", "sbeRewind", "sbeSkip", "sbeDecodedLength", "hashCode", "equals", "getClass", "clear", "isEmpty",
            "getRaw", "notify", "notifyAll", "wait", "value", "get", "NULL_VAL", "sbeBlockLength", "sbeHeaderSize",
            "sbeSchemaId", "sbeSchemaVersion", "sbeSemanticType", "sbeTemplateId", "forEach", "spliterator", "clone", "finalize",
            "length");
    /** The types every generated SBE schema declares, by SBE class-name stem: a schema type of one of these names is renamed. */
    private static final Set<String> OWN_TYPES = Set.of("MessageHeader", "GroupSizeEncoding", "VarStringEncoding", "VarDataEncoding",
            "BooleanType", "DecimalEncoding", "MetaAttribute");
    /** The largest count of SBE's {@code groupSizeEncoding} ({@code numInGroup} uint16, its null value 65535 excluded). */
    static final int MAX_GROUP_COUNT = 65534;
    static final int SCHEMA_ID = 1;

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return why(message.fields(), message.name(), false);
    }

    private static String why(List<Field> fields, String owner, boolean inComposite) {
        String clash = org.wireshootout.generator.spi.NameClashes.first("sbe-tool's Java", owner, fields, SbeGenerator::declared);
        if (clash != null) return clash;
        for (Field f : fields) {
            String label = "field " + owner + "." + f.name();
            Type t = f.type();
            if (f.optional()) {
                if (t instanceof Type.Text || t instanceof Type.Bytes) {
                    return label + ": optional " + t.describe() + "; SBE var data has no null value to say absent (an empty one is a value)";
                }
                if (t instanceof Type.CompositeRef) return label + ": an optional composite; SBE has no null value for a composite";
                if (t instanceof Type.SetRef) return label + ": an optional set; every bit pattern of an SBE set is a value, none says absent";
                if (t instanceof Type.Decimal d && !d.fixedExponent()) {
                    return label + ": an optional decimal with its exponent, a composite in SBE, which has no null value for a composite";
                }
            }
            if (inComposite && (t instanceof Type.Text || t instanceof Type.Bytes || t instanceof Type.Group)) {
                return label + ": " + t.describe() + " inside composite " + owner + "; SBE composites hold fixed-size types only"
                        + " (var data and groups follow a message's or group's block)";
            }
            if (t instanceof Type.Group g) {
                if (g.maxCount() > MAX_GROUP_COUNT) {
                    return label + ": a group of up to " + g.maxCount() + " entries; SBE's groupSizeEncoding counts up to " + MAX_GROUP_COUNT;
                }
                String w = why(g.entry().fields(), g.entry().name(), false);
                if (w != null) return w;
            } else if (t instanceof Type.CompositeRef c) {
                String w = why(c.def().fields(), c.def().name(), true);
                if (w != null) return w;
            } else if (t instanceof Type.EnumRef e) {
                String enc = enumEncoding(e.def().encoding());
                if (enc == null) {
                    return label + ": enum " + e.def().name() + " on " + e.def().encoding().keyword()
                            + "; sbe-tool takes enums on int8, uint8, int16, uint16 and int32 only";
                }
                long nullValue = nullOf(e.def().encoding());
                for (EnumDef.Value v : e.def().values()) {
                    if (v.value() == nullValue) {
                        return label + ": enum " + e.def().name() + " value " + v.name() + " is " + v.value()
                                + ", SBE's null value for " + enc;
                    }
                }
            }
        }
        return null;
    }

    @Override
    public Map<Integer, String> edgesNotCarried(Schema schema, MessageDef message) {
        Map<Integer, String> out = new TreeMap<>();
        edges(message.fields(), message.name(), out);
        return out;
    }

    private static void edges(List<Field> fields, String owner, Map<Integer, String> out) {
        for (Field f : fields) {
            Type t = f.type();
            String label = "field " + owner + "." + f.name();
            if (f.optional() && t instanceof Type.Scalar s) {
                Primitive p = s.primitive();
                if (p.isInteger() && !p.signed()) {
                    out.putIfAbsent(1, label + ": optional " + p.keyword() + " at its maximum is SBE's null value for "
                            + sbePrimitive(p) + ", read back as absent");
                }
                if (p.isFloat()) out.putIfAbsent(2, label + ": optional " + p.keyword() + " NaN is SBE's null value, read back as absent");
            }
            if (f.optional() && t instanceof Type.Ascii a && a.length() == 1) {
                String why = label + ": optional ascii(1) holding NUL is SBE's null value for char, read back as absent";
                out.putIfAbsent(2, why);
                out.putIfAbsent(3, why);
            }
            if (t instanceof Type.Group g) edges(g.entry().fields(), g.entry().name(), out);
            if (t instanceof Type.CompositeRef c) edges(c.def().fields(), c.def().name(), out);
        }
    }

    // ---- names and layout -------------------------------------------------------------------------------------------

    /** The SBE names of a schema's carried messages and types, and the template ids; the same in prepare and codec. */
    static final class Names {
        final String flyweights;
        final List<MessageDef> carried = new ArrayList<>();
        final Map<MessageDef, Integer> templateIds = new LinkedHashMap<>();
        final Map<String, String> typeNames = new HashMap<>();

        Names(GenContext ctx, Schema schema, List<MessageDef> carried) {
            this.flyweights = ctx.codecPackage(LIBRARY) + ".flyweights";
            this.carried.addAll(carried);
            Set<Integer> taken = new LinkedHashSet<>();
            for (MessageDef m : carried) {
                if (m.hasId() && m.id() >= 0 && m.id() <= 65535 && taken.add((int) m.id())) templateIds.put(m, (int) m.id());
            }
            int next = 1;
            for (MessageDef m : carried) {
                if (templateIds.containsKey(m)) continue;
                while (taken.contains(next)) next++;
                taken.add(next);
                templateIds.put(m, next);
            }
            for (EnumDef e : schema.enums()) typeNames.put(e.name(), typeName(e.name()));
            for (SetDef s : schema.sets()) typeNames.put(s.name(), typeName(s.name()));
            for (CompositeDef c : schema.composites()) typeNames.put(c.name(), typeName(c.name()));
            for (MessageDef m : schema.messages()) typeNames.put(m.name(), typeName(m.name()));
        }

        private static String typeName(String name) {
            String n = cap(name);
            return OWN_TYPES.contains(n) || SourceVersion.isKeyword(n) ? n + "Type" : n;
        }

        String type(String schemaName) {
            return typeNames.get(schemaName);
        }

        /** The fully qualified name of a generated SBE class. */
        String cls(String simple) {
            return flyweights + "." + simple;
        }
    }

    /**
     * The methods sbe-tool's Java declares for a field in its flyweights that another field could also be given:
     * the accessor and {@code Id} and {@code SinceVersion} of every field; {@code EncodingOffset},
     * {@code EncodingLength} and {@code MetaAttribute} of a field in the block; {@code NullValue}, {@code MinValue} and
     * {@code MaxValue} of a number or char array; {@code Raw} of an enum; {@code Length} and
     * {@code CharacterEncoding} of a char array; {@code HeaderLength}, {@code Length}, {@code CharacterEncoding} and
     * {@code skip<X>} of var data; and {@code Count}, {@code DecoderId} and {@code DecoderSinceVersion} of a group.
     * ({@code get<X>}, {@code put<X>} and {@code wrap<X>} take parameters no accessor or setter has.) The field's name
     * is its SBE name ({@link #sbeName}), so {@code x} and {@code X} are one.
     */
    private static List<String> declared(Field f) {
        String n = sbeName(f.name());
        String p = prop(n);
        String P = upper(n);
        Type t = f.type();
        List<String> names = new java.util.ArrayList<>(List.of(p + "()", p + "Id()", p + "SinceVersion()"));
        List<String> more;
        if (t instanceof Type.Text || t instanceof Type.Bytes) {
            more = List.of("HeaderLength", "Length", "CharacterEncoding", "MetaAttribute");
            names.add("skip" + P + "()");
        } else if (t instanceof Type.Group) {
            more = List.of("Count", "DecoderId", "DecoderSinceVersion");
        } else {
            names.add(p + "EncodingOffset()");
            names.add(p + "EncodingLength()");
            names.add(p + "MetaAttribute()");
            boolean bool = t instanceof Type.Scalar sc && sc.primitive() == Primitive.BOOL;
            if (t instanceof Type.EnumRef || bool) more = List.of("Raw");
            else if (t instanceof Type.Scalar || (t instanceof Type.Decimal d && d.fixedExponent())) more = List.of("NullValue", "MinValue", "MaxValue");
            else if (t instanceof Type.Ascii) more = List.of("NullValue", "MinValue", "MaxValue", "Length", "CharacterEncoding");
            else more = List.of();
        }
        for (String x : more) names.add(p + x + "()");
        return names;
    }

    /** A field's, choice's or enum value's name in the SBE schema: lower-case first, renamed off Java's keywords and the flyweights' own methods. */
    static String sbeName(String name) {
        String n = Character.toLowerCase(name.charAt(0)) + name.substring(1);
        return SourceVersion.isKeyword(n) || FLYWEIGHT_NAMES.contains(n) ? n + "Value" : n;
    }

    static String enumValueName(String name) {
        return SourceVersion.isKeyword(name) || FLYWEIGHT_NAMES.contains(name) ? name + "Value" : name;
    }

    /** The accessor SBE generates for a field of that SBE name. */
    static String prop(String sbeName) {
        return JavaUtil.formatPropertyName(sbeName);
    }

    static String upper(String sbeName) {
        return JavaUtil.formatClassName(sbeName);
    }

    static String sbePrimitive(Primitive p) {
        return switch (p) {
            case I8 -> "int8";
            case I16 -> "int16";
            case I32 -> "int32";
            case I64, TIMESTAMP -> "int64";
            case U8 -> "uint8";
            case U16 -> "uint16";
            case U32 -> "uint32";
            case U64 -> "uint64";
            case F32 -> "float";
            case F64 -> "double";
            case BOOL -> "uint8";
        };
    }

    /** The SBE encoding of an enum on {@code p}, or null where sbe-tool takes no enum. */
    static String enumEncoding(Primitive p) {
        return switch (p) {
            case I8, U8, I16, U16, I32 -> sbePrimitive(p);
            default -> null;
        };
    }

    /** SBE's null value of an integer type, as a long (uint64's is all ones). */
    static long nullOf(Primitive p) {
        return switch (p) {
            case I8 -> Byte.MIN_VALUE;
            case I16 -> Short.MIN_VALUE;
            case I32 -> Integer.MIN_VALUE;
            case I64, TIMESTAMP -> Long.MIN_VALUE;
            case U8 -> 0xFFL;
            case U16 -> 0xFFFFL;
            case U32 -> 0xFFFF_FFFFL;
            case U64 -> -1L;
            case BOOL -> 0xFFL;
            default -> throw new IllegalArgumentException(p.keyword() + " has no integer null value");
        };
    }

    /** The null value of a scalar as a Java literal of the type SBE's accessor takes. */
    static String nullLiteral(Primitive p) {
        return switch (p) {
            case I8 -> "(byte) -128";
            case I16 -> "(short) -32768";
            case I32 -> "Integer.MIN_VALUE";
            case I64, TIMESTAMP -> "Long.MIN_VALUE";
            case U8 -> "(short) 255";
            case U16 -> "65535";
            case U32 -> "0xFFFFFFFFL";
            case U64 -> "-1L";
            case F32 -> "Float.NaN";
            case F64 -> "Double.NaN";
            case BOOL -> throw new IllegalArgumentException("bool is an enum");
        };
    }

    static int alignment(Type t) {
        if (t instanceof Type.Scalar s) return s.primitive() == Primitive.BOOL ? 1 : s.primitive().bits() / 8;
        if (t instanceof Type.Decimal) return 8;
        if (t instanceof Type.EnumRef e) return e.def().encoding().bits() / 8;
        if (t instanceof Type.SetRef s) return s.def().encoding().bits() / 8;
        if (t instanceof Type.Ascii) return 1;
        if (t instanceof Type.CompositeRef c) {
            int a = 1;
            for (Field f : c.def().fields()) a = Math.max(a, alignment(f.type()));
            return a;
        }
        return 0;
    }

    static boolean isVar(Type t) {
        return t instanceof Type.Text || t instanceof Type.Bytes;
    }

    /** The block's fields: not groups, not var data; widest alignment first, schema order among equals. */
    static List<Field> block(List<Field> fields) {
        return fields.stream().filter(f -> !(f.type() instanceof Type.Group) && !isVar(f.type()))
                .sorted(Comparator.comparingInt((Field f) -> -alignment(f.type()))).toList();
    }

    /**
     * The order in which a generated codec's {@code access} reads the fields of one level (a message or a group entry):
     * the schema's, except that a var-data field declared before a group is read after the level's last group, as SBE
     * lays var data out after the groups and they can only be found in that order. The block's fields lie at fixed
     * offsets and are read in the schema's place whatever their place in the block.
     */
    public static List<Field> accessOrder(List<Field> fields) {
        int lastGroup = -1;
        for (int i = 0; i < fields.size(); i++) if (fields.get(i).type() instanceof Type.Group) lastGroup = i;
        List<Field> out = new ArrayList<>();
        List<Field> held = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (isVar(f.type()) && i < lastGroup) held.add(f);
            else out.add(f);
            if (i == lastGroup) out.addAll(held);
        }
        return out;
    }

    static List<Field> groups(List<Field> fields) {
        return fields.stream().filter(f -> f.type() instanceof Type.Group).toList();
    }

    static List<Field> vars(List<Field> fields) {
        return fields.stream().filter(f -> isVar(f.type())).toList();
    }

    // ---- the SBE schema -----------------------------------------------------------------------------------------------

    @Override
    public void prepare(GenContext ctx, List<MessageDef> carried) throws IOException {
        Names names = new Names(ctx, ctx.schema(), carried);
        Path dir = ctx.workDir(LIBRARY);
        String xml = xml(ctx.schema(), names);
        String file = ctx.schema().name().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_") + ".xml";
        Files.writeString(dir.resolve(file), xml, StandardCharsets.UTF_8);
        Path out = dir.resolve("java");
        deleteTree(out);
        Files.createDirectories(out);
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        try (PrintStream err = new PrintStream(errors, true, StandardCharsets.UTF_8)) {
            ParserOptions options = ParserOptions.builder().stopOnError(true).warningsFatal(false).suppressOutput(false)
                    .errorPrintStream(err).build();
            MessageSchema schema = XmlSchemaParser.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), options);
            Ir ir = new IrGenerator().generate(schema);
            SbeTool.generate(ir, out.toString(), "Java");
        } catch (Exception e) {
            throw new IOException("sbe-tool refused the SBE schema written for " + ctx.schema().source() + " (" + dir.resolve(file) + "): "
                    + errors.toString(StandardCharsets.UTF_8).trim() + " " + e, e);
        }
        ctx.addSourceRoot(out);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    static String xml(Schema schema, Names names) {
        StringBuilder b = new StringBuilder();
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n");
        b.append("<!-- Written by ").append(SbeGenerator.class.getName()).append(" from ").append(escape(schema.source().replace('\\', '/')))
                .append(" (schema ").append(schema.name()).append("); do not edit. -->\n");
        b.append("<sbe:messageSchema xmlns:sbe=\"http://fixprotocol.io/2016/sbe\" package=\"").append(names.flyweights)
                .append("\" id=\"").append(SCHEMA_ID).append("\" version=\"0\" semanticVersion=\"1.0\" description=\"schema ")
                .append(schema.name()).append("\" byteOrder=\"littleEndian\">\n");
        b.append("    <types>\n");
        b.append("""
                        <composite name="messageHeader">
                            <type name="blockLength" primitiveType="uint16"/>
                            <type name="templateId" primitiveType="uint16"/>
                            <type name="schemaId" primitiveType="uint16"/>
                            <type name="version" primitiveType="uint16"/>
                        </composite>
                        <composite name="groupSizeEncoding">
                            <type name="blockLength" primitiveType="uint16"/>
                            <type name="numInGroup" primitiveType="uint16"/>
                        </composite>
                        <composite name="varStringEncoding">
                            <type name="length" primitiveType="uint32" maxValue="1073741824"/>
                            <type name="varData" primitiveType="uint8" length="0" characterEncoding="UTF-8"/>
                        </composite>
                        <composite name="varDataEncoding">
                            <type name="length" primitiveType="uint32" maxValue="1073741824"/>
                            <type name="varData" primitiveType="uint8" length="0"/>
                        </composite>
                        <composite name="DecimalEncoding">
                            <type name="mantissa" primitiveType="int64"/>
                            <type name="exponent" primitiveType="int8"/>
                        </composite>
                        <enum name="BooleanType" encodingType="uint8">
                            <validValue name="F">0</validValue>
                            <validValue name="T">1</validValue>
                        </enum>
                """);
        Set<Integer> asciiLengths = new java.util.TreeSet<>();
        Set<EnumDef> enums = new LinkedHashSet<>();
        Set<SetDef> sets = new LinkedHashSet<>();
        List<CompositeDef> composites = new ArrayList<>();
        for (MessageDef m : names.carried) collectTypes(m.fields(), asciiLengths, enums, sets, composites);
        for (int n : asciiLengths) {
            b.append("        <type name=\"Ascii").append(n).append("\" primitiveType=\"char\" length=\"").append(n)
                    .append("\" characterEncoding=\"US-ASCII\"/>\n");
        }
        for (EnumDef e : enums) {
            b.append("        <enum name=\"").append(names.type(e.name())).append("\" encodingType=\"").append(enumEncoding(e.encoding())).append("\">\n");
            for (EnumDef.Value v : e.values()) {
                b.append("            <validValue name=\"").append(enumValueName(v.name())).append("\">").append(v.value()).append("</validValue>\n");
            }
            b.append("        </enum>\n");
        }
        for (SetDef s : sets) {
            b.append("        <set name=\"").append(names.type(s.name())).append("\" encodingType=\"").append(sbePrimitive(s.encoding())).append("\">\n");
            for (SetDef.Choice c : s.choices()) {
                b.append("            <choice name=\"").append(sbeName(c.name())).append("\">").append(c.bit()).append("</choice>\n");
            }
            b.append("        </set>\n");
        }
        for (CompositeDef c : composites) {
            b.append("        <composite name=\"").append(names.type(c.name())).append("\">\n");
            for (Field f : c.fields()) {
                Type t = f.type();
                String n = sbeName(f.name());
                String presence = f.optional() ? " presence=\"optional\"" : "";
                if (t instanceof Type.Scalar s && s.primitive() != Primitive.BOOL) {
                    b.append("            <type name=\"").append(n).append("\" primitiveType=\"").append(sbePrimitive(s.primitive())).append('"').append(presence).append("/>\n");
                } else if (t instanceof Type.Decimal d && d.fixedExponent()) {
                    b.append("            <type name=\"").append(n).append("\" primitiveType=\"int64\"").append(presence).append("/>\n");
                } else if (t instanceof Type.Ascii a) {
                    b.append("            <type name=\"").append(n).append("\" primitiveType=\"char\" length=\"").append(a.length())
                            .append("\" characterEncoding=\"US-ASCII\"").append(presence).append("/>\n");
                } else {
                    b.append("            <ref name=\"").append(n).append("\" type=\"").append(fieldType(t, names)).append("\"/>\n");
                }
            }
            b.append("        </composite>\n");
        }
        b.append("    </types>\n");
        for (MessageDef m : names.carried) {
            b.append("    <sbe:message name=\"").append(names.type(m.name())).append("\" id=\"").append(names.templateIds.get(m)).append("\">\n");
            members(b, m.fields(), names, "        ");
            b.append("    </sbe:message>\n");
        }
        b.append("</sbe:messageSchema>\n");
        return b.toString();
    }

    private static void members(StringBuilder b, List<Field> fields, Names names, String ind) {
        for (Field f : block(fields)) {
            b.append(ind).append("<field name=\"").append(sbeName(f.name())).append("\" id=\"").append(fields.indexOf(f) + 1)
                    .append("\" type=\"").append(fieldType(f.type(), names)).append('"').append(f.optional() ? " presence=\"optional\"" : "").append("/>\n");
        }
        for (Field f : groups(fields)) {
            Type.Group g = (Type.Group) f.type();
            b.append(ind).append("<group name=\"").append(sbeName(f.name())).append("\" id=\"").append(fields.indexOf(f) + 1)
                    .append("\" dimensionType=\"groupSizeEncoding\">\n");
            members(b, g.entry().fields(), names, ind + "    ");
            b.append(ind).append("</group>\n");
        }
        for (Field f : vars(fields)) {
            b.append(ind).append("<data name=\"").append(sbeName(f.name())).append("\" id=\"").append(fields.indexOf(f) + 1)
                    .append("\" type=\"").append(f.type() instanceof Type.Text ? "varStringEncoding" : "varDataEncoding").append("\"/>\n");
        }
    }

    private static String fieldType(Type t, Names names) {
        if (t instanceof Type.Scalar s) return s.primitive() == Primitive.BOOL ? "BooleanType" : sbePrimitive(s.primitive());
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? "int64" : "DecimalEncoding";
        if (t instanceof Type.Ascii a) return "Ascii" + a.length();
        if (t instanceof Type.EnumRef e) return names.type(e.def().name());
        if (t instanceof Type.SetRef s) return names.type(s.def().name());
        if (t instanceof Type.CompositeRef c) return names.type(c.def().name());
        throw new IllegalArgumentException(t.describe() + " is not a block field");
    }

    /** The types the fields use; composites in an order where each follows those it holds. */
    private static void collectTypes(List<Field> fields, Set<Integer> ascii, Set<EnumDef> enums, Set<SetDef> sets, List<CompositeDef> composites) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.Ascii a) ascii.add(a.length());
            else if (t instanceof Type.EnumRef e) enums.add(e.def());
            else if (t instanceof Type.SetRef s) sets.add(s.def());
            else if (t instanceof Type.Group g) collectTypes(g.entry().fields(), ascii, enums, sets, composites);
            else if (t instanceof Type.CompositeRef c && !composites.contains(c.def())) {
                List<CompositeDef> inner = new ArrayList<>();
                Set<Integer> innerAscii = new LinkedHashSet<>();
                collectTypes(c.def().fields(), innerAscii, enums, sets, inner);
                for (CompositeDef i : inner) if (!composites.contains(i)) composites.add(i);
                composites.add(c.def());
            }
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("--", "- -");
    }

    // ---- the codec ------------------------------------------------------------------------------------------------------

    /**
     * A union's stream as SBE tells messages apart: every message begins with the standard message header, whose
     * template id names its type, so the union's codec reads the template id and hands the message to that member's
     * codec, which writes and checks the header itself.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        Names names = new Names(ctx, ctx.schema(), List.of());
        String header = names.cls("MessageHeaderDecoder");
        StringBuilder decode = new StringBuilder();
        decode.append("if (length < ").append(header).append(".ENCODED_LENGTH) {\n");
        decode.append("    throw new DecodeException(name, 0, \"message of \" + length + \" bytes is shorter than SBE's message header\");\n}\n");
        decode.append("int n = 0;\nint template = header.wrap(src, offset).templateId();\nint position = switch (template) {\n");
        for (int i = 0; i < union.members().size(); i++) {
            decode.append("    case ").append(names.cls(names.type(union.members().get(i).name()) + "Decoder")).append(".TEMPLATE_ID -> ").append(i).append(";\n");
        }
        decode.append("    default -> throw new DecodeException(name, 2, \"template \" + template + \" is no member of ").append(union.name()).append("\");\n};\n");
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, LIBRARY, union, SbeGenerator.class,
                new org.wireshootout.generator.spi.UnionCodecSource.Framing(
                        "the template id of SBE's standard message header, which each member's codec writes and checks.",
                        "    private final " + header + " header = new " + header + "();\n",
                        "int n = 0;\n", decode.toString()));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        List<MessageDef> carried = new ArrayList<>();
        for (MessageDef x : ctx.schema().messages()) if (cannotCarry(ctx.schema(), x) == null) carried.add(x);
        return new CodecWriter(ctx, new Names(ctx, ctx.schema(), carried), m).write();
    }

    /** Writes one message's codec. */
    private static final class CodecWriter {
        private final GenContext ctx;
        private final Names names;
        private final MessageDef m;
        private final String enc;
        private final String dec;
        private final StringBuilder methods = new StringBuilder();
        private final Set<EnumDef> enums = new LinkedHashSet<>();
        private final Set<CompositeDef> composites = new LinkedHashSet<>();
        private final List<Field> topTexts = new ArrayList<>();
        private final Map<String, String> groupSizes = new LinkedHashMap<>();
        private int maxAscii = 1;

        CodecWriter(GenContext ctx, Names names, MessageDef m) {
            this.ctx = ctx;
            this.names = names;
            this.m = m;
            this.enc = names.cls(names.type(m.name()) + "Encoder");
            this.dec = names.cls(names.type(m.name()) + "Decoder");
        }

        String write() {
            String M = m.name();
            scan(m.fields());
            StringBuilder b = new StringBuilder();
            b.append("package ").append(ctx.codecPackage(LIBRARY)).append(";\n\n");
            b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(SbeGenerator.class.getName())
                    .append("; do not edit.\n\n");
            b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
            b.append("import org.wireshootout.codec.BufferAccess;\nimport org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.DecodeException;\n");
            b.append("import org.wireshootout.codec.FieldSink;\n");
            b.append("import org.wireshootout.codec.EncodeOverflowException;\nimport org.wireshootout.codec.sbe.SbeGenerated;\n");
            b.append("import org.wireshootout.codec.utf8.LenientUtf8;\n");
            b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
            b.append("/** The sbe row of message ").append(M).append(": sbe-tool's flyweights of ").append(names.type(M))
                    .append(" wrapped over the caller's buffer with the standard header. */\n");
            b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append(">, BufferAccess {\n");
            String hdr = names.cls("MessageHeader");
            b.append("    private static final int HEADER = ").append(hdr).append("Decoder.ENCODED_LENGTH;\n");
            for (EnumDef e : enums) {
                b.append("    private static final ").append(names.cls(names.type(e.name()))).append("[] ").append(enumArray(e)).append(" = {");
                for (int i = 0; i < e.values().size(); i++) {
                    b.append(i == 0 ? "" : ", ").append(names.cls(names.type(e.name()))).append('.').append(enumValueName(e.values().get(i).name()));
                }
                b.append("};\n");
            }
            b.append("    private final String name;\n    private final SbeGenerated sbe;\n");
            b.append("    private final ").append(hdr).append("Encoder headerEncoder = new ").append(hdr).append("Encoder();\n");
            b.append("    private final ").append(enc).append(" encoder = new ").append(enc).append("();\n");
            b.append("    private final ").append(hdr).append("Decoder headerDecoder = new ").append(hdr).append("Decoder();\n");
            b.append("    private final ").append(dec).append(" decoder = new ").append(dec).append("();\n");
            for (int i = 0; i < topTexts.size(); i++) {
                b.append("    /** The UTF-8 of ").append(topTexts.get(i).name()).append(" on encode; grows for a longer text, never per message. */\n");
                b.append("    private byte[] text").append(i).append(" = new byte[").append(Math.min(3 * 64, 3 * ((Type.Text) topTexts.get(i).type()).maxBytes()))
                        .append("];\n");
            }
            b.append("\n    public ").append(M).append("Codec(String name) {\n        this.name = name;\n        this.sbe = new SbeGenerated(name, ")
                    .append(maxAscii).append(");\n    }\n\n");
            encode(b);
            decode(b);
            access(b);
            b.append("    private ").append(dec).append(" wrapDecoder(DirectBuffer src, int offset, int length) {\n");
            b.append("        if (length < HEADER + ").append(dec).append(".BLOCK_LENGTH) {\n");
            b.append("            throw new DecodeException(name, 0, \"message of \" + length + \" bytes is shorter than header and block\");\n        }\n");
            b.append("        headerDecoder.wrap(src, offset);\n");
            b.append("        if (headerDecoder.schemaId() != ").append(dec).append(".SCHEMA_ID || headerDecoder.templateId() != ").append(dec).append(".TEMPLATE_ID) {\n");
            b.append("            throw new DecodeException(name, 2, \"schema \" + headerDecoder.schemaId() + \" template \" + headerDecoder.templateId()\n");
            b.append("                    + \" is not the ").append(M).append(" message (schema \" + ").append(dec).append(".SCHEMA_ID + \" template \" + ")
                    .append(dec).append(".TEMPLATE_ID + \")\");\n        }\n");
            b.append("        int blockLength = headerDecoder.blockLength();\n");
            b.append("        if (blockLength < ").append(dec).append(".BLOCK_LENGTH || HEADER + blockLength > length) {\n");
            b.append("            throw new DecodeException(name, 0, \"block length \" + blockLength + \" does not fit a \" + length + \"-byte message\");\n        }\n");
            b.append("        return decoder.wrap(src, offset + HEADER, blockLength, headerDecoder.version());\n    }\n\n");
            b.append("    @Override\n    public String render(DirectBuffer src, int offset, int length) {\n");
            b.append("        return wrapDecoder(src, offset, length).appendTo(new StringBuilder()).toString();\n    }\n\n");
            b.append(methods);
            for (EnumDef e : enums) enumReader(b, e);
            b.append("}\n");
            return b.toString();
        }

        private void scan(List<Field> fields) {
            for (Field f : fields) {
                Type t = f.type();
                if (t instanceof Type.EnumRef e) enums.add(e.def());
                if (t instanceof Type.Ascii a) maxAscii = Math.max(maxAscii, a.length());
                if (t instanceof Type.Group g) scan(g.entry().fields());
                if (t instanceof Type.CompositeRef c) {
                    if (composites.add(c.def())) scan(c.def().fields());
                }
            }
            if (fields == m.fields()) for (Field f : vars(fields)) if (f.type() instanceof Type.Text) topTexts.add(f);
        }

        private static String enumArray(EnumDef e) {
            return "SBE_" + e.name().toUpperCase(java.util.Locale.ROOT);
        }

        // -- encode --

        private void encode(StringBuilder b) {
            String M = m.name();
            b.append("    @Override\n    public int encode(").append(M).append(" v, MutableDirectBuffer dst, int offset) {\n");
            StringBuilder size = new StringBuilder("HEADER + " + enc + ".BLOCK_LENGTH");
            for (Field f : vars(m.fields())) {
                String n = javaName(f.name());
                String label = M + "." + f.name();
                if (f.type() instanceof Type.Text x) {
                    int i = topTexts.indexOf(f);
                    b.append("        CharSequence s").append(i).append(" = v.").append(n).append("();\n");
                    b.append("        if (3 * s").append(i).append(".length() > text").append(i).append(".length) text").append(i)
                            .append(" = new byte[3 * s").append(i).append(".length()];\n");
                    b.append("        int n").append(i).append(" = LenientUtf8.encode(s").append(i).append(", text").append(i).append(", 0);\n");
                    b.append("        if (n").append(i).append(" > ").append(x.maxBytes()).append(") throw SbeGenerated.tooLong(\"").append(label)
                            .append("\", n").append(i).append(", ").append(x.maxBytes()).append(");\n");
                    size.append(" + ").append(upperDec(f)).append(" + n").append(i);
                } else {
                    Type.Bytes x = (Type.Bytes) f.type();
                    b.append("        int ").append(n).append("Length = v.").append(n).append("Length();\n");
                    b.append("        if (").append(n).append("Length > ").append(x.maxLength()).append(") throw SbeGenerated.tooLong(\"").append(label)
                            .append("\", ").append(n).append("Length, ").append(x.maxLength()).append(");\n");
                    size.append(" + ").append(upperDec(f)).append(" + ").append(n).append("Length");
                }
            }
            for (Field f : groups(m.fields())) {
                size.append(" + ").append(groupSize(f, M, enc, "")).append("(v)");
            }
            b.append("        int length = ").append(size).append(";\n");
            b.append("        int room = dst.capacity() - offset;\n");
            b.append("        if (length > room) throw new EncodeOverflowException(name, room, null);\n");
            b.append("        ").append(enc).append(" e = encoder.wrapAndApplyHeader(dst, offset, headerEncoder);\n");
            writeBlock(b, m.fields(), "e", "v", M, "        ");
            writeGroups(b, m.fields(), "e", "v", enc, "        ", 1);
            for (Field f : vars(m.fields())) {
                String n = javaName(f.name());
                String s = sbeName(f.name());
                if (f.type() instanceof Type.Text) {
                    int i = topTexts.indexOf(f);
                    b.append("        e.put").append(upper(s)).append("(text").append(i).append(", 0, n").append(i).append(");\n");
                } else {
                    b.append("        e.put").append(upper(s)).append("(v.").append(n).append("(), 0, ").append(n).append("Length);\n");
                }
            }
            b.append("        if (encoder.limit() - offset != length) {\n");
            b.append("            throw new IllegalStateException(name + \": wrote \" + (encoder.limit() - offset) + \" bytes, sized \" + length);\n        }\n");
            b.append("        return length;\n    }\n\n");
        }

        /** The var data's length-prefix size, from the decoder class. */
        private String upperDec(Field f) {
            return dec + "." + prop(sbeName(f.name())) + "HeaderLength()";
        }

        /** Writes a method sizing a group's bytes; returns its name. */
        private String groupSize(Field f, String owner, String parentEnc, String path) {
            Type.Group g = (Type.Group) f.type();
            String n = javaName(f.name());
            String s = sbeName(f.name());
            String gEnc = parentEnc + "." + upper(s) + "Encoder";
            String method = "size" + path + cap(n);
            String E = g.entry().name();
            StringBuilder b = new StringBuilder();
            b.append("    private static int ").append(method).append("(").append(owner).append(" v) {\n");
            b.append("        int c = v.").append(n).append("Count();\n");
            b.append("        int size = ").append(gEnc).append(".HEADER_SIZE + c * ").append(gEnc).append(".sbeBlockLength();\n");
            List<Field> inner = new ArrayList<>(groups(g.entry().fields()));
            inner.addAll(vars(g.entry().fields()));
            if (!inner.isEmpty()) {
                b.append("        for (int i = 0; i < c; i++) {\n            ").append(E).append(" x = v.").append(n).append("(i);\n");
                for (Field h : groups(g.entry().fields())) {
                    b.append("            size += ").append(groupSize(h, E, gEnc, path + cap(n))).append("(x);\n");
                }
                for (Field h : vars(g.entry().fields())) {
                    String hn = javaName(h.name());
                    String label = E + "." + h.name();
                    b.append("            size += ").append(gEnc).append('.').append(prop(sbeName(h.name()))).append("HeaderLength() + ");
                    if (h.type() instanceof Type.Text x) {
                        b.append("SbeGenerated.textLength(x.").append(hn).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");\n");
                    } else {
                        b.append("SbeGenerated.bytesLength(x.").append(hn).append("Length(), ").append(((Type.Bytes) h.type()).maxLength())
                                .append(", \"").append(label).append("\");\n");
                    }
                }
                b.append("        }\n");
            }
            b.append("        return size;\n    }\n\n");
            methods.append(b);
            return method;
        }

        private void writeBlock(StringBuilder b, List<Field> fields, String e, String v, String owner, String ind) {
            for (Field f : block(fields)) writeFixed(b, f, e, v, owner, ind);
        }

        private void writeFixed(StringBuilder b, Field f, String e, String v, String owner, String ind) {
            String n = javaName(f.name());
            String N = cap(n);
            String p = prop(sbeName(f.name()));
            String label = owner + "." + f.name();
            String get = v + "." + n + "()";
            String has = v + ".has" + N + "()";
            Type t = f.type();
            if (t instanceof Type.Scalar s) {
                Primitive pr = s.primitive();
                String val;
                if (pr == Primitive.BOOL) {
                    String bt = names.cls("BooleanType");
                    val = get + " ? " + bt + ".T : " + bt + ".F";
                    if (f.optional()) val = has + " ? (" + val + ") : " + bt + ".NULL_VAL";
                } else {
                    val = f.optional() ? has + " ? " + get + " : " + nullLiteral(pr) : get;
                }
                b.append(ind).append(e).append('.').append(p).append('(').append(val).append(");\n");
            } else if (t instanceof Type.Decimal d) {
                if (d.fixedExponent()) {
                    b.append(ind).append(e).append('.').append(p).append('(').append(f.optional() ? has + " ? " + get + " : Long.MIN_VALUE" : get).append(");\n");
                } else {
                    b.append(ind).append(e).append('.').append(p).append("().mantissa(").append(get).append(").exponent(").append(v).append('.').append(n).append("Exponent());\n");
                }
            } else if (t instanceof Type.EnumRef en) {
                String val = enumArray(en.def()) + "[" + get + ".ordinal()]";
                if (f.optional()) val = has + " ? " + val + " : " + names.cls(names.type(en.def().name())) + ".NULL_VAL";
                b.append(ind).append(e).append('.').append(p).append('(').append(val).append(");\n");
            } else if (t instanceof Type.SetRef st) {
                b.append(ind).append("{\n").append(ind).append("    long bits = ").append(get).append(";\n");
                b.append(ind).append("    ").append(e).append('.').append(p).append("().clear()");
                for (SetDef.Choice c : st.def().choices()) {
                    b.append("\n").append(ind).append("            .").append(prop(sbeName(c.name()))).append("((bits & 0x").append(Long.toHexString(1L << c.bit())).append("L) != 0)");
                }
                b.append(";\n").append(ind).append("}\n");
            } else if (t instanceof Type.Ascii a) {
                if (a.length() == 1) {
                    String val = "SbeGenerated.asciiChar(" + get + ", \"" + label + "\")";
                    if (f.optional()) val = has + " ? " + val + " : (byte) 0";
                    b.append(ind).append(e).append('.').append(p).append('(').append(val).append(");\n");
                } else {
                    String val = "sbe.ascii(" + get + ", " + a.length() + ", \"" + label + "\")";
                    if (f.optional()) val = has + " ? " + val + " : sbe.nulls()";
                    b.append(ind).append(e).append(".put").append(upper(sbeName(f.name()))).append('(').append(val).append(", 0);\n");
                }
            } else if (t instanceof Type.CompositeRef c) {
                b.append(ind).append("write").append(c.def().name()).append('(').append(e).append('.').append(p).append("(), ").append(get).append(");\n");
                compositeMethods(c.def());
            } else {
                throw new IllegalArgumentException(t.describe() + " is not a block field");
            }
        }

        private final Set<CompositeDef> compositeMethodsWritten = new LinkedHashSet<>();

        private void compositeMethods(CompositeDef c) {
            if (!compositeMethodsWritten.add(c)) return;
            String C = c.name();
            String ce = names.cls(names.type(C) + "Encoder");
            String cd = names.cls(names.type(C) + "Decoder");
            StringBuilder w = new StringBuilder();
            w.append("    private void write").append(C).append('(').append(ce).append(" e, ").append(C).append(" v) {\n");
            for (Field f : c.fields()) writeFixed(w, f, "e", "v", C, "        ");
            w.append("    }\n\n");
            w.append("    private void read").append(C).append('(').append(cd).append(" d, ").append(C).append(" t, int base) {\n");
            for (Field f : c.fields()) readFixed(w, f, "d", cd, "t", C, "base", "        ");
            w.append("    }\n\n");
            methods.append(w);
        }

        private void writeGroups(StringBuilder b, List<Field> fields, String e, String v, String parentEnc, String ind, int depth) {
            for (Field f : groups(fields)) {
                Type.Group g = (Type.Group) f.type();
                String n = javaName(f.name());
                String s = sbeName(f.name());
                String gEnc = parentEnc + "." + upper(s) + "Encoder";
                String E = g.entry().name();
                String c = "c" + depth;
                String i = "i" + depth;
                String ge = "ge" + depth;
                String x = "x" + depth;
                b.append(ind).append("{\n");
                b.append(ind).append("    int ").append(c).append(" = ").append(v).append('.').append(n).append("Count();\n");
                b.append(ind).append("    ").append(gEnc).append(' ').append(ge).append(" = ").append(e).append('.').append(prop(s)).append("Count(").append(c).append(");\n");
                b.append(ind).append("    for (int ").append(i).append(" = 0; ").append(i).append(" < ").append(c).append("; ").append(i).append("++) {\n");
                String in = ind + "        ";
                b.append(in).append(E).append(' ').append(x).append(" = ").append(v).append('.').append(n).append('(').append(i).append(");\n");
                b.append(in).append(ge).append(".next();\n");
                writeBlock(b, g.entry().fields(), ge, x, E, in);
                writeGroups(b, g.entry().fields(), ge, x, gEnc, in, depth + 1);
                for (Field h : vars(g.entry().fields())) {
                    String hn = javaName(h.name());
                    String hs = upper(sbeName(h.name()));
                    if (h.type() instanceof Type.Text) {
                        b.append(in).append("{\n").append(in).append("    CharSequence s = ").append(x).append('.').append(hn).append("();\n");
                        b.append(in).append("    byte[] u = sbe.scratch(3 * s.length());\n");
                        b.append(in).append("    ").append(ge).append(".put").append(hs).append("(u, 0, LenientUtf8.encode(s, u, 0));\n");
                        b.append(in).append("}\n");
                    } else {
                        b.append(in).append(ge).append(".put").append(hs).append('(').append(x).append('.').append(hn).append("(), 0, ").append(x).append('.')
                                .append(hn).append("Length());\n");
                    }
                }
                b.append(ind).append("    }\n").append(ind).append("}\n");
            }
        }

        // -- decode --

        private void decode(StringBuilder b) {
            String M = m.name();
            b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" t) {\n");
            b.append("        ").append(dec).append(" d = wrapDecoder(src, offset, length);\n");
            b.append("        int end = offset + length;\n");
            for (Field f : block(m.fields())) readFixed(b, f, "d", dec, "t", M, "HEADER", "        ");
            readGroups(b, m.fields(), "d", dec, "t", "        ", 1);
            readVars(b, m.fields(), "d", "t", M, "        ");
            b.append("        sbe.end(d.limit(), end, offset);\n    }\n\n");
        }

        private void readFixed(StringBuilder b, Field f, String d, String decClass, String t, String owner, String base, String ind) {
            String n = javaName(f.name());
            String N = cap(n);
            String sn = sbeName(f.name());
            String p = prop(sn);
            String label = owner + "." + f.name();
            String at = base + " + " + decClass + "." + p + "EncodingOffset()";
            String set = t + "." + n;
            Type ty = f.type();
            if (ty instanceof Type.Scalar s) {
                Primitive pr = s.primitive();
                if (pr == Primitive.BOOL) {
                    if (f.optional()) {
                        b.append(ind).append("{\n").append(ind).append("    short r = ").append(d).append('.').append(p).append("Raw();\n");
                        b.append(ind).append("    if (r == 255) ").append(t).append(".clear").append(N).append("(); else ").append(set)
                                .append("(sbe.bool(r, \"").append(label).append("\", ").append(at).append("));\n").append(ind).append("}\n");
                    } else {
                        b.append(ind).append(set).append("(sbe.bool(").append(d).append('.').append(p).append("Raw(), \"").append(label).append("\", ").append(at).append("));\n");
                    }
                } else if (f.optional()) {
                    String jt = org.wireshootout.schema.MessageClassGenerator.javaType(ty);
                    String isNull = pr == Primitive.F32 ? "Float.isNaN(r)" : pr == Primitive.F64 ? "Double.isNaN(r)" : "r == " + nullLiteral(pr);
                    b.append(ind).append("{\n").append(ind).append("    ").append(jt).append(" r = ").append(d).append('.').append(p).append("();\n");
                    b.append(ind).append("    if (").append(isNull).append(") ").append(t).append(".clear").append(N).append("(); else ").append(set).append("(r);\n");
                    b.append(ind).append("}\n");
                } else {
                    b.append(ind).append(set).append('(').append(d).append('.').append(p).append("());\n");
                }
            } else if (ty instanceof Type.Decimal dd) {
                if (dd.fixedExponent()) {
                    if (f.optional()) {
                        b.append(ind).append("{\n").append(ind).append("    long r = ").append(d).append('.').append(p).append("();\n");
                        b.append(ind).append("    if (r == Long.MIN_VALUE) ").append(t).append(".clear").append(N).append("(); else ").append(set).append("(r);\n");
                        b.append(ind).append("}\n");
                    } else {
                        b.append(ind).append(set).append('(').append(d).append('.').append(p).append("());\n");
                    }
                } else {
                    b.append(ind).append("{\n").append(ind).append("    ").append(names.cls("DecimalEncodingDecoder")).append(" x = ").append(d).append('.').append(p).append("();\n");
                    b.append(ind).append("    ").append(set).append("(x.mantissa());\n");
                    b.append(ind).append("    ").append(set).append("Exponent(x.exponent());\n").append(ind).append("}\n");
                }
            } else if (ty instanceof Type.EnumRef en) {
                String reader = "enum" + en.def().name();
                if (f.optional()) {
                    b.append(ind).append("{\n").append(ind).append("    long r = ").append(d).append('.').append(p).append("Raw();\n");
                    b.append(ind).append("    if (r == ").append(nullOf(en.def().encoding())).append("L) ").append(t).append(".clear").append(N).append("(); else ")
                            .append(set).append('(').append(reader).append("(r, \"").append(label).append("\", ").append(at).append("));\n");
                    b.append(ind).append("}\n");
                } else {
                    b.append(ind).append(set).append('(').append(reader).append('(').append(d).append('.').append(p).append("Raw(), \"").append(label)
                            .append("\", ").append(at).append("));\n");
                }
            } else if (ty instanceof Type.SetRef st) {
                long allowed = 0;
                for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
                b.append(ind).append(set).append("(sbe.set(").append(d).append('.').append(p).append("().getRaw(), 0x").append(Long.toHexString(allowed))
                        .append("L, \"").append(label).append("\", ").append(at).append("));\n");
            } else if (ty instanceof Type.Ascii a) {
                if (a.length() == 1) {
                    if (f.optional()) {
                        b.append(ind).append("{\n").append(ind).append("    byte r = ").append(d).append('.').append(p).append("();\n");
                        b.append(ind).append("    if (r == 0) ").append(t).append(".clear").append(N).append("();\n");
                        b.append(ind).append("    else { sbe.readAsciiChar(").append(t).append('.').append(n).append("(), r, \"").append(label).append("\", ")
                                .append(at).append("); ").append(t).append(".has").append(N).append("(true); }\n");
                        b.append(ind).append("}\n");
                    } else {
                        b.append(ind).append("sbe.readAsciiChar(").append(t).append('.').append(n).append("(), ").append(d).append('.').append(p).append("(), \"")
                                .append(label).append("\", ").append(at).append(");\n");
                    }
                } else {
                    b.append(ind).append(d).append(".get").append(upper(sn)).append("(sbe.asciiScratch(), 0);\n");
                    String read = "sbe.readAscii(" + t + "." + n + "(), " + a.length() + ", \"" + label + "\", " + at + ");";
                    if (f.optional()) {
                        b.append(ind).append("if (sbe.asciiIsNull(").append(a.length()).append(")) ").append(t).append(".clear").append(N).append("();\n");
                        b.append(ind).append("else { ").append(read).append(' ').append(t).append(".has").append(N).append("(true); }\n");
                    } else {
                        b.append(ind).append(read).append('\n');
                    }
                }
            } else if (ty instanceof Type.CompositeRef c) {
                b.append(ind).append("read").append(c.def().name()).append('(').append(d).append('.').append(p).append("(), ").append(t).append('.').append(n)
                        .append("(), ").append(at).append(");\n");
                compositeMethods(c.def());
            }
        }

        // -- access: every field read where it lies, in accessOrder, into the sink --

        private void access(StringBuilder b) {
            b.append("    /** Every field read in place by the flyweights, in SBE's access order; text and bytes as a view of their bytes. */\n");
            b.append("    @Override\n    public void access(DirectBuffer src, int offset, int length, FieldSink sink) {\n");
            b.append("        ").append(dec).append(" d = wrapDecoder(src, offset, length);\n");
            b.append("        int end = offset + length;\n");
            accessFields(b, m.fields(), "d", dec, m.name(), "offset + HEADER", "        ", 1);
            b.append("        sbe.end(d.limit(), end, offset);\n    }\n\n");
        }

        /** The fields of one level (message, entry) in access order; {@code abs} is where its block starts in {@code src}. */
        private void accessFields(StringBuilder b, List<Field> fields, String d, String decClass, String owner, String abs, String ind, int depth) {
            for (Field f : accessOrder(fields)) {
                if (f.type() instanceof Type.Group) accessGroup(b, f, d, decClass, ind, depth);
                else if (isVar(f.type())) accessVar(b, f, d, owner, ind);
                else accessFixed(b, f, d, decClass, owner, "src", abs, ind);
            }
        }

        private void accessFixed(StringBuilder b, Field f, String d, String decClass, String owner, String buf, String abs, String ind) {
            String n = javaName(f.name());
            String sn = sbeName(f.name());
            String p = prop(sn);
            String label = owner + "." + f.name();
            String pos = abs + " + " + decClass + "." + p + "EncodingOffset()";
            String at = "(" + pos + ") - offset";
            Type ty = f.type();
            if (ty instanceof Type.Scalar s) {
                Primitive pr = s.primitive();
                if (pr == Primitive.BOOL) {
                    if (f.optional()) {
                        b.append(ind).append("{\n").append(ind).append("    short r = ").append(d).append('.').append(p).append("Raw();\n");
                        b.append(ind).append("    sink.consume(r != 255);\n");
                        b.append(ind).append("    if (r != 255) sink.consume(sbe.bool(r, \"").append(label).append("\", ").append(at).append("));\n").append(ind).append("}\n");
                    } else {
                        b.append(ind).append("sink.consume(sbe.bool(").append(d).append('.').append(p).append("Raw(), \"").append(label).append("\", ").append(at).append("));\n");
                    }
                } else if (f.optional()) {
                    String isNull = pr == Primitive.F32 ? "Float.isNaN(r)" : pr == Primitive.F64 ? "Double.isNaN(r)" : "r == " + nullLiteral(pr);
                    b.append(ind).append("{\n").append(ind).append("    var r = ").append(d).append('.').append(p).append("();\n");
                    b.append(ind).append("    boolean present = !(").append(isNull).append(");\n");
                    b.append(ind).append("    sink.consume(present);\n");
                    b.append(ind).append("    if (present) sink.consume(r);\n").append(ind).append("}\n");
                } else {
                    b.append(ind).append("sink.consume(").append(d).append('.').append(p).append("());\n");
                }
            } else if (ty instanceof Type.Decimal dd) {
                if (dd.fixedExponent()) {
                    if (f.optional()) {
                        b.append(ind).append("{\n").append(ind).append("    long r = ").append(d).append('.').append(p).append("();\n");
                        b.append(ind).append("    sink.consume(r != Long.MIN_VALUE);\n");
                        b.append(ind).append("    if (r != Long.MIN_VALUE) sink.consume(r);\n").append(ind).append("}\n");
                    } else {
                        b.append(ind).append("sink.consume(").append(d).append('.').append(p).append("());\n");
                    }
                } else {
                    b.append(ind).append("{\n").append(ind).append("    ").append(names.cls("DecimalEncodingDecoder")).append(" x = ").append(d).append('.').append(p).append("();\n");
                    b.append(ind).append("    sink.consume(x.mantissa());\n");
                    b.append(ind).append("    sink.consume(x.exponent());\n").append(ind).append("}\n");
                }
            } else if (ty instanceof Type.EnumRef en) {
                // SBE's enum getter throws a bare IllegalArgumentException on a number no value has: the raw number is
                // checked as decode checks it, then the SBE value of that number is consumed
                String value = enumArray(en.def()) + "[enum" + en.def().name() + "(r, \"" + label + "\", " + at + ").ordinal()]";
                b.append(ind).append("{\n").append(ind).append("    long r = ").append(d).append('.').append(p).append("Raw();\n");
                if (f.optional()) {
                    b.append(ind).append("    boolean present = r != ").append(nullOf(en.def().encoding())).append("L;\n");
                    b.append(ind).append("    sink.consume(present);\n");
                    b.append(ind).append("    if (present) sink.consume(").append(value).append(");\n");
                } else {
                    b.append(ind).append("    sink.consume(").append(value).append(");\n");
                }
                b.append(ind).append("}\n");
            } else if (ty instanceof Type.SetRef) {
                b.append(ind).append("sink.consume(").append(d).append('.').append(p).append("().getRaw());\n");
            } else if (ty instanceof Type.Ascii a) {
                b.append(ind).append("{\n").append(ind).append("    org.agrona.concurrent.UnsafeBuffer v = sbe.view();\n");
                b.append(ind).append("    v.wrap(").append(buf).append(", ").append(pos).append(", ").append(a.length()).append(");\n");
                if (f.optional()) {
                    b.append(ind).append("    boolean present = !SbeGenerated.allZero(v);\n");
                    b.append(ind).append("    sink.consume(present);\n");
                    b.append(ind).append("    if (present) { sink.consume(").append(a.length()).append("); sink.consume(v); }\n");
                } else {
                    b.append(ind).append("    sink.consume(").append(a.length()).append(");\n").append(ind).append("    sink.consume(v);\n");
                }
                b.append(ind).append("}\n");
            } else if (ty instanceof Type.CompositeRef c) {
                b.append(ind).append("access").append(c.def().name()).append('(').append(d).append('.').append(p).append("(), ").append(pos).append(", offset, sink);\n");
                compositeAccess(c.def());
            }
        }

        private final Set<CompositeDef> compositeAccessWritten = new LinkedHashSet<>();

        private void compositeAccess(CompositeDef c) {
            if (!compositeAccessWritten.add(c)) return;
            String C = c.name();
            String cd = names.cls(names.type(C) + "Decoder");
            StringBuilder w = new StringBuilder();
            w.append("    private void access").append(C).append('(').append(cd).append(" d, int at, int offset, FieldSink sink) {\n");
            for (Field f : c.fields()) accessFixed(w, f, "d", cd, C, "d.buffer()", "at", "        ");
            w.append("    }\n\n");
            methods.append(w);
        }

        private void accessGroup(StringBuilder b, Field f, String d, String parentDec, String ind, int depth) {
            Type.Group g = (Type.Group) f.type();
            String s = sbeName(f.name());
            String gDec = parentDec + "." + upper(s) + "Decoder";
            String label = f.name();
            String h = "h" + depth, gd = "gd" + depth, c = "c" + depth, i = "i" + depth, a = "a" + depth;
            b.append(ind).append("{\n");
            b.append(ind).append("    int ").append(h).append(" = decoder.limit();\n");
            b.append(ind).append("    sbe.checkRoom(").append(h).append(", ").append(gDec).append(".HEADER_SIZE, end, offset, \"group ").append(label).append(" (header)\");\n");
            b.append(ind).append("    ").append(gDec).append(' ').append(gd).append(" = ").append(d).append('.').append(prop(s)).append("();\n");
            b.append(ind).append("    int ").append(c).append(" = ").append(gd).append(".count();\n");
            b.append(ind).append("    sbe.group(").append(c).append(", ").append(g.maxCount()).append(", ").append(gd).append(".actingBlockLength(), ")
                    .append(gDec).append(".sbeBlockLength(), ").append(h).append(", offset, \"group ").append(label).append("\");\n");
            b.append(ind).append("    sink.consume(").append(c).append(");\n");
            b.append(ind).append("    for (int ").append(i).append(" = 0; ").append(i).append(" < ").append(c).append("; ").append(i).append("++) {\n");
            String in = ind + "        ";
            b.append(in).append("int ").append(a).append(" = decoder.limit();\n");
            b.append(in).append("sbe.checkRoom(").append(a).append(", ").append(gd).append(".actingBlockLength(), end, offset, \"group ").append(label).append(" entry\");\n");
            b.append(in).append(gd).append(".next();\n");
            accessFields(b, g.entry().fields(), gd, gDec, g.entry().name(), a, in, depth + 1);
            b.append(ind).append("    }\n").append(ind).append("}\n");
        }

        private void accessVar(StringBuilder b, Field f, String d, String owner, String ind) {
            String sn = sbeName(f.name());
            String label = owner + "." + f.name();
            int bound = f.type() instanceof Type.Text x ? x.maxBytes() : ((Type.Bytes) f.type()).maxLength();
            b.append(ind).append("{\n");
            b.append(ind).append("    int at = decoder.limit();\n");
            b.append(ind).append("    sbe.checkRoom(at, ").append(d).append('.').append(prop(sn)).append("HeaderLength(), end, offset, \"").append(label).append(" (length)\");\n");
            b.append(ind).append("    int len = sbe.varLength(").append(d).append('.').append(prop(sn)).append("Length(), ").append(bound).append(", at, end, offset, \"")
                    .append(label).append("\");\n");
            b.append(ind).append("    ").append(d).append(".wrap").append(upper(sn)).append("(sbe.view());\n");
            b.append(ind).append("    sink.consume(len);\n").append(ind).append("    sink.consume(sbe.view());\n");
            b.append(ind).append("}\n");
        }

        private void readGroups(StringBuilder b, List<Field> fields, String d, String parentDec, String t, String ind, int depth) {
            for (Field f : groups(fields)) {
                Type.Group g = (Type.Group) f.type();
                String n = javaName(f.name());
                String N = cap(n);
                String s = sbeName(f.name());
                String gDec = parentDec + "." + upper(s) + "Decoder";
                String E = g.entry().name();
                String label = f.name();
                String h = "h" + depth;
                String gd = "gd" + depth;
                String c = "c" + depth;
                String i = "i" + depth;
                String a = "a" + depth;
                String y = "y" + depth;
                String base = "b" + depth;
                b.append(ind).append("{\n");
                b.append(ind).append("    int ").append(h).append(" = decoder.limit();\n");
                b.append(ind).append("    sbe.checkRoom(").append(h).append(", ").append(gDec).append(".HEADER_SIZE, end, offset, \"group ").append(label).append(" (header)\");\n");
                b.append(ind).append("    ").append(gDec).append(' ').append(gd).append(" = ").append(d).append('.').append(prop(s)).append("();\n");
                b.append(ind).append("    int ").append(c).append(" = ").append(gd).append(".count();\n");
                b.append(ind).append("    sbe.group(").append(c).append(", ").append(g.maxCount()).append(", ").append(gd).append(".actingBlockLength(), ")
                        .append(gDec).append(".sbeBlockLength(), ").append(h).append(", offset, \"group ").append(label).append("\");\n");
                b.append(ind).append("    ").append(t).append(".clear").append(N).append("();\n");
                b.append(ind).append("    for (int ").append(i).append(" = 0; ").append(i).append(" < ").append(c).append("; ").append(i).append("++) {\n");
                String in = ind + "        ";
                b.append(in).append("int ").append(a).append(" = decoder.limit();\n");
                b.append(in).append("sbe.checkRoom(").append(a).append(", ").append(gd).append(".actingBlockLength(), end, offset, \"group ").append(label).append(" entry\");\n");
                b.append(in).append(gd).append(".next();\n");
                b.append(in).append(E).append(' ').append(y).append(" = ").append(t).append(".add").append(N).append("();\n");
                b.append(in).append("int ").append(base).append(" = ").append(a).append(" - offset;\n");
                for (Field hf : block(g.entry().fields())) readFixed(b, hf, gd, gDec, y, E, base, in);
                readGroups(b, g.entry().fields(), gd, gDec, y, in, depth + 1);
                readVars(b, g.entry().fields(), gd, y, E, in);
                b.append(ind).append("    }\n").append(ind).append("}\n");
            }
        }

        private void readVars(StringBuilder b, List<Field> fields, String d, String t, String owner, String ind) {
            for (Field f : vars(fields)) {
                String n = javaName(f.name());
                String sn = sbeName(f.name());
                String label = owner + "." + f.name();
                b.append(ind).append("{\n");
                b.append(ind).append("    int at = decoder.limit();\n");
                b.append(ind).append("    sbe.checkRoom(at, ").append(d).append('.').append(prop(sn)).append("HeaderLength(), end, offset, \"").append(label).append(" (length)\");\n");
                if (f.type() instanceof Type.Text x) {
                    b.append(ind).append("    sbe.varLength(").append(d).append('.').append(prop(sn)).append("Length(), ").append(x.maxBytes()).append(", at, end, offset, \"")
                            .append(label).append("\");\n");
                    b.append(ind).append("    ").append(d).append(".wrap").append(upper(sn)).append("(sbe.view());\n");
                    b.append(ind).append("    sbe.readText(").append(t).append('.').append(n).append("(), at - offset + ").append(d).append('.').append(prop(sn))
                            .append("HeaderLength());\n");
                } else {
                    Type.Bytes x = (Type.Bytes) f.type();
                    b.append(ind).append("    int len = sbe.varLength(").append(d).append('.').append(prop(sn)).append("Length(), ").append(x.maxLength())
                            .append(", at, end, offset, \"").append(label).append("\");\n");
                    b.append(ind).append("    ").append(d).append(".get").append(upper(sn)).append('(').append(t).append('.').append(n).append("Length(len), 0, len);\n");
                }
                b.append(ind).append("}\n");
            }
        }

        private void enumReader(StringBuilder b, EnumDef e) {
            String E = e.name();
            b.append("    private ").append(E).append(" enum").append(E).append("(long raw, String field, int at) {\n");
            for (EnumDef.Value v : e.values()) {
                b.append("        if (raw == ").append(v.value()).append("L) return ").append(E).append('.').append(javaName(v.name())).append(";\n");
            }
            b.append("        throw sbe.unknownEnum(raw, field, at);\n    }\n\n");
        }
    }
}
