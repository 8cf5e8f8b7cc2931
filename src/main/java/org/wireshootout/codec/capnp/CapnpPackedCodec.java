package org.wireshootout.codec.capnp;

import org.wireshootout.codec.BufferCodec;
import org.agrona.DirectBuffer;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.SerializePacked;
import org.wireshootout.model.Data;

import java.io.IOException;

/**
 * The {@code capnpPacked} row: the same message in Cap'n Proto's packed encoding (runs of zero bytes
 * squeezed out). Reading must unpack into new segment buffers first, so this row does not read in place
 * and is not an in-place access row. See {@link CapnpCodecBase} for where the bytes are, reuse and allocation.
 *
 * <p>The runtime's packer writes each byte of a word and steps back over a zero one, so when the room reaches past the
 * message it leaves a zero byte right after it, in bytes that are not the message. So this row packs into a buffer of
 * its own ({@link #CAPACITY} bytes, where that byte is harmless) and copies exactly the message into the caller's
 * buffer, a copy its labels name; it reads the caller's buffer in place.
 */
public final class CapnpPackedCodec extends CapnpCodecBase implements BufferCodec<Data> {
    /** The input the unpacker reads (see {@link PackedInput} for why not ArrayInputStream). */
    private final PackedInput in = new PackedInput();
    /** Where the packer writes, stray byte included, before the message is copied into the caller's stream. */
    private final PackedCopy packed = new PackedCopy(CAPACITY);

    public CapnpPackedCodec(String name) {
        super(name);
    }

    @Override
    CapnpCodecBase newFrame() {
        return new CapnpPackedCodec(format());
    }

    @Override
    void write(ArrayOutputStream out, MessageBuilder message) throws IOException {
        packed.write(out, message);
    }

    @Override
    MessageReader read(DirectBuffer src, int offset, int length) throws IOException {
        MessageReader reader = SerializePacked.read(in.over(readView.forRead(src, offset, length, format())), LIMITS);
        in.requireEnd(format());
        return reader;
    }
}
