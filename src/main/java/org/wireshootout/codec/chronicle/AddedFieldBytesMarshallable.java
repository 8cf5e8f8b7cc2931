package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * Version 2 as a BytesMarshallable under {@code addField}: version 1's six fields through the same code
 * ({@link SixFieldBytesMarshallable}), then the appended {@code venue} after the text, as the row writes its
 * numbers (stop-bit or a fixed int32). It is read only when {@code readRemaining() > 0}, the usual way to append
 * to a BytesMarshallable, so an old writer's shorter document reads it as 0.
 */
final class AddedFieldBytesMarshallable extends SixFieldBytesMarshallable<Evolved, SideV2> {

    AddedFieldBytesMarshallable(boolean stopBit) {
        super(SixFields.EVOLVED, stopBit);
    }

    @Override
    void writeAppended(BytesOut<?> out, Evolved value) {
        if (stopBit) out.writeStopBit(value.venue);
        else out.writeInt(value.venue);
    }

    @Override
    void readAppended(BytesIn<?> in, Evolved target) {
        long remaining = in.readRemaining();
        if (remaining <= 0) {
            target.venue = 0; // an old writer's document ends before the appended field
        } else if (stopBit) {
            target.venue = Math.toIntExact(StopBits.read(in)); // bounded by the document's end, as version 1 reads
        } else {
            if (remaining < 4) throw new IllegalStateException("venue needs 4 bytes, " + remaining + " remain");
            target.venue = in.readInt();
        }
    }
}
