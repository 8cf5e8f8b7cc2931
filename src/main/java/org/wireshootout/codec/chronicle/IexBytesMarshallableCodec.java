package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import org.wireshootout.model.iex.IexMessage;

/**
 * The {@code bytesMarshallable} IEX row: the message as a hand-written Chronicle {@code BytesMarshallable}
 * ({@link IexBytesMarshallable}: type byte, then the type's fields at fixed widths, no field names or types)
 * written straight to a direct {@link Bytes}, framed as a Chronicle document: 4 bytes skipped, the payload
 * written, its length put in the 4 bytes (a "complete data" document header). The payload is byte for byte
 * the IEX layout, so this row measures Chronicle Bytes against the {@code limit} and {@code iexWire} rows
 * doing the same work by other means. Nothing is allocated per message.
 */
public final class IexBytesMarshallableCodec extends IexDocumentCodec {
    private final IexBytesMarshallable marshallable = new IexBytesMarshallable();

    public IexBytesMarshallableCodec(String name) {
        super(name);
    }

    @Override
    protected void writeDocument(IexMessage value) {
        Bytes<?> b = bytes;
        b.clear();
        b.writeSkip(HEADER);
        marshallable.on(value).writeMarshallable(b);
        b.writeInt(0, (int) (b.writePosition() - HEADER));
    }

    @Override
    protected void readDocument(IexMessage target, int payloadLength) {
        Bytes<?> b = bytes;
        b.readPositionRemaining(HEADER, payloadLength);
        marshallable.on(target).readMarshallable(b);
    }
}
