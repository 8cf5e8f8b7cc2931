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
     *                   and declare {@code int position} (the member) and {@code int n} (where its bytes start),
     *                   refusing with {@code DecodeException} a tag its encoder cannot have written
     */
    public record Framing(String about, String fields, String encodeTag, String decodeTag) {
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
        b.append("        return n + switch (position) {\n");
        for (int i = 0; i < ms.size(); i++) {
            String f = MessageClassGenerator.unionMember(ms.get(i));
            b.append("            case ").append(i).append(" -> ").append(f).append(".encode(value.").append(f).append("(), dst, offset + n);\n");
        }
        b.append("            default -> throw new IllegalStateException(\"member \" + position + \" of ").append(union.name()).append("\");\n");
        b.append("        };\n    }\n\n");
        b.append("    @Override\n    public void decode(DirectBuffer src, int offset, int length, ").append(U).append(" target) {\n");
        b.append(indent(framing.decodeTag()));
        b.append("        switch (position) {\n");
        for (int i = 0; i < ms.size(); i++) {
            MessageDef m = ms.get(i);
            String f = MessageClassGenerator.unionMember(m);
            b.append("            case ").append(i).append(" -> ").append(f).append(".decode(src, offset + n, length - n, target.select").append(m.name()).append("());\n");
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
