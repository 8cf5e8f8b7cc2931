package org.wireshootout.codec.bson;

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
 * BSON codecs generated from a message schema, written as the hand-written {@code bson} row is: the library's
 * {@code BsonBinaryWriter} and {@code BsonBinaryReader} over the caller's buffer, through the row's own plumbing
 * ({@link BsonGenerated}), no {@code Document} and no codec registry. A message is one document whose keys are the
 * schema's field names, written in the schema's order and read in any order; an unknown, repeated or missing field, or
 * a value of another BSON type or outside its schema type, is refused, as the row's reader refuses them.
 *
 * <p>Per type: integers of up to 32 bits (signed, and unsigned of 8 and 16) as int32; u32, i64, timestamps (nanoseconds
 * since 1970: BSON's date-time holds milliseconds) and fixed-exponent decimal mantissas as int64; u64 and sets as the
 * int64 of their 64 bits (BSON has no unsigned type); f64 as a double and f32 as the double of its value (BSON has no
 * float); bool as a boolean; an enum by its value's name, as the row writes the side; ascii and text as strings; bytes
 * as binary of the generic subtype; a decimal with its own exponent as a decimal128 (BSON's decimal type) of the same
 * coefficient and exponent; a composite as an embedded document; a group as an array of documents; an optional field
 * left out when absent. BSON carries every construct, so no message is refused.
 */
public final class BsonGenerator implements CodecBackend {
    private final String library;
    private final boolean chronicleBytes;

    /** The {@code bson} row's way: the writer over the caller's buffer. */
    public BsonGenerator() {
        this("bson", false);
    }

    private BsonGenerator(String library, boolean chronicleBytes) {
        this.library = library;
        this.chronicleBytes = chronicleBytes;
    }

    /**
     * The {@code bsonCBytes} row's way: the same documents, the writer writing through the row's {@code BsonOutput}
     * over a Chronicle {@code Bytes} on the caller's memory ({@link BsonGenerated#BsonGenerated(String, boolean)},
     * as {@link BsonBytesCodec}), the reader as the {@code bson} row's.
     */
    public static BsonGenerator chronicleBytes() {
        return new BsonGenerator("bsonCBytes", true);
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    /**
     * A union's stream in BSON, which has no union of its own: a document of one field, named as the member, whose value
     * is the member's document ({@code {"TradeReport": {...}}}, type 0x03 embedded document): the document's length,
     * the field's type and name, the member's document, the closing 0x00. A reader takes only that: the length equal
     * to the message's, one member's field exactly, the closing byte last.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        java.util.List<byte[]> tags = new java.util.ArrayList<>();
        for (MessageDef m : union.members()) {
            byte[] name = m.name().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] t = new byte[name.length + 2];
            t[0] = 0x03;
            System.arraycopy(name, 0, t, 1, name.length);
            tags.add(t);
        }
        org.wireshootout.generator.spi.UnionCodecSource.Framing keys = org.wireshootout.generator.spi.UnionCodecSource.fixedTags("", union, tags, new byte[] {0});
        String encode = """
                byte[] tag = TAGS[position];
                int room = dst.capacity() - offset;
                if (4 + tag.length + 1 > room) throw new EncodeOverflowException(name, room, null);
                dst.putBytes(offset + 4, tag);
                int n = 4 + tag.length;
                """;
        String end = """
                int total = n + body + 1;
                if (total > dst.capacity() - offset) throw new EncodeOverflowException(name, dst.capacity() - offset, null);
                dst.putByte(offset + n + body, (byte) 0);
                dst.putInt(offset, total, java.nio.ByteOrder.LITTLE_ENDIAN);
                return total;
                """;
        String decode = """
                if (length < 5) throw new DecodeException(name, 0, "a document of " + length + " bytes is shorter than any %1$s writes");
                int declared = src.getInt(offset, java.nio.ByteOrder.LITTLE_ENDIAN);
                if (declared != length) throw new DecodeException(name, 0, "the document says " + declared + " bytes; the message has " + length);
                int position = org.wireshootout.codec.UnionTags.match(src, offset, length, 4, TAGS);
                if (position < 0) throw new DecodeException(name, 4, "not a field named as a member of %1$s holding a document");
                int n = 4 + TAGS[position].length;
                int tail = 1;
                if (length - n < tail || src.getByte(offset + length - 1) != 0) throw new DecodeException(name, length - 1, "the document does not end with 0x00");
                """.formatted(union.name());
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, library, union, BsonGenerator.class,
                new org.wireshootout.generator.spi.UnionCodecSource.Framing(
                        "a document of one field, named as the member, holding the member's document.", keys.fields(), encode, decode, end));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<EnumDef> enums = new LinkedHashSet<>();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        collect(m.fields(), enums, types);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(BsonGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.bson.BsonReader;\nimport org.bson.BsonType;\nimport org.bson.BsonWriter;\n");
        b.append("import org.wireshootout.codec.bson.BsonGenerated;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": one BSON document through the library's binary writer and reader, keyed by field name. */\n");
        b.append("public final class ").append(M).append("Codec extends BsonGenerated<").append(M).append("> {\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            b.append("    private static final String[] ").append(t.getKey().toUpperCase()).append("_FIELDS = {");
            for (Field f : t.getValue()) b.append('"').append(f.name()).append("\", ");
            b.append("};\n");
        }
        for (EnumDef e : enums) {
            String E = e.name().toUpperCase();
            b.append("    private static final ").append(e.name()).append("[] ").append(E).append("_VALUES = ").append(e.name()).append(".values();\n");
            b.append("    private static final String[] ").append(E).append("_NAMES = new String[").append(E).append("_VALUES.length];\n");
            b.append("    static {\n        for (int i = 0; i < ").append(E).append("_VALUES.length; i++) ").append(E).append("_NAMES[i] = ")
                    .append(E).append("_VALUES[i].name();\n    }\n");
        }
        b.append("\n    public ").append(M).append("Codec(String name) {\n        super(name").append(chronicleBytes ? ", true" : "").append(");\n    }\n\n");
        b.append("    @Override\n    protected void writeMessage(BsonWriter w, ").append(M).append(" v) {\n        writeDoc").append(M).append("(w, v);\n    }\n\n");
        b.append("    @Override\n    protected void readMessage(BsonReader r, ").append(M).append(" t) {\n        readDoc").append(M).append("(r, t);\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) methods(b, t.getKey(), t.getValue());
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
        String T = type.toUpperCase();
        b.append("    void writeDoc").append(type).append("(BsonWriter w, ").append(type).append(" v) {\n");
        b.append("        w.writeStartDocument();\n");
        for (Field f : fields) write(b, f, type);
        b.append("        w.writeEndDocument();\n    }\n\n");

        b.append("    void readDoc").append(type).append("(BsonReader r, ").append(type).append(" t) {\n");
        b.append("        r.readStartDocument();\n");
        int banks = (fields.size() + 63) / 64;
        for (int k = 0; k < banks; k++) b.append("        long s").append(k).append(" = 0;\n");
        b.append("        BsonType type;\n");
        b.append("        while ((type = r.readBsonType()) != BsonType.END_OF_DOCUMENT) {\n");
        b.append("            String name = r.readName();\n");
        b.append("            switch (name) {\n");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            String s = "s" + (i / 64);
            String bit = "0x" + Long.toHexString(1L << (i % 64)) + "L";
            b.append("                case \"").append(f.name()).append("\" -> {\n");
            b.append("                    if ((").append(s).append(" & ").append(bit).append(") != 0) throw error(\"").append(type).append(": field '")
                    .append(f.name()).append("' appears twice\");\n");
            b.append("                    ").append(s).append(" |= ").append(bit).append(";\n");
            read(b, f, type);
            b.append("                }\n");
        }
        b.append("                default -> throw error(\"").append(type).append(": unknown field '\" + name + \"'\");\n");
        b.append("            }\n        }\n");
        b.append("        r.readEndDocument(); // the library checks the document's length against what it read\n");
        for (int k = 0; k < banks; k++) {
            long required = 0;
            for (int i = 64 * k; i < Math.min(fields.size(), 64 * k + 64); i++) if (!fields.get(i).optional()) required |= 1L << (i % 64);
            if (required == 0) continue;
            String r = "0x" + Long.toHexString(required) + "L";
            b.append("        if ((s").append(k).append(" & ").append(r).append(") != ").append(r).append(") throw error(\"").append(type)
                    .append(": missing field(s) \" + missing(s").append(k).append(", ").append(r).append(", ").append(T)
                    .append("_FIELDS, ").append(64 * k).append("));\n");
        }
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (!f.optional()) continue;
            b.append("        if ((s").append(i / 64).append(" & 0x").append(Long.toHexString(1L << (i % 64))).append("L) == 0) t.clear")
                    .append(cap(javaName(f.name()))).append("(); // absent: left out by the writer\n");
        }
        b.append("    }\n\n");
    }

    private static void write(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String key = '"' + f.name() + '"';
        String label = owner + "." + f.name();
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("if (v.has").append(N).append("()) {\n");
            ind += "    ";
        }
        Type t = f.type();
        String get = "v." + n + "()";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(switch (s.primitive()) {
                case I8, I16, I32, U8, U16 -> "w.writeInt32(" + key + ", " + get + ");";
                case I64, U32, U64, TIMESTAMP -> "w.writeInt64(" + key + ", " + get + ");";
                case F32, F64 -> "w.writeDouble(" + key + ", " + get + ");";
                case BOOL -> "w.writeBoolean(" + key + ", " + get + ");";
            }).append('\n');
        } else if (t instanceof Type.Decimal d) {
            if (d.fixedExponent()) b.append(ind).append("w.writeInt64(").append(key).append(", ").append(get).append(");\n");
            else b.append(ind).append("writeDecimal(w, ").append(key).append(", ").append(get).append(", v.").append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef) {
            b.append(ind).append("w.writeString(").append(key).append(", ").append(get).append(".name());\n");
        } else if (t instanceof Type.SetRef) {
            b.append(ind).append("w.writeInt64(").append(key).append(", ").append(get).append(");\n");
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("writeAscii(w, ").append(key).append(", ").append(get).append(", ").append(a.length()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Text) {
            b.append(ind).append("w.writeString(").append(key).append(", ").append(get).append(".toString());\n");
        } else if (t instanceof Type.Bytes) {
            b.append(ind).append("writeBinary(w, ").append(key).append(", ").append(get).append(", v.").append(n).append("Length());\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("w.writeName(").append(key).append(");\n");
            b.append(ind).append("writeDoc").append(c.def().name()).append("(w, ").append(get).append(");\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("w.writeStartArray(").append(key).append(");\n");
            b.append(ind).append("for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) writeDoc").append(g.entry().name())
                    .append("(w, v.").append(n).append("(i));\n");
            b.append(ind).append("w.writeEndArray();\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private static void read(StringBuilder b, Field f, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = "\"" + owner + "." + f.name() + "\"";
        String ind = "                    ";
        String set = "t." + n;
        String has = f.optional() ? " t.has" + N + "(true);" : "";
        Type ty = f.type();
        if (ty instanceof Type.Scalar s) {
            String v = switch (s.primitive()) {
                case I8 -> "(byte) int32(r, type, Byte.MIN_VALUE, Byte.MAX_VALUE, " + label + ")";
                case I16 -> "(short) int32(r, type, Short.MIN_VALUE, Short.MAX_VALUE, " + label + ")";
                case I32 -> "int32(r, type, Integer.MIN_VALUE, Integer.MAX_VALUE, " + label + ")";
                case U8 -> "(short) int32(r, type, 0, 0xFF, " + label + ")";
                case U16 -> "int32(r, type, 0, 0xFFFF, " + label + ")";
                case U32 -> "int64(r, type, 0, 0xFFFFFFFFL, " + label + ")";
                case I64, U64, TIMESTAMP -> "int64(r, type, Long.MIN_VALUE, Long.MAX_VALUE, " + label + ")";
                case F32 -> "f32(r, type, " + label + ")";
                case F64 -> "f64(r, type, " + label + ")";
                case BOOL -> "bool(r, type, " + label + ")";
            };
            b.append(ind).append(set).append('(').append(v).append(");\n");
        } else if (ty instanceof Type.Decimal d) {
            if (d.fixedExponent()) {
                b.append(ind).append(set).append("(int64(r, type, Long.MIN_VALUE, Long.MAX_VALUE, ").append(label).append("));\n");
            } else {
                b.append(ind).append("decimal(r, type, ").append(label).append(");\n");
                b.append(ind).append(set).append("(mantissa());\n");
                b.append(ind).append(set).append("Exponent(exponent());\n");
            }
        } else if (ty instanceof Type.EnumRef e) {
            String E = e.def().name().toUpperCase();
            b.append(ind).append(set).append('(').append(E).append("_VALUES[enumIndex(r, type, ").append(E).append("_NAMES, ").append(label).append(")]);\n");
        } else if (ty instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            b.append(ind).append(set).append("(set(r, type, 0x").append(Long.toHexString(allowed)).append("L, ").append(label).append("));\n");
        } else if (ty instanceof Type.Ascii a) {
            b.append(ind).append("ascii(r, type, t.").append(n).append("(), ").append(a.length()).append(", ").append(label).append(");").append(has).append('\n');
        } else if (ty instanceof Type.Text x) {
            b.append(ind).append("text(r, type, t.").append(n).append("(), ").append(x.maxBytes()).append(", ").append(label).append(");").append(has).append('\n');
        } else if (ty instanceof Type.Bytes x) {
            b.append(ind).append("byte[] bytes = binary(r, type, ").append(x.maxLength()).append(", ").append(label).append(");\n");
            b.append(ind).append("System.arraycopy(bytes, 0, ").append(set).append("Length(bytes.length), 0, bytes.length);\n");
        } else if (ty instanceof Type.CompositeRef c) {
            b.append(ind).append("expect(type, BsonType.DOCUMENT, ").append(label).append(");\n");
            b.append(ind).append("readDoc").append(c.def().name()).append("(r, t.").append(n).append("());").append(has).append('\n');
        } else if (ty instanceof Type.Group g) {
            b.append(ind).append("expect(type, BsonType.ARRAY, ").append(label).append(");\n");
            b.append(ind).append("t.clear").append(N).append("();\n");
            b.append(ind).append("r.readStartArray();\n");
            b.append(ind).append("for (BsonType e = r.readBsonType(); e != BsonType.END_OF_DOCUMENT; e = r.readBsonType()) {\n");
            b.append(ind).append("    count(t.").append(n).append("Count(), ").append(g.maxCount()).append(", ").append(label).append(");\n");
            b.append(ind).append("    expect(e, BsonType.DOCUMENT, ").append(label).append(");\n");
            b.append(ind).append("    readDoc").append(g.entry().name()).append("(r, t.add").append(N).append("());\n");
            b.append(ind).append("}\n");
            b.append(ind).append("r.readEndArray();\n");
        }
    }
}
