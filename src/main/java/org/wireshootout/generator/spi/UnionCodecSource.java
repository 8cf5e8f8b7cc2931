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
        String cls = ctx.unionCodecClass(library, union);
        String simple = cls.substring(cls.lastIndexOf('.') + 1);
        String U = ctx.messageClass(union.name());
        List<MessageDef> ms = union.members();
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(generator.getName())
                .append("; do not edit.\n\n");
        b.append("import org.agrona.DirectBuffer;\nimport org.agrona.MutableDirectBuffer;\n");
        b.append("import org.wireshootout.codec.BufferCodec;\nimport org.wireshootout.codec.DecodeException;\n");
        b.append("import org.wireshootout.codec.EncodeOverflowException;\n\n");
        b.append("/**\n * The ").append(library).append(" stream of union ").append(union.name()).append(": ").append(framing.about())
                .append("\n */\n");
        b.append("public final class ").append(simple).append(" implements BufferCodec<").append(U).append("> {\n");
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

    private static String indent(String statements) {
        StringBuilder b = new StringBuilder();
        for (String line : statements.strip().split("\n")) b.append("        ").append(line).append('\n');
        return b.toString();
    }
}
