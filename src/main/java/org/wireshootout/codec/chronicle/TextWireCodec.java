package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.TextWire;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Rows {@code twireUTF} and {@code twire8bit}: Chronicle's YAML {@link TextWire}, field names as keys, text
 * written as UTF-8 or, with {@code use8bit}, one byte per char (ISO-8859-1).
 */
public final class TextWireCodec extends WireCodec {
    private final Charset charset;

    public TextWireCodec(boolean use8bit) {
        super(use8bit ? "twire8bit" : "twireUTF", b -> new TextWire(b, use8bit), true);
        this.charset = use8bit ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    }

    /** The YAML payload itself (the 4-byte binary header left out). */
    @Override
    public String render() {
        return ChronicleRender.payloadText(this, charset);
    }
}
