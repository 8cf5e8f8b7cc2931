package org.wireshootout.codec.chronicle;

import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of a BytesMarshallable row under one {@link Change}: an {@link EvolvedBytesMarshallable} in the same
 * framing as the row's version 1, in the caller's buffer ({@link BytesDocumentCodec}). Its reads are not bounded
 * one by one as version 1's are, so its {@code Bytes} keeps Chronicle's bounds checks.
 */
final class EvolvedBytesCodec extends BytesDocumentCodec<Evolved> {
    private final EvolvedBytesMarshallable marshallable;

    EvolvedBytesCodec(String name, boolean stopBit, Change change) {
        super(name + " v2 " + change, false);
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
