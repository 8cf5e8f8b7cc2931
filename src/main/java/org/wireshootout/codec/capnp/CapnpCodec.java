package org.wireshootout.codec.capnp;

import org.agrona.DirectBuffer;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;
import org.capnproto.Text;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.FieldSink;
import org.wireshootout.gen.capnp.DataCapnp;
import org.wireshootout.model.Data;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The {@code capnp} row: Cap'n Proto's standard (unpacked) stream framing, a segment table then the
 * segment. Reading slices the segment out of the caller's buffer without copying it, so the fields are read
 * in place: this row also serves {@link BufferAccess}. See {@link CapnpCodecBase} for where the bytes are, reuse
 * and allocation.
 */
public final class CapnpCodec extends CapnpCodecBase implements BufferCodec<Data>, BufferAccess {
    /** The segment table of the one segment this codec writes: the segment count and its size, one word. */
    private static final int SEGMENT_TABLE = 8;

    public CapnpCodec(String name) {
        super(name);
    }

    @Override
    CapnpCodecBase newFrame() {
        return new CapnpCodec(format());
    }

    @Override
    void write(ArrayOutputStream out, MessageBuilder message) throws IOException {
        Serialize.write(out, message);
    }

    @Override
    MessageReader read(DirectBuffer src, int offset, int length) throws IOException {
        // Serialize.read moves the view's position; the view starts at the message, so positions are offsets in it
        ByteBuffer view = readView.forRead(src, offset, length, format());
        textBase = readView.start();
        MessageReader reader = Serialize.read(view, LIMITS);
        requireEnd(format(), view);
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
     * each segment's size in words, padded to a word; this codec writes one segment, so 8 bytes.
     */
    @Override
    public int headerLength() {
        return SEGMENT_TABLE;
    }

    /** The six fields read in place by the generated reader; the text as the runtime's reader over its bytes. */
    @Override
    public void access(DirectBuffer src, int offset, int length, FieldSink sink) {
        DataCapnp.Data.Reader r = root(src, offset, length);
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
