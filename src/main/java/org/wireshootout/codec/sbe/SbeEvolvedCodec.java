package org.wireshootout.codec.sbe;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.gen.sbe.data.DataDecoder;
import org.wireshootout.gen.sbe.data.MessageHeaderDecoder;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.nio.ByteOrder;

/**
 * Version 2 of the {@code sbe} row under one change: the flyweights generated from
 * {@code schemas/sbe/data-v2-<change>.xml} (one {@link Schema} class per change, {@code SbeV2<Change>}, written by the build from
 * that schema into {@code target/generated-sources/version2} by {@code src/build/java/Version2Adapters.java}), framed as {@link SbeCodec} frames
 * (standard 8-byte header, block, then the UTF-8 text with its uint32 length), in the caller's buffer. The
 * encoded length is checked against the room before anything is written, as version 1 checks it.
 *
 * <p>Decoding follows SBE's message versioning: the decoder is wrapped with the header's block length and
 * version as its acting block length and acting version, so the text is found after the block the writer
 * wrote, whatever its length, and a field newer than the message reads as its null value. The header is the
 * standard composite and the schema and template ids stay those of version 1 (a version is the same schema,
 * newer), so the version-1 header decoder and ids serve every version.
 */
final class SbeEvolvedCodec extends NamedCodec<Evolved> {
    static final int HEADER = MessageHeaderDecoder.ENCODED_LENGTH;
    private static final int TEXT_LENGTH_BYTES = 4;
    private static final SideV2[] SIDES = SideV2.values();

    /** What differs between the versions 2: the generated classes of one schema, used through its flyweights. */
    interface Schema {
        /** The block length this version writes. */
        int blockLength();

        /** Writes header, block and text at {@code offset} of {@code buffer}; returns the length after the header. */
        int encode(MutableDirectBuffer buffer, int offset, Evolved value, byte[] text, int textLength);

        /** Reads the block after the header at {@code offset}, wrapped with the acting block length and version, into {@code target}. */
        void decode(DirectBuffer buffer, int offset, int actingBlockLength, int actingVersion, Evolved target, String name);
    }

    private final Schema schema;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private byte[] textScratch = new byte[3 * 64];

    SbeEvolvedCodec(String name, Schema schema) {
        super(name);
        this.schema = schema;
    }

    /** The version-2 codec of the row {@code name} under {@code change}. */
    static SbeEvolvedCodec of(String name, Change change) {
        switch (change) {
            case addField: return new SbeEvolvedCodec(name, new SbeV2AddField());
            case removeSmallInt: return new SbeEvolvedCodec(name, new SbeV2RemoveSmallInt());
            case renameField: return new SbeEvolvedCodec(name, new SbeV2RenameField());
            case reorderFields: return new SbeEvolvedCodec(name, new SbeV2ReorderFields());
            case widenSmallInt: return new SbeEvolvedCodec(name, new SbeV2WidenSmallInt());
            case newSideValue: return new SbeEvolvedCodec(name, new SbeV2NewSideValue());
            default: throw new IllegalArgumentException("no version 2 for " + change);
        }
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        if (3 * value.text.length() > textScratch.length) textScratch = new byte[3 * value.text.length()];
        int textLength = LenientUtf8.encode(value.text, textScratch, 0);
        int room = dst.capacity() - offset;
        if (HEADER + schema.blockLength() + TEXT_LENGTH_BYTES + textLength > room) throw new EncodeOverflowException(name, room, null);
        return HEADER + schema.encode(dst, offset, value, textScratch, textLength);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        if (length < HEADER) throw new DecodeException(name, 0, "message of " + length + " bytes is shorter than its header");
        header.wrap(src, offset);
        if (header.schemaId() != DataDecoder.SCHEMA_ID || header.templateId() != DataDecoder.TEMPLATE_ID) {
            throw new DecodeException(name, 2, "schema " + header.schemaId() + " template " + header.templateId() + " is not the Data message");
        }
        int blockLength = header.blockLength();
        int textAt = HEADER + blockLength;
        if (textAt + TEXT_LENGTH_BYTES > length) {
            throw new DecodeException(name, 0, "block length " + blockLength + " does not fit a " + length + "-byte message");
        }
        schema.decode(src, offset, blockLength, header.version(), target, name);
        // the var data follows the acting block, as the generated wrapText finds it
        long textLength = src.getInt(offset + textAt, ByteOrder.LITTLE_ENDIAN) & 0xFFFF_FFFFL;
        if (textLength > length - textAt - TEXT_LENGTH_BYTES) {
            throw new DecodeException(name, textAt, "text of " + textLength + " bytes runs past the end of the message");
        }
        target.text.setLength(0);
        int textStart = offset + textAt + TEXT_LENGTH_BYTES;
        byte[] array = src.byteArray();
        if (array != null) {
            StrictUtf8.decode(array, src.wrapAdjustment() + textStart, (int) textLength, target.text, name, textAt + TEXT_LENGTH_BYTES);
        } else {
            if (textLength > textScratch.length) textScratch = new byte[(int) textLength]; // grows, never per message
            src.getBytes(textStart, textScratch, 0, (int) textLength);
            StrictUtf8.decode(textScratch, 0, (int) textLength, target.text, name, textAt + TEXT_LENGTH_BYTES);
        }
    }

    /** The flag from the name of a generated BooleanType constant: T or F, anything else (its NULL_VAL) is refused. */
    static boolean flag(String name, String format) {
        if (name.equals("T")) return true;
        if (name.equals("F")) return false;
        throw new DecodeException(format, HEADER, "flag " + name + " is neither T nor F");
    }

    /** The side from the name of a generated Side constant; NULL_VAL is refused. */
    static SideV2 side(String name, String format) {
        for (SideV2 side : SIDES) {
            if (side.name().equals(name)) return side;
        }
        throw new DecodeException(format, HEADER, "side " + name + " is not a side");
    }
}
