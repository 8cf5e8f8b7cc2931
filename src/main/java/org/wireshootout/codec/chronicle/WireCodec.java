package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import org.wireshootout.model.Data;

import java.util.function.Function;

/**
 * A row that writes the message through a Chronicle {@link Wire}: the same hand-written
 * {@link DataMarshallable} for every variant, so the rows differ only in the wire underneath.
 *
 * <p>Encoding follows the library's own benchmark: {@code wire.clear()} (which resets the wire's reader and
 * writer state as well as the bytes; JSONWire fails on its second message after a bare
 * {@code bytes.clear()}), then {@code writeDocument}, which writes the 4-byte header, the payload, and
 * patches the length in. Decoding rewinds to offset 0 and uses {@code rawReadData}, which reads the header and
 * bounds the reader to the document's length.
 */
abstract class WireCodec extends ChronicleDocumentCodec<Data> {
    private final Function<Bytes<?>, Wire> wireFactory;
    private final boolean unchecked;
    Wire wire;
    private final DataMarshallable marshallable;

    /** @param inOrder whether fields are read strictly in order (the text wires; see {@link DataMarshallable}) */
    WireCodec(String name, Function<Bytes<?>, Wire> wireFactory, boolean inOrder) {
        this(name, wireFactory, inOrder, DataMarshallable.TextOut.BUILDER, false);
    }

    /**
     * @param textOut how the text goes to the wire ({@link DataMarshallable.TextOut})
     * @param unchecked an unchecked buffer, for a wire whose every read is fixed-width or stop-bit length-prefixed
     *                  (RawWire): the subclass then gives {@link #maxLength}, and decode guards the document's end
     *                  and requires the read to stop exactly there (see {@link ChronicleDocumentCodec#guard})
     */
    WireCodec(String name, Function<Bytes<?>, Wire> wireFactory, boolean inOrder, DataMarshallable.TextOut textOut,
              boolean unchecked) {
        super(name, unchecked);
        this.wireFactory = wireFactory;
        this.unchecked = unchecked;
        this.wire = wireFactory.apply(bytes);
        this.marshallable = new DataMarshallable(inOrder, textOut);
    }

    /**
     * Zero bytes after the document for the unchecked row (RawWire 8-bit): a read that ran past the end takes the
     * price (8 bytes) and the flag (1) from the zeros, so the stop-bit length of the text starts at most 10 bytes
     * past the end and the side's at most 11, both inside 16 bytes of zeros.
     */
    private static final int GUARD = 16;

    /** The longest document {@code value} can give, header included; needed by an unchecked row only. */
    long maxLength(Data value) {
        throw new UnsupportedOperationException(name + " has a checked buffer");
    }

    @Override
    protected final void bufferReplaced() {
        wire = wireFactory.apply(bytes);
    }

    @Override
    protected final void writeDocument(Data value) {
        if (unchecked) ensureCapacity(maxLength(value) + TAIL);
        wire.clear();
        wire.writeDocument(false, marshallable.writing(value));
    }

    @Override
    protected final void readDocument(Data target, int payloadLength) {
        if (unchecked) guard(GUARD);
        // a decode that threw part-way may have left the value reader mid-document
        wire.getValueIn().resetState();
        bytes.readPosition(0);
        wire.rawReadData(marshallable.readingInto(target));
        if (unchecked && bytes.readPosition() != documentEnd()) {
            throw new IllegalStateException("the message ends " + (bytes.readPosition() - documentEnd())
                    + " bytes from the end of the document");
        }
    }

    @Override
    protected final void clear() {
        wire.clear();
    }
}
