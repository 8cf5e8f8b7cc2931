package org.wireshootout.codec.capnp;

import org.agrona.DirectBuffer;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.SerializePacked;

import java.io.IOException;

/**
 * The {@code capnpPacked} row: the same message in Cap'n Proto's packed encoding (runs of zero bytes
 * squeezed out). Reading must unpack into new segment buffers first, so this row does not read in place
 * and is not an in-place access row. See {@link CapnpCodecBase} for where the bytes are, reuse and allocation.
 *
 * <p>The runtime's packer writes each byte of a word and steps back over a zero one, so when the caller's room
 * reaches past the message it may leave one zero byte just after it (inside the room, never past it).
 */
public final class CapnpPackedCodec extends CapnpCodecBase {
    /** The input the unpacker reads (see {@link PackedInput} for why not ArrayInputStream). */
    private final PackedInput in = new PackedInput();

    public CapnpPackedCodec(String name) {
        super(name);
    }

    @Override
    CapnpCodecBase newFrame() {
        return new CapnpPackedCodec(format());
    }

    @Override
    void write(ArrayOutputStream out, MessageBuilder message) throws IOException {
        SerializePacked.write(out, message);
    }

    @Override
    MessageReader read(DirectBuffer src, int offset, int length) throws IOException {
        MessageReader reader = SerializePacked.read(in.over(readView.forRead(src, offset, length, format())), LIMITS);
        in.requireEnd(format());
        return reader;
    }
}
