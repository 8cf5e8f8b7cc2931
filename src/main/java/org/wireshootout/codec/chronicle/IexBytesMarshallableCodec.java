package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.model.iex.IexMessage;

/**
 * The {@code bytesMarshallable} IEX row: the message as a hand-written Chronicle {@code BytesMarshallable}
 * ({@link IexBytesMarshallable}: type byte, then the type's fields at fixed widths, no field names or types)
 * written straight to a checked Chronicle {@link Bytes} over the caller's buffer, framed as a Chronicle document:
 * 4 bytes skipped, the payload written, its length put in the 4 bytes (a "complete data" document header). A room
 * too small for the message is refused by the checked {@code Bytes}. The payload is byte for byte
 * the IEX layout, so this row measures Chronicle Bytes against the {@code limit} and {@code iexWire} rows
 * doing the same work by other means. Nothing is allocated per message.
 */
public final class IexBytesMarshallableCodec extends IexDocumentCodec {
    private final IexBytesMarshallable marshallable = new IexBytesMarshallable();

    public IexBytesMarshallableCodec(String name) {
        super(name);
    }

    @Override
    protected void writeDocument(IexMessage value, MutableDirectBuffer dst, int offset) {
        Bytes<?> b = caller.forWrite(dst, offset);
        b.writeSkip(HEADER);
        marshallable.on(value).writeMarshallable(b);
        b.writeInt(0, (int) (b.writePosition() - HEADER));
    }

    @Override
    protected void readDocument(IexMessage target, int payloadLength) {
        Bytes<?> b = bytes;
        b.readPosition(HEADER); // the read limit is the document's end already
        marshallable.on(target).readMarshallable(b);
    }
}
