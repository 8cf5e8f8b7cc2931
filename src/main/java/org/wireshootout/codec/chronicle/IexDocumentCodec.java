package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.Wires;
import org.agrona.DirectBuffer;
import org.wireshootout.model.iex.IexMessage;

/**
 * What the two Chronicle IEX rows share: the six-field rows' document plumbing ({@link ChronicleBufferCodec}: one
 * framed document per message in the caller's buffer through one Chronicle {@code Bytes}, checked, the header
 * checked against the bytes given before Chronicle reads anything, Chronicle's exceptions reported as
 * {@link org.wireshootout.codec.DecodeException}) over the IEX model, with Chronicle's binary-to-text view as the
 * rendering.
 */
abstract class IexDocumentCodec extends ChronicleBufferCodec<IexMessage> {

    IexDocumentCodec(String name) {
        super(name, false);
    }

    /** Chronicle's view of the document, read through the codec's own {@code Bytes} pointed at it (not the hot path). */
    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return length == 0 ? null : Wires.fromSizePrefixedBlobs(caller.forRead(src, offset, length));
    }
}
