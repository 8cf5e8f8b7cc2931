package org.wireshootout.generator.spi;

import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;

import java.io.IOException;
import java.util.List;

/**
 * One library's part of the codec generator: given a schema, it says which messages the library can carry, writes
 * what the library needs once per schema (its own schema, compiled by its own tool) and, per message, the source
 * of a codec on the caller-owned seam written as the library's hand-written row is written.
 *
 * <p>The codec is a public class {@link GenContext#codecClass} with a public constructor taking the row's name,
 * implementing {@code BufferCodec<M>} for the generated message class {@code M} of the message; it may not allocate
 * per message where the hand-written row does not, and it refuses bytes its writer cannot have written with a
 * {@code DecodeException}, as every row does.
 */
public interface CodecBackend {

    /**
     * Null when the library can carry every field of {@code message} as the schema declares it; else what it cannot
     * carry and why, naming the field (this becomes the row's "cannot carry" line in the report).
     */
    String cannotCarry(Schema schema, MessageDef message);

    /**
     * Called once per schema before any codec, with the messages the library carries: writes and compiles the
     * library's own schema where it has one. The default does nothing.
     */
    default void prepare(GenContext ctx, List<MessageDef> carried) throws IOException {
    }

    /**
     * The edge values ({@link org.wireshootout.generator.GeneratedMessage#edge}) of {@code message} the library's row cannot carry, by number,
     * with why (NaN in a format with no token for it, ...): the round-trip test leaves them out and checks instead that
     * each is refused or comes back changed, so a row never claims less than it carries. None by default.
     */
    default java.util.Map<Integer, String> edgesNotCarried(Schema schema, MessageDef message) {
        return java.util.Map.of();
    }

    /** The source of the codec for {@code message}, whose class name is {@code ctx.codecClass(library, message)}. */
    String codec(GenContext ctx, MessageDef message) throws IOException;

    /**
     * The source of the codec for a union, whose class name is {@code ctx.unionCodecClass(library, union)}: a
     * {@code BufferCodec} of the union's generated class, each message one of its members, told apart as the library
     * itself tells messages of several types apart in one stream. Called only when the library has a row for every
     * member (after their codecs), so the union codec may use the members' codecs. Null, the default, when the
     * generator writes no union stream for this library yet: the union then has no row for it, and the index says so.
     */
    default String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) throws IOException {
        return null;
    }
}
