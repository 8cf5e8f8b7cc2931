package org.wireshootout.codec.kryo;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.generator.spi.PlainForm;
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
import java.util.function.UnaryOperator;

import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Codecs for the Kryo rows on Kryo's field serializers generated from a message schema, in one of three modes, each
 * written as the hand-written row of its name is ({@link KryoFieldsGenerated.Mode}):
 * <ul>
 *   <li>{@code kryoFields} ({@link KryoFieldsCodec}): Kryo's default {@code FieldSerializer} over a plain class of the
 *       message's fields ({@code <Message>Codec.Plain}), as a Kryo user would serialise a class of theirs;</li>
 *   <li>{@code kryoCompatible} ({@link KryoCompatibleCodec}): {@code CompatibleFieldSerializer} over the same plain
 *       class (it needs no annotations);</li>
 *   <li>{@code kryoTagged} ({@link KryoTaggedCodec}): {@code TaggedFieldSerializer}, which writes only fields carrying
 *       {@code @Tag}, over the plain class with each field tagged ({@code <Message>Codec.Tagged}), as the hand-written
 *       row serialises its tagged copy of {@code Data}'s fields.</li>
 * </ul>
 * The classes are registered first the message's, then the classes its fields hold, enums first
 * ({@link KryoFieldsGenerated}). Nothing is written per field by this code: the serializer walks the class's fields by
 * reflection and writes each with Kryo's default serializer for its Java type. The codec fills its reused plain object
 * from the message on every encode; Kryo makes a new plain object per
 * read, which the codec copies into the caller's target, refusing values its writer cannot write, as the hand-written
 * rows copy theirs.
 *
 * <p>The plain class holds what the message holds and no more ({@link PlainForm}): a field per schema field (a
 * primitive, one Java size up for unsigned types; {@code long} for decimals, timestamps and sets, with a {@code byte}
 * exponent where the schema fixes none; the generated enum; {@code StringBuilder} for text and ascii; {@code byte[]}
 * of the value's length; a nested plain class for a composite; an array of the count's length for a group; nullable,
 * boxed for a primitive, for an optional field, null when absent), text as a {@code String} made from the message's on
 * each encode for {@code kryoFields}, as a Kryo user's class holds it (Kryo's own {@code StringBuilder} serializer
 * makes that {@code String} too, so encoding allocates the same; a read then makes one {@code String} per text), and
 * as the message's own {@code StringBuilder} for the other two, as their hand-written rows' classes hold it (and
 * {@code CompatibleFieldSerializer} writes its registration id); tagged 0, 1, ... in the schema's order for
 * {@code kryoTagged} (an exponent the tag after its mantissa's). The field names are the schema's, so on {@code Data}
 * FieldSerializer's name order, and CompatibleFieldSerializer's names, are the hand-written rows'. Serialising the
 * generated message class itself instead, as this row once did, wrote what a Kryo user's class would not hold: a
 * group's whole reused entry array past its count, counts and presence flags as fields of their own. Kryo carries
 * every construct, so no message is refused.
 */
public final class KryoFieldsGenerator implements CodecBackend {
    /** The tagged row's plain classes and their copies to and from the message. */
    private static final PlainForm TAGGED = new PlainForm("Tagged", "KryoFieldsGenerated", "kryo", PlainForm.Groups.ARRAY);
    /** The kryoFields row's plain classes (no annotations, text as {@code String}) and their copies. */
    private static final PlainForm PLAIN = new PlainForm("Plain", "KryoFieldsGenerated", "kryo", PlainForm.Groups.ARRAY, PlainForm.Text.STRING);
    /**
     * The kryoCompatible row's: text as {@code StringBuilder}, as the hand-written row's {@code Data} holds it, since
     * CompatibleFieldSerializer writes each value's registration id, {@code StringBuilder}'s there.
     */
    private static final PlainForm PLAIN_BUILDERS = new PlainForm("Plain", "KryoFieldsGenerated", "kryo", PlainForm.Groups.ARRAY);

    private final KryoFieldsGenerated.Mode mode;

    /** The {@code kryoFields} row. */
    public KryoFieldsGenerator() {
        this(KryoFieldsGenerated.Mode.FIELDS);
    }

    public KryoFieldsGenerator(KryoFieldsGenerated.Mode mode) {
        this.mode = mode;
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        return plain(ctx, m);
    }

    private static void header(StringBuilder b, GenContext ctx, String library) {
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(KryoFieldsGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.kryo.KryoFieldsGenerated;\n");
        b.append("import org.wireshootout.generator.spi.SchemaChecks;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
    }

    /**
     * The classes {@code m}'s fields hold, in the order Kryo registers them after the message's own class: the enums
     * first, named by {@code enumName}, then the others, composites and group entries named with {@code prefix}. The
     * hand-written {@code kryoTagged} and {@code kryoCompatible} rows register {@code Data}'s enum before
     * {@code StringBuilder}, and {@code CompatibleFieldSerializer} writes each value's registration id, so on
     * {@code data} the ids are theirs. {@code types} receives the fields of the message and of each class of its own.
     */
    private static Set<String> registered(MessageDef m, String prefix, boolean builders, UnaryOperator<String> enumName,
                                          Map<String, List<Field>> types) {
        types.put(m.name(), m.fields());
        Set<String> classes = new LinkedHashSet<>();
        collect(m.fields(), types, classes, prefix, builders);
        Set<String> enums = new LinkedHashSet<>();
        for (List<Field> fields : types.values()) {
            for (Field f : fields) if (f.type() instanceof Type.EnumRef e) enums.add(e.def().name());
        }
        Set<String> ordered = new LinkedHashSet<>();
        for (String c : classes) if (enums.contains(c)) ordered.add(enumName.apply(c));
        for (String c : classes) ordered.add(enums.contains(c) ? enumName.apply(c) : c);
        return ordered;
    }

    /** The message's composites and group entries, and the classes its fields hold for Kryo to register, in order. */
    private static void collect(List<Field> fields, Map<String, List<Field>> types, Set<String> classes, String prefix, boolean builders) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) classes.add(e.def().name());
            else if (builders && (t instanceof Type.Ascii || t instanceof Type.Text)) classes.add("StringBuilder"); // String is Kryo's own
            else if (t instanceof Type.Bytes) classes.add("byte[]");
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null) {
                classes.add(prefix + c.name());
                if (t instanceof Type.Group) classes.add(prefix + c.name() + "[]");
                if (types.putIfAbsent(c.name(), c.fields()) == null) collect(c.fields(), types, classes, prefix, builders);
            }
        }
    }

    /**
     * The codec: the mode's serializer over the plain classes written beside it ({@code Tagged.<Message>} carrying
     * {@code @Tag} for {@code kryoTagged}, {@code Plain.<Message>} for the other two), filled from the message on every
     * encode and copied into the caller's message after every read.
     */
    private String plain(GenContext ctx, MessageDef m) {
        boolean tagged = mode == KryoFieldsGenerated.Mode.TAGGED;
        PlainForm form = form(mode);
        String holder = tagged ? "Tagged" : "Plain";
        String library = mode.row();
        String M = m.name();
        String P = holder + "." + M;
        Map<String, List<Field>> types = new LinkedHashMap<>();
        Set<String> classes = registered(m, holder + ".", form.text() == PlainForm.Text.BUILDER, e -> e, types);
        StringBuilder b = new StringBuilder();
        header(b, ctx, library);
        String serializer = switch (mode) {
            case TAGGED -> "TaggedFieldSerializer over a class of its fields carrying @Tag";
            case COMPATIBLE -> "CompatibleFieldSerializer over a plain class of its fields";
            case FIELDS -> "default FieldSerializer over a plain class of its fields";
        };
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": Kryo's ").append(serializer)
                .append(" (").append(P).append("). */\n");
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        b.append("    private final KryoFieldsGenerated kryo;\n");
        b.append("    /** Filled from the message on every encode, reused. */\n");
        b.append("    private final ").append(P).append(" out = new ").append(P).append("();\n\n");
        b.append("    public ").append(M).append("Codec(String name) {\n        kryo = new KryoFieldsGenerated(name, KryoFieldsGenerated.Mode.")
                .append(mode.name()).append(", ").append(P).append(".class");
        for (String c : classes) b.append(", ").append(c).append(".class");
        b.append(");\n    }\n\n");
        org.wireshootout.generator.spi.UnionCodecSource.memberHooks(b, M, "KryoFieldsGenerated", "kryo", "", holder);
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        to").append(M).append("(value, out);\n        return kryo.write(out, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        b.append("        from").append(M).append("(kryo.message(kryo.read(").append(P).append(".class, src, offset, length)), target);\n    }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) form.methods(b, t.getKey(), t.getValue());
        b.append(tagged ? "    /** The classes TaggedFieldSerializer serialises: the schema's fields, each carrying its tag. */\n"
                : "    /** The classes Kryo's serializer walks: the schema's fields, as a Kryo user's class of the message holds them. */\n");
        b.append("    public static final class ").append(holder).append(" {\n        private ").append(holder).append("() {\n        }\n\n");
        for (Map.Entry<String, List<Field>> t : types.entrySet()) plainClass(b, form, t.getKey(), t.getValue(), tagged);
        b.append("    }\n}\n");
        return b.toString();
    }

    /**
     * A union is one stream of the members' plain classes, as a Kryo user sends several classes: written with
     * {@code writeClassAndObject}, so the registration id of the member's class comes first, and read with
     * {@code readClassAndObject}. One Kryo registers the members' classes from the row's first id in the union's order,
     * with the mode's serializer, then the classes their fields hold (each once).
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        String library = mode.row();
        String holder = mode == KryoFieldsGenerated.Mode.TAGGED ? "Tagged" : "Plain";
        boolean builders = form(mode).text() == PlainForm.Text.BUILDER;
        StringBuilder messages = new StringBuilder();
        Set<String> fieldClasses = new LinkedHashSet<>();
        for (MessageDef m : union.members()) {
            String prefix = ctx.codecClass(library, m) + "." + holder + ".";
            messages.append(messages.length() == 0 ? "" : ", ").append(prefix).append(m.name()).append(".class");
            fieldClasses.addAll(registered(m, prefix, builders, ctx::messageClass, new LinkedHashMap<>()));
        }
        StringBuilder construct = new StringBuilder("new org.wireshootout.codec.kryo.KryoFieldsGenerated(name, org.wireshootout.codec.kryo.KryoFieldsGenerated.Mode.")
                .append(mode.name()).append(", new Class<?>[] {").append(messages).append('}');
        for (String c : fieldClasses) construct.append(", ").append(c).append(".class");
        construct.append(')');
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, library, union, KryoFieldsGenerator.class,
                new org.wireshootout.generator.spi.UnionCodecSource.PlainClasses(
                        "the registration id of the member's plain class, which Kryo's writeClassAndObject writes first (members registered"
                                + " from KryoFieldsGenerated's first id in the union's order), then the object through the row's serializer.",
                        "org.wireshootout.codec.kryo.KryoFieldsGenerated", construct.toString(), holder, "", "",
                        "lib.writeWithClass(plain, dst, offset)", "lib.readWithClass(src, offset, length)", false));
    }

    private static PlainForm form(KryoFieldsGenerated.Mode mode) {
        return switch (mode) {
            case TAGGED -> TAGGED;
            case FIELDS -> PLAIN;
            case COMPATIBLE -> PLAIN_BUILDERS;
        };
    }

    private static void plainClass(StringBuilder b, PlainForm form, String type, List<Field> fields, boolean tagged) {
        b.append("        public static final class ").append(type).append(" {\n");
        int tag = 0;
        for (Field f : fields) {
            String n = javaName(f.name());
            b.append("            ");
            if (tagged) b.append("@com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag(").append(tag++).append(") ");
            b.append(form.fieldType(f)).append(' ').append(n).append(";\n");
            if (PlainForm.exponentField(f.type())) {
                b.append("            ");
                if (tagged) b.append("@com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag(").append(tag++).append(") ");
                b.append(f.optional() ? "Byte" : "byte").append(' ').append(n).append("Exponent;\n");
            }
        }
        b.append("        }\n\n");
    }
}
