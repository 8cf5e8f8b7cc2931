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
    final Wire wire;
    private final DataMarshallable marshallable;

    /** @param inOrder whether fields are read strictly in order (the text wires; see {@link DataMarshallable}) */
    WireCodec(String name, Function<Bytes<?>, Wire> wireFactory, boolean inOrder) {
        super(name);
        this.wire = wireFactory.apply(bytes);
        this.marshallable = new DataMarshallable(inOrder);
    }

    @Override
    protected final void writeDocument(Data value) {
        wire.clear();
        wire.writeDocument(false, marshallable.writing(value));
    }

    @Override
    protected final void readDocument(Data target, int payloadLength) {
        // a decode that threw part-way may have left the value reader mid-document
        wire.getValueIn().resetState();
        bytes.readPosition(0);
        wire.rawReadData(marshallable.readingInto(target));
    }

    @Override
    protected final void clear() {
        wire.clear();
    }
}
