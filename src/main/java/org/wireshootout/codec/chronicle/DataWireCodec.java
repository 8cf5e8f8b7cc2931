package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.Wire;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 1 of a Wire row: the six fields through {@link DataMarshallable}, the same hand-written marshallable for
 * every variant, so the rows differ only in the wire underneath. One {@link Wire} over the codec's one {@code Bytes}
 * ({@link ChronicleBufferCodec}) for the codec's life: pointing the {@code Bytes} at another buffer does not make a
 * new wire. Its version 2 under a change is an {@link EvolvedWireCodec} built from the same {@link WireSetup}: same
 * wire, same framing, on the owning buffer the evolution matrix uses.
 *
 * <p>Encoding follows the library's own benchmark: {@code wire.clear()} (which resets the wire's reader and writer
 * state as well as the bytes, setting the write limit to the room; JSONWire fails on its second message after a
 * bare {@code bytes.clear()}), then {@code writeDocument}, which writes the 4-byte header, the payload, and patches
 * the length in. Decoding starts at position 0 and uses {@code rawReadData}, which reads the header and bounds the
 * reader to the document's length.
 *
 * <p>With {@link WireSetup#unchecked} (RawWire) the {@code Bytes} is unchecked: the subclass gives
 * {@link #maxLength}, which encode compares with the room before writing; the marshallable bounds each length and
 * each run of fixed-width values against the document before reading it (its {@code boundLengths}), and decode
 * requires the read to stop exactly at the document's end.
 */
abstract class DataWireCodec extends ChronicleBufferCodec<Data> implements Evolvable {
    /** How the row is built; a version-2 codec is built the same way. */
    final WireSetup setup;
    private final boolean unchecked;
    private final Wire wire;
    private final DataMarshallable marshallable;

    DataWireCodec(String name, WireSetup setup) {
        this(name, setup, null);
    }

    /** @param strict the text wires' value checks on version 1 ({@link StrictTextValues}); version 2 has none */
    DataWireCodec(String name, WireSetup setup, StrictTextValues strict) {
        super(name, setup.unchecked());
        this.setup = setup;
        this.unchecked = setup.unchecked();
        this.wire = setup.wireFactory().apply(bytes);
        this.marshallable = new DataMarshallable(setup.inOrder(), setup.textOut(), setup.unchecked(), strict, setup.rawText());
    }

    /** The longest document {@code value} can give, header included; needed by an unchecked row only. */
    long maxLength(Data value) {
        throw new UnsupportedOperationException(name + " has a checked buffer");
    }

    @Override
    protected final void writeDocument(Data value, MutableDirectBuffer dst, int offset) {
        int room = caller.target(dst, offset);
        if (unchecked) checkRoom(maxLength(value), room);
        wire.clear();
        wire.writeDocument(false, marshallable.writing(value));
    }

    @Override
    protected final void readDocument(Data target, int payloadLength) {
        // a decode that threw part-way may have left the value reader mid-document
        wire.getValueIn().resetState();
        wire.rawReadData(marshallable.readingInto(target));
        int end = HEADER + payloadLength;
        if (unchecked && bytes.readPosition() != end) {
            throw new IllegalStateException("the message ends " + (bytes.readPosition() - end) + " bytes from the end of the document");
        }
    }

    @Override
    public final Codec<Evolved> evolve(Change change) {
        return new EvolvedWireCodec(name, setup, change);
    }
}
