package org.wireshootout.codec.iextp;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.iex.IexTpDecoder;
import org.wireshootout.iex.IexTpEncoder;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;


/**
 * The {@code iexWire} row: the message exactly as IEX sends it inside an IEX-TP segment (type byte, then the
 * type's fields at IEX's offsets, little-endian, no padding), written and read by the project's own IEX-TP
 * encoder and decoder ({@link IexTpEncoder#encodeMessage}, {@link IexTpDecoder#decodeMessage}) on a heap
 * {@code byte[]}: the caller's array where the message lies when the caller's buffer is a heap array; for other
 * memory, one scratch array, a copy each way. Not included: the 2-byte length that precedes each message in a
 * segment, which is the segment's framing, not the message's.
 *
 * <p>It is the natural reference for the other rows: what the exchange itself puts on the wire for the same
 * information. A message longer than its type's length decodes (IEX allows later versions to append fields);
 * a shorter one, or an unknown type byte, is a {@link DecodeException}. The encoder checks its room against the
 * whole array, so encode compares the type's length with the room the caller gave first.
 */
public final class IexWireCodec implements BufferCodec<IexMessage> {
    /** The longest message read from memory that is not a heap array (the scratch array's size). */
    private static final int CAPACITY = 4096;

    private final String name;
    private final byte[] scratch = new byte[CAPACITY];

    public IexWireCodec(String name) {
        this.name = name;
    }

    @Override
    public int encode(IexMessage value, MutableDirectBuffer dst, int offset) {
        int room = dst.capacity() - offset;
        if (value.type().wireLength() > room) throw new EncodeOverflowException(name, room, null);
        byte[] array = dst.byteArray();
        if (array != null) return IexTpEncoder.encodeMessage(value, array, dst.wrapAdjustment() + offset);
        int length = IexTpEncoder.encodeMessage(value, scratch, 0);
        dst.putBytes(offset, scratch, 0, length);
        return length;
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage target) {
        byte[] array = src.byteArray();
        int at;
        if (array != null) {
            at = src.wrapAdjustment() + offset;
        } else {
            if (length > scratch.length) throw new DecodeException(name, 0, length + " bytes exceed the " + scratch.length + "-byte buffer");
            src.getBytes(offset, scratch, 0, length);
            array = scratch;
            at = 0;
        }
        if (IexTpDecoder.decodeMessage(array, at, length, target) == null) {
            if (length == 0) throw new DecodeException(name, 0, "empty message");
            IexMessageType t = IexMessageType.of(array[at] & 0xFF);
            throw new DecodeException(name, 0, t == null
                    ? String.format("unknown message type byte 0x%02x", array[at] & 0xFF)
                    : "a " + t.displayName() + " message needs " + t.wireLength() + " bytes, " + length + " present");
        }
    }
}
