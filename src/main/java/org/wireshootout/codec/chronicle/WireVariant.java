package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.BinaryWire;
import net.openhft.chronicle.wire.JSONWire;
import net.openhft.chronicle.wire.RawWire;
import net.openhft.chronicle.wire.TextWire;
import net.openhft.chronicle.wire.Wire;

/**
 * The ten Wire rows as the codecs generated from a message schema ({@link ChronicleWireGenerator}) build them, each
 * named as its hand-written six-field row and made the way that row is made ({@link TextWireCodec},
 * {@link JsonWireCodec}, {@link BinaryWireCodec}, {@link RawWireCodec}): the same wire over the same kind of
 * {@code Bytes}, the same framing, the same way of handing text to the wire and of finding a field.
 */
public enum WireVariant {
    twireUTF(Kind.YAML, false, false, false, false),
    twire8bit(Kind.YAML, true, false, false, false),
    json8bit(Kind.JSON, false, false, false, false),
    bwireFFF(Kind.BINARY, false, false, false, false),
    bwireTFF(Kind.BINARY, false, true, false, false),
    bwireFTF(Kind.BINARY, false, false, true, false),
    bwireTTF(Kind.BINARY, false, true, true, false),
    bwireFTT(Kind.BINARY, false, false, true, true),
    rwireUTF(Kind.RAW, false, false, false, true),
    rwire8bit(Kind.RAW, true, false, false, true);

    /** The wire family. */
    public enum Kind {
        /** TextWire: YAML, field names as keys. */
        YAML,
        /** JSONWire, field names as keys. */
        JSON,
        /** BinaryWire: typed values, keyed by name or number, or field-less. */
        BINARY,
        /** RawWire: no keys, no types, fixed-width values. */
        RAW
    }

    private final Kind kind;
    private final boolean use8bit;
    private final boolean fixed;
    private final boolean numericFields;
    private final boolean fieldLess;

    WireVariant(Kind kind, boolean use8bit, boolean fixed, boolean numericFields, boolean fieldLess) {
        this.kind = kind;
        this.use8bit = use8bit;
        this.fixed = fixed;
        this.numericFields = numericFields;
        this.fieldLess = fieldLess;
    }

    public Kind kind() {
        return kind;
    }

    /** RawWire's or TextWire's 8-bit mode. */
    public boolean use8bit() {
        return use8bit;
    }

    /** BinaryWire writing every number in its full width. */
    public boolean fixed() {
        return fixed;
    }

    /** BinaryWire keying fields by number. */
    public boolean numericFields() {
        return numericFields;
    }

    /** No keys on the wire (RawWire, field-less BinaryWire): fields told apart by position only. */
    public boolean positional() {
        return kind == Kind.RAW || (kind == Kind.BINARY && fieldLess);
    }

    /** The text wires, whose readers take each field's name in the written order ({@link DataMarshallable}). */
    public boolean inOrder() {
        return kind == Kind.YAML || kind == Kind.JSON;
    }

    /** RawWire: an unchecked {@code Bytes}, every read bounded by the codec. */
    public boolean unchecked() {
        return kind == Kind.RAW;
    }

    /** The wire over {@code bytes}, built as the hand-written row builds it. */
    public Wire wire(Bytes<?> bytes) {
        return switch (kind) {
            case YAML -> new TextWire(bytes, use8bit);
            // UTF-8 mode, as the hand-written json8bit row (JsonWireCodec says why)
            case JSON -> new JSONWire(bytes, false);
            case BINARY -> new BinaryWire(bytes, fixed, numericFields, fieldLess, Integer.MAX_VALUE, "binary");
            case RAW -> new RawWire(bytes, use8bit);
        };
    }
}
