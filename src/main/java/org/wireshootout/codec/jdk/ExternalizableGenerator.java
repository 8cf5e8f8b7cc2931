package org.wireshootout.codec.jdk;

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
 * JDK-serialisation codecs generated from a message schema, written as the hand-written {@code externalizable} row
 * ({@link ExternalizableData}, {@link JavaSerializationCodec}) is: an {@link java.io.Externalizable} adapter for the
 * message, whose {@code writeExternal} and {@code readExternal} write and read the fields by hand with
 * {@code DataOutput} / {@code DataInput} calls in the schema's order with no names, each message one whole
 * serialisation stream through the same reused streams over the caller's buffer ({@link CallerStreams}) and the same
 * kind of filter ({@link ExternalizableGenerated}). {@code ObjectInputStream} makes a new adapter per message, through its
 * public no-argument constructor, with a new message inside it; the codec copies that into the caller's target, as the
 * row copies its adapter into its target.
 *
 * <p>Per type: {@code writeByte}, {@code writeShort}, {@code writeInt}, {@code writeLong} for the integers of 8 to 64
 * bits (unsigned ones read back unsigned), timestamps and decimal mantissas as {@code writeLong}, a decimal's own
 * exponent as {@code writeByte}, {@code writeFloat} / {@code writeDouble}, {@code writeBoolean} (read strictly: 0 or 1),
 * an enum's ordinal in one byte (as the row writes its side; two or four for enums of more than 256 values), a set's
 * bits in its encoding's width, {@code ascii(N)} as its N bytes, text through {@code writeUTF} as the row's text,
 * bytes as an int length and the bytes, a composite inline, a group as an unsigned short count and its entries, and a
 * presence boolean before an optional field. What {@code DataInput} does not check the adapter does: enum indices, set
 * bits, ascii bytes, text and counts against the schema, and that the object's data is all read.
 *
 * <p>Refused: text whose bound may need more than the 65535 bytes of modified UTF-8 that {@code writeUTF} takes
 * (bounds above 32767 bytes: a NUL is two bytes there).
 */
public final class ExternalizableGenerator implements CodecBackend {
    /** The longest text bound whose modified UTF-8 (up to two bytes per byte of UTF-8) always fits writeUTF's 65535. */
    static final int MAX_TEXT = 65535 / 2;

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return refused(message.name(), message.fields(), new LinkedHashSet<>());
    }

    private static String refused(String owner, List<Field> fields, Set<CompositeDef> seen) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.Text x && x.maxBytes() > MAX_TEXT) {
                return "field " + owner + "." + f.name() + ": text(" + x.maxBytes() + ") may need more than the 65535 bytes of modified UTF-8"
                        + " that DataOutput.writeUTF, the row's text call, can write (bounds up to " + MAX_TEXT + " are carried)";
            }
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && seen.add(c)) {
                String why = refused(c.name(), c.fields(), seen);
                if (why != null) return why;
            }
        }
        return null;
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<EnumDef> enums = new LinkedHashSet<>();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        collect(m.fields(), enums, types);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage("externalizable")).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(ExternalizableGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import java.io.Externalizable;\nimport java.io.IOException;\nimport java.io.InputStream;\nimport java.io.ObjectInput;\n");
        b.append("import java.io.ObjectInputFilter;\nimport java.io.ObjectInputStream;\nimport java.io.ObjectOutput;\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.jdk.ExternalizableGenerated;\nimport org.wireshootout.codec.jdk.ObjectReader;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The externalizable row of message ").append(M).append(": an Externalizable adapter writing the fields with DataOutput calls. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        for (EnumDef e : enums) {
            b.append("    private static final ").append(e.name()).append("[] ").append(e.name().toUpperCase()).append("_VALUES = ").append(e.name()).append(".values();\n");
        }
        b.append("    private final ExternalizableGenerated streams;\n");
        b.append("    private final SerialForm writer = new SerialForm(null);\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        streams = new ExternalizableGenerated(name, SerialForm.class, ")
                .append(maxBytes(m.fields())).append("L, new SerialFormReader());\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        writer.message = value;\n        try {\n            return streams.write(writer, dst, offset);\n        } finally {\n            writer.message = null;\n        }\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        copy").append(M).append("(((SerialForm) streams.read(src, offset, length)).message, target);\n    }\n\n");
        b.append("    /** DefaultObjectReader's call, made from this class so that the stream finds the adapter in this class's loader. */\n");
        b.append("    static final class SerialFormReader implements ObjectReader {\n");
        b.append("        @Override\n        public Object read(InputStream in, ObjectInputFilter filter) throws IOException, ClassNotFoundException {\n");
        b.append("            ObjectInputStream ois = new ObjectInputStream(in);\n            ois.setObjectInputFilter(filter);\n            return ois.readObject();\n        }\n    }\n\n");
        b.append("    /** The message as ObjectOutputStream writes it and ObjectInputStream makes it anew for each read. */\n");
        b.append("    public static final class SerialForm implements Externalizable {\n");
        b.append("        private static final long serialVersionUID = 1L;\n        ").append(M).append(" message;\n\n");
        b.append("        public SerialForm() {\n            message = new ").append(M).append("();\n        }\n\n");
        b.append("        SerialForm(").append(M).append(" message) {\n            this.message = message;\n        }\n\n");
        b.append("        @Override\n        public void writeExternal(ObjectOutput out) throws IOException {\n            write").append(M).append("(out, message);\n        }\n\n");
        b.append("        @Override\n        public void readExternal(ObjectInput in) throws IOException {\n            read").append(M)
                .append("(in, message);\n            ExternalizableGenerated.end(in);\n        }\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            methods(b, t.getKey(), t.getValue());
            GeneratedCopy.method(b, t.getKey(), t.getValue(), false);
        }
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

    private static void methods(StringBuilder b, String type, List<Field> fields) {
        b.append("    static void write").append(type).append("(ObjectOutput out, ").append(type).append(" v) throws IOException {\n");
        for (Field f : fields) write(b, f, type);
        b.append("    }\n\n");
        b.append("    static void read").append(type).append("(ObjectInput in, ").append(type).append(" t) throws IOException {\n");
        for (Field f : fields) read(b, f, type);
        b.append("    }\n\n");
    }

    /** Bytes of an enum's ordinal: one for up to 256 values (as the row's side), else two or four. */
    private static int enumWidth(EnumDef e) {
        int n = e.values().size();
        return n <= 256 ? 1 : n <= 65536 ? 2 : 4;
    }

    private static void write(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = "\"" + owner + "." + f.name() + "\"";
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("out.writeBoolean(v.has").append(N).append("());\n");
            b.append(ind).append("if (v.has").append(N).append("()) {\n");
            ind += "    ";
        }
        Type t = f.type();
        String get = "v." + n + "()";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(switch (s.primitive()) {
                case I8, U8 -> "out.writeByte(" + get + ");";
                case I16, U16 -> "out.writeShort(" + get + ");";
                case I32 -> "out.writeInt(" + get + ");";
                case U32 -> "out.writeInt((int) " + get + ");";
                case I64, U64, TIMESTAMP -> "out.writeLong(" + get + ");";
                case F32 -> "out.writeFloat(" + get + ");";
                case F64 -> "out.writeDouble(" + get + ");";
                case BOOL -> "out.writeBoolean(" + get + ");";
            }).append('\n');
        } else if (t instanceof Type.Decimal d) {
            b.append(ind).append("out.writeLong(").append(get).append(");\n");
            if (!d.fixedExponent()) b.append(ind).append("out.writeByte(v.").append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef e) {
            String call = switch (enumWidth(e.def())) {
                case 1 -> "writeByte";
                case 2 -> "writeShort";
                default -> "writeInt";
            };
            b.append(ind).append("out.").append(call).append('(').append(get).append(".ordinal());\n");
        } else if (t instanceof Type.SetRef st) {
            b.append(ind).append(switch (st.def().encoding()) {
                case U8 -> "out.writeByte((int) " + get + ");";
                case U16 -> "out.writeShort((int) " + get + ");";
                case U32 -> "out.writeInt((int) " + get + ");";
                default -> "out.writeLong(" + get + ");";
            }).append('\n');
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("ExternalizableGenerated.writeAscii(out, ").append(get).append(", ").append(a.length()).append(", ").append(label).append(");\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append("ExternalizableGenerated.writeText(out, ").append(get).append(");\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append("out.writeInt(v.").append(n).append("Length());\n");
            b.append(ind).append("out.write(").append(get).append(", 0, v.").append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("write").append(c.def().name()).append("(out, ").append(get).append(");\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("out.writeShort(v.").append(n).append("Count());\n");
            b.append(ind).append("for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) write").append(g.entry().name())
                    .append("(out, v.").append(n).append("(i));\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private static void read(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = "\"" + owner + "." + f.name() + "\"";
        String ind = "        ";
        Type ty = f.type();
        if (f.optional()) {
            b.append(ind).append("if (ExternalizableGenerated.readBoolean(in, ").append(label).append(")) {\n");
            ind += "    ";
        }
        String set = "t." + n;
        String has = f.optional() ? " t.has" + N + "(true);" : "";
        if (ty instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case I8 -> "in.readByte()";
                case I16 -> "in.readShort()";
                case I32 -> "in.readInt()";
                case U8 -> "(short) in.readUnsignedByte()";
                case U16 -> "in.readUnsignedShort()";
                case U32 -> "in.readInt() & 0xFFFFFFFFL";
                case I64, U64, TIMESTAMP -> "in.readLong()";
                case F32 -> "in.readFloat()";
                case F64 -> "in.readDouble()";
                case BOOL -> "ExternalizableGenerated.readBoolean(in, " + label + ")";
            };
            b.append(ind).append(set).append('(').append(v).append(");\n");
        } else if (ty instanceof Type.Decimal d) {
            b.append(ind).append(set).append("(in.readLong());\n");
            if (!d.fixedExponent()) b.append(ind).append(set).append("Exponent(in.readByte());\n");
        } else if (ty instanceof Type.EnumRef e) {
            String E = e.def().name().toUpperCase();
            String raw = switch (enumWidth(e.def())) {
                case 1 -> "in.readUnsignedByte()";
                case 2 -> "in.readUnsignedShort()";
                default -> "in.readInt()";
            };
            b.append(ind).append(set).append('(').append(E).append("_VALUES[ExternalizableGenerated.index(").append(raw).append(", ")
                    .append(E).append("_VALUES.length, ").append(label).append(")]);\n");
        } else if (ty instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            String raw = switch (st.def().encoding()) {
                case U8 -> "in.readUnsignedByte()";
                case U16 -> "in.readUnsignedShort()";
                case U32 -> "in.readInt() & 0xFFFFFFFFL";
                default -> "in.readLong()";
            };
            b.append(ind).append(set).append("(ExternalizableGenerated.set(").append(raw).append(", 0x").append(Long.toHexString(allowed))
                    .append("L, ").append(label).append("));\n");
        } else if (ty instanceof Type.Ascii a) {
            b.append(ind).append("ExternalizableGenerated.readAscii(in, ").append(set).append("(), ").append(a.length()).append(", ").append(label).append(");").append(has).append('\n');
        } else if (ty instanceof Type.Text x) {
            b.append(ind).append("ExternalizableGenerated.readText(in, ").append(set).append("(), ").append(x.maxBytes()).append(", ").append(label).append(");").append(has).append('\n');
        } else if (ty instanceof Type.Bytes x) {
            b.append(ind).append("{\n").append(ind).append("    int len = ExternalizableGenerated.count(in.readInt(), ").append(x.maxLength()).append(", ").append(label).append(");\n");
            b.append(ind).append("    in.readFully(").append(set).append("Length(len), 0, len);\n").append(ind).append("}\n");
        } else if (ty instanceof Type.CompositeRef c) {
            b.append(ind).append("read").append(c.def().name()).append("(in, ").append(set).append("());").append(has).append('\n');
        } else if (ty instanceof Type.Group g) {
            b.append(ind).append("t.clear").append(N).append("();\n");
            b.append(ind).append("for (int i = ExternalizableGenerated.count(in.readUnsignedShort(), ").append(g.maxCount()).append(", ").append(label)
                    .append("); i > 0; i--) read").append(g.entry().name()).append("(in, t.add").append(N).append("());\n");
        }
        if (f.optional()) {
            b.append("        } else {\n            t.clear").append(N).append("();\n        }\n");
        }
    }

    // ---- the stream's longest length, for the read filter

    /** The longest stream a message can be: its fields at their longest, block-data headers and {@link ExternalizableGenerated#OVERHEAD}. */
    static long maxBytes(List<Field> fields) {
        long data = size(fields);
        return data + data / 100 + 16 + ExternalizableGenerated.OVERHEAD;
    }

    private static long size(List<Field> fields) {
        long n = 0;
        for (Field f : fields) n += (f.optional() ? 1 : 0) + size(f.type());
        return n;
    }

    private static long size(Type t) {
        if (t instanceof Type.Scalar s) return s.primitive() == org.wireshootout.schema.Primitive.BOOL ? 1 : Math.max(1, s.primitive().bits() / 8);
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? 8 : 9;
        if (t instanceof Type.EnumRef e) return enumWidth(e.def());
        if (t instanceof Type.SetRef) return 8;
        if (t instanceof Type.Ascii a) return a.length();
        if (t instanceof Type.Text x) return 2 + 2L * x.maxBytes();
        if (t instanceof Type.Bytes x) return 4 + (long) x.maxLength();
        if (t instanceof Type.CompositeRef c) return size(c.def().fields());
        if (t instanceof Type.Group g) return 2 + (long) g.maxCount() * size(g.entry().fields());
        throw new IllegalArgumentException(t.describe());
    }
}
