package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesMarshallable;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of a BytesMarshallable row under {@code addField}: version 1's marshaller with {@code venue} appended
 * ({@link AddedFieldBytesMarshallable}), in the same framing and kind of buffer (unchecked) as the row's version 1
 * ({@link BytesMarshallableCodec}), in the caller's buffer ({@link BytesDocumentCodec}); version 1's bounds and
 * shortest document still hold: every field before the text's length is version 1's, read by the same code, and the
 * appended one is read only when bytes remain, bounded by the document's end.
 */
final class AddedFieldBytesCodec extends BytesDocumentCodec<Evolved> {
    /** The widest stop-bit number; a fixed int32 takes less. */
    private static final int VENUE_MAX = 10;

    private final AddedFieldBytesMarshallable marshallable;
    private final int shortest;

    AddedFieldBytesCodec(String name, boolean stopBit) {
        super(name + " v2 " + Change.addField, true);
        this.marshallable = new AddedFieldBytesMarshallable(stopBit);
        this.shortest = BytesMarshallableCodec.shortest(stopBit);
    }

    @Override
    BytesMarshallable writing(Evolved value) {
        return marshallable.writing(value);
    }

    @Override
    BytesMarshallable readingInto(Evolved target) {
        return marshallable.readingInto(target);
    }

    @Override
    long maxLength(Evolved value) {
        return BytesMarshallableCodec.maxLength(value.text.length()) + VENUE_MAX;
    }

    @Override
    int shortest() {
        return shortest;
    }
}
