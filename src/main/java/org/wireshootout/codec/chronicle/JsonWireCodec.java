package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.JSONWire;
import org.agrona.DirectBuffer;

import java.nio.charset.StandardCharsets;

/**
 * Row {@code json8bit}: Chronicle's {@link JSONWire}, field names as JSON keys.
 *
 * <p>The row keeps the reference table's name, but runs JSONWire in its UTF-8 mode. The library's benchmark
 * used the 8-bit mode ({@code new JSONWire(bytes, true)}); in this version that mode is lopsided: its writer
 * puts plain text out as UTF-8 whatever the flag says, while its reader takes each byte as one char, so every
 * char from U+0080 up comes back garbled ("café" as "cafÃ©"), Latin-1 included. UTF-8 mode reads what it
 * writes. For the ASCII text of the benchmark message the bytes are identical in both modes. Fields are read
 * in the written order (see {@link DataMarshallable}), and version 1 checks the bytes of each value it reads and
 * what follows the last ({@link StrictTextValues}), since JSONWire's readers are lenient.
 */
public final class JsonWireCodec extends DataWireCodec {

    public JsonWireCodec(String name) {
        super(name, new WireSetup(b -> new JSONWire(b, false), true, DataMarshallable.TextOut.BUILDER, false, false),
                new StrictTextValues(name, true));
    }

    @Override
    public String evolutionMechanism() {
        return "JSON keys are the field names; Chronicle's read(key) finds a field anywhere in the object, skips"
                + " unknown keys and reads a missing one as 0/false/null, but this row's version-1 reader demands each"
                + " name in the written order (JSONWire's search can loop forever on damaged input), so it refuses a"
                + " document whose names differ from its own or come in another order";
    }

    /** The JSON payload itself (the 4-byte binary header left out). */
    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return ChronicleRender.payloadText(src, offset, length, StandardCharsets.UTF_8);
    }
}
