package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.TextWire;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Rows {@code twireUTF} and {@code twire8bit}: Chronicle's YAML {@link TextWire} in its UTF-8 or 8-bit
 * mode, field names as keys. Both modes write any char outside ASCII as a YAML escape inside double quotes
 * ({@code "caf\xE9"}), so the bytes are ASCII and the same in either mode; the mode decides how unquoted
 * bytes above 0x7F would be read. Fields are read in the written order (see {@link DataMarshallable}).
 */
public final class TextWireCodec extends WireCodec {
    private final Charset charset;

    public TextWireCodec(String name, boolean use8bit) {
        super(name, b -> new TextWire(b, use8bit), true);
        this.charset = use8bit ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    }

    /** The YAML payload itself (the 4-byte binary header left out), decoded as the mode wrote it. */
    @Override
    public String render() {
        return ChronicleRender.payloadText(this, charset);
    }
}
