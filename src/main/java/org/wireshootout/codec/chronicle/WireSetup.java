package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;

import java.util.function.Function;

/**
 * How a Wire row is built, shared by its version-1 codec and every version-2 codec made from it, so that both
 * write the same wire in the same framing into the same kind of buffer.
 *
 * @param wireFactory the wire over a buffer
 * @param inOrder     version 1 reads each field by name in the written order rather than with the library's search
 *                    (the text wires; see {@link DataMarshallable})
 * @param textOut     how the text goes to the wire ({@link DataMarshallable.TextOut})
 * @param unchecked   an unchecked buffer, for a wire whose every read is fixed-width or stop-bit length-prefixed
 *                    (RawWire; see {@link DataWireCodec})
 * @param positional  no keys on the wire (RawWire, field-less BinaryWire): fields are told apart by position only
 */
record WireSetup(Function<Bytes<?>, Wire> wireFactory, boolean inOrder, DataMarshallable.TextOut textOut,
                 boolean unchecked, boolean positional) {

    /**
     * RawWire (the positional wire that is not handed the text as bytes): its text is a stop-bit byte count and the
     * bytes, 8-bit or UTF-8, which the marshallable reads itself ({@link WireText#read}): 8-bit always, UTF-8 when
     * it is ASCII ({@link Latin1Text#readAscii}), anything else through the library.
     */
    boolean rawText() {
        return positional && textOut != DataMarshallable.TextOut.ASCII_AS_BYTES;
    }
}
