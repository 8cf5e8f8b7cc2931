package org.wireshootout.codec.capnp;

import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.SerializePacked;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * How both packed rows write: the runtime's packer leaves a zero byte right after the message whenever the room
 * reaches past it, so the message is packed into a buffer of the codec's own, where that byte is harmless, and exactly
 * its bytes are written to the caller's stream (a copy the rows' labels name).
 */
final class PackedCopy {
    private final ByteBuffer own;
    private final ArrayOutputStream packer;

    PackedCopy(int capacity) {
        this.own = ByteBuffer.allocate(capacity);
        this.packer = new ArrayOutputStream(own);
    }

    /** Packs {@code message} here and writes its bytes to {@code out}; refused before anything is written when {@code out} has less room. */
    void write(ArrayOutputStream out, MessageBuilder message) throws IOException {
        ByteBuffer w = packer.getWriteBuffer();
        w.clear();
        SerializePacked.write(packer, message);
        w.flip();
        out.write(w);
    }
}
