package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesOut;

/**
 * What a BytesMarshallable codec generated from a message schema ({@link BytesMarshallableGenerator}) is: the
 * hand-written rows' document ({@link BytesDocumentCodec}: the same framing, the same unchecked {@code Bytes} over
 * the caller's memory, the room checked against the longest document before writing, the payload against the
 * shortest before reading, the read required to end at the document's end) with the message's fields written and
 * read by the generated subclass. One {@code BytesMarshallable} per codec is pointed at the value to write or the
 * target to fill, as the hand-written rows' is, so nothing is allocated per message.
 *
 * @param <M> the generated message class
 */
public abstract class BytesMarshallableGenerated<M> extends BytesDocumentCodec<M> {
    private final Body body = new Body();
    private final int shortest;
    /** The text and scratch helper of this codec. */
    protected final ChronicleGenerated text;
    private M source;
    private M target;

    /**
     * @param shortest the fewest payload bytes a document of the message has (every field in its fewest bytes), so
     *                 that the fixed-width fields the message starts with lie inside any payload not refused
     */
    protected BytesMarshallableGenerated(String name, int shortest) {
        super(name, true);
        this.shortest = shortest;
        this.text = new ChronicleGenerated(name);
    }

    /** Writes the message's fields; the room for {@link #maxPayload} bytes has been checked. */
    protected abstract void writeMessage(BytesOut<?> out, M value);

    /** Reads the message's fields into {@code target}, each run of fixed-width fields after the first checked to be there. */
    protected abstract void readMessage(BytesIn<?> in, M target);

    /**
     * The most payload bytes {@code value} can take: every number at its widest, each text at three bytes a char, or
     * with {@code exact} at its UTF-8 length (worked out only when the quick bound exceeds the room).
     */
    protected abstract long maxPayload(M value, boolean exact);

    @Override
    final BytesMarshallable writing(M value) {
        source = value;
        return body;
    }

    @Override
    final BytesMarshallable readingInto(M value) {
        target = value;
        return body;
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

    private final class Body implements BytesMarshallable {
        @Override
        public void writeMarshallable(BytesOut<?> out) {
            writeMessage(out, source);
        }

        @Override
        public void readMarshallable(BytesIn<?> in) {
            readMessage(in, target);
        }
    }
}
