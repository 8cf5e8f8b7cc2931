package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.Wires;
import org.wireshootout.codec.chronicle.ChronicleDocumentCodec;
import org.wireshootout.model.iex.IexMessage;

/**
 * What the two Chronicle IEX rows share: the six-field rows' document plumbing ({@link ChronicleDocumentCodec}:
 * one framed document per message in a reused direct {@link net.openhft.chronicle.bytes.Bytes}, the header
 * checked against the bytes present before Chronicle reads anything, Chronicle's exceptions reported as
 * {@link org.wireshootout.codec.DecodeException}) over the IEX model, with Chronicle's binary-to-text view as
 * the rendering.
 */
abstract class IexDocumentCodec extends ChronicleDocumentCodec<IexMessage> {

    IexDocumentCodec(String name) {
        super(name);
    }

    @Override
    public String render() {
        return length() == 0 ? null : Wires.fromSizePrefixedBlobs(bytes);
    }
}
