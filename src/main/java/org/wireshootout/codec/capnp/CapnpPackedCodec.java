package org.wireshootout.codec.capnp;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.SerializePacked;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.HeapMessage;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.model.Data;

import java.io.IOException;

/**
 * The {@code capnpPacked} row: the same message in Cap'n Proto's packed encoding (runs of zero bytes
 * squeezed out). Reading must unpack into new segment buffers first, so this row does not read in place
 * and is not an in-place access row. See {@link CapnpCodecBase} for where the bytes are, reuse and allocation.
 *
 * <p>This row keeps a buffer of its own ({@link #CAPACITY} bytes) and writes and reads it at offset 0, instead of
 * taking the caller's: the runtime's packer writes each byte of a word and steps back over a zero one, so when the
 * room reaches past the message it leaves a zero byte right after it, in bytes that are not the message. In a
 * buffer of the codec's own that byte is harmless; in a caller's it would be written over the caller's next bytes,
 * and avoiding it would take a copy or a pass over the bytes that the row does not make now.
 */
public final class CapnpPackedCodec extends CapnpCodecBase implements Codec<Data> {
    /** The input the unpacker reads (see {@link PackedInput} for why not ArrayInputStream). */
    private final PackedInput in = new PackedInput();
    private final HeapMessage encoded;
    private final UnsafeBuffer buffer;

    public CapnpPackedCodec(String name) {
        super(name);
        this.encoded = new HeapMessage(name, CAPACITY);
        this.buffer = new UnsafeBuffer(encoded.array);
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

    @Override
    public int encode(Data value) {
        return encoded.setLength(encode(value, buffer, 0));
    }

    @Override
    public void decode(Data target) {
        decode(buffer, 0, encoded.length(), target);
    }

    @Override
    public MessageBuffer buffer() {
        return encoded;
    }
}
