package org.wireshootout.codec.capnp;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * Version 2 of a Cap'n Proto row under one change: the struct capnpc-java generates from
 * {@code schemas/capnp/data-v2-<change>.capnp} (one {@link Schema} class per change, {@code CapnpV2<Change>}, written by the build
 * from that schema into {@code target/generated-sources/version2} by {@code src/build/java/Version2Adapters.java}).
 * Its bytes are built, framed and read by a version-1 codec of the same row that it owns (the frame): the same
 * reused message builder, the same Serialize or SerializePacked framing, the same reader limits, so the framing
 * cannot differ from the row's; only the struct inside the message is version 2's. The frame writes into and reads
 * from the caller's buffer as the row does.
 */
final class CapnpEvolvedCodec extends NamedCodec<Evolved> {
    private static final SideV2[] SIDES = SideV2.values();

    /** What differs between the versions 2: the generated struct of one schema. */
    interface Schema {
        /** Builds the root struct in {@code frame}'s message (the text sized by {@code frame.textBytes}). */
        void build(CapnpCodecBase frame, Evolved value);

        /** Reads the root struct of {@code frame}'s message into {@code target}. */
        void read(CapnpCodecBase frame, Evolved target);
    }

    private final CapnpCodecBase frame;
    private final Schema schema;

    private CapnpEvolvedCodec(CapnpCodecBase frame, Schema schema) {
        super(frame.format());
        this.frame = frame;
        this.schema = schema;
    }

    /** The version-2 codec under {@code change}, framed by {@code frame}, a new version-1 codec of the row. */
    static CapnpEvolvedCodec of(CapnpCodecBase frame, Change change) {
        switch (change) {
            case addField: return new CapnpEvolvedCodec(frame, new CapnpV2AddField());
            case removeSmallInt: return new CapnpEvolvedCodec(frame, new CapnpV2RemoveSmallInt());
            case renameField: return new CapnpEvolvedCodec(frame, new CapnpV2RenameField());
            case reorderFields: return new CapnpEvolvedCodec(frame, new CapnpV2ReorderFields());
            case widenSmallInt: return new CapnpEvolvedCodec(frame, new CapnpV2WidenSmallInt());
            case newSideValue: return new CapnpEvolvedCodec(frame, new CapnpV2NewSideValue());
            default: throw new IllegalArgumentException("no version 2 for " + change);
        }
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        schema.build(frame, value);
        return frame.finish(dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        try {
            schema.read(frame.reading(src, offset, length), target);
        } catch (RuntimeException e) {
            throw frame.wrap(e);
        }
    }

    /** The side at {@code ordinal} of a generated Side (every version numbers buy 0, sell 1, short 2); not one of the schema's is refused. */
    static SideV2 side(int ordinal, boolean notInSchema, String format) {
        if (notInSchema) throw new DecodeException(format, 0, "side is not one of the schema's");
        return SIDES[ordinal];
    }
}
