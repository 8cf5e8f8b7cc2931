package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.RawWire;
import org.agrona.DirectBuffer;
import org.wireshootout.model.Data;

/**
 * Rows {@code rwireUTF} and {@code rwire8bit}: Chronicle's {@link RawWire}, which drops all metadata: no field
 * keys and no type markers, each value in its fixed width in the order written, text as a stop-bit length
 * and UTF-8 or 8-bit bytes. The reader must know the layout.
 */
public final class RawWireCodec extends DataWireCodec {
    private final boolean use8bit;

    public RawWireCodec(String name, boolean use8bit) {
        // UTF-8 mode keeps the builder: RawWire's writeUtf8 walks a Bytes argument char by char as well, through
        // Bytes.charAt, which measured slower than the builder's charAt (rwireUTF 250 against 190 ns).
        // Both rows run unchecked, as the library's benchmark does: every RawWire read is fixed-width or a stop-bit
        // byte count then that many 8-bit or UTF-8 bytes, which the length and room checks of the marshallable bound
        super(name, new WireSetup(b -> new RawWire(b, use8bit), false,
                use8bit ? DataMarshallable.TextOut.LATIN1 : DataMarshallable.TextOut.BUILDER, true, true));
        this.use8bit = use8bit;
    }

    /**
     * Header, price 8, flag 1, text (stop-bit length of at most 5, then one byte a char in 8-bit, at most three in
     * UTF-8: a pair of surrogates, two chars, takes four), side as text, smallInt 4, longInt 8.
     */
    @Override
    long maxLength(Data value) {
        long text = (long) value.getText().length() * (use8bit ? 1 : 3);
        return HEADER + 8 + 1 + 5 + text + 5 + value.getSide().name().length() + 4 + 8;
    }

    @Override
    public String evolutionMechanism() {
        return "no keys and no types: each value in its fixed width at its place in the layout, which only the code"
                + " knows; a field can be appended and read only when bytes remain, anything else shifts every later field"
                + " (this row's unchecked buffer also demands the read end exactly at the document's end)";
    }

    /** RawWire carries no names or types, so Chronicle has no rendering for it; this lists the decoded fields in wire order. */
    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return ChronicleRender.decodedFields(this, src, offset, length, "RawWire document, values only, no keys or types:%n"
                + "price (float64) %1$s%nflag (bool) %2$s%ntext (stop-bit length, " + (use8bit ? "8-bit" : "UTF-8")
                + ") %3$s%nside (enum name as text) %4$s%nsmallInt (int32) %5$s%nlongInt (int64) %6$s%n");
    }
}
