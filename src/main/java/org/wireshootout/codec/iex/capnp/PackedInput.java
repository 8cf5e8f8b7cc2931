package org.wireshootout.codec.iex.capnp;

import org.capnproto.BufferedInputStream;
import org.capnproto.DecodeException;

import java.nio.ByteBuffer;

/**
 * The input that {@code SerializePacked.read} unpacks from: the first {@code length} bytes of the codec's
 * buffer, through one view made once. Unlike the runtime's {@code ArrayInputStream}, it reports the end of
 * the bytes: capnproto-java 0.1.16's packed reader, finding its read buffer empty, asks for a fresh one and
 * tries again, and {@code ArrayInputStream} hands back the same empty buffer, so a truncated packed message
 * would spin forever. Here any request past the end throws. {@link #read} is asked for the rest of a run of
 * raw (unpacked) words, and the runtime ignores how many bytes it got, so a message cut inside such a run
 * would decode with stale bytes in the missing words: here a request for more bytes than are left throws.
 */
final class PackedInput implements BufferedInputStream {
    private final ByteBuffer view;

    PackedInput(ByteBuffer source) {
        view = source.duplicate();
    }

    PackedInput reset(int length) {
        view.clear().limit(length);
        return this;
    }

    @Override
    public ByteBuffer getReadBuffer() {
        if (!view.hasRemaining()) throw new DecodeException("packed message ends before its segments do");
        return view;
    }

    @Override
    public int read(ByteBuffer dst) {
        if (dst.remaining() > view.remaining()) {
            throw new DecodeException("packed message ends inside a run of raw words: " + dst.remaining()
                    + " bytes wanted, " + view.remaining() + " left");
        }
        int n = dst.remaining();
        if (n == 0) return 0;
        int limit = view.limit();
        view.limit(view.position() + n);
        dst.put(view);
        view.limit(limit);
        return n;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {
    }
}
