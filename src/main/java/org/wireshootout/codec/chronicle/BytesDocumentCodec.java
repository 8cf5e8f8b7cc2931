package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesMarshallable;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;

/**
 * A {@link BytesMarshallable} document in the caller's buffer, framed as the library's benchmark frames it: 4 bytes
 * skipped, the payload written, then its length put in the skipped 4 bytes, which is a Chronicle "complete data"
 * document header. The rows ({@link BytesMarshallableCodec}) and their version 2 are this, with their own
 * marshallable.
 *
 * <p>Encode compares the longest document the value can give ({@link #maxLength}) with the room before writing, so
 * an unchecked {@code Bytes} never writes past it; decode refuses a payload shorter than the shortest document
 * ({@link #shortest}), so every fixed-width field of a fixed-width layout lies inside it, and requires the read to
 * end exactly at the document's end. A marshallable on an unchecked {@code Bytes} must bound each stop-bit number it
 * reads by the document's end itself ({@link StopBits}).
 *
 * @param <T> the model
 */
abstract class BytesDocumentCodec<T> extends ChronicleBufferCodec<T> {

    /** @param unchecked an unchecked {@code Bytes}, which only a marshallable that bounds its reads may ask for */
    BytesDocumentCodec(String name, boolean unchecked) {
        super(name, unchecked);
    }

    /** The marshallable, set to write {@code value}. */
    abstract BytesMarshallable writing(T value);

    /** The marshallable, set to fill {@code target}. */
    abstract BytesMarshallable readingInto(T target);

    /** The longest document {@code value} can give, header included. */
    abstract long maxLength(T value);

    /** The shortest payload: every field present, each in its fewest bytes. */
    abstract int shortest();

    @Override
    protected final void writeDocument(T value, MutableDirectBuffer dst, int offset) {
        Bytes<Void> b = caller.forWrite(dst, offset);
        checkRoom(maxLength(value), caller.room());
        b.writeSkip(HEADER);
        writing(value).writeMarshallable(b);
        b.writeInt(0, (int) (b.writePosition() - HEADER));
    }

    @Override
    protected final void readDocument(T target, int payloadLength) {
        checkShortest(payloadLength);
        Bytes<Void> b = bytes;
        b.readPosition(HEADER);
        readingInto(target).readMarshallable(b);
        if (b.readRemaining() != 0) {
            throw new IllegalStateException(b.readRemaining() > 0 ? b.readRemaining() + " bytes left over after the message"
                    : "the message runs " + -b.readRemaining() + " bytes past the end of the document");
        }
    }

    /** Refuses a payload shorter than the shortest document, so that every fixed-width field lies inside it. */
    final void checkShortest(int payloadLength) {
        int shortest = shortest();
        if (payloadLength < shortest) {
            throw new DecodeException(name, HEADER, payloadLength + " payload bytes are fewer than the " + shortest
                    + " of the shortest " + name + " document");
        }
    }
}
