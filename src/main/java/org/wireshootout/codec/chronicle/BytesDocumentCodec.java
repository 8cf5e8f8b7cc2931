package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesMarshallable;
import org.wireshootout.codec.DecodeException;

/**
 * The framing and the once-per-document safety checks of a {@link BytesMarshallable} row (see
 * {@link BytesMarshallableCodec}), generic in the model so that a row's version-2 codec frames, buffers and
 * checks exactly as version 1 does.
 */
abstract class BytesDocumentCodec<T> extends ChronicleDocumentCodec<T> {
    private final int guardBytes;

    /** @param guardBytes zero bytes put after the document before reading it (see {@link #guard}) */
    BytesDocumentCodec(String name, int guardBytes) {
        super(name, true);
        this.guardBytes = guardBytes;
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
    protected final void writeDocument(T value) {
        ensureCapacity(maxLength(value) + TAIL);
        Bytes<?> b = bytes;
        b.clear();
        b.writeSkip(HEADER);
        writing(value).writeMarshallable(b);
        b.writeInt(0, (int) (b.writePosition() - HEADER));
    }

    @Override
    protected final void readDocument(T target, int payloadLength) {
        checkShortest(payloadLength);
        guard(guardBytes);
        Bytes<?> b = bytes;
        b.readPositionRemaining(HEADER, payloadLength);
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
