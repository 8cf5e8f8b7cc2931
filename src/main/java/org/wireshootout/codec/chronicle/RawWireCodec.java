package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.RawWire;

/**
 * Rows {@code rwireUTF} and {@code rwire8bit}: Chronicle's {@link RawWire}, which drops all metadata: no field
 * keys and no type markers, each value in its fixed width in the order written, text as a stop-bit length
 * and UTF-8 or 8-bit bytes. The reader must know the layout.
 */
public final class RawWireCodec extends WireCodec {
    private final boolean use8bit;

    public RawWireCodec(boolean use8bit) {
        super(use8bit ? "rwire8bit" : "rwireUTF", b -> new RawWire(b, use8bit), false);
        this.use8bit = use8bit;
    }

    /** RawWire carries no names or types, so Chronicle has no rendering for it; this lists the decoded fields in wire order. */
    @Override
    public String render() {
        return ChronicleRender.decodedFields(this, "RawWire document, values only, no keys or types:%n"
                + "price (float64) %1$s%nflag (bool) %2$s%ntext (stop-bit length, " + (use8bit ? "8-bit" : "UTF-8")
                + ") %3$s%nside (enum name as text) %4$s%nsmallInt (int32) %5$s%nlongInt (int64) %6$s%n");
    }
}
