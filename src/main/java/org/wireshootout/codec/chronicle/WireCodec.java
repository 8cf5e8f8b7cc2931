package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.Wire;

/**
 * A Wire row's version 2 ({@link EvolvedWireCodec}) on the owning buffer the evolution matrix uses, framed and
 * written as version 1 ({@link DataWireCodec}) writes into the caller's buffer: the same wire from the same
 * {@link WireSetup}, the same framing, the same kind of buffer (unchecked for RawWire, with zero bytes put after the
 * document, {@link #GUARD}, where version 1 bounds each length and run of fixed-width values instead).
 *
 * <p>Encoding follows the library's own benchmark: {@code wire.clear()} (which resets the wire's reader and
 * writer state as well as the bytes; JSONWire fails on its second message after a bare
 * {@code bytes.clear()}), then {@code writeDocument}, which writes the 4-byte header, the payload, and
 * patches the length in. Decoding rewinds to offset 0 and uses {@code rawReadData}, which reads the header and
 * bounds the reader to the document's length.
 */
abstract class WireCodec<T> extends ChronicleDocumentCodec<T> {
    /** How the row is built; a version-2 codec is built the same way. */
    final WireSetup setup;
    private final boolean unchecked;
    Wire wire;
    private final WireMarshalling<T> marshallable;
    private final int guardBytes;

    /**
     * @param setup the row; with {@link WireSetup#unchecked} the subclass gives {@link #maxLength}, and decode
     *              guards the document's end and requires the read to stop exactly there
     *              (see {@link ChronicleDocumentCodec#guard})
     * @param guardBytes how many zero bytes to put after the document for an unchecked buffer (see {@link #GUARD})
     */
    WireCodec(String name, WireSetup setup, WireMarshalling<T> marshallable, int guardBytes) {
        super(name, setup.unchecked());
        this.setup = setup;
        this.unchecked = setup.unchecked();
        this.wire = setup.wireFactory().apply(bytes);
        this.marshallable = marshallable;
        this.guardBytes = guardBytes;
    }

    /**
     * Zero bytes after the document for the unchecked rows (RawWire): a read that ran past the end takes the
     * price (8 bytes) and the flag (1) from the zeros, so the stop-bit length of the text starts at most 10 bytes
     * past the end and the side's at most 11, both inside 16 bytes of zeros.
     */
    static final int GUARD = 16;

    /** The longest document {@code value} can give, header included; needed by an unchecked row only. */
    long maxLength(T value) {
        throw new UnsupportedOperationException(name + " has a checked buffer");
    }

    @Override
    protected final void bufferReplaced() {
        wire = setup.wireFactory().apply(bytes);
    }

    @Override
    protected final void writeDocument(T value) {
        if (unchecked) ensureCapacity(maxLength(value) + TAIL);
        wire.clear();
        wire.writeDocument(false, marshallable.writing(value));
    }

    @Override
    protected final void readDocument(T target, int payloadLength) {
        if (unchecked) guard(guardBytes);
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
