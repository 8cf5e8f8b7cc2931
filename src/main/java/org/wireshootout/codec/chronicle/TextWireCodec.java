package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.TextWire;
import org.agrona.DirectBuffer;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Rows {@code twireUTF} and {@code twire8bit}: Chronicle's YAML {@link TextWire} in its UTF-8 or 8-bit
 * mode, field names as keys. Both modes write any char outside ASCII as a YAML escape inside double quotes
 * ({@code "caf\xE9"}), so the bytes are ASCII and the same in either mode; the mode decides how unquoted
 * bytes above 0x7F would be read. Fields are read in the written order (see {@link DataMarshallable}), and version 1
 * checks the bytes of each value it reads ({@link StrictTextValues}), since TextWire's readers are lenient.
 */
public final class TextWireCodec extends DataWireCodec {
    private final Charset charset;

    public TextWireCodec(String name, boolean use8bit) {
        super(name, new WireSetup(b -> new TextWire(b, use8bit), true, DataMarshallable.TextOut.BUILDER, false, false),
                new StrictTextValues(name, false));
        this.charset = use8bit ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    }

    @Override
    public String evolutionMechanism() {
        return "YAML keys are the field names; Chronicle's read(key) finds a field anywhere in the document, skips"
                + " unknown keys and reads a missing one as 0/false/null, but this row's version-1 reader demands each"
                + " name in the written order (TextWire's search can loop forever on damaged input), so it refuses a"
                + " document whose names differ from its own or come in another order";
    }

    /** The YAML payload itself (the 4-byte binary header left out), decoded as the mode wrote it. */
    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return ChronicleRender.payloadText(src, offset, length, charset);
    }
}
