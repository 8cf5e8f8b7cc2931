package org.wireshootout.codec.flatbuffers;

import com.google.flatbuffers.FlatBufferBuilder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapView;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Version 2 of the {@code flatbuffers} row under one change: the table flatc generates from
 * {@code schemas/flatbuffers/data-v2-<change>.fbs} (one {@link Schema} class per change, {@code FbsV2<Change>}, written by the
 * build from that schema into {@code target/generated-sources/version2} by {@code src/build/java/Version2Adapters.java}),
 * framed as {@link FlatBuffersCodec} frames (a finished buffer, no size prefix), with the same reused builder copied
 * into the caller's buffer, the same views and the same structural check before every read, here against the
 * fields version 2 declares.
 */
final class FlatBuffersEvolvedCodec extends NamedCodec<Evolved> {
    private static final int CAPACITY = 4096;
    private static final SideV2[] SIDES = SideV2.values();

    /** What differs between the versions 2: the generated table of one schema. */
    interface Schema {
        /** The size of each field in slot order (a string is its 4-byte offset), for the structural check. */
        int[] fieldSizes();

        /** The slot of the text. */
        int textField();

        /** Builds the table with the generated create method; returns its offset. */
        int create(FlatBufferBuilder builder, Evolved value, int text);

        /** Reads the table at {@code bb}'s position into {@code target}; returns the text positioned in {@code textView}. */
        ByteBuffer read(ByteBuffer bb, Evolved target, ByteBuffer textView, String name);
    }

    private final Schema schema;
    private final FlatBuffersVerifier verifier;
    private final FlatBufferBuilder builder = new FlatBufferBuilder(CAPACITY);
    private final HeapView in = new HeapView(CAPACITY);
    /** The view the table was last read through, and a duplicate of it the generated text accessor positions. */
    private ByteBuffer textOf;
    private ByteBuffer text;

    FlatBuffersEvolvedCodec(String name, Schema schema) {
        super(name);
        this.schema = schema;
        this.verifier = new FlatBuffersVerifier(name, schema.fieldSizes(), schema.textField());
    }

    /** The version-2 codec of the row {@code name} under {@code change}. */
    static FlatBuffersEvolvedCodec of(String name, Change change) {
        switch (change) {
            case addField: return new FlatBuffersEvolvedCodec(name, new FbsV2AddField());
            case removeSmallInt: return new FlatBuffersEvolvedCodec(name, new FbsV2RemoveSmallInt());
            case renameField: return new FlatBuffersEvolvedCodec(name, new FbsV2RenameField());
            case reorderFields: return new FlatBuffersEvolvedCodec(name, new FbsV2ReorderFields());
            case widenSmallInt: return new FlatBuffersEvolvedCodec(name, new FbsV2WidenSmallInt());
            case newSideValue: return new FlatBuffersEvolvedCodec(name, new FbsV2NewSideValue());
            default: throw new IllegalArgumentException("no version 2 for " + change);
        }
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        FlatBufferBuilder b = builder;
        b.clear();
        int textOffset = b.createString(value.text);
        b.finish(schema.create(b, value, textOffset));
        return FlatBuffersCodec.copyFinished(b, dst, offset, name);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        ByteBuffer bb = in.forRead(src, offset, length, name);
        verifier.verify(bb, length);
        if (bb != textOf) {
            text = bb.duplicate().order(ByteOrder.LITTLE_ENDIAN); // a new view: once per place, not per message
            textOf = bb;
        }
        bb.position(0);
        ByteBuffer t = schema.read(bb, target, text, name);
        target.text.setLength(0);
        if (t == null) return;
        int at = t.arrayOffset() + t.position();
        StrictUtf8.decode(t.array(), at, t.remaining(), target.text, name, at - in.start());
    }

    /** The side whose generated value is {@code raw} (every version's Side numbers Buy 0, Sell 1, Short 2). */
    static SideV2 side(byte raw, int constants, String format) {
        if (raw < 0 || raw >= constants) throw new DecodeException(format, -1, "side " + raw + " is not a Side of this schema");
        return SIDES[raw];
    }
}
