package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesMarshallable;
import org.wireshootout.codec.DecodeException;

/**
 * The framing and the once-per-document safety checks of a {@link BytesMarshallable} row's version 2 (see
 * {@link BytesMarshallableCodec} for version 1), on the owning buffer the evolution matrix uses: the same framing,
 * unchecked buffer and checks as version 1, with zero bytes put after the document ({@link #guard}) where version 1,
 * reading the caller's buffer, bounds each stop-bit byte instead.
 */
abstract class BytesDocumentCodec<T> extends ChronicleDocumentCodec<T> {
    /**
     * Zero bytes after a document whose fields before the text's length are version 1's (under {@code addField}):
     * once a read has run past the end, each following field takes one zero byte (a stop-bit number ends at its
     * first), so the text's length prefix, the last stop-bit read, starts at most 6 bytes past the end.
     */
    static final int GUARD = 8;

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
