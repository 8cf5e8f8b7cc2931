package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.Wire;
import org.agrona.MutableDirectBuffer;

/**
 * A Wire row's codec for a model {@code T}: one {@link Wire} from the row's {@link WireSetup} over the codec's one
 * {@code Bytes} ({@link ChronicleBufferCodec}) for the codec's life (pointing the {@code Bytes} at another buffer
 * does not make a new wire), writing and reading through a {@link WireMarshalling}. Version 1 of every Wire row
 * ({@link DataWireCodec}) and its version 2 ({@link EvolvedWireCodec}) are this, with their own marshallable.
 *
 * <p>Encoding follows the library's own benchmark: {@code wire.clear()} (which resets the wire's reader and writer
 * state as well as the bytes, setting the write limit to the room; JSONWire fails on its second message after a
 * bare {@code bytes.clear()}), then {@code writeDocument}, which writes the 4-byte header, the payload, and patches
 * the length in. Decoding starts at position 0 and uses {@code rawReadData}, which reads the header and bounds the
 * reader to the document's length.
 *
 * <p>With an unchecked {@code Bytes} (RawWire) the subclass gives {@link #maxLength}, which encode compares with the
 * room before writing; the marshallable bounds each length and each run of fixed-width values against the document
 * before reading it (its {@code boundLengths}), and decode requires the read to stop exactly at the document's end
 * (the row's rule, which its version 2 keeps on a checked {@code Bytes} too).
 *
 * @param <T> the model
 */
abstract class WireCodec<T> extends ChronicleBufferCodec<T> {
    /** How the row is built; a version-2 codec is built the same way. */
    final WireSetup setup;
    private final boolean unchecked;
    /** The row's rule for an unchecked wire (RawWire), kept by its version 2 on any buffer: the read ends at the document's end. */
    private final boolean exactEnd;
    private final Wire wire;
    private final WireMarshalling<T> marshallable;

    /** @param unchecked an unchecked {@code Bytes}, which only a marshallable that bounds its reads may ask for */
    WireCodec(String name, WireSetup setup, boolean unchecked, WireMarshalling<T> marshallable) {
        super(name, unchecked);
        this.setup = setup;
        this.unchecked = unchecked;
        this.exactEnd = setup.unchecked();
        this.wire = setup.wireFactory().apply(bytes);
        this.marshallable = marshallable;
    }

    /** The longest document {@code value} can give, header included; needed with an unchecked {@code Bytes} only. */
    long maxLength(T value) {
        throw new UnsupportedOperationException(name + " has a checked buffer");
    }

    @Override
    protected final void writeDocument(T value, MutableDirectBuffer dst, int offset) {
        int room = caller.target(dst, offset);
        if (unchecked) checkRoom(maxLength(value), room);
        wire.clear();
        wire.writeDocument(false, marshallable.writing(value));
    }

    @Override
    protected final void readDocument(T target, int payloadLength) {
        // a decode that threw part-way may have left the value reader mid-document
        wire.getValueIn().resetState();
        wire.rawReadData(marshallable.readingInto(target));
        int end = HEADER + payloadLength;
        if (exactEnd && bytes.readPosition() != end) {
            throw new IllegalStateException("the message ends " + (bytes.readPosition() - end) + " bytes from the end of the document");
        }
    }
}
