package org.wireshootout.codec.kryo;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Kryo codecs generated from a message schema, written as the hand-written {@code kryo} row is: a {@code Serializer}
 * for the message registered under one id (no class written), {@code writeObject} / {@code readObject} over the
 * caller's array, the decoded fields set on the target the codec hands the serializer (nothing allocated), and
 * Kryo's own calls per type: {@code writeDouble}/{@code writeFloat}, {@code writeBoolean}, zigzag varints for
 * signed 32- and 64-bit integers and decimal mantissas (Kryo's default for int and long fields), positive varints
 * for unsigned integers of 32 and 64 bits, enum ordinals, set bits, counts and lengths, {@code writeByte} and
 * {@code writeShort} for the 8- and 16-bit types, a fixed {@code writeLong} for timestamps (nanoseconds since 1970
 * need 9 bytes as a varint), Kryo's string format for text ({@link KryoText}), the ASCII bytes alone for
 * {@code ascii(N)}, and a presence boolean before an optional field. Kryo carries every construct of the schema
 * language, so no message is refused.
 */
public final class KryoGenerator implements CodecBackend {

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    /**
     * A union's stream as Kryo writes an object of a registered class with {@code writeClassAndObject}: the class's
     * registration id + 2 as a varint, members registered under {@code KryoGenerated.FIRST_ID} + their position in the
     * union, then the object as the member's row writes it.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        java.util.List<byte[]> tags = new java.util.ArrayList<>();
        for (int i = 0; i < union.members().size(); i++) tags.add(org.wireshootout.generator.spi.UnionCodecSource.varint(KryoGenerated.FIRST_ID + i + 2L));
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, "kryo", union, KryoGenerator.class,
                org.wireshootout.generator.spi.UnionCodecSource.fixedTags("the class id Kryo's writeClassAndObject writes (members registered from"
                        + " KryoGenerated.FIRST_ID in the union's order), then the member's object.", union, tags, new byte[0]));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage("kryo")).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(KryoGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import com.esotericsoftware.kryo.Kryo;\nimport com.esotericsoftware.kryo.KryoException;\nimport com.esotericsoftware.kryo.Serializer;\n");
        b.append("import com.esotericsoftware.kryo.io.Input;\nimport com.esotericsoftware.kryo.io.Output;\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.kryo.KryoGenerated;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The kryo row of message ").append(M).append(": a Serializer written for it, registered under one id. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        Set<String> enums = new LinkedHashSet<>();
        Set<CompositeDef> composites = new LinkedHashSet<>();
        collect(m.fields(), enums, composites);
        for (String e : enums) b.append("    private static final ").append(e).append("[] ").append(e.toUpperCase()).append("_VALUES = ").append(e).append(".values();\n");
        b.append("    private final MessageSerializer serializer = new MessageSerializer();\n");
        b.append("    private final KryoGenerated kryo;\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        kryo = new KryoGenerated(name, ").append(M).append(".class, serializer);\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n        return kryo.write(value, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        serializer.target = target;\n        kryo.read(").append(M).append(".class, src, offset, length);\n    }\n\n");
        b.append("    static final class MessageSerializer extends Serializer<").append(M).append("> {\n        ").append(M).append(" target;\n\n");
        b.append("        @Override\n        public void write(Kryo kryo, Output out, ").append(M).append(" v) {\n            write").append(M).append("(out, v);\n        }\n\n");
        b.append("        @Override\n        public ").append(M).append(" read(Kryo kryo, Input in, Class<? extends ").append(M).append("> type) {\n");
        b.append("            ").append(M).append(" t = target;\n            read").append(M).append("(in, t);\n            return t;\n        }\n    }\n\n");
        methods(b, M, m.fields());
        for (CompositeDef c : composites) methods(b, c.name(), c.fields());
        b.append("}\n");
        return b.toString();
    }

    private static void collect(List<Field> fields, Set<String> enums, Set<CompositeDef> composites) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) enums.add(e.def().name());
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && composites.add(c)) collect(c.fields(), enums, composites);
        }
    }

    private static void methods(StringBuilder b, String type, List<Field> fields) {
        b.append("    static void write").append(type).append("(Output out, ").append(type).append(" v) {\n");
        for (Field f : fields) write(b, f, "v", type);
        b.append("    }\n\n");
        b.append("    static void read").append(type).append("(Input in, ").append(type).append(" t) {\n");
        for (Field f : fields) read(b, f, "t", type);
        b.append("    }\n\n");
    }

    private static void write(StringBuilder b, Field f, String v, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("out.writeBoolean(").append(v).append(".has").append(N).append("());\n");
            b.append(ind).append("if (").append(v).append(".has").append(N).append("()) {\n");
            ind += "    ";
        }
        Type t = f.type();
        String get = v + "." + n + "()";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(switch (s.primitive()) {
                case I8 -> "out.writeByte(" + get + ");";
                case I16 -> "out.writeShort(" + get + ");";
                case I32 -> "out.writeVarInt(" + get + ", false);";
                case I64 -> "out.writeVarLong(" + get + ", false);";
                case U8 -> "out.writeByte((byte) " + get + ");";
                case U16 -> "out.writeShort((short) " + get + ");";
                case U32, U64 -> "out.writeVarLong(" + get + ", true);";
                case F32 -> "out.writeFloat(" + get + ");";
                case F64 -> "out.writeDouble(" + get + ");";
                case BOOL -> "out.writeBoolean(" + get + ");";
                case TIMESTAMP -> "out.writeLong(" + get + ");";
            }).append('\n');
        } else if (t instanceof Type.Decimal d) {
            b.append(ind).append("out.writeVarLong(").append(get).append(", false);\n");
            if (!d.fixedExponent()) b.append(ind).append("out.writeByte(").append(v).append('.').append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef) {
            b.append(ind).append("out.writeVarInt(").append(get).append(".ordinal(), true);\n");
        } else if (t instanceof Type.SetRef) {
            b.append(ind).append("out.writeVarLong(").append(get).append(", true);\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("KryoGenerated.writeAscii(out, ").append(get).append(", ").append(a.length()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append("KryoGenerated.writeText(out, ").append(get).append(");\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append("out.writeVarInt(").append(v).append('.').append(n).append("Length(), true);\n");
            b.append(ind).append("out.writeBytes(").append(get).append(", 0, ").append(v).append('.').append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("write").append(c.def().name()).append("(out, ").append(get).append(");\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("out.writeVarInt(").append(v).append('.').append(n).append("Count(), true);\n");
            b.append(ind).append("for (int i = 0, c = ").append(v).append('.').append(n).append("Count(); i < c; i++) write")
                    .append(g.entry().name()).append("(out, ").append(v).append('.').append(n).append("(i));\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private static void read(StringBuilder b, Field f, String t, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "        ";
        Type ty = f.type();
        if (f.optional()) {
            b.append(ind).append("if (KryoGenerated.readBoolean(in, \"").append(label).append(" (presence)\")) {\n");
            ind += "    ";
        }
        String set = t + "." + n;
        if (ty instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case I8 -> "in.readByte()";
                case I16 -> "in.readShort()";
                case I32 -> "in.readVarInt(false)";
                case I64 -> "in.readVarLong(false)";
                case U8 -> "(short) (in.readByte() & 0xFF)";
                case U16 -> "in.readShort() & 0xFFFF";
                case U32 -> "KryoGenerated.readUnsigned(in, 0xFFFFFFFFL, \"" + label + "\")";
                case U64 -> "in.readVarLong(true)";
                case F32 -> "in.readFloat()";
                case F64 -> "in.readDouble()";
                case BOOL -> "KryoGenerated.readBoolean(in, \"" + label + "\")";
                case TIMESTAMP -> "in.readLong()";
            };
            b.append(ind).append(set).append('(').append(v).append(");\n");
        } else if (ty instanceof Type.Decimal d) {
            b.append(ind).append(set).append("(in.readVarLong(false));\n");
            if (!d.fixedExponent()) b.append(ind).append(set).append("Exponent(in.readByte());\n");
        } else if (ty instanceof Type.EnumRef e) {
            String E = e.def().name();
            b.append(ind).append(set).append('(').append(E.toUpperCase()).append("_VALUES[KryoGenerated.readOrdinal(in, ").append(E.toUpperCase())
                    .append("_VALUES.length, \"").append(label).append("\")]);\n");
        } else if (ty instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append(set).append("(KryoGenerated.readSet(in, 0x").append(Long.toHexString(allowed)).append("L, \"").append(label).append("\"));\n");
        } else if (ty instanceof Type.Ascii a) {
            b.append(ind).append("KryoGenerated.readAscii(in, ").append(t).append('.').append(n).append("(), ").append(a.length()).append(", \"").append(label).append("\");\n");
            if (f.optional()) b.append(ind).append(t).append(".has").append(N).append("(true);\n");
        } else if (ty instanceof Type.Text x) {
            b.append(ind).append("KryoGenerated.readText(in, ").append(t).append('.').append(n).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");\n");
            if (f.optional()) b.append(ind).append(t).append(".has").append(N).append("(true);\n");
        } else if (ty instanceof Type.Bytes x) {
            b.append(ind).append("{\n").append(ind).append("    int len = KryoGenerated.readCount(in, ").append(x.maxLength()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("    KryoGenerated.checkLeft(in, len, \"").append(label).append("\");\n");
            b.append(ind).append("    in.readBytes(").append(set).append("Length(len), 0, len);\n").append(ind).append("}\n");
        } else if (ty instanceof Type.CompositeRef c) {
            b.append(ind).append("read").append(c.def().name()).append("(in, ").append(t).append('.').append(n).append("());\n");
            if (f.optional()) b.append(ind).append(t).append(".has").append(N).append("(true);\n");
        } else if (ty instanceof Type.Group g) {
            b.append(ind).append(t).append(".clear").append(N).append("();\n");
            b.append(ind).append("for (int i = KryoGenerated.readCount(in, ").append(g.maxCount()).append(", \"").append(label).append(" (count)\"); i > 0; i--) read")
                    .append(g.entry().name()).append("(in, ").append(t).append(".add").append(N).append("());\n");
        }
        if (f.optional()) {
            b.append("        } else {\n            ").append(t).append(".clear").append(N).append("();\n        }\n");
        }
    }
}
