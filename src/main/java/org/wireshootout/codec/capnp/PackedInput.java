package org.wireshootout.codec.capnp;

import org.capnproto.BufferedInputStream;
import org.capnproto.DecodeException;

import java.nio.ByteBuffer;

/**
 * The input {@code SerializePacked.read} unpacks from: the message's bytes, like the runtime's
 * {@code ArrayInputStream}, but failing at the end of the bytes instead of hanging. The runtime's
 * {@code PackedInputStream} asks its input for a fresh read buffer whenever the current one is empty and
 * tries again; {@code ArrayInputStream} hands back the same empty buffer, so a truncated packed message
 * spins forever (capnproto-java 0.1.16). Any request for more bytes past the end is a truncated message.
 */
final class PackedInput implements BufferedInputStream {
    private ByteBuffer buf;

    /**
     * Makes {@code message} the input, from its position to its limit: a buffer whose index 0 is the message's first
     * byte, so that the positions errors name are offsets in the message. The unpacker moves its position.
     */
    PackedInput over(ByteBuffer message) {
        this.buf = message;
        return this;
    }

    /** The bytes not yet unpacked: 0 after a message that is the whole input. */
    int remaining() {
        return buf.remaining();
    }

    /** Refuses bytes left after the message the unpacker read: its writer ends the message there. */
    void requireEnd(String name) {
        if (buf.hasRemaining()) {
            throw new org.wireshootout.codec.DecodeException(name, buf.position(), buf.remaining() + " bytes after the packed message, which ends it");
        }
    }

    @Override
    public ByteBuffer getReadBuffer() {
        if (!buf.hasRemaining()) throw new DecodeException("packed message ends before its segments are complete");
        return buf;
    }

    /**
     * The unpacker calls this for the rest of a literal run that reaches past its current buffer and then
     * trusts the destination to be full; the runtime's own streams would fill it with what they have and leave
     * the rest as zeros. A run that reaches past the message is a truncated message.
     */
    @Override
    public int read(ByteBuffer dst) {
        if (dst.remaining() > buf.remaining()) {
            throw new DecodeException("packed literal run of " + dst.remaining() + " bytes, only " + buf.remaining() + " left");
        }
        int size = dst.remaining();
        if (size == 0) return 0;
        int limit = buf.limit();
        buf.limit(buf.position() + size);
        dst.put(buf);
        buf.limit(limit);
        return size;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {
    }
}
