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
import static org.wireshootout.schema.MessageClassGenerator.javaType;

/**
 * JDK-serialisation codecs generated from a message schema, written as the hand-written {@code externalizable} row
 * ({@link ExternalizableData}, {@link JavaSerializationCodec}) is: an {@link java.io.Externalizable} adapter for the
 * message, whose {@code writeExternal} and {@code readExternal} write and read the fields by hand with
 * {@code DataOutput} / {@code DataInput} calls in the schema's order with no names, each message one whole
 * serialisation stream through the same reused streams over the caller's buffer ({@link CallerStreams}) and the same
 * kind of filter ({@link ExternalizableGenerated}). {@code ObjectInputStream} makes a new adapter per message, through its
 * public no-argument constructor, which takes the decoding codec's own message (handed over in a thread-local for the
 * length of the read) rather than making one; the codec copies that into the caller's target, as the row copies its
 * adapter into its target. The {@code externalizableCBytes} way ({@link #chronicleBytes()}) is the same over Chronicle
 * {@code Bytes}; the {@code serializable} way ({@link #serializable()}) is Java's default serialisation instead.
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

    /** The three JDK-serialisation rows the backend writes codecs for. */
    private enum Way { EXTERNALIZABLE, EXTERNALIZABLE_CBYTES, SERIALIZABLE }

    private final String library;
    private final Way way;

    /** The {@code externalizable} row's way: an Externalizable adapter, streams over the caller's array. */
    public ExternalizableGenerator() {
        this("externalizable", Way.EXTERNALIZABLE);
    }

    private ExternalizableGenerator(String library, Way way) {
        this.library = library;
        this.way = way;
    }

    /**
     * The {@code externalizableCBytes} row's way: the same Externalizable adapter and stream, through Chronicle
     * {@code Bytes} over the caller's memory and its {@code outputStream()}/{@code inputStream()}
     * ({@link CallerStreams#chronicleBytes}), as {@link JavaSerializationCodec#externalizableChronicleBytes}.
     */
    public static ExternalizableGenerator chronicleBytes() {
        return new ExternalizableGenerator("externalizableCBytes", Way.EXTERNALIZABLE_CBYTES);
    }

    /**
     * The {@code serializable} row's way ({@link JavaSerializationCodec#serializable}, {@link SerializableData}): Java's
     * default serialisation of a plain {@link java.io.Serializable} class written for the message (the generated message
     * class is not serialisable), its fields found by reflection and named with their types in the class descriptor,
     * the value copied into it before each write and out of a new one after each read, as the row copies its
     * {@code SerializableData}. See {@link #serializableForm}.
     */
    public static ExternalizableGenerator serializable() {
        return new ExternalizableGenerator("serializable", Way.SERIALIZABLE);
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        String form = formName(message.name());
        if (typeNames(schema).contains(form)) {
            return "the schema names a type " + form + ", the name of the class this row writes the message as (in the message's package)";
        }
        return refused(message.name(), message.fields(), new LinkedHashSet<>(), way == Way.SERIALIZABLE);
    }

    private static Set<String> typeNames(Schema schema) {
        Set<String> names = new LinkedHashSet<>();
        schema.enums().forEach(e -> names.add(e.name()));
        schema.sets().forEach(e -> names.add(e.name()));
        schema.composites().forEach(e -> names.add(e.name()));
        schema.messages().forEach(e -> names.add(e.name()));
        schema.unions().forEach(e -> names.add(e.name()));
        return names;
    }

    private static String refused(String owner, List<Field> fields, Set<CompositeDef> seen, boolean serializable) {
        for (Field f : fields) {
            Type t = f.type();
            if (serializable && (t instanceof Type.Bytes || t instanceof Type.Group)) {
                return "field " + owner + "." + f.name() + ": " + (t instanceof Type.Bytes ? "bytes" : "a group")
                        + " would be an array (or a collection over one) in the serialisable class, and the row's read filter,"
                        + " as the hand-written serializable row's, allows no arrays";
            }
            if (!serializable && t instanceof Type.Text x && x.maxBytes() > MAX_TEXT) {
                return "field " + owner + "." + f.name() + ": text(" + x.maxBytes() + ") may need more than the 65535 bytes of modified UTF-8"
                        + " that DataOutput.writeUTF, the row's text call, can write (bounds up to " + MAX_TEXT + " are carried)";
            }
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && seen.add(c)) {
                String why = refused(c.name(), c.fields(), seen, serializable);
                if (why != null) return why;
            }
        }
        return null;
    }

    /**
     * A union's stream in Java serialisation, which needs no tag of its own: every stream names its top-level class,
     * and each member's row writes a class of its own ({@link #formName}). The union's codec reads the class name at
     * the start of the stream (after the stream header, {@code TC_OBJECT} and {@code TC_CLASSDESC}) to choose the
     * member, whose row then reads the whole stream, header and all.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        java.util.List<byte[]> tags = new java.util.ArrayList<>();
        for (MessageDef m : union.members()) {
            byte[] name = ctx.messageClass(formName(m.name())).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            java.io.ByteArrayOutputStream t = new java.io.ByteArrayOutputStream();
            t.writeBytes(new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5, 0x73, 0x72, (byte) (name.length >>> 8), (byte) name.length});
            t.writeBytes(name);
            tags.add(t.toByteArray());
        }
        String fields = org.wireshootout.generator.spi.UnionCodecSource.fixedTags("", union, tags, new byte[0]).fields();
        String decode = """
                int position = org.wireshootout.codec.UnionTags.match(src, offset, length, 0, TAGS);
                if (position < 0) throw new DecodeException(name, 0, "not a stream of one of %s's members' classes");
                int n = 0;
                """.formatted(union.name());
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, library, union, ExternalizableGenerator.class,
                new org.wireshootout.generator.spi.UnionCodecSource.Framing(
                        "none of its own: the class the stream names, one per member, read before the member's row reads the stream.",
                        fields, "int n = 0;\n", decode));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Set<EnumDef> enums = new LinkedHashSet<>();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        collect(m.fields(), enums, types);
        String F = formName(M);
        String header = "// Generated from " + ctx.schema().source().replace('\\', '/') + " by " + ExternalizableGenerator.class.getName() + "; do not edit.\n\n";
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n").append(header);
        b.append("import java.io.IOException;\nimport java.io.InputStream;\n");
        b.append("import java.io.ObjectInputFilter;\nimport java.io.ObjectInputStream;\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.jdk.ExternalizableGenerated;\nimport org.wireshootout.codec.jdk.ObjectReader;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        StringBuilder f = new StringBuilder();
        f.append("package ").append(ctx.messagePackage()).append(";\n\n").append(header);
        if (way == Way.SERIALIZABLE) {
            f.append("import java.io.IOException;\nimport java.io.ObjectInputStream;\nimport org.wireshootout.codec.jdk.ExternalizableGenerated;\n\n");
            serializableCodec(b, f, M, F, enums, types);
            ctx.addSource(ctx.messageClass(F), f.toString());
            return b.toString();
        }
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": an Externalizable adapter (").append(F)
                .append(") writing the fields with DataOutput calls. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        b.append("    private final ExternalizableGenerated streams;\n");
        b.append("    private final ").append(F).append(" writer = new ").append(F).append("(null);\n");
        b.append("    private final ").append(M).append(" read = new ").append(M).append("();\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        streams = new ExternalizableGenerated(name, ")
                .append(way == Way.EXTERNALIZABLE_CBYTES).append(", java.util.Set.of(").append(F).append(".class), ").append(F).append(".class, ")
                .append(maxBytes(m.fields())).append("L, ").append(JavaSerialization.MAX_DEPTH).append(", ").append(JavaSerialization.MAX_REFERENCES)
                .append(", new SerialFormReader());\n    }\n\n");
        b.append("    @Override\n    public org.wireshootout.codec.Labels.Memory memory() {\n        return streams.memory();\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        writer.message = value;\n        try {\n            return streams.write(writer, dst, offset);\n        } finally {\n            writer.message = null;\n        }\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        ").append(F).append(" form;\n        ").append(F).append(".READ_INTO.set(read);\n        try {\n            form = (")
                .append(F).append(") streams.read(src, offset, length);\n");
        b.append("        } finally {\n            ").append(F).append(".READ_INTO.set(null);\n        }\n");
        b.append("        copy").append(M).append("(form.message, target);\n    }\n\n");
        reader(b);
        for (Map.Entry<String, List<Field>> t : types.entrySet()) GeneratedCopy.method(b, t.getKey(), t.getValue(), false);
        b.append("}\n");

        f.append("import java.io.Externalizable;\nimport java.io.IOException;\nimport java.io.ObjectInput;\nimport java.io.ObjectOutput;\n");
        f.append("import org.wireshootout.codec.jdk.ExternalizableGenerated;\n\n");
        f.append("/**\n * Message ").append(M).append(" as the ").append(library).append(" row's ObjectOutputStream writes it and ObjectInputStream makes it anew for\n");
        f.append(" * each read. Its name is in every message and read into a new String on every read, so it sits here, as short as the\n");
        f.append(" * hand-written row's adapter's, rather than inside the codec.\n */\n");
        f.append("public final class ").append(F).append(" implements Externalizable {\n");
        f.append("    private static final long serialVersionUID = 1L;\n");
        for (EnumDef e : enums) {
            f.append("    private static final ").append(e.name()).append("[] ").append(e.name().toUpperCase()).append("_VALUES = ").append(e.name()).append(".values();\n");
        }
        f.append("    /**\n     * The message a new instance reads into, handed over on the decoding thread: the decoding codec's own, reused,\n");
        f.append("     * where ObjectInputStream's call of the public constructor would otherwise make a new message per read.\n     */\n");
        f.append("    public static final ThreadLocal<").append(M).append("> READ_INTO = new ThreadLocal<>();\n");
        f.append("    public ").append(M).append(" message;\n\n");
        f.append("    /** ObjectInputStream's way in: reads into the decoding codec's message (a new one only outside a decode). */\n");
        f.append("    public ").append(F).append("() {\n        ").append(M).append(" into = READ_INTO.get();\n        message = into != null ? into : new ")
                .append(M).append("();\n    }\n\n");
        f.append("    public ").append(F).append('(').append(M).append(" message) {\n        this.message = message;\n    }\n\n");
        f.append("    @Override\n    public void writeExternal(ObjectOutput out) throws IOException {\n        write").append(M).append("(out, message);\n    }\n\n");
        f.append("    @Override\n    public void readExternal(ObjectInput in) throws IOException {\n        read").append(M)
                .append("(in, message);\n        ExternalizableGenerated.end(in);\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) methods(f, t.getKey(), t.getValue());
        f.append("}\n");
        ctx.addSource(ctx.messageClass(F), f.toString());
        return b.toString();
    }

    /**
     * The top-level class Java serialisation names in every message of this row: {@code <Message>Externalizable},
     * {@code <Message>ExternalizableC} or {@code <Message>Serializable}, in the message's package. The name is written
     * in each stream and read into a new String on each read, so it is kept no longer than the hand-written row's
     * adapter's ({@code org.wireshootout.gen.data.DataExternalizable} against
     * {@code org.wireshootout.codec.jdk.ExternalizableData}).
     */
    String formName(String message) {
        return message + switch (way) {
            case EXTERNALIZABLE -> "Externalizable";
            case EXTERNALIZABLE_CBYTES -> "ExternalizableC";
            case SERIALIZABLE -> "Serializable";
        };
    }

    private static void reader(StringBuilder b) {
        b.append("    /** DefaultObjectReader's call, made from this class so that the stream finds the adapter in this class's loader. */\n");
        b.append("    static final class SerialFormReader implements ObjectReader {\n");
        b.append("        @Override\n        public Object read(InputStream in, ObjectInputFilter filter) throws IOException, ClassNotFoundException {\n");
        b.append("            ObjectInputStream ois = new ObjectInputStream(in);\n            ois.setObjectInputFilter(filter);\n            return ois.readObject();\n        }\n    }\n\n");
    }

    // ---- the serializable row

    /** The serialisable class of the message (its top-level form) or of a composite in it ({@code <Composite>SerialForm}, nested in that). */
    private static String form(String type, String message, String top) {
        return type.equals(message) ? top : type + "SerialForm";
    }

    /**
     * The {@code serializable} row's codec: a plain serialisable class per message and composite, written here as
     * {@link SerializableData} is written by hand: one field per schema field of the type the message class holds
     * (unsigned types one Java size up, as the message class holds them), a decimal's own exponent as a byte beside
     * its mantissa, an enum as the generated Java enum (serialised by name, as the row's side), a set as its bits in a
     * long, ascii and text as a String, a composite as a reference to its own serialisable class, an optional field
     * with a boolean {@code has<Field>} beside it (the value null or zero when absent). {@code from} copies the message
     * in before each write, into one instance reused; {@code ObjectInputStream} makes a new instance per read (and a
     * String per text), whose {@code into} copies it to the caller's target. A {@code readObject} after
     * {@code defaultReadObject} refuses what the fields can hold but the writer never writes: a null text, enum or
     * composite, an unsigned value outside its type, set bits that name no choice, ascii of another length or not
     * ASCII, text beyond its bound. The read filter allows only these classes, the message's enums and
     * {@code java.lang.Enum}, no arrays, a graph no deeper and a stream no longer than the message's shape allows.
     */
    private static void serializableCodec(StringBuilder b, StringBuilder f, String M, String F, Set<EnumDef> enums, Map<String, List<Field>> types) {
        List<Field> fields = types.get(M);
        b.append("/** The serializable row of message ").append(M).append(": Java's default serialisation of a plain Serializable class (")
                .append(F).append(") the message is copied into and out of. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        b.append("    private final ExternalizableGenerated streams;\n");
        b.append("    private final ").append(F).append(" writer = new ").append(F).append("();\n\n");
        StringBuilder allowed = new StringBuilder();
        for (String t : types.keySet()) {
            allowed.append(allowed.length() == 0 ? "" : ", ").append(t.equals(M) ? F : F + "." + form(t, M, F)).append(".class");
        }
        for (EnumDef e : enums) allowed.append(", ").append(e.name()).append(".class");
        if (!enums.isEmpty()) allowed.append(", Enum.class");
        b.append("    public ").append(M).append("Codec(String name) {\n        streams = new ExternalizableGenerated(name, false, java.util.Set.of(")
                .append(allowed).append("), ").append(F).append(".class, ").append(serialBytes(fields)).append("L, ").append(serialDepth(fields)).append(", ")
                .append(16 + 4 * serialFields(fields)).append(", new SerialFormReader());\n    }\n\n");
        b.append("    @Override\n    public org.wireshootout.codec.Labels.Memory memory() {\n        return streams.memory();\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        writer.from(value);\n        return streams.write(writer, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        ((").append(F).append(") streams.read(src, offset, length)).into(target);\n    }\n\n");
        reader(b);
        b.append("}\n");
        // the message's form top level (its name is in every message: see formName), its composites' nested in it
        StringBuilder nested = new StringBuilder();
        for (Map.Entry<String, List<Field>> t : types.entrySet()) {
            if (t.getKey().equals(M)) continue;
            StringBuilder one = new StringBuilder();
            serialForm(one, t.getKey(), form(t.getKey(), M, F), t.getValue(), M, F, "");
            nested.append('\n').append(one.toString().replaceAll("(?m)^(?=.)", "    "));
        }
        serialForm(f, M, F, fields, M, F, nested.toString());
    }

    /**
     * One serialisable class, written at the left margin: the message's (top level, {@code inner} its composites'
     * classes) or a composite's (to be nested, {@code inner} empty).
     */
    private static void serialForm(StringBuilder b, String type, String form, List<Field> fields, String M, String top, String inner) {
        b.append("/** ").append(type).append(" as a plain Serializable class: Java's default serialisation finds its fields by reflection. */\n");
        b.append(type.equals(M) ? "public final class " : "public static final class ").append(form).append(" implements java.io.Serializable {\n");
        b.append("    private static final long serialVersionUID = 1L;\n\n");
        StringBuilder from = new StringBuilder(), into = new StringBuilder(), check = new StringBuilder();
        for (Field f : fields) {
            String n = javaName(f.name());
            String N = cap(n);
            String label = "\"" + type + "." + f.name() + "\"";
            Type t = f.type();
            String ind = "        ";
            if (f.optional()) {
                b.append("    boolean has").append(N).append(";\n");
                from.append("        has").append(N).append(" = v.has").append(N).append("();\n        if (has").append(N).append(") {\n");
                into.append("        if (has").append(N).append(") {\n");
                check.append("        if (has").append(N).append(") {\n");
                ind += "    ";
            }
            String absent;
            if (t instanceof Type.Ascii || t instanceof Type.Text) {
                b.append("    String ").append(n).append(";\n");
                if (t instanceof Type.Ascii a) {
                    from.append(ind).append("org.wireshootout.generator.spi.SchemaChecks.ascii(v.").append(n).append("(), ").append(a.length()).append(", ").append(label).append(");\n");
                    check.append(ind).append("ExternalizableGenerated.ascii(this.").append(n).append(", ").append(a.length()).append(", ").append(label).append(");\n");
                } else {
                    check.append(ind).append("ExternalizableGenerated.text(this.").append(n).append(", ").append(((Type.Text) t).maxBytes()).append(", ").append(label).append(");\n");
                }
                from.append(ind).append("this.").append(n).append(" = v.").append(n).append("().toString();\n");
                into.append(ind).append("t.").append(n).append("(this.").append(n).append(");\n");
                absent = "this." + n + " = null;";
            } else if (t instanceof Type.CompositeRef c) {
                String C = form(c.def().name(), M, top);
                b.append("    ").append(C).append(' ').append(n).append(";\n");
                from.append(ind).append("if (this.").append(n).append(" == null) this.").append(n).append(" = new ").append(C).append("();\n");
                from.append(ind).append("this.").append(n).append(".from(v.").append(n).append("());\n");
                into.append(ind).append("this.").append(n).append(".into(t.").append(n).append("());\n");
                check.append(ind).append("ExternalizableGenerated.notNull(this.").append(n).append(", ").append(label).append(");\n");
                absent = "this." + n + " = null;";
            } else {
                String jt = javaType(t);
                b.append("    ").append(jt).append(' ').append(n).append(";\n");
                from.append(ind).append("this.").append(n).append(" = v.").append(n).append("();\n");
                into.append(ind).append("t.").append(n).append("(this.").append(n).append(");\n");
                absent = "this." + n + " = " + (t instanceof Type.EnumRef ? "null" : jt.equals("boolean") ? "false" : "0") + ";";
                if (t instanceof Type.Decimal d && !d.fixedExponent()) {
                    b.append("    byte ").append(n).append("Exponent;\n");
                    from.append(ind).append("this.").append(n).append("Exponent = v.").append(n).append("Exponent();\n");
                    into.append(ind).append("t.").append(n).append("Exponent(this.").append(n).append("Exponent);\n");
                    absent += " this." + n + "Exponent = 0;";
                }
                if (t instanceof Type.EnumRef) {
                    check.append(ind).append("ExternalizableGenerated.notNull(this.").append(n).append(", ").append(label).append(");\n");
                } else if (t instanceof Type.SetRef st) {
                    long bits = 0;
                    for (SetDef.Choice ch : st.def().choices()) bits |= 1L << ch.bit();
                    check.append(ind).append("ExternalizableGenerated.set(this.").append(n).append(", 0x").append(Long.toHexString(bits)).append("L, ").append(label).append(");\n");
                } else if (t instanceof Type.Scalar sc) {
                    String max = switch (sc.primitive()) {
                        case U8 -> "0xFF";
                        case U16 -> "0xFFFF";
                        case U32 -> "0xFFFFFFFFL";
                        default -> null;
                    };
                    if (max != null) check.append(ind).append("ExternalizableGenerated.range(this.").append(n).append(", 0, ").append(max).append(", ").append(label).append(");\n");
                }
            }
            if (f.optional()) {
                into.append("            t.has").append(N).append("(true);\n");
                from.append("        } else {\n            ").append(absent).append("\n        }\n");
                into.append("        } else {\n            t.clear").append(N).append("();\n        }\n");
                check.append("        }\n");
            }
        }
        b.append("\n    public void from(").append(type).append(" v) {\n").append(from).append("    }\n\n");
        b.append("    public void into(").append(type).append(" t) {\n").append(into).append("    }\n\n");
        b.append("    /** Default reading, then what the writer never writes is refused. */\n");
        b.append("    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {\n");
        b.append("        in.defaultReadObject();\n").append(check).append("    }\n").append(inner).append("}\n");
    }

    /** Fields in the message's graph, composites counted where they are used. */
    private static int serialFields(List<Field> fields) {
        int n = 0;
        for (Field f : fields) n += 1 + (f.type() instanceof Type.CompositeRef c ? serialFields(c.def().fields()) : 0);
        return n;
    }

    /** The object graph's depth: the object 1, its Strings one deeper, an enum constant and its name two, a composite its own. */
    private static int serialDepth(List<Field> fields) {
        int deepest = 0;
        for (Field f : fields) {
            Type t = f.type();
            deepest = Math.max(deepest, t instanceof Type.CompositeRef c ? serialDepth(c.def().fields()) : t instanceof Type.EnumRef ? 2 : 1);
        }
        return 1 + deepest;
    }

    /**
     * A bound on the stream's length: each field's descriptor (its name twice over and a type name) and value at their
     * longest (text as modified UTF-8 of up to two bytes per byte of UTF-8; an enum or a composite with its class
     * descriptor), and {@link ExternalizableGenerated#OVERHEAD} for the header and the class's own descriptor.
     */
    private static long serialBytes(List<Field> fields) {
        long n = ExternalizableGenerated.OVERHEAD;
        for (Field f : fields) {
            Type t = f.type();
            n += 64 + 2L * f.name().length() + (f.optional() ? 64 + f.name().length() : 0);
            if (t instanceof Type.Text x) n += 8 + 2L * x.maxBytes();
            else if (t instanceof Type.Ascii a) n += 8 + a.length();
            else if (t instanceof Type.EnumRef) n += ExternalizableGenerated.OVERHEAD;
            else if (t instanceof Type.CompositeRef c) n += serialBytes(c.def().fields());
            else n += 9;
        }
        return n;
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
