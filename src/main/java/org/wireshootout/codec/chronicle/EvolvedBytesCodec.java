package org.wireshootout.codec.chronicle;

import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of a BytesMarshallable row under one {@link Change}: an {@link EvolvedBytesMarshallable} in the same
 * framing and kind of buffer (unchecked) as the row's version 1, in a buffer of its own with zero bytes after the
 * document ({@link BytesDocumentCodec}).
 */
final class EvolvedBytesCodec extends BytesDocumentCodec<Evolved> {
    /**
     * Zero bytes after the document: a read that ran past the end takes at most 8 + 8 + 8 + 1 + 1 bytes of fixed
     * fields before the text's stop-bit length, whatever the layout, so 32 bytes of zeros reach past it.
     */
    private static final int EVOLVED_GUARD = 32;

    private final EvolvedBytesMarshallable marshallable;

    EvolvedBytesCodec(String name, boolean stopBit, Change change) {
        super(name + " v2 " + change, EVOLVED_GUARD);
        this.marshallable = new EvolvedBytesMarshallable(stopBit, change);
    }

    @Override
    EvolvedBytesMarshallable writing(Evolved value) {
        return marshallable.writing(value);
    }

    @Override
    EvolvedBytesMarshallable readingInto(Evolved target) {
        return marshallable.readingInto(target);
    }

    /** Version 1's bound: the same three numbers (a widened smallInt is at most as wide as a stop-bit one), flag, side, text. */
    @Override
    long maxLength(Evolved value) {
        return BytesMarshallableCodec.maxLength(value.text.length());
    }

    @Override
    int shortest() {
        return marshallable.shortest();
    }
}
