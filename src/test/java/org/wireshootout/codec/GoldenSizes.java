package org.wireshootout.codec;

import org.wireshootout.registry.Format;

import java.util.EnumMap;
import java.util.Map;

/**
 * The size in bytes of the canonical message ({@code Data.canonical()}) in every six-field row that carries
 * data, framing included (Chronicle's 4-byte document header, Cap'n Proto's segment table), as this project's
 * library versions write it, each with the reason for the number: the one place these sizes are written down
 * (the "Sizes next to the seed's" table in docs/formats.md shows them beside the seed's). {@link GoldenSizesTest}
 * asserts each; the per-library tests take their expectations from here.
 */
public final class GoldenSizes {
    private GoldenSizes() {
    }

    /** One golden size and why it is that number. */
    public static final class Size {
        public final int bytes;
        public final String why;

        Size(int bytes, String why) {
            this.bytes = bytes;
            this.why = why;
        }
    }

    static final Map<Format, Size> SIZES = new EnumMap<>(Format.class);

    private static void put(Format f, int bytes, String why) {
        SIZES.put(f, new Size(bytes, why));
    }

    static {
        put(Format.limit, 35, "price 8, flag 1, side 1, smallInt 4, longInt 8, then a 1-byte stop-bit length and the 12 chars one byte each");
        put(Format.twireUTF, 93, "TextWire YAML with field names; this Chronicle version writes the whole-number price as 1234.0 (seed: 91)");
        put(Format.twire8bit, 93, "the same bytes as twireUTF: both TextWire modes escape any char outside ASCII");
        put(Format.json8bit, 102, "JSONWire with field names; the same 1234.0 as TextWire (seed: 100)");
        put(Format.bwireFFF, 71, "variable widths, field names; smallInt 123 takes the UINT8 code and a byte where a one-byte form exists (seed: 70)");
        put(Format.bwireTFF, 84, "fixed widths and field names: every number at its full width (as the seed)");
        put(Format.bwireFTF, 45, "variable widths, field numbers; the same UINT8 smallInt (seed: 44)");
        put(Format.bwireTTF, 58, "fixed widths, field numbers; 58 is what the seed's own notes and its FTF size imply (its table says 57)");
        put(Format.bwireFTT, 33, "variable widths, no field ids; the same UINT8 smallInt (seed: 32)");
        put(Format.rwireUTF, 43, "RawWire: the fields in order, no names; byte for byte the seed's hex dump");
        put(Format.rwire8bit, 43, "the same bytes as rwireUTF for the ASCII text");
        put(Format.bytesMarshallable, 39, "fixed widths, the text as a stop-bit length and 8-bit chars, side as its ordinal (as the seed)");
        put(Format.bytesMarshallableStopBit, 28, "the numbers in Chronicle's stop-bit encoding (as the seed)");
        put(Format.jackson, 100, "the JSON object with the six field names, price as 1234.0 (as the seed)");
        put(Format.jacksonCBytes, 100, "the same JSON as jackson, through Chronicle Bytes streams");
        put(Format.jacksonCBytesRW, 100, "the same JSON as jackson, through Chronicle Bytes Reader/Writer (ASCII)");
        put(Format.msgpack, 73, "a MessagePack map with the six field names");
        put(Format.bson, 96, "a BSON document: length, six typed elements with names, terminator (as the seed)");
        put(Format.bsonCBytes, 96, "the same document as bson, in Chronicle Bytes");
        put(Format.externalizable, 105, "stream header, class descriptor, block data with side as one byte and the text by writeUTF"
                + " (seed: 197, which wrote side and text as objects)");
        put(Format.externalizableCBytes, 105, "the same stream as externalizable, in Chronicle Bytes");
        put(Format.serializable, 283, "default serialisation: every field's name and type in the class descriptor, text and side as objects");
        put(Format.snakeYaml, 89, "YAML block mapping of the six fields (as the seed)");
        put(Format.boon, 100, "the same JSON as Jackson's (as the seed)");
        put(Format.sbe, 46, "the 8-byte message header, the 22-byte block, the text with SBE's standard uint32 length (4 + 12)");
        put(Format.flatbuffers, 80, "root offset, vtable, table with the fields aligned, the text as a length-prefixed NUL-terminated string");
        put(Format.capnp, 64, "the 8-byte segment table, the root pointer, a struct of 3 data words and 1 pointer, the text list padded to a word");
        put(Format.capnpPacked, 36, "the same message through Cap'n Proto's packing (zero bytes elided)");
        put(Format.protobuf, 35, "proto3 tags and varints; the text length-delimited");
        put(Format.fory, 40, "header bitmap 1, not-null flag 1, type id 2 (struct, registered id); then price 8, flag 1,"
                + " longInt 9 (a tagged long above 2^30: marker + 8), smallInt 2 (zigzag varint 246), side 2 (not-null flag +"
                + " ordinal), text 14 (not-null flag, header (12 << 2 | Latin-1), 12 bytes)");
        put(Format.foryCompatible, 94, "58 bytes of bitmap, not-null flag, type and the class's type definition (its name and every"
                + " field's name and type, written with every message), then the same 36 field bytes as fory");
        put(Format.foryIds, 67, "bitmap 1, not-null flag 1, type 1, meta marker 1, then the type definition 29 (an 8-byte header"
                + " and 21 bytes: the registered id and each field's @ForyField id and type, no names), then the fields 34:"
                + " fory's 36 less the not-null flags of text and side (an @ForyField field is not nullable by default)");
        put(Format.foryShared, 67, "the channel's first message, byte for byte foryIds' (it carries the type definition); every"
                + " later message of the channel is 38: bitmap, not-null flag, type, a one-byte reference to the definition"
                + " and the same 34 field bytes");
        put(Format.kryo, 29, "no field ids: price 8, flag 1, text 12 (Kryo's ASCII form: no length, bit 8 set on the last char),"
                + " side 1, smallInt 2 (zigzag varint 246), longInt 5 (zigzag varint 2469135780)");
        put(Format.kryoFields, 29, "FieldSerializer, fields by name: flag 1, longInt 5, price 8, side 1 (ordinal + 1), smallInt 2,"
                + " text 12 (the same ASCII form)");
        put(Format.kryoTagged, 36, "TaggedFieldSerializer: the field count + 1 (1), then per field its tag (1 each, 6) and"
                + " FieldSerializer's bytes of the value, in name order as kryoFields (29)");
        put(Format.kryoCompatible, 68, "CompatibleFieldSerializer: the field count (1) and the six field names in Kryo's ASCII form"
                + " (32), written with every message, then per field the class of its value (a one-byte registration id, 6)"
                + " and FieldSerializer's bytes of the value, in name order as kryoFields (29)");
        put(Format.avro, 30, "no field ids: price 8, flag 1, text 1 + 12 (zigzag length 24), side 1 (index zigzag 2),"
                + " smallInt 2 (zigzag 246), longInt 5 (zigzag 2469135780)");
    }

    /** The golden size of {@code f}'s canonical message. */
    public static int bytes(Format f) {
        Size s = SIZES.get(f);
        if (s == null) throw new IllegalArgumentException(f + " has no golden size");
        return s.bytes;
    }
}
