package org.wireshootout.codec.capnp;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.model.iex.IexMessage;

/**
 * The {@code capnp} IEX row: Cap'n Proto's standard (unpacked) stream framing over the caller's buffer, fields at
 * fixed offsets read in place from the segment sliced out of it. See {@link IexCapnpBase} for the structs, where
 * the bytes are, reuse and allocation.
 */
public final class IexCapnpCodec extends IexCapnpBase implements BufferCodec<IexMessage> {
    /** The segment table of the one segment this codec writes: the segment count and its size, one word. */
    private static final int SEGMENT_TABLE = 8;

    public IexCapnpCodec(String name) {
        super(name, false);
    }

    /**
     * The segment table that the stream framing puts before the segment (segment count, then each segment's size in
     * words, padded to a word): 8 bytes for the one segment this codec writes.
     */
    @Override
    public int headerLength() {
        return SEGMENT_TABLE;
    }
}
