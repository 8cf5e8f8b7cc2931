package org.wireshootout.codec.chronicle;

import org.wireshootout.codec.Labels;
import org.wireshootout.codec.Labels.FieldIds;
import org.wireshootout.codec.Labels.Limitation;
import org.wireshootout.codec.Labels.Marshalling;
import org.wireshootout.codec.Labels.Memory;
import org.wireshootout.codec.Labels.TextEncoding;
import org.wireshootout.codec.Labels.Width;

/**
 * The labels of the Chronicle rows, in one place next to the codecs they describe. Every row: marshalling
 * code written by hand (Chronicle's recommended fast path, not its reflective default), a direct (native
 * memory) buffer, no allocation forced per message.
 *
 * <p>Every {@link Limitation} declared here is what the library was seen to do, and the shared round-trip
 * test holds each row to exactly that: the 8-bit binary rows refuse a char above U+00FF (Chronicle's
 * {@code write8bit} throws), the variable-width BinaryWire rows turn -0.0 into 0.0.
 */
public final class ChronicleLabels {
    private ChronicleLabels() {
    }

    private static Labels.Builder wire(String displayName) {
        return Labels.of("Chronicle Wire", displayName).memory(Memory.DIRECT).marshalling(Marshalling.HAND_WRITTEN);
    }

    /**
     * YAML TextWire: field names, variable width, the wire's UTF-8 or 8-bit mode. In this version both modes
     * write any char outside ASCII as a YAML escape ({@code \xE9}, {@code \u6771}) inside double quotes, so
     * they carry every char and produce the same bytes; the mode changes only how unquoted text is read.
     */
    public static Labels textWire(boolean use8bit) {
        return wire("YAML (TextWire) " + (use8bit ? "8-bit" : "UTF-8")).text()
                .fieldIds(FieldIds.NAMES).width(Width.VARIABLE)
                .textEncoding(use8bit ? TextEncoding.EIGHT_BIT : TextEncoding.UTF8).build();
    }

    /** JSONWire in its UTF-8 mode (why not 8-bit: see {@link JsonWireCodec}). */
    public static Labels json8bit() {
        return wire("JSON (JSONWire)").text().fieldIds(FieldIds.NAMES).width(Width.VARIABLE)
                .textEncoding(TextEncoding.UTF8).lenient(Labels.Leniency.MALFORMED_UTF8).build();
    }

    /**
     * BinaryWire: text always UTF-8; the three switches as in {@link BinaryWireCodec}. The variable-width
     * writer stores a whole double as the smallest integer that holds it and tests {@code d >= 0} to pick
     * an unsigned one, so -0.0 is written as the integer 0 and read back as 0.0: those rows declare it.
     */
    public static Labels binaryWire(boolean fixed, boolean numericFields, boolean fieldLess) {
        String name = "BinaryWire " + (fixed ? "fixed width" : "variable width") + ", "
                + (fieldLess ? "field-less" : numericFields ? "field numbers" : "field names");
        Labels.Builder b = wire(name).binary()
                .fieldIds(fieldLess ? FieldIds.NONE : numericFields ? FieldIds.NUMBERS : FieldIds.NAMES)
                .width(fixed ? Width.FIXED : Width.VARIABLE).textEncoding(TextEncoding.UTF8)
                .lenient(Labels.Leniency.MALFORMED_UTF8); // the library's UTF-8 reader takes overlong forms
        if (!fixed) b.cannotCarry(Limitation.NEGATIVE_ZERO);
        return b.build();
    }

    /** RawWire: no keys, no types, fixed-width values. */
    public static Labels rawWire(boolean use8bit) {
        Labels.Builder b = wire("RawWire " + (use8bit ? "8-bit" : "UTF-8")).binary().fieldIds(FieldIds.NONE)
                .width(Width.FIXED).textEncoding(use8bit ? TextEncoding.EIGHT_BIT : TextEncoding.UTF8);
        if (use8bit) b.cannotCarry(Limitation.NON_LATIN1_TEXT);
        else b.lenient(Labels.Leniency.MALFORMED_UTF8); // a non-ASCII text goes through the library's UTF-8 reader
        return b.build();
    }

    /** BytesMarshallable: no keys, no types, text written 8-bit ({@code write8bit} refuses chars above U+00FF). */
    public static Labels bytesMarshallable(boolean stopBit) {
        Labels.Builder b = Labels.of("Chronicle Bytes", "BytesMarshallable " + (stopBit ? "stop-bit" : "fixed width")).binary()
                .memory(Memory.DIRECT).marshalling(Marshalling.HAND_WRITTEN).fieldIds(FieldIds.NONE)
                .width(stopBit ? Width.VARIABLE : Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
                .cannotCarry(Limitation.NON_LATIN1_TEXT);
        // only the fixed-width layout has its fields at fixed offsets to read in place
        return (stopBit ? b : b.inPlaceAccess()).build();
    }
}
