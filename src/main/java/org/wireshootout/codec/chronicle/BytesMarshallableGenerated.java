package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesOut;

/**
 * What a BytesMarshallable codec generated from a message schema ({@link BytesMarshallableGenerator}) is: the
 * hand-written rows' document ({@link BytesDocumentCodec}: the same framing, the same unchecked {@code Bytes} over
 * the caller's memory, the room checked against the longest document before writing, the payload against the
 * shortest before reading, the read required to end at the document's end) with the message's fields written and
 * read by the generated subclass. The codec is itself the {@code BytesMarshallable} the document writes and reads,
 * pointed at the value to write or the target to fill, as the hand-written rows' marshallable is, so nothing is
 * allocated per message; the subclass's {@code writeMarshallable} and {@code readMarshallable} hold the message's
 * fields themselves, so that Chronicle's leaf writes and reads lie as few calls below the document as in the
 * hand-written rows (a call or two deeper, C2 stops inlining them at its depth limit).
 *
 * @param <M> the generated message class
 */
public abstract class BytesMarshallableGenerated<M> extends BytesDocumentCodec<M> implements BytesMarshallable {
    private final int shortest;
    /** The text and scratch helper of this codec. */
    protected final ChronicleGenerated text;
    /** The value being written, for the subclass's {@code writeMarshallable}. */
    protected M source;
    /** The message being read into, for the subclass's {@code readMarshallable}. */
    protected M target;

    /**
     * @param shortest the fewest payload bytes a document of the message has (every field in its fewest bytes), so
     *                 that the fixed-width fields the message starts with lie inside any payload not refused
     */
    protected BytesMarshallableGenerated(String name, int shortest) {
        super(name, true);
        this.shortest = shortest;
        this.text = new ChronicleGenerated(name);
    }

    /** Writes the fields of {@link #source}; the room for {@link #maxPayload} bytes has been checked. */
    @Override
    public abstract void writeMarshallable(BytesOut<?> out);

    /** Reads the fields into {@link #target}, each run of fixed-width fields after the first checked to be there. */
    @Override
    public abstract void readMarshallable(BytesIn<?> in);

    /**
     * The most payload bytes {@code value} can take: every number at its widest, each text at three bytes a char, or
     * with {@code exact} at its UTF-8 length (worked out only when the quick bound exceeds the room).
     */
    protected abstract long maxPayload(M value, boolean exact);

    @Override
    final BytesMarshallable writing(M value) {
        source = value;
        return this;
    }

    @Override
    final BytesMarshallable readingInto(M value) {
        target = value;
        return this;
    }

    @Override
    final long maxLength(M value) {
        long quick = HEADER + maxPayload(value, false);
        return quick <= caller.room() ? quick : HEADER + maxPayload(value, true);
    }

    @Override
    final int shortest() {
        return shortest;
    }
}
