package org.wireshootout.codec.msgpack;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
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
 * MessagePack codecs generated from a message schema, written as the hand-written {@code msgpack} row is: msgpack-core's
 * packer and unpacker, made once and reused over the caller's buffer ({@link MsgpackGenerated}), the message as one
 * map whose keys are the schema's field names, packed in the schema's order from pre-encoded bytes and read in any
 * order (an unknown, repeated or missing key is refused, as the hand-written reader does).
 *
 * <p>Per type: integers, timestamps, sets and fixed-exponent decimal mantissas as msgpack integers in their smallest
 * form (u64 and sets as unsigned, uint64 from 2^63 on; every integer range-checked on read against its schema type); a
 * decimal with its own exponent as a map {@code {mantissa, exponent}}; f32 as float32 and f64 as float64 (every bit
 * kept: NaN, the infinities, -0.0); bool as msgpack's true/false; an enum by its value's name as a str (as the
 * hand-written row packs the side); ascii and text as str (ascii of exactly its length, text within its bound in
 * bytes, strict UTF-8 on read); bytes as bin; a composite as a nested map; a group as an array of maps (its bound
 * checked on read); an optional field left out of the map when absent (the map's size counts the fields present).
 * MessagePack carries every construct, so no message is refused.
 */
public final class MsgpackGenerator implements CodecBackend {

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    /**
     * A union's stream in MessagePack, which has no union of its own: each message a map of one entry from the member's
     * name to the member's map (the externally tagged form that MessagePack's serialisers write for a choice of
     * types). The tag (map header and name) is written from bytes made once, and a message is refused unless it starts
     * with one member's tag exactly.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        List<byte[]> tags = new java.util.ArrayList<>();
        for (MessageDef m : union.members()) {
            byte[] name = m.name().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            java.io.ByteArrayOutputStream t = new java.io.ByteArrayOutputStream();
            t.write(0x81);
            if (name.length <= 31) t.write(0xa0 | name.length);
            else if (name.length <= 255) { t.write(0xd9); t.write(name.length); }
            else { t.write(0xda); t.write(name.length >>> 8); t.write(name.length & 0xFF); }
            t.writeBytes(name);
            tags.add(t.toByteArray());
        }
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, "msgpack", union, MsgpackGenerator.class,
                org.wireshootout.generator.spi.UnionCodecSource.fixedTags("a map of one entry from the member's name to the member's map.",
                        union, tags, new byte[0]));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<EnumDef> enums = new LinkedHashSet<>();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        collect(m.fields(), enums, types);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage("msgpack")).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(MsgpackGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.msgpack.core.MessagePacker;\nimport org.msgpack.core.MessageUnpacker;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.msgpack.MsgpackGenerated;\n");
        b.append("import java.io.IOException;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The msgpack row of message ").append(M).append(": one MessagePack map through msgpack-core, keyed by field name. */\n");
        b.append("public final class ").append(M).append("Codec extends MsgpackGenerated<").append(M).append("> implements BufferCodec<").append(M).append("> {\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            b.append("    private static final byte[][] ").append(t.getKey().toUpperCase()).append("_KEYS = MsgpackGenerated.names(");
            List<Field> fields = t.getValue();
            for (int i = 0; i < fields.size(); i++) b.append(i == 0 ? "" : ", ").append('"').append(fields.get(i).name()).append('"');
            b.append(");\n");
        }
        for (EnumDef e : enums) {
            String E = e.name().toUpperCase();
            b.append("    private static final ").append(e.name()).append("[] ").append(E).append("_VALUES = ").append(e.name()).append(".values();\n");
            b.append("    private static final byte[][] ").append(E).append("_NAMES = MsgpackGenerated.names(java.util.Arrays.stream(")
                    .append(E).append("_VALUES).map(Enum::name).toArray(String[]::new));\n");
        }
        b.append("\n    public ").append(M).append("Codec(String name) {\n        super(name);\n    }\n\n");
        // the message's own fields in writeMap and readMap themselves, its composites in static methods
        for (Map.Entry<String, List<Field>> t : types.entrySet()) methods(b, t.getKey(), t.getValue(), t.getKey().equals(M));
        b.append("}\n");
        return b.toString();
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
     * The write and read of one type; for the message itself ({@code top}) they are the codec's {@code writeMap} and
     * {@code readMap}, so that no call of this class's own stands between the codec and msgpack-core's calls.
     */
    private static void methods(StringBuilder b, String type, List<Field> fields, boolean top) {
        String T = type.toUpperCase();
        int required = 0;
        for (Field f : fields) if (!f.optional()) required++;
        if (top) {
            b.append("    @Override\n    protected void writeMap(MessagePacker p, ").append(type).append(" v) throws IOException {\n");
            b.append("        MsgpackGenerated<?> w = this;\n");
        } else {
            b.append("    static void write").append(type).append("(MsgpackGenerated<?> w, MessagePacker p, ").append(type).append(" v) throws IOException {\n");
        }
        b.append("        p.packMapHeader(").append(required);
        for (Field f : fields) if (f.optional()) b.append(" + (v.has").append(cap(javaName(f.name()))).append("() ? 1 : 0)");
        b.append(");\n");
        for (int i = 0; i < fields.size(); i++) write(b, fields.get(i), i, T, type);
        b.append("    }\n\n");

        if (top) {
            b.append("    @Override\n    protected void readMap(MessageUnpacker u, int size, ").append(type).append(" t) throws IOException {\n");
            b.append("        begin(size);\n        MsgpackGenerated<?> r = this;\n");
        } else {
            b.append("    static void read").append(type).append("(MsgpackGenerated<?> r, MessageUnpacker u, ").append(type).append(" t) throws IOException {\n");
        }
        int banks = (fields.size() + 63) / 64;
        for (int k = 0; k < banks; k++) b.append("        long s").append(k).append(" = 0;\n");
        b.append("        for (int n = r.map(u, ").append(required).append(", ").append(fields.size()).append(", \"").append(type).append("\"); n > 0; n--) {\n");
        b.append("            switch (r.key(u, ").append(T).append("_KEYS, \"").append(type).append("\")) {\n");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            String s = "s" + (i / 64);
            String bit = "0x" + Long.toHexString(1L << (i % 64)) + "L";
            b.append("                case ").append(i).append(" -> {\n");
            b.append("                    if ((").append(s).append(" & ").append(bit).append(") != 0) throw r.error(u, \"").append(type).append(": field '")
                    .append(f.name()).append("' appears twice\");\n");
            b.append("                    ").append(s).append(" |= ").append(bit).append(";\n");
            read(b, f, type);
            b.append("                }\n");
        }
        b.append("                default -> throw new IllegalStateException(\"a key index beyond ").append(type).append("'s fields\");\n");
        b.append("            }\n        }\n");
        for (int k = 0; k < banks; k++) {
            long req = 0;
            for (int i = 64 * k; i < Math.min(fields.size(), 64 * k + 64); i++) if (!fields.get(i).optional()) req |= 1L << (i % 64);
            if (req == 0) continue;
            String r = "0x" + Long.toHexString(req) + "L";
            b.append("        if ((s").append(k).append(" & ").append(r).append(") != ").append(r).append(") throw r.error(u, \"").append(type)
                    .append(": missing field(s) \" + MsgpackGenerated.missing(s").append(k).append(", ").append(r).append(", ").append(T)
                    .append("_KEYS, ").append(64 * k).append("));\n");
        }
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (!f.optional()) continue;
            b.append("        if ((s").append(i / 64).append(" & 0x").append(Long.toHexString(1L << (i % 64))).append("L) == 0) t.clear")
                    .append(cap(javaName(f.name()))).append("(); // absent: left out by the writer\n");
        }
        b.append("    }\n\n");
    }

    private static void write(StringBuilder b, Field f, int index, String T, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("if (v.has").append(N).append("()) {\n");
            ind += "    ";
        }
        b.append(ind).append("packString(p, ").append(T).append("_KEYS[").append(index).append("]);\n");
        Type t = f.type();
        String get = "v." + n + "()";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(switch (s.primitive()) {
                case I8 -> "p.packByte(" + get + ");";
                case I16, U8 -> "p.packShort(" + get + ");";
                case I32, U16 -> "p.packInt(" + get + ");";
                case I64, U32, TIMESTAMP -> "p.packLong(" + get + ");";
                case U64 -> "w.unsigned(p, " + get + ");";
                case F32 -> "p.packFloat(" + get + ");";
                case F64 -> "p.packDouble(" + get + ");";
                case BOOL -> "p.packBoolean(" + get + ");";
            }).append('\n');
        } else if (t instanceof Type.Decimal d) {
            if (d.fixedExponent()) b.append(ind).append("p.packLong(").append(get).append(");\n");
            else b.append(ind).append("w.decimal(p, ").append(get).append(", v.").append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef e) {
            b.append(ind).append("packString(p, ").append(e.def().name().toUpperCase()).append("_NAMES[").append(get).append(".ordinal()]);\n");
        } else if (t instanceof Type.SetRef) {
            b.append(ind).append("w.unsigned(p, ").append(get).append(");\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("w.ascii(p, ").append(get).append(", ").append(a.length()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append("w.text(p, ").append(get).append(");\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append("w.bytes(p, ").append(get).append(", v.").append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("write").append(c.def().name()).append("(w, p, ").append(get).append(");\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("p.packArrayHeader(v.").append(n).append("Count());\n");
            b.append(ind).append("for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) write").append(g.entry().name())
                    .append("(w, p, v.").append(n).append("(i));\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private static void read(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "                    ";
        String set = "t." + n;
        String has = f.optional() ? " t.has" + N + "(true);" : "";
        Type ty = f.type();
        if (ty instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case I8 -> "(byte) r.integer(u, Byte.MIN_VALUE, Byte.MAX_VALUE, \"" + label + "\")";
                case I16 -> "(short) r.integer(u, Short.MIN_VALUE, Short.MAX_VALUE, \"" + label + "\")";
                case I32 -> "(int) r.integer(u, Integer.MIN_VALUE, Integer.MAX_VALUE, \"" + label + "\")";
                case I64, TIMESTAMP -> "r.integer(u, Long.MIN_VALUE, Long.MAX_VALUE, \"" + label + "\")";
                case U8 -> "(short) r.integer(u, 0, 0xFF, \"" + label + "\")";
                case U16 -> "(int) r.integer(u, 0, 0xFFFF, \"" + label + "\")";
                case U32 -> "r.integer(u, 0, 0xFFFFFFFFL, \"" + label + "\")";
                case U64 -> "r.unsigned(u, \"" + label + "\")";
                case F32 -> "r.f32(u, \"" + label + "\")";
                case F64 -> "r.f64(u, \"" + label + "\")";
                case BOOL -> "r.bool(u, \"" + label + "\")";
            };
            b.append(ind).append(set).append('(').append(v).append(");\n");
        } else if (ty instanceof Type.Decimal d) {
            if (d.fixedExponent()) {
                b.append(ind).append(set).append("(r.integer(u, Long.MIN_VALUE, Long.MAX_VALUE, \"").append(label).append("\"));\n");
            } else {
                b.append(ind).append("r.decimal(u, \"").append(label).append("\");\n");
                b.append(ind).append(set).append("(r.mantissa());\n");
                b.append(ind).append(set).append("Exponent(r.exponent());\n");
            }
        } else if (ty instanceof Type.EnumRef e) {
            String E = e.def().name().toUpperCase();
            b.append(ind).append(set).append('(').append(E).append("_VALUES[r.enumIndex(u, ").append(E).append("_NAMES, \"").append(label).append("\")]);\n");
        } else if (ty instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append(set).append("(r.set(u, 0x").append(Long.toHexString(allowed)).append("L, \"").append(label).append("\"));\n");
        } else if (ty instanceof Type.Ascii a) {
            b.append(ind).append("r.ascii(u, t.").append(n).append("(), ").append(a.length()).append(", \"").append(label).append("\");").append(has).append('\n');
        } else if (ty instanceof Type.Text x) {
            b.append(ind).append("r.text(u, t.").append(n).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");").append(has).append('\n');
        } else if (ty instanceof Type.Bytes x) {
            b.append(ind).append("int len = r.bytes(u, ").append(x.maxLength()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("r.payload(u, ").append(set).append("Length(len), len);\n");
        } else if (ty instanceof Type.CompositeRef c) {
            b.append(ind).append("read").append(c.def().name()).append("(r, u, t.").append(n).append("());").append(has).append('\n');
        } else if (ty instanceof Type.Group g) {
            b.append(ind).append("t.clear").append(N).append("();\n");
            b.append(ind).append("for (int i = r.array(u, ").append(g.maxCount()).append(", \"").append(label).append("\"); i > 0; i--) read")
                    .append(g.entry().name()).append("(r, u, t.add").append(N).append("());\n");
        }
    }
}
