package org.wireshootout.codec.iextp;

import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapMessage;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.iex.IexTpDecoder;
import org.wireshootout.iex.IexTpEncoder;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;


/**
 * The {@code iexWire} row: the message exactly as IEX sends it inside an IEX-TP segment (type byte, then the
 * type's fields at IEX's offsets, little-endian, no padding), written and read by the project's own IEX-TP
 * encoder and decoder ({@link IexTpEncoder#encodeMessage}, {@link IexTpDecoder#decodeMessage}) on a heap
 * {@code byte[]}. Not included: the 2-byte length that precedes each message in a segment, which is the
 * segment's framing, not the message's.
 *
 * <p>It is the natural reference for the other rows: what the exchange itself puts on the wire for the same
 * information. A message longer than its type's length decodes (IEX allows later versions to append fields);
 * a shorter one, or an unknown type byte, is a {@link DecodeException}.
 */
public final class IexWireCodec extends NamedCodec<IexMessage> {
    private static final int CAPACITY = 4096;

    private final HeapMessage encoded = new HeapMessage(name, CAPACITY);

    public IexWireCodec(String name) {
        super(name);
    }
    private final byte[] buffer = encoded.array;

    @Override
    public int encode(IexMessage value) {
        return encoded.setLength(IexTpEncoder.encodeMessage(value, buffer, 0));
    }

    @Override
    public void decode(IexMessage target) {
        if (IexTpDecoder.decodeMessage(buffer, 0, encoded.length(), target) == null) {
            if (encoded.length() == 0) throw new DecodeException(name, 0, "empty message");
            IexMessageType t = IexMessageType.of(buffer[0] & 0xFF);
            throw new DecodeException(name, 0, t == null
                    ? String.format("unknown message type byte 0x%02x", buffer[0] & 0xFF)
                    : "a " + t.displayName() + " message needs " + t.wireLength() + " bytes, " + encoded.length() + " present");
        }
    }

    @Override public MessageBuffer buffer() { return encoded; }
}
