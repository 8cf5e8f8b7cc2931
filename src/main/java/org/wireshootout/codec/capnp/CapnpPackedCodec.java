package org.wireshootout.codec.capnp;

import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.SerializePacked;

import java.io.IOException;

/**
 * The {@code capnpPacked} row: the same message in Cap'n Proto's packed encoding (runs of zero bytes
 * squeezed out). Reading must unpack into new segment buffers first, so this row does not read in place
 * and is not an {@code InPlaceAccess} row. See {@link CapnpCodecBase} for reuse and allocation.
 */
public final class CapnpPackedCodec extends CapnpCodecBase {
    /** Reads through its own view of the codec's buffer, made once (see {@link PackedInput} for why not ArrayInputStream). */
    private final PackedInput in = new PackedInput(buffer);

    public CapnpPackedCodec(String name) {
        super(name);
    }

    @Override
    CapnpCodecBase newFrame() {
        return new CapnpPackedCodec(name);
    }

    @Override
    void write(ArrayOutputStream out, MessageBuilder message) throws IOException {
        SerializePacked.write(out, message);
    }

    @Override
    MessageReader read() throws IOException {
        MessageReader reader = SerializePacked.read(in.reset(encoded.length()), LIMITS);
        in.requireEnd(name);
        return reader;
    }
}
