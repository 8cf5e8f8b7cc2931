package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.BinaryWire;
import org.agrona.DirectBuffer;

/**
 * Rows {@code bwireXYZ}: Chronicle's self-describing {@link BinaryWire} ("binary YAML"). The three letters are
 * its constructor's switches, T for true and F for false:
 * <ul>
 *   <li>X, fixed: every value in its full width (a double always 8 bytes) instead of the smallest type that
 *       holds it (1234.0 fits a 2-byte integer);</li>
 *   <li>Y, numeric fields: field keys written as the {@link DataKeys#code()} number rather than the name;</li>
 *   <li>Z, field-less: no keys at all, only the typed values in order.</li>
 * </ul>
 * No compression (threshold {@code Integer.MAX_VALUE}), as in the library's benchmark.
 */
public final class BinaryWireCodec extends DataWireCodec {

    private final boolean numericFields;
    private final boolean fieldLess;

    public BinaryWireCodec(String name, boolean fixed, boolean numericFields, boolean fieldLess) {
        super(name, new WireSetup(b -> new BinaryWire(b, fixed, numericFields, fieldLess, Integer.MAX_VALUE, "binary"),
                false, DataMarshallable.TextOut.ASCII_AS_BYTES, false, fieldLess));
        this.numericFields = numericFields;
        this.fieldLess = fieldLess;
    }

    @Override
    public String evolutionMechanism() {
        if (fieldLess) {
            return "field-less: no keys, only typed values in the written order, so a reader takes each field by"
                    + " position (converting between numeric types where it can); nothing marks a field as unknown or missing";
        }
        if (numericFields) {
            // BinaryWire.readFieldNumber gives an empty name for another number, which read(key) takes as a match
            return "each field is keyed by its number (the model's field id) with a typed value, but read(key) takes"
                    + " whatever field comes next when its number differs, so fields are in effect read by position"
                    + " (converting between numeric types); only a trailing unknown field goes unread, and a reader at"
                    + " the document's end reads a missing one as 0";
        }
        return "each field is keyed by its name with a typed value; read(key) finds it anywhere in the document, skips"
                + " unknown fields (the type gives their length) and reads a missing one as 0/false/null";
    }

    /** Chronicle's own binary-to-YAML rendering of the framed document ({@code Wires.fromSizePrefixedBlobs}). */
    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return ChronicleRender.binaryAsYaml(src, offset, length);
    }
}
