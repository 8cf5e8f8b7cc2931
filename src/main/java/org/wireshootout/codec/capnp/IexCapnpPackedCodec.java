package org.wireshootout.codec.capnp;

import org.wireshootout.codec.BufferCodec;

import org.wireshootout.model.iex.IexMessage;

/**
 * The {@code capnpPacked} IEX row: the packed encoding (runs of zero bytes squeezed out). The packer leaves a zero byte
 * right after the message when the room reaches past it, so the message is packed into a buffer of the codec's own and
 * copied into the caller's (see {@link CapnpPackedCodec}); it is read in place. See {@link IexCapnpBase} for the
 * structs, reuse and allocation. The segment table is packed together with the data, so no byte count can be
 * attributed to it: the header length is 0.
 */
public final class IexCapnpPackedCodec extends IexCapnpBase implements BufferCodec<IexMessage> {
    public IexCapnpPackedCodec(String name) {
        super(name, true);
    }
}
