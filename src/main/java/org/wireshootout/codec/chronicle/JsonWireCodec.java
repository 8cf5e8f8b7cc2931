package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.JSONWire;

import java.nio.charset.StandardCharsets;

/**
 * Row {@code json8bit}: Chronicle's {@link JSONWire}, field names as JSON keys.
 *
 * <p>The row keeps the reference table's name, but runs JSONWire in its UTF-8 mode. The library's benchmark
 * used the 8-bit mode ({@code new JSONWire(bytes, true)}); in this version that mode is lopsided: its writer
 * puts plain text out as UTF-8 whatever the flag says, while its reader takes each byte as one char, so every
 * char from U+0080 up comes back garbled ("café" as "cafÃ©"), Latin-1 included. UTF-8 mode reads what it
 * writes. For the ASCII text of the benchmark message the bytes are identical in both modes. Fields are read
 * in the written order (see {@link DataMarshallable}).
 */
public final class JsonWireCodec extends WireCodec {

    public JsonWireCodec(String name) {
        super(name, b -> new JSONWire(b, false), true);
    }

    /** The JSON payload itself (the 4-byte binary header left out). */
    @Override
    public String render() {
        return ChronicleRender.payloadText(this, StandardCharsets.UTF_8);
    }
}
