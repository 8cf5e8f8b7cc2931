package org.wireshootout.codec.capnp;

import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;
import org.capnproto.Text;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.FieldSink;
import org.wireshootout.codec.InPlaceAccess;
import org.wireshootout.gen.capnp.DataCapnp;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The {@code capnp} row: Cap'n Proto's standard (unpacked) stream framing, a segment table then the
 * segment. Reading slices the segment out of the codec's buffer without copying it, so the fields are read
 * in place: this row also serves {@link InPlaceAccess}. See {@link CapnpCodecBase} for reuse and allocation.
 */
public final class CapnpCodec extends CapnpCodecBase implements InPlaceAccess {
    /** Serialize.read moves the position of the buffer it is given: a view of the codec's buffer, made once. */
    private final ByteBuffer readView = buffer.duplicate();

    public CapnpCodec(String name) {
        super(name);
    }

    @Override
    CapnpCodecBase newFrame() {
        return new CapnpCodec(name);
    }

    @Override
    void write(ArrayOutputStream out, MessageBuilder message) throws IOException {
        Serialize.write(out, message);
    }

    @Override
    MessageReader read() throws IOException {
        readView.clear().limit(encoded.length());
        MessageReader reader = Serialize.read(readView, LIMITS);
        requireEnd(name, readView);
        return reader;
    }

    /** Refuses bytes after the segments the table declares: the stream framing's writer ends the message there. */
    static void requireEnd(String name, ByteBuffer read) {
        if (read.hasRemaining()) {
            throw new DecodeException(name, read.position(), read.remaining() + " bytes after the message's segments, which end it");
        }
    }

    /**
     * The segment table that Cap'n Proto's stream serialization puts before the segments: the segment count and
     * each segment's size in words, padded to a word (8 bytes for the one segment this codec writes).
     */
    @Override
    public int headerLength() {
        if (encoded.length() < 4) return 0;
        long segments = (buffer.getInt(0) & 0xFFFF_FFFFL) + 1;
        long table = (4 + 4 * segments + 7) & ~7L;
        return (int) Math.min(table, encoded.length());
    }

    /** The six fields read in place by the generated reader; the text as the runtime's reader over its bytes. */
    @Override
    public void access(FieldSink sink) {
        DataCapnp.Data.Reader r = root();
        sink.consume(r.getPrice());
        sink.consume(r.getFlag());
        sink.consume(r.getSide());
        sink.consume(r.getSmallInt());
        sink.consume(r.getLongInt());
        Text.Reader t = r.getText();
        sink.consume(t.size);
        sink.consume(t);
    }
}
