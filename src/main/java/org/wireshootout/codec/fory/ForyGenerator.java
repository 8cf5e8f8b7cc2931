package org.wireshootout.codec.fory;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.generator.spi.PlainForm;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Fory codecs generated from a message schema, written as the hand-written {@code fory}, {@code foryCompatible},
 * {@code foryIds} and {@code foryShared} rows are: Fory serialises a plain Java class of the message's shape with the
 * serializer its JIT generates, as a Fory user serialises a POJO; nothing of the wire format is written by hand. One
 * backend, four modes ({@link ForyGenerated.Mode}): {@code SCHEMA_CONSISTENT} (the fields alone), {@code COMPATIBLE}
 * (the class's field metadata with each message), {@code IDS} (compatible, each plain field carrying
 * {@code @ForyField(id = ...)}, 0, 1, ... in the schema's order, as {@code ForyIdData} carries them) and {@code SHARED}
 * (as {@code IDS}, the metadata shared across one codec's messages, a channel, whose refusals after Fory's read forget
 * what the refused message taught the reader).
 *
 * <p>The class Fory serialises is not the generated message class itself but a plain class of the same fields
 * written per schema (the codec's nested {@code Pojo} classes), because the message classes hold groups as an array
 * with spare entries and a count, bytes as a buffer with spare room and a length, and optional fields as a flag beside
 * a value, none of which Fory can be told to write in part, and their constructors allocate the buffers that Fory
 * would replace on every decode. The plain class holds what a Fory user's POJO holds: primitives for scalars (one
 * Java size up for unsigned types, as the message classes), {@code long} for decimal mantissas, timestamps and sets
 * (with a {@code byte} exponent where the schema fixes none), the generated enums (Fory writes their ordinal),
 * {@code StringBuilder} for text and {@code ascii(N)} (Fory's own StringBuilder serializer, Latin-1 or UTF-16 as the
 * JDK holds the chars, as the hand-written row writes its text), {@code byte[]} of the value's length, a nested plain
 * class for a composite, a {@code List} of plain entries for a group, and for an optional field a nullable value
 * (boxed for a primitive), null when absent.
 *
 * <p>Encoding fills the codec's one plain object from the message: scalars copied, the message's own
 * {@code StringBuilder}s referred to (no chars copied), group entries kept in the list from message to message, so
 * that nothing is allocated once the object has held the message's largest shape (boxes for optional scalars and a
 * bytes value whose length changed aside); {@code ascii(N)} values are checked first ({@code SchemaChecks}). Decoding
 * gets a new plain object from Fory (it has no call that reads into an existing one, as the hand-written row's labels
 * say) and copies it into the target, refusing a null where the schema has a value and a value outside its schema type
 * ({@link ForyGenerated}). In {@code SCHEMA_CONSISTENT} mode a message with text is read as a second family of plain
 * classes ({@code Read}) that hold text as {@code String}, through a second Fory that registers them under the same ids
 * ({@link ForyGenerated#reader}): that mode writes no field types, and Fory writes a {@code StringBuilder} as it writes
 * a {@code String}, so these read the same bytes, and Fory's {@code String} serializer reads them as Fory's own
 * benchmark does, where its {@code StringBuilder} serializer would make a builder of each {@code String} it read. The
 * other modes write field types with each message, so they read the classes they wrote. The classes are registered
 * under ids from 100, the message's class first and then its enums, as the hand-written row registers {@code Data} and
 * {@code Side}, so that on {@code data} the bytes are that row's bytes. Fory carries every construct of the schema
 * language and every edge value (NaN and -0.0 as their bits, any char), so no message is refused.
 */
public final class ForyGenerator implements CodecBackend {
    /** The plain classes Fory serialises and their copies to and from the message. */
    private static final PlainForm POJO = new PlainForm("Pojo", "ForyGenerated", "fory", PlainForm.Groups.LIST);
    /** In SCHEMA_CONSISTENT mode, the plain classes a message with text is read as: text as {@code String} ({@link ForyGenerated#reader}). */
    private static final PlainForm READ = new PlainForm("Read", "ForyGenerated", "fory", PlainForm.Groups.LIST, PlainForm.Text.STRING);

    private final ForyGenerated.Mode mode;

    /** {@code compatible}: Fory's COMPATIBLE mode, else SCHEMA_CONSISTENT. */
    public ForyGenerator(boolean compatible) {
        this(compatible ? ForyGenerated.Mode.COMPATIBLE : ForyGenerated.Mode.SCHEMA_CONSISTENT);
    }

    /** The row of {@code mode}. */
    public ForyGenerator(ForyGenerated.Mode mode) {
        this.mode = mode;
    }

    private String library() {
        return mode.row();
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        List<String> enums = new ArrayList<>();
        Set<CompositeDef> composites = new LinkedHashSet<>();
        collect(m.fields(), new LinkedHashSet<>(), enums, composites);
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library())).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(ForyGenerator.class.getName()).append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.fory.ForyGenerated;\n");
        b.append("import org.wireshootout.generator.spi.SchemaChecks;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        boolean strings = readsStrings(m);
        boolean direct = composites.isEmpty() && writtenAsHeld(m.fields()) && (strings || mode == ForyGenerated.Mode.COMPATIBLE);
        // a second Fory reads: the Read classes (text as String) in SCHEMA_CONSISTENT mode, the Pojo classes under the
        // message class's id where the message class itself is written in COMPATIBLE mode
        boolean reads = strings || direct;
        String holder = strings ? "Read" : "Pojo";
        if (direct) {
            b.append("/** The ").append(library()).append(" row of message ").append(M).append(": Fory's JIT serializer for the message class itself, whose fields are the plain class's (Pojo.")
                    .append(M).append("), as the hand-written row writes Data; read as ").append(holder).append('.').append(M).append(". ").append(mode.name()).append(" mode. */\n");
        } else {
            b.append("/** The ").append(library()).append(" row of message ").append(M).append(": Fory's JIT serializer for a plain class of its fields (Pojo.")
                    .append(M).append("), ").append(mode.name()).append(" mode. */\n");
        }
        b.append("public final class ").append(M).append("Codec implements BufferCodec<").append(M).append("> {\n");
        b.append("    private final ForyGenerated fory;\n");
        b.append("    /** Fory's own read and write, called directly (see ForyGenerated.support()). */\n");
        b.append("    private final org.wireshootout.codec.fory.ForySupport io;\n");
        b.append("    /** Filled from the message on every encode, reused. */\n");
        b.append("    private final Pojo.").append(M).append(" out = new Pojo.").append(M).append("();\n");
        if (reads) {
            b.append("    /** Reads the same bytes as ").append(holder).append('.').append(M).append(strings ? ", text as String" : ", the message class's fields")
                    .append(" (see ForyGenerated.reader()); null in a union's member codec. */\n");
            b.append("    private final org.wireshootout.codec.fory.ForySupport in;\n");
        }
        b.append('\n');
        b.append("    public ").append(M).append("Codec(String name) {\n");
        // written as the message class itself where its fields are the plain class's (see writtenAsHeld)
        b.append("        fory = new ForyGenerated(name, ForyGenerated.Mode.").append(mode.name()).append(", ").append(direct ? "" : "Pojo.").append(M).append(".class");
        for (String e : enums) b.append(", ").append(e).append(".class");
        for (CompositeDef c : composites) b.append(", Pojo.").append(c.name()).append(".class");
        b.append(");\n        io = fory.support();\n");
        if (reads) {
            b.append("        in = fory.reader(").append(holder).append('.').append(M).append(".class");
            for (String e : enums) b.append(", ").append(e).append(".class");
            for (CompositeDef c : composites) b.append(", ").append(holder).append('.').append(c.name()).append(".class");
            b.append(");\n");
        }
        b.append("    }\n\n");
        org.wireshootout.generator.spi.UnionCodecSource.memberHooks(b, M, "ForyGenerated", "fory",
                reads ? "io = shared.support();\nin = null;\n" : "io = shared.support();\n", "Pojo", holder);
        b.append("    @Override\n    public int encode(").append(M).append(" value, MutableDirectBuffer dst, int offset) {\n");
        if (direct) b.append("        return io.write(value, dst, offset);\n    }\n\n");
        else b.append("        to").append(M).append("(value, out);\n        return io.write(out, dst, offset);\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(M).append(" target) {\n");
        if (mode == ForyGenerated.Mode.SHARED) {
            // a refusal after Fory's read forgets the definitions that message taught the channel's reader
            b.append("        int learned = fory.learned();\n");
            b.append("        try {\n            from").append(M).append("(io.read(Pojo.").append(M).append(".class, src, offset, length), target);\n");
            b.append("        } catch (org.wireshootout.codec.DecodeException e) {\n            fory.forget(learned);\n            throw e;\n        }\n    }\n\n");
        } else {
            String reader = reads ? "in" : "io";
            b.append("        from").append(M).append("(").append(reader).append(".read(").append(holder).append(".").append(M).append(".class, src, offset, length), target);\n    }\n\n");
        }
        if (strings) {
            // written from the Pojo classes, read into the Read ones
            POJO.toMethod(b, M, m.fields());
            for (CompositeDef c : composites) POJO.toMethod(b, c.name(), c.fields());
            READ.fromMethod(b, M, m.fields());
            for (CompositeDef c : composites) READ.fromMethod(b, c.name(), c.fields());
        } else {
            POJO.methods(b, M, m.fields());
            for (CompositeDef c : composites) POJO.methods(b, c.name(), c.fields());
        }
        b.append("    /** The plain classes Fory serialises: the schema's fields, as a Fory user's POJO holds them. */\n");
        b.append("    public static final class Pojo {\n        private Pojo() {\n        }\n\n");
        pojo(b, POJO, M, m.fields(), mode.ids());
        for (CompositeDef c : composites) pojo(b, POJO, c.name(), c.fields(), mode.ids());
        b.append("    }\n");
        if (strings) {
            b.append("\n    /** The same classes with text as String, as decode reads the bytes (ForyGenerated.reader()). */\n");
            b.append("    public static final class Read {\n        private Read() {\n        }\n\n");
            pojo(b, READ, M, m.fields(), false);
            for (CompositeDef c : composites) pojo(b, READ, c.name(), c.fields(), false);
            b.append("    }\n");
        }
        b.append("}\n");
        return b.toString();
    }

    /**
     * A union is one stream of the members' plain classes, each registered under its own id, as the hand-written IEX
     * rows register one class per message type ({@code IexForyCodec}): Fory writes the root's type id in every message,
     * and reading with {@code Object} gives an instance of whichever class it names. The members' classes take the
     * ids from 100 in the union's order, then each member's enums (once each) and composites. The members' codecs,
     * built over the union's Fory, make the plain objects and copy them back.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        List<MessageDef> ms = union.members();
        String reg = registered(ctx, ms, m -> "Pojo");
        String construct = "new org.wireshootout.codec.fory.ForyGenerated(name, org.wireshootout.codec.fory.ForyGenerated.Mode." + mode.name() + reg + ")";
        boolean strings = ms.stream().anyMatch(this::readsStrings);
        java.util.function.Function<MessageDef, String> readHolder = m -> readsStrings(m) ? "Read" : "Pojo";
        String fields = "    /** Fory's own read and write, called directly (see ForyGenerated.support()). */\n"
                + "    private final org.wireshootout.codec.fory.ForySupport io;\n";
        String init = "io = lib.support();\n";
        if (strings) {
            // the members with text read as their Read classes, under the ids their Pojo classes are written with
            fields += "    /** Reads each member with text as its Read class, text as String (see ForyGenerated.reader()). */\n"
                    + "    private final org.wireshootout.codec.fory.ForySupport in;\n";
            init += "in = lib.reader(" + registered(ctx, ms, readHolder).substring(2) + ");\n";
        }
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, library(), union, ForyGenerator.class,
                new org.wireshootout.generator.spi.UnionCodecSource.PlainClasses(
                        "the type id Fory writes before the root object's fields names the member's plain class (members registered from id 100"
                                + " in the union's order), " + mode.name() + " mode.",
                        "org.wireshootout.codec.fory.ForyGenerated", construct, "Pojo", fields, init,
                        "io.write(plain, dst, offset)", (strings ? "in" : "io") + ".read(Object.class, src, offset, length)",
                        mode == ForyGenerated.Mode.SHARED, readHolder));
    }

    /**
     * The union's classes in registration order: each member's plain class (as {@code holder} names its family), then
     * its enums (once in the union) and composites.
     */
    private String registered(GenContext ctx, List<MessageDef> ms, java.util.function.Function<MessageDef, String> holder) {
        StringBuilder reg = new StringBuilder();
        for (MessageDef m : ms) reg.append(", ").append(ctx.codecClass(library(), m)).append('.').append(holder.apply(m)).append('.').append(m.name()).append(".class");
        Set<String> seen = new LinkedHashSet<>();
        for (MessageDef m : ms) {
            List<String> enums = new ArrayList<>();
            Set<CompositeDef> composites = new LinkedHashSet<>();
            collect(m.fields(), seen, enums, composites);
            for (String e : enums) reg.append(", ").append(ctx.messageClass(e)).append(".class");
            for (CompositeDef c : composites) reg.append(", ").append(ctx.codecClass(library(), m)).append('.').append(holder.apply(m)).append('.').append(c.name()).append(".class");
        }
        return reg.toString();
    }

    /**
     * Whether Fory may write the message class itself in place of its plain class, as the hand-written {@code fory} row
     * writes {@code Data}: every field is one the message class holds as the plain class does, under the same name and
     * Java type (a scalar, an enum, a set's bits, a decimal of fixed exponent as a {@code long}, text as a
     * {@code StringBuilder}), none optional, and none that the copy into the plain class checks on the way (ascii's
     * length). Then the two classes have the same fields, Fory orders them alike, and the bytes are the same, without
     * the copy per encode. Only where decode reads through a second Fory, so that no read depends on which class was
     * written: in SCHEMA_CONSISTENT mode with text ({@code readsStrings}), the {@code Read} classes registered under the
     * same ids; in COMPATIBLE mode, as the hand-written {@code foryCompatible} row writes {@code Data}, the {@code Pojo}
     * classes under the same ids, which the type definition each message carries (the fields' names and types, the
     * same for both classes) maps field by field. Not in the IDS and SHARED modes, whose plain fields carry the
     * {@code @ForyField} ids the message class has not.
     */
    private static boolean writtenAsHeld(List<Field> fields) {
        for (Field f : fields) {
            if (f.optional()) return false;
            Type t = f.type();
            boolean same = t instanceof Type.Scalar || t instanceof Type.EnumRef || t instanceof Type.SetRef || t instanceof Type.Text
                    || (t instanceof Type.Decimal d && d.fixedExponent());
            if (!same) return false;
        }
        return true;
    }

    /** Whether this row reads {@code m} as its Read classes: SCHEMA_CONSISTENT mode, and text or ascii in it or its composites. */
    private boolean readsStrings(MessageDef m) {
        if (mode != ForyGenerated.Mode.SCHEMA_CONSISTENT) return false;
        Set<CompositeDef> composites = new LinkedHashSet<>();
        collect(m.fields(), new LinkedHashSet<>(), new ArrayList<>(), composites);
        return hasText(m.fields(), composites);
    }

    /** Whether the fields, or those of the composites they use, hold text or ascii. */
    private static boolean hasText(List<Field> fields, Set<CompositeDef> composites) {
        for (Field f : fields) if (f.type() instanceof Type.Text || f.type() instanceof Type.Ascii) return true;
        for (CompositeDef c : composites) {
            for (Field f : c.fields()) if (f.type() instanceof Type.Text || f.type() instanceof Type.Ascii) return true;
        }
        return false;
    }

    private static void collect(List<Field> fields, Set<String> seen, List<String> enums, Set<CompositeDef> composites) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e && seen.add(e.def().name())) enums.add(e.def().name());
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && composites.add(c)) collect(c.fields(), seen, enums, composites);
        }
    }

    /**
     * {@code type} carrying Fory's {@code @Nullable} (a type annotation): a field with {@code @ForyField} is taken as
     * never null unless its type carries it, so an optional field, null when absent, needs it.
     */
    private static String nullable(String type) {
        String a = "@org.apache.fory.annotation.Nullable ";
        if (type.endsWith("[]")) return type.substring(0, type.length() - 2) + " " + a + "[]";
        if (type.startsWith("java.util.List<")) return "java.util." + a + type.substring("java.util.".length());
        return a + type;
    }

    /** With {@code ids}, each field carries {@code @ForyField(id = ...)}: 0, 1, ... in the schema's order, an exponent the id after its mantissa's. */
    private static void pojo(StringBuilder b, PlainForm form, String type, List<Field> fields, boolean ids) {
        b.append("        public static final class ").append(type).append(" {\n");
        int id = 0;
        for (Field f : fields) {
            String n = javaName(f.name());
            boolean nullable = ids && f.optional();
            b.append("            ").append(ids ? "@org.apache.fory.annotation.ForyField(id = " + id++ + ") " : "").append("public ")
                    .append(nullable ? nullable(form.fieldType(f)) : form.fieldType(f)).append(' ').append(n).append(";\n");
            if (PlainForm.exponentField(f.type())) {
                b.append("            ").append(ids ? "@org.apache.fory.annotation.ForyField(id = " + id++ + ") " : "").append("public ")
                        .append(f.optional() ? nullable ? nullable("Byte") : "Byte" : "byte").append(' ').append(n).append("Exponent;\n");
            }
        }
        b.append("        }\n\n");
    }

}
