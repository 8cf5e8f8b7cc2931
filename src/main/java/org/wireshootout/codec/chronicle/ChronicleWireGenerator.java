package org.wireshootout.codec.chronicle;

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

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Chronicle Wire codecs generated from a message schema, one backend per Wire row ({@link WireVariant}), each
 * written as that hand-written row is ({@link DataMarshallable} over a {@link WireCodec}): a marshallable written
 * out field by field with the library's documented fast path, {@code wire.write(key).<type>(value)} and
 * {@code read(key).<type>()}, no reflection, on one wire per codec ({@link ChronicleWireGenerated}).
 *
 * <p>Keys are the schema's field names (the numeric BinaryWire rows: the field's position in its message or
 * composite, from 1, which on {@code data} are the hand-written rows' {@code DataFields} codes), and the fields go
 * in the schema's order, so {@code data} is written byte for byte as the hand-written rows write {@code Data}. Per
 * type:
 * <ul>
 *   <li>{@code i8}, {@code i16}, {@code i32}, {@code i64}, {@code f32}, {@code f64}, {@code bool}: {@code int8},
 *       {@code int16}, {@code int32}, {@code int64}, {@code float32} (read on BinaryWire as {@code float64} narrowed,
 *       see {@code readValue}), {@code float64}, {@code bool}; the unsigned types
 *       as the Java type that holds them ({@code u8} {@code int16}, {@code u16} {@code int32}, {@code u32} and
 *       {@code u64} {@code int64}), refused outside their range when read; timestamps, decimal mantissas and sets
 *       {@code int64} (a decimal without a fixed exponent then its exponent, {@code int8}, under the key
 *       {@code <name>Exponent}; a set's bits naming no choice refused);</li>
 *   <li>enums by name ({@code asEnum}, as the hand-written side); text and {@code ascii(N)} with {@code text} and
 *       {@code textTo} into the message's builder (an {@code ascii(N)} of another length or beyond ASCII refused both
 *       ways, a text beyond its bound too); bytes with {@code bytes};</li>
 *   <li>a composite as a nested object, {@code marshallable}, through one reusable adapter per composite type; a
 *       group as a list of such objects, {@code sequence} (RawWire, whose reader has no {@code sequence}: an
 *       {@code int32} count, then the objects); an optional field behind a presence flag, {@code bool} under the key
 *       {@code has<Name>}.</li>
 * </ul>
 * Refused: bytes on JSONWire, whose {@code bytes} value does not read back what it wrote in this version.
 */
public final class ChronicleWireGenerator implements CodecBackend {
    private final WireVariant variant;
    private final String library;
    private final boolean raw;
    private final boolean strict;

    public ChronicleWireGenerator(WireVariant variant) {
        this.variant = variant;
        this.library = variant.name();
        this.raw = variant.kind() == WireVariant.Kind.RAW;
        this.strict = variant.inOrder();
    }

    /**
     * A union is one stream of documents, each an event named as the member whose value is the member's fields as a
     * nested object: {@code writeEventName("TradeReport").marshallable(...)}, as a Chronicle method writer puts one
     * call's argument in a queue (its event name, then the argument). The reader takes the event name
     * ({@code readEventName}; on RawWire, whose reader does not check its bytes, the name's length and bytes checked
     * here) and reads the nested object through the member's codec.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        List<MessageDef> ms = union.members();
        String U = ctx.messageClass(union.name());
        String cls = ctx.unionCodecClass(library, union);
        String simple = cls.substring(cls.lastIndexOf('.') + 1);
        StringBuilder b = new StringBuilder();
        header(b, ctx);
        b.append('\n');
        b.append("/**\n * The ").append(library).append(" stream of union ").append(union.name()).append(": each document an event named as the member")
                .append(" (writeEventName), whose value is the member's fields as a nested object.\n */\n");
        b.append("public final class ").append(simple).append(" extends ChronicleWireGenerated<").append(U).append("> {\n");
        b.append("    private static final String[] NAMES = {");
        for (int i = 0; i < ms.size(); i++) b.append(i == 0 ? "" : ", ").append('"').append(ms.get(i).name()).append('"');
        b.append("};\n");
        if (raw) {
            b.append("    private static final byte[][] NAME_BYTES = new byte[NAMES.length][];\n");
            b.append("    static {\n        for (int i = 0; i < NAMES.length; i++) NAME_BYTES[i] = NAMES[i].getBytes(java.nio.charset.StandardCharsets.US_ASCII);\n    }\n");
        }
        b.append("    private final StringBuilder event = new StringBuilder(32);\n");
        for (MessageDef m : ms) {
            b.append("    private final ").append(ctx.codecClass(library, m)).append(' ').append(MessageClassGenerator.unionMember(m)).append(";\n");
        }
        b.append("\n    public ").append(simple).append("(String name) {\n        super(name, WireVariant.").append(library).append(");\n");
        for (MessageDef m : ms) {
            b.append("        ").append(MessageClassGenerator.unionMember(m)).append(" = new ").append(ctx.codecClass(library, m)).append("(name);\n");
        }
        b.append("    }\n\n");
        b.append("    @Override\n    public void writeMarshallable(net.openhft.chronicle.wire.WireOut w) {\n        ").append(U).append(" v = source;\n");
        b.append("        switch (v.member()) {\n");
        for (int i = 0; i < ms.size(); i++) {
            String f = MessageClassGenerator.unionMember(ms.get(i));
            b.append("            case ").append(i).append(" -> w.writeEventName(NAMES[").append(i).append("]).marshallable(").append(f).append(".writing(v.")
                    .append(f).append("()));\n");
        }
        b.append("            default -> throw new IllegalStateException(\"member \" + v.member() + \" of ").append(union.name()).append("\");\n");
        b.append("        }\n    }\n\n");
        b.append("    @Override\n    public void readMarshallable(net.openhft.chronicle.wire.WireIn w) {\n        ").append(U).append(" t = target;\n");
        if (raw) {
            b.append("        int position = rawEvent(w, NAME_BYTES, \"").append(union.name()).append("'s event\");\n");
            b.append("        net.openhft.chronicle.wire.ValueIn in = w.getValueIn();\n");
        } else {
            b.append("        net.openhft.chronicle.wire.ValueIn in = w.readEventName(event);\n");
            b.append("        int position = position(event);\n");
        }
        b.append("        switch (position) {\n");
        for (int i = 0; i < ms.size(); i++) {
            MessageDef m = ms.get(i);
            String f = MessageClassGenerator.unionMember(m);
            b.append("            case ").append(i).append(raw ? " -> rawNested(w, in, " : " -> nested(w, in, ").append(f).append(".reading(t.select").append(m.name()).append("()), \"")
                    .append(union.name()).append('.').append(m.name()).append("\");\n");
        }
        b.append("            default -> throw new IllegalStateException(\"no member of ").append(union.name()).append(" is named '\" + event + \"'\");\n");
        b.append("        }\n        readEnd(w);\n    }\n\n");
        b.append("    private static int position(CharSequence name) {\n        for (int i = 0; i < NAMES.length; i++) {\n");
        b.append("            if (NAMES[i].contentEquals(name)) return i;\n        }\n        return -1;\n    }\n");
        if (raw) {
            // the event name (a stop-bit length under 128, then its bytes) and the nested object's 4-byte length, then the member
            b.append("\n    @Override\n    protected long maxPayload(").append(U).append(" v, boolean exact) {\n");
            b.append("        long event = 1L + NAMES[v.member()].length() + 4L;\n        return event + switch (v.member()) {\n");
            for (int i = 0; i < ms.size(); i++) {
                String f = MessageClassGenerator.unionMember(ms.get(i));
                b.append("            case ").append(i).append(" -> ").append(f).append(".nestedPayload(v.").append(f).append("(), exact);\n");
            }
            b.append("            default -> throw new IllegalStateException(\"member \" + v.member() + \" of ").append(union.name()).append("\");\n");
            b.append("        };\n    }\n");
        }
        b.append("}\n");
        return b.toString();
    }

    /** A generated class's package, its origin and the imports every one of them has. */
    private void header(StringBuilder b, GenContext ctx) {
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(ChronicleWireGenerator.class.getName())
                .append(" (").append(library).append("); do not edit.\n\n");
        b.append("import org.wireshootout.codec.chronicle.ChronicleWireGenerated;\nimport org.wireshootout.codec.chronicle.WireVariant;\n");
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return cannotCarry(message.name(), message.fields(), new HashSet<>());
    }

    private String cannotCarry(String owner, List<Field> fields, Set<CompositeDef> seen) {
        Set<String> names = new HashSet<>();
        for (Field f : fields) names.add(f.name());
        for (Field f : fields) {
            Type t = f.type();
            if (f.optional() && names.contains(presenceKey(f))) {
                return "field " + owner + "." + f.name() + ": its presence flag's key " + presenceKey(f) + " is the name of another field";
            }
            if (t instanceof Type.Decimal d && !d.fixedExponent() && names.contains(exponentKey(f))) {
                return "field " + owner + "." + f.name() + ": its exponent's key " + exponentKey(f) + " is the name of another field";
            }
            if (t instanceof Type.Bytes && variant.kind() == WireVariant.Kind.JSON) {
                return "field " + owner + "." + f.name() + ": bytes, which JSONWire's bytes value does not read back as written"
                        + " (its reader does not decode what its writer puts out)";
            }
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && seen.add(c)) {
                String why = cannotCarry(c.name(), c.fields(), seen);
                if (why != null) return why;
            }
        }
        return null;
    }

    /**
     * The variable-width BinaryWire rows write a whole double, -0.0 included, as the smallest integer that holds it
     * and read it back as 0.0 (the hand-written rows' labels say so): edge 3, -0.0 in every float field, comes back
     * changed wherever the message has a float.
     */
    @Override
    public Map<Integer, String> edgesNotCarried(Schema schema, MessageDef message) {
        if (variant.kind() == WireVariant.Kind.BINARY && !variant.fixed() && hasFloat(message.fields(), new HashSet<>())) {
            return Map.of(3, "BinaryWire's variable-width writer stores -0.0 as the integer 0, which reads back as 0.0");
        }
        return Map.of();
    }

    private static boolean hasFloat(List<Field> fields, Set<CompositeDef> seen) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.Scalar s && (s.primitive() == Primitive.F32 || s.primitive() == Primitive.F64)) return true;
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && seen.add(c) && hasFloat(c.fields(), seen)) return true;
        }
        return false;
    }

    private static String presenceKey(Field f) {
        return "has" + cap(f.name());
    }

    private static String exponentKey(Field f) {
        return f.name() + "Exponent";
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<CompositeDef> composites = new LinkedHashSet<>();
        collect(m.fields(), composites);
        StringBuilder b = new StringBuilder();
        header(b, ctx);
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": its fields as a hand-written Chronicle marshallable. */\n");
        b.append("public final class ").append(M).append("Codec extends ChronicleWireGenerated<").append(M).append("> {\n");
        keys(b, M, m.fields());
        for (CompositeDef c : composites) keys(b, c.name(), c.fields());
        b.append('\n');
        for (CompositeDef c : composites) adapter(b, M, c.name());
        groupLambdas(b, M, m.fields());
        for (CompositeDef c : composites) groupLambdas(b, c.name(), c.fields());
        b.append("    public ").append(M).append("Codec(String name) {\n        super(name, WireVariant.").append(library).append(");\n    }\n\n");
        // the message's own fields in the codec's writeMarshallable / readMarshallable, which the wire calls: no call
        // between Chronicle and them that the hand-written marshallable does not make (see ChronicleWireGenerated)
        b.append("    @Override\n    public void writeMarshallable(net.openhft.chronicle.wire.WireOut w) {\n        ").append(M).append(" v = source;\n");
        writes(b, M, m.fields());
        b.append("    }\n\n");
        b.append("    @Override\n    public void readMarshallable(net.openhft.chronicle.wire.WireIn w) {\n        ").append(M).append(" t = target;\n");
        reads(b, M, m.fields());
        b.append("        readEnd(w);\n    }\n\n");
        if (raw) {
            b.append("    @Override\n    protected long maxPayload(").append(M).append(" v, boolean exact) {\n        return max").append(M)
                    .append("(v, exact);\n    }\n\n");
            max(b, M, m.fields());
        }
        for (CompositeDef c : composites) methods(b, c.name(), c.fields());
        b.append("}\n");
        return b.toString();
    }

    private static void collect(List<Field> fields, Set<CompositeDef> composites) {
        for (Field f : fields) {
            Type t = f.type();
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && composites.add(c)) collect(c.fields(), composites);
        }
    }

    private static String key(String owner, Field f) {
        return "K_" + owner + "_" + f.name();
    }

    private static void keys(StringBuilder b, String owner, List<Field> fields) {
        int extra = fields.size();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            b.append("    private static final net.openhft.chronicle.wire.WireKey ").append(key(owner, f)).append(" = key(\"").append(f.name())
                    .append("\", ").append(i + 1).append(");\n");
            if (f.optional()) {
                b.append("    private static final net.openhft.chronicle.wire.WireKey ").append(key(owner, f)).append("_present = key(\"")
                        .append(presenceKey(f)).append("\", ").append(++extra).append(");\n");
            }
            if (f.type() instanceof Type.Decimal d && !d.fixedExponent()) {
                b.append("    private static final net.openhft.chronicle.wire.WireKey ").append(key(owner, f)).append("_exponent = key(\"")
                        .append(exponentKey(f)).append("\", ").append(++extra).append(");\n");
            }
        }
    }

    /**
     * One reusable adapter per composite type, pointed at the value to write or the entry to fill. Static, its fields
     * transient: TextWire looks at a nested marshallable's class once (its fields, through Chronicle's reflective
     * marshaller), which has nothing to find here.
     */
    private static void adapter(StringBuilder b, String M, String C) {
        b.append("    private static final class ").append(C).append("Marshal implements net.openhft.chronicle.wire.WriteMarshallable, net.openhft.chronicle.wire.ReadMarshallable {\n");
        b.append("        private final transient ").append(M).append("Codec codec;\n");
        b.append("        private transient ").append(C).append(" v;\n\n");
        b.append("        ").append(C).append("Marshal(").append(M).append("Codec codec) {\n            this.codec = codec;\n        }\n\n");
        b.append("        ").append(C).append("Marshal of(").append(C).append(" v) {\n            this.v = v;\n            return this;\n        }\n\n");
        b.append("        @Override\n        public void writeMarshallable(net.openhft.chronicle.wire.WireOut w) {\n            codec.write").append(C).append("(w, v);\n        }\n\n");
        b.append("        @Override\n        public void readMarshallable(net.openhft.chronicle.wire.WireIn w) {\n            codec.read").append(C).append("(w, v);\n        }\n    }\n\n");
        b.append("    private final ").append(C).append("Marshal m_").append(C).append(" = new ").append(C).append("Marshal(this);\n\n");
    }

    /** The writer and reader of each group's list, made once (they use the adapters, so they belong to the codec). */
    private void groupLambdas(StringBuilder b, String owner, List<Field> fields) {
        if (raw) return;
        for (Field f : fields) {
            if (!(f.type() instanceof Type.Group g)) continue;
            String n = javaName(f.name());
            String N = cap(n);
            String E = g.entry().name();
            String label = owner + "." + f.name();
            b.append("    private final java.util.function.BiConsumer<").append(owner).append(", net.openhft.chronicle.wire.ValueOut> w_").append(owner).append('_').append(n)
                    .append(" = (v, out) -> {\n");
            b.append("        for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) out.marshallable(m_").append(E).append(".of(v.").append(n).append("(i)));\n    };\n");
            b.append("    private final java.util.function.BiConsumer<").append(owner).append(", net.openhft.chronicle.wire.ValueIn> r_").append(owner).append('_').append(n)
                    .append(" = (t, in) -> {\n");
            b.append("        while (in.hasNextSequenceItem()) {\n");
            b.append("            entry(t.").append(n).append("Count(), ").append(g.maxCount()).append(", \"").append(label).append("\");\n");
            b.append("            item(in, m_").append(E).append(".of(t.add").append(N).append("()), \"").append(label).append("\");\n");
            b.append("        }\n    };\n\n");
        }
    }

    /** A composite's writer and reader (and RawWire's size bound), which its adapter calls. */
    private void methods(StringBuilder b, String type, List<Field> fields) {
        b.append("    private void write").append(type).append("(net.openhft.chronicle.wire.WireOut w, ").append(type).append(" v) {\n");
        writes(b, type, fields);
        b.append("    }\n\n");
        b.append("    private void read").append(type).append("(net.openhft.chronicle.wire.WireIn w, ").append(type).append(" t) {\n");
        reads(b, type, fields);
        b.append("    }\n\n");
        if (raw) max(b, type, fields);
    }

    /** The statements writing {@code fields} of {@code v} to {@code w}. */
    private void writes(StringBuilder b, String type, List<Field> fields) {
        for (Field f : fields) write(b, type, f);
    }

    /** The statements reading {@code fields} from {@code w} into {@code t}. */
    private void reads(StringBuilder b, String type, List<Field> fields) {
        int i = 0;
        while (i < fields.size()) {
            Field f = fields.get(i);
            if (raw && !f.optional() && rawSize(f.type()) > 0) {
                // RawWire's unchecked buffer: each run of fixed-width values is checked against the document once
                int j = i;
                int run = 0;
                while (j < fields.size() && !fields.get(j).optional() && rawSize(fields.get(j).type()) > 0) run += rawSize(fields.get(j++).type());
                String what = type + "." + f.name() + (j - i > 1 ? " to " + fields.get(j - 1).name() : "");
                b.append("        left(w, ").append(run).append(", \"").append(what).append("\");\n");
                for (; i < j; i++) read(b, type, fields.get(i), "        ");
            } else {
                read(b, type, f, "        ");
                i++;
            }
        }
    }

    /** RawWire: the bytes a value of {@code t} always takes, or -1 when that varies. */
    private static int rawSize(Type t) {
        if (t instanceof Type.Scalar s) {
            return switch (s.primitive()) {
                case I8, BOOL -> 1;
                case I16, U8 -> 2;
                case I32, U16, F32 -> 4;
                case I64, U32, U64, F64, TIMESTAMP -> 8;
            };
        }
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? 8 : 9;
        if (t instanceof Type.SetRef) return 8;
        return -1;
    }

    private void write(StringBuilder b, String owner, Field f) {
        String n = javaName(f.name());
        String N = cap(n);
        String K = key(owner, f);
        String label = owner + "." + f.name();
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("w.write(").append(K).append("_present).bool(v.has").append(N).append("());\n");
            b.append(ind).append("if (v.has").append(N).append("()) {\n");
            ind += "    ";
        }
        Type t = f.type();
        String get = "v." + n + "()";
        String out = "w.write(" + K + ")";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(out).append(switch (s.primitive()) {
                case I8 -> ".int8(" + get + ")";
                case U8, I16 -> ".int16(" + get + ")";
                case U16, I32 -> ".int32(" + get + ")";
                case U32, I64, U64, TIMESTAMP -> ".int64(" + get + ")";
                case F32 -> ".float32(" + get + ")";
                case F64 -> ".float64(" + get + ")";
                case BOOL -> ".bool(" + get + ")";
            }).append(";\n");
        } else if (t instanceof Type.Decimal d) {
            b.append(ind).append(out).append(".int64(").append(get).append(");\n");
            if (!d.fixedExponent()) b.append(ind).append("w.write(").append(K).append("_exponent).int8(v.").append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef) {
            b.append(ind).append(out).append(".asEnum(").append(get).append(");\n");
        } else if (t instanceof Type.SetRef) {
            b.append(ind).append(out).append(".int64(").append(get).append(");\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("ascii(").append(out).append(", ").append(get).append(", ").append(a.length()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Text x) {
            b.append(ind).append("text(").append(out).append(", ").append(get).append(", ").append(x.maxBytes()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Bytes x) {
            b.append(ind).append("bytes(").append(out).append(", ").append(get).append(", v.").append(n).append("Length(), ").append(x.maxLength())
                    .append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append(out).append(".marshallable(m_").append(c.def().name()).append(".of(").append(get).append("));\n");
        } else if (t instanceof Type.Group g) {
            if (raw) {
                b.append(ind).append(out).append(".int32(v.").append(n).append("Count());\n");
                b.append(ind).append("for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) w.getValueOut().marshallable(m_")
                        .append(g.entry().name()).append(".of(v.").append(n).append("(i)));\n");
            } else {
                b.append(ind).append(out).append(".sequence(v, w_").append(owner).append('_').append(n).append(");\n");
            }
        }
        if (f.optional()) b.append("        }\n");
    }

    private void read(StringBuilder b, String owner, Field f, String ind) {
        String n = javaName(f.name());
        String N = cap(n);
        String K = key(owner, f);
        String label = owner + "." + f.name();
        Type t = f.type();
        if (f.optional()) {
            if (raw) b.append(ind).append("left(w, 1, \"").append(label).append(" (presence)\");\n");
            b.append(ind).append("if (").append(readBool(K + "_present")).append(") {\n");
            String inner = ind + "    ";
            if (raw && rawSize(t) > 0) b.append(inner).append("left(w, ").append(rawSize(t)).append(", \"").append(label).append("\");\n");
            readValue(b, owner, f, inner, n, N, K, label, t);
            if (t instanceof Type.Ascii || t instanceof Type.Text || t instanceof Type.Bytes || t instanceof Type.CompositeRef) {
                b.append(inner).append("t.has").append(N).append("(true);\n");
            }
            b.append(ind).append("} else {\n").append(ind).append("    t.clear").append(N).append("();\n").append(ind).append("}\n");
        } else {
            readValue(b, owner, f, ind, n, N, K, label, t);
        }
    }

    /** A flag's value as an expression (the text wires check its bytes). */
    private String readBool(String K) {
        if (!strict) return "in(w, " + K + ").bool()";
        return "flag(w, " + K + ")";
    }

    private void readValue(StringBuilder b, String owner, Field f, String ind, String n, String N, String K, String label, Type t) {
        String set = "t." + n;
        String in = "in(w, " + K + ")";
        if (t instanceof Type.Scalar s) {
            switch (s.primitive()) {
                case I8 -> integer(b, ind, set, K, "int8()", "byte", 3, label, null);
                case I16 -> integer(b, ind, set, K, "int16()", "short", 5, label, null);
                case I32 -> integer(b, ind, set, K, "int32()", "int", 10, label, null);
                case I64, U64, TIMESTAMP -> integer(b, ind, set, K, "int64()", "long", 19, label, null);
                case U8 -> integer(b, ind, set, K, "int16()", "short", 5, label, "0, 0xFF");
                case U16 -> integer(b, ind, set, K, "int32()", "int", 10, label, "0, 0xFFFF");
                case U32 -> integer(b, ind, set, K, "int64()", "long", 19, label, "0, 0xFFFFFFFFL");
                // BinaryWire's float32() (Chronicle Wire 2026.7) tests the type byte's high bits as code >> 16, not
                // >> 4 as its float64() does, so every value it reads goes through readTextAsDouble: rendered as text
                // and parsed with Double.parseDouble, about 2 KB allocated per Car. float64() reads the same codes
                // (float, integer, text) without that; the float's value narrowed back is the one written, since a
                // double's rounding of a quotient, rounded to float, is the float's own rounding (53 >= 2 x 24 + 2).
                case F32 -> b.append(ind).append(set).append('(').append(variant.kind() == WireVariant.Kind.BINARY
                        ? "(float) " + in + ".float64());\n" : in + ".float32());\n");
                case F64 -> b.append(ind).append(set).append('(').append(in).append(".float64());\n");
                case BOOL -> b.append(ind).append(set).append('(').append(readBool(K)).append(");\n");
            }
        } else if (t instanceof Type.Decimal d) {
            integer(b, ind, set, K, "int64()", "long", 19, label, null);
            if (!d.fixedExponent()) integer(b, ind, set + "Exponent", K + "_exponent", "int8()", "byte", 3, label + " (exponent)", null);
        } else if (t instanceof Type.EnumRef e) {
            b.append(ind).append(set).append("(enumValue(w, ").append(in).append(", ").append(e.def().name()).append(".class, \"").append(label).append("\"));\n");
        } else if (t instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append("{\n");
            integerInto(b, ind + "    ", K, "int64()", "long", 19, label);
            b.append(ind).append("    ").append(set).append("(bits(x, 0x").append(Long.toHexString(allowed)).append("L, \"").append(label).append("\"));\n");
            b.append(ind).append("}\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("readAscii(w, ").append(in).append(", ").append(set).append("(), ").append(a.length()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Text x) {
            b.append(ind).append("readText(w, ").append(in).append(", ").append(set).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Bytes x) {
            b.append(ind).append("{\n").append(ind).append("    int len = readBytes(w, ").append(in).append(", ").append(x.maxLength()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("    copyBytes(").append(set).append("Length(len), len);\n").append(ind).append("}\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("nested(w, ").append(in).append(", m_").append(c.def().name()).append(".of(").append(set).append("()), \"").append(label).append("\");\n");
        } else if (t instanceof Type.Group g) {
            String E = g.entry().name();
            if (raw) {
                b.append(ind).append("{\n");
                b.append(ind).append("    net.openhft.chronicle.wire.ValueIn in = ").append(in).append(";\n");
                b.append(ind).append("    left(w, 4, \"").append(label).append(" (count)\");\n");
                b.append(ind).append("    int c = count(w, in.int32(), ").append(g.maxCount()).append(", \"").append(label).append("\");\n");
                b.append(ind).append("    t.clear").append(N).append("();\n");
                b.append(ind).append("    for (int i = 0; i < c; i++) nested(w, w.getValueIn(), m_").append(E).append(".of(t.add").append(N).append("()), \"")
                        .append(label).append("\");\n");
                b.append(ind).append("}\n");
            } else {
                b.append(ind).append("t.clear").append(N).append("();\n");
                b.append(ind).append("if (!").append(in).append(".sequence(t, r_").append(owner).append('_').append(n)
                        .append(")) throw new IllegalStateException(\"").append(label).append(" is not a list\");\n");
            }
        }
    }

    /** Reads an integer into {@code set}, checked as the text wires check it and, for an unsigned type, against its range. */
    private void integer(StringBuilder b, String ind, String set, String K, String call, String javaType, int digits, String label, String range) {
        if (!strict && range == null) {
            b.append(ind).append(set).append("(in(w, ").append(K).append(").").append(call).append(");\n");
            return;
        }
        b.append(ind).append("{\n");
        integerInto(b, ind + "    ", K, call, javaType, digits, label);
        String value = range == null ? "x" : "(" + javaType + ") range(x, " + range + ", \"" + label + "\")";
        b.append(ind).append("    ").append(set).append('(').append(value).append(");\n");
        b.append(ind).append("}\n");
    }

    /** Declares {@code x}, the integer read (its bytes checked on the text wires). */
    private void integerInto(StringBuilder b, String ind, String K, String call, String javaType, int digits, String label) {
        if (!strict) {
            b.append(ind).append(javaType).append(" x = in(w, ").append(K).append(").").append(call).append(";\n");
            return;
        }
        b.append(ind).append("net.openhft.chronicle.wire.ValueIn in = in(w, ").append(K).append(");\n");
        b.append(ind).append("long at = at(w);\n");
        b.append(ind).append(javaType).append(" x = in.").append(call).append(";\n");
        b.append(ind).append("integer(w, at, x, ").append(digits).append(", \"").append(label).append("\");\n");
    }

    /** RawWire: the most bytes a value of the type takes, for the room check before writing. */
    private void max(StringBuilder b, String type, List<Field> fields) {
        b.append("    private static long max").append(type).append('(').append(type).append(" v, boolean exact) {\n");
        long constant = 0;
        StringBuilder dynamic = new StringBuilder();
        for (Field f : fields) {
            String n = javaName(f.name());
            Type t = f.type();
            String get = "v." + n + "()";
            int size = rawSize(t);
            if (t instanceof Type.EnumRef e) size = 5 + longestName(e.def());
            if (f.optional()) constant += 1;
            String guard = f.optional() ? "if (v.has" + cap(n) + "()) " : "";
            if (size > 0) {
                if (f.optional()) dynamic.append("        ").append(guard).append("m += ").append(size).append(";\n");
                else constant += size;
            } else if (t instanceof Type.Ascii || t instanceof Type.Text) {
                int bound = t instanceof Type.Text x ? x.maxBytes() : ((Type.Ascii) t).length();
                // RawWire 8-bit writes the text's strict UTF-8 (a surrogate pair in 4 bytes), RawWire UTF-8 Chronicle's (3 a char)
                String count = variant == WireVariant.rwire8bit ? "org.wireshootout.codec.chronicle.ChronicleGenerated.maxText(" : "maxText(";
                dynamic.append("        ").append(guard).append("m += ").append(count).append(get).append(", ").append(bound).append(", exact);\n");
            } else if (t instanceof Type.Bytes) {
                dynamic.append("        ").append(guard).append("m += 5 + v.").append(n).append("Length();\n");
            } else if (t instanceof Type.CompositeRef c) {
                dynamic.append("        ").append(guard).append("m += 4 + max").append(c.def().name()).append('(').append(get).append(", exact);\n");
            } else if (t instanceof Type.Group g) {
                constant += 4;
                dynamic.append("        for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) m += 4 + max").append(g.entry().name())
                        .append("(v.").append(n).append("(i), exact);\n");
            } else {
                throw new IllegalArgumentException(t.describe());
            }
        }
        b.append("        long m = ").append(constant).append("L;\n").append(dynamic).append("        return m;\n    }\n\n");
    }

    private static int longestName(EnumDef e) {
        int n = 0;
        for (EnumDef.Value v : e.values()) n = Math.max(n, javaName(v.name()).length());
        return n;
    }
}
