package org.wireshootout.codec.kryo;

import org.wireshootout.codec.jdk.GeneratedCopy;
import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.Type;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Codecs for the {@code kryoFields} row generated from a message schema, written as the hand-written row
 * ({@link KryoFieldsCodec}) is: Kryo's default {@code FieldSerializer} over the generated message class itself, as a
 * Kryo user would serialise a class they have, with the message class and the classes its fields hold registered
 * ({@link KryoFieldsGenerated}). Nothing is written per field by this code: {@code FieldSerializer} walks the class's
 * fields by reflection, in the order of their names, and writes each with Kryo's default serializer for its Java type.
 * It makes a new message per read; the codec copies it into the caller's target through the message's accessors,
 * refusing values its writer cannot write, as the hand-written row copies its new {@code Data}.
 *
 * <p>What {@code FieldSerializer} does with the generated classes that a hand-written serializer would not: it writes
 * every field the class has, so a group's whole reused entry array (its entries past the count, from earlier
 * messages, and nulls for slots never used), a bytes field's whole reused buffer past its length, the counts,
 * lengths and presence flags as fields of their own, and an optional field's value when it is absent; each
 * {@code StringBuilder} through Kryo's {@code StringBuilder} serializer (its chars, not its capacity). The message the
 * read makes first builds its own {@code StringBuilder}s and nested objects in its constructor, which the read then
 * replaces with the ones it reads. Kryo carries every construct, so no message is refused.
 */
public final class KryoFieldsGenerator implements CodecBackend {

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        Map<String, List<Field>> types = new LinkedHashMap<>();
        types.put(M, m.fields());
        Set<String> classes = new LinkedHashSet<>();
        collect(m.fields(), types, classes);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage("kryoFields")).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(KryoFieldsGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.kryo.KryoFieldsGenerated;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The kryoFields row of message ").append(M).append(": Kryo's default FieldSerializer over the message class. */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        b.append("    private final KryoFieldsGenerated kryo;\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        kryo = new KryoFieldsGenerated(name, ").append(M).append(".class");
        for (String c : classes) b.append(", ").append(c).append(".class");
        b.append(");\n    }\n\n");
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n        return kryo.write(value, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        ").append(M).append(" read = kryo.read(").append(M).append(".class, src, offset, length);\n");
        b.append("        try {\n            copy").append(M).append("(read, target);\n");
        b.append("        } catch (IllegalArgumentException | NullPointerException | IndexOutOfBoundsException e) {\n");
        b.append("            throw kryo.refused(e); // a null where the writer writes an object, a count or length past its array or bound\n");
        b.append("        }\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) GeneratedCopy.method(b, t.getKey(), t.getValue(), true);
        b.append("}\n");
        return b.toString();
    }

    /** The message's composites and group entries, and the classes its fields hold for Kryo to register, in order. */
    private static void collect(List<Field> fields, Map<String, List<Field>> types, Set<String> classes) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) classes.add(e.def().name());
            else if (t instanceof Type.Ascii || t instanceof Type.Text) classes.add("StringBuilder");
            else if (t instanceof Type.Bytes) classes.add("byte[]");
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null) {
                classes.add(c.name());
                if (t instanceof Type.Group) classes.add(c.name() + "[]");
                if (types.putIfAbsent(c.name(), c.fields()) == null) collect(c.fields(), types, classes);
            }
        }
    }
}
