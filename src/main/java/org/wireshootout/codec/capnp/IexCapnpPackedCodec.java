package org.wireshootout.codec.capnp;

import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.HeapMessage;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.model.iex.IexMessage;

/**
 * The {@code capnpPacked} IEX row: the packed encoding (runs of zero bytes squeezed out), written and read at offset
 * 0 of a buffer of the codec's own, which this row keeps for the reason {@link CapnpPackedCodec} gives (the packer
 * leaves a zero byte right after the message when the room reaches past it). See {@link IexCapnpBase} for the
 * structs, reuse and allocation. The segment table is packed together with the data, so no byte count can be
 * attributed to it: the header length is 0.
 */
public final class IexCapnpPackedCodec extends IexCapnpBase implements Codec<IexMessage> {
    private final HeapMessage encoded;
    private final UnsafeBuffer buffer;

    public IexCapnpPackedCodec(String name) {
        super(name, true);
        this.encoded = new HeapMessage(name, CAPACITY);
        this.buffer = new UnsafeBuffer(encoded.array);
    }

    @Override
    public int encode(IexMessage m) {
        return encoded.setLength(encode(m, buffer, 0));
    }

    @Override
    public void decode(IexMessage m) {
        decode(buffer, 0, encoded.length(), m);
    }

    @Override
    public MessageBuffer buffer() {
        return encoded;
    }
}
