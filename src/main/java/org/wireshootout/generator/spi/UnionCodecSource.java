package org.wireshootout.generator.spi;

import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.UnionDef;

import java.util.List;

/**
 * The part of a union codec every library shares: a {@code BufferCodec} of the union's class that holds one codec of
 * each member (the library's generated codecs, constructed with the union row's name, so a refusal names the row),
 * writes the member's tag and then the member through its codec, and reads the tag to pick the member to decode into.
 * What differs between libraries is only the tag, which each backend gives as Java statements ({@link Framing}).
 */
public final class UnionCodecSource {
    private UnionCodecSource() {
    }

    /**
     * How a library tells a union's members apart, as code placed in the generated codec.
     *
     * @param about      the codec's javadoc: what the tag is, as the library's own documentation names it
     * @param fields     declarations the tag code uses (may be empty)
     * @param encodeTag  statements that write the tag of member {@code position} at {@code offset} of {@code dst}
     *                   and declare {@code int n}, the tag's length (0 when the member's own bytes carry it); they
     *                   throw {@code EncodeOverflowException} when the tag does not fit
     * @param decodeTag  statements that read the tag of the {@code length} bytes of {@code src} at {@code offset}
     *                   and declare {@code int position} (the member), {@code int n} (where its bytes start) and
     *                   {@code int tail} (how many bytes follow them), refusing with {@code DecodeException} a tag
     *                   or a tail its encoder cannot have written
     * @param encodeEnd  statements run after the member's {@code int body} bytes were written after the tag: they
     *                   write what follows the member, if anything, and return the message's length
     */
    public record Framing(String about, String fields, String encodeTag, String decodeTag, String encodeEnd) {

        /** A tag before the member and nothing after it. */
        public Framing(String about, String fields, String encodeTag, String decodeTag) {
            this(about, fields, encodeTag, decodeTag + "int tail = 0;\n", "return n + body;\n");
        }
    }

    /**
     * A tag made of bytes fixed per member, written before the member's bytes (from arrays made once), and
     * {@code suffix} after them; a message is refused unless it starts with one member's tag exactly and ends with the
     * suffix. The tags must be prefix-free (no tag the start of another), as every form given here is.
     */
    public static Framing fixedTags(String about, UnionDef union, List<byte[]> tags, byte[] suffix) {
        StringBuilder fields = new StringBuilder("    /** Each member's tag, by position. */\n    private static final byte[][] TAGS = {");
        for (int i = 0; i < tags.size(); i++) fields.append(i == 0 ? "" : ", ").append(bytes(tags.get(i)));
        fields.append("};\n    /** What follows the member's bytes. */\n    private static final byte[] SUFFIX = ").append(bytes(suffix)).append(";\n");
        String encode = """
                byte[] tag = TAGS[position];
                int room = dst.capacity() - offset;
                if (tag.length + SUFFIX.length > room) throw new EncodeOverflowException(name, room, null);
                dst.putBytes(offset, tag);
                int n = tag.length;
                """;
        String decode = """
                int position = org.wireshootout.codec.UnionTags.match(src, offset, length, 0, TAGS);
                if (position < 0) throw new DecodeException(name, 0, "no member's tag of %1$s");
                int n = TAGS[position].length;
                int tail = SUFFIX.length;
                if (length - n < tail) throw new DecodeException(name, n, "the message ends inside %1$s's tag");
                for (int k = 0; k < tail; k++) {
                    if (src.getByte(offset + length - tail + k) != SUFFIX[k]) throw new DecodeException(name, length - tail + k, "not the end %1$s's tag has");
                }
                """.formatted(union.name());
        String end = """
                if (dst.capacity() - offset - n - body < SUFFIX.length) throw new EncodeOverflowException(name, dst.capacity() - offset, null);
                dst.putBytes(offset + n + body, SUFFIX);
                return n + body + SUFFIX.length;
                """;
        return new Framing(about, fields.toString(), encode, decode, end);
    }

    /**
     * JSON text's form for a choice of types: an object of one field, the member's name, whose value is the member's
     * object, {@code {"TradeReport":{...}}} (what Jackson's {@code @JsonTypeInfo(include = WRAPPER_OBJECT)} writes),
     * with no space anywhere, as the members' codecs write none.
     */
    public static Framing jsonWrapper(UnionDef union) {
        List<byte[]> tags = new java.util.ArrayList<>();
        for (MessageDef m : union.members()) tags.add(("{\"" + m.name() + "\":").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return fixedTags("an object of one field named as the member, whose value is the member's object ({\"Member\":{...}},"
                + " Jackson's WRAPPER_OBJECT form of type information).", union, tags, new byte[] {'}'});
    }

    /** {@code v} (not negative) in the base-128 varint form that Chronicle's stop-bit, Avro's and Protobuf's varints share. */
    public static byte[] varint(long v) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }

    private static String bytes(byte[] b) {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < b.length; i++) s.append(i == 0 ? "" : ", ").append(b[i]);
        return s.append('}').toString();
    }

    /** The codec's source: class {@code ctx.unionCodecClass(library, union)}, members' codecs {@code ctx.codecClass(library, m)}. */
    public static String source(GenContext ctx, String library, UnionDef union, Class<?> generator, Framing framing) {
        String simple = simpleName(ctx, library, union);
        String U = ctx.messageClass(union.name());
        List<MessageDef> ms = union.members();
        StringBuilder b = opening(ctx, library, union, generator, framing.about(), "import org.wireshootout.codec.EncodeOverflowException;\n");
        b.append("    private final String name;\n");
        for (MessageDef m : ms) {
            b.append("    private final ").append(ctx.codecClass(library, m)).append(' ').append(MessageClassGenerator.unionMember(m)).append(";\n");
        }
        if (!framing.fields().isEmpty()) b.append(framing.fields().stripTrailing()).append('\n');
        b.append("\n    public ").append(simple).append("(String name) {\n        this.name = name;\n");
        for (MessageDef m : ms) {
            b.append("        ").append(MessageClassGenerator.unionMember(m)).append(" = new ").append(ctx.codecClass(library, m)).append("(name);\n");
        }
        b.append("    }\n\n");
        b.append("    @Override\n    public int encode(").append(U).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        int position = value.member();\n");
        b.append(indent(framing.encodeTag()));
        b.append("        int body = switch (position) {\n");
        for (int i = 0; i < ms.size(); i++) {
            String f = MessageClassGenerator.unionMember(ms.get(i));
            b.append("            case ").append(i).append(" -> ").append(f).append(".encode(value.").append(f).append("(), dst, offset + n);\n");
        }
        b.append("            default -> throw new IllegalStateException(\"member \" + position + \" of ").append(union.name()).append("\");\n");
        b.append("        };\n");
        b.append(indent(framing.encodeEnd()));
        b.append("    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(U).append(" target) {\n");
        b.append(indent(framing.decodeTag()));
        b.append("        switch (position) {\n");
        for (int i = 0; i < ms.size(); i++) {
            MessageDef m = ms.get(i);
            String f = MessageClassGenerator.unionMember(m);
            b.append("            case ").append(i).append(" -> ").append(f).append(".decode(src, offset + n, length - n - tail, target.select").append(m.name()).append("());\n");
        }
        b.append("            default -> throw new DecodeException(name, 0, \"member \" + position + \" is not one of ").append(union.name())
                .append("'s \" + ").append(U).append(".MEMBERS);\n");
        b.append("        }\n    }\n}\n");
        return b.toString();
    }

    /**
     * A union whose library names the root object's class in every message itself (Fory's type id, the class id of
     * Kryo's {@code writeClassAndObject}): one instance of the library ({@code lib}) registers every member's plain
     * class, each member's codec, built over it, fills the plain object on encode and copies the one read back into the
     * member on decode, and the class read picks the member. Each member codec has a constructor taking the library's
     * runtime, {@code plain(M)} and {@code fromPlain(Holder.M, M)}.
     *
     * @param about     the codec's javadoc: how the class is named, as the library's own documentation has it
     * @param runtime   the runtime class the members' codecs check with ({@code ForyGenerated}, {@code KryoFieldsGenerated})
     * @param construct the expression making {@code lib} (may use {@code name}), every member's plain class registered
     * @param holder    the class nested in each member's codec that holds its plain classes ({@code Pojo}, {@code Tagged})
     * @param fields    declarations of the codec's own, set after {@code lib} by {@code init} (may be empty)
     * @param write     the expression writing {@code Object plain} at {@code offset} of {@code dst}, giving the length
     * @param read      the expression reading the {@code length} bytes of {@code src} at {@code offset} as an object
     * @param forgets   whether a refused decode has {@code lib} forget what the message taught it (a channel's reader)
     * @param readHolder per member, the class nested in its codec holding the plain classes {@code read} gives
     *                   ({@code holder} unless the library reads other classes than it writes, as Fory's {@code Read})
     */
    public record PlainClasses(String about, String runtime, String construct, String holder, String fields, String init,
                               String write, String read, boolean forgets, java.util.function.Function<MessageDef, String> readHolder) {

        /** Read as written: every member's {@code read} gives its {@code holder} classes. */
        public PlainClasses(String about, String runtime, String construct, String holder, String fields, String init,
                            String write, String read, boolean forgets) {
            this(about, runtime, construct, holder, fields, init, write, read, forgets, m -> holder);
        }
    }

    /** The codec's source for a union of {@link PlainClasses}: class {@code ctx.unionCodecClass(library, union)}. */
    public static String source(GenContext ctx, String library, UnionDef union, Class<?> generator, PlainClasses how) {
        String simple = simpleName(ctx, library, union);
        String U = ctx.messageClass(union.name());
        List<MessageDef> ms = union.members();
        StringBuilder b = opening(ctx, library, union, generator, how.about(), "");
        b.append("    private final String name;\n    private final ").append(how.runtime()).append(" lib;\n");
        if (!how.fields().isEmpty()) b.append(how.fields().stripTrailing()).append('\n');
        for (MessageDef m : ms) {
            b.append("    private final ").append(ctx.codecClass(library, m)).append(' ').append(MessageClassGenerator.unionMember(m)).append(";\n");
        }
        b.append("\n    public ").append(simple).append("(String name) {\n        this.name = name;\n");
        b.append("        lib = ").append(how.construct()).append(";\n");
        if (!how.init().isEmpty()) b.append(indent(how.init()));
        for (MessageDef m : ms) {
            b.append("        ").append(MessageClassGenerator.unionMember(m)).append(" = new ").append(ctx.codecClass(library, m)).append("(lib);\n");
        }
        b.append("    }\n\n");
        b.append("    @Override\n    public int encode(").append(U).append(" value, MutableDirectBuffer dst, int offset) {\n");
        b.append("        Object plain = switch (value.member()) {\n");
        for (int i = 0; i < ms.size(); i++) {
            String f = MessageClassGenerator.unionMember(ms.get(i));
            b.append("            case ").append(i).append(" -> ").append(f).append(".plain(value.").append(f).append("());\n");
        }
        b.append("            default -> throw new IllegalStateException(\"member \" + value.member() + \" of ").append(union.name()).append("\");\n");
        b.append("        };\n        return ").append(how.write()).append(";\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(U).append(" target) {\n");
        String body = "read(" + how.read() + ", target);";
        if (how.forgets()) {
            // a refusal after the library's read forgets the definitions that message taught the channel's reader
            b.append("        int learned = lib.learned();\n        try {\n            ").append(body).append("\n");
            b.append("        } catch (DecodeException e) {\n            lib.forget(learned);\n            throw e;\n        }\n    }\n\n");
        } else {
            b.append("        ").append(body).append("\n    }\n\n");
        }
        b.append("    private void read(Object plain, ").append(U).append(" target) {\n");
        String els = "";
        for (MessageDef m : ms) {
            String f = MessageClassGenerator.unionMember(m);
            b.append("        ").append(els).append("if (plain instanceof ").append(ctx.codecClass(library, m)).append('.').append(how.readHolder().apply(m)).append('.')
                    .append(m.name()).append(" p) ").append(f).append(".fromPlain(p, target.select").append(m.name()).append("());\n");
            els = "else ";
        }
        b.append("        else throw new DecodeException(name, 0, \"the message holds a \" + plain.getClass().getName() + \", no member of ")
                .append(union.name()).append("\");\n    }\n}\n");
        return b.toString();
    }

    /**
     * What a member codec of a {@link PlainClasses} union has besides its row: a constructor over the union's
     * {@code runtime} (held in the codec's field {@code field}; its own setup is the union's), {@code plain(M)} giving
     * the codec's reused plain object filled from the message ({@code to<M>}), and {@code fromPlain} copying one read
     * back ({@code from<M>}, which checks it).
     */
    public static void memberHooks(StringBuilder b, String message, String runtime, String field, String more, String holder) {
        memberHooks(b, message, runtime, field, more, holder, holder);
    }

    /** As above, {@code fromPlain} taking the {@code readHolder} class the union's read gives (see {@link PlainClasses#readHolder}). */
    public static void memberHooks(StringBuilder b, String message, String runtime, String field, String more, String holder, String readHolder) {
        String M = message;
        b.append("    /** For the union stream's codec: this member's copies, over the union's ").append(runtime)
                .append(" (its row's name in refusals); encode and decode are not used. */\n");
        b.append("    ").append(M).append("Codec(").append(runtime).append(" shared) {\n        ").append(field).append(" = shared;\n");
        if (!more.isEmpty()) b.append(indent(more));
        b.append("    }\n\n");
        b.append("    /** The plain object written for {@code value}: this codec's one, filled. */\n");
        b.append("    ").append(holder).append('.').append(M).append(" plain(").append(M).append(" value) {\n        return to").append(M).append("(value, out);\n    }\n\n");
        b.append("    /** Copies a plain object read into {@code target}, refusing what the schema does not allow. */\n");
        b.append("    void fromPlain(").append(readHolder).append('.').append(M).append(" p, ").append(M).append(" target) {\n        from").append(M).append("(p, target);\n    }\n\n");
    }

    private static String simpleName(GenContext ctx, String library, UnionDef union) {
        String cls = ctx.unionCodecClass(library, union);
        return cls.substring(cls.lastIndexOf('.') + 1);
    }

    /** The codec's package, imports ({@code imports} besides the common ones), javadoc and class line. */
    private static StringBuilder opening(GenContext ctx, String library, UnionDef union, Class<?> generator, String about, String imports) {
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(generator.getName())
                .append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.DecodeException;\n").append(imports).append('\n');
        b.append("/**\n * The ").append(library).append(" stream of union ").append(union.name()).append(": ").append(about).append("\n */\n");
        b.append("public final class ").append(simpleName(ctx, library, union)).append(" implements BufferCodec<").append(ctx.messageClass(union.name()))
                .append("> {\n");
        return b;
    }

    private static String indent(String statements) {
        StringBuilder b = new StringBuilder();
        for (String line : statements.strip().split("\n")) b.append("        ").append(line).append('\n');
        return b.toString();
    }
}
