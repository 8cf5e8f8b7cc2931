package org.wireshootout.codec.iex.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wires;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.iex.IexMessage;

import java.lang.ref.Cleaner;

/**
 * What the two Chronicle IEX rows share: one document per message, framed as Chronicle frames a document (a
 * 4-byte header holding the payload length, its two top bits clear for "complete" and "data"), in one reused,
 * elastic, direct (native memory) {@link Bytes}: Chronicle's usual fast path. Bounds checks stay on, because
 * {@link #load} accepts foreign bytes; the native memory is released when the codec becomes unreachable.
 *
 * <p>{@link #decode} checks the header against the bytes present before Chronicle reads anything, so a lying
 * length cannot send the reader past the end, and turns what Chronicle throws on bad bytes into a
 * {@link DecodeException}.
 */
abstract class IexDocumentCodec implements Codec<IexMessage> {
    static final int HEADER = Wires.SPB_HEADER_SIZE;
    private static final Cleaner RELEASER = Cleaner.create();

    final String name;
    final Bytes<?> bytes;
    int length;

    IexDocumentCodec(String name) {
        this.name = name;
        Bytes<?> b = Bytes.allocateElasticDirect(256);
        this.bytes = b;
        RELEASER.register(this, b::releaseLast);
    }

    @Override
    public final int encode(IexMessage value) {
        length = 0; // if the library refuses the value part-way, the buffer holds no valid document
        writeDocument(value);
        return length = (int) bytes.writePosition();
    }

    /** Resets the buffer and writes {@code value} as one framed document from offset 0. */
    abstract void writeDocument(IexMessage value);

    @Override
    public final void decode(IexMessage target) {
        int payload = checkHeader();
        try {
            readDocument(target, payload);
        } catch (DecodeException e) {
            throw e;
        } catch (Exception e) {
            // Chronicle reports bad input with assorted runtime exceptions (and some checked ones thrown undeclared);
            // the model's setters refuse out-of-range values with IllegalArgumentException
            throw new DecodeException(name, bytes.readPosition(), e.toString(), e);
        }
    }

    /** Reads the document at offset 0, whose header {@link #decode} has checked, into {@code target}. */
    abstract void readDocument(IexMessage target, int payloadLength);

    private int checkHeader() {
        if (length < HEADER) throw new DecodeException(name, 0, length + " bytes are shorter than the " + HEADER + "-byte document header");
        int header = bytes.readInt(0);
        if (!Wires.isReady(header)) throw new DecodeException(name, 0, String.format("header 0x%08x marks an incomplete document", header));
        if (!Wires.isData(header)) throw new DecodeException(name, 0, String.format("header 0x%08x marks metadata, not data", header));
        int payload = Wires.lengthOf(header);
        if (payload != length - HEADER) {
            throw new DecodeException(name, 0, "header says " + payload + " payload bytes, " + (length - HEADER) + " follow it");
        }
        return payload;
    }

    @Override
    public final int length() {
        return length;
    }

    @Override
    public final int headerLength() {
        return HEADER;
    }

    @Override
    public final byte[] bytes() {
        byte[] copy = new byte[length];
        bytes.read(0, copy, 0, length);
        return copy;
    }

    @Override
    public final int copyTo(byte[] dst, int offset) {
        bytes.read(0, dst, offset, length);
        return length;
    }

    @Override
    public final void load(byte[] src, int offset, int len) {
        clear();
        bytes.write(src, offset, len);
        length = len;
    }

    /** Empties the buffer; the Wire row resets the wire's own state too. */
    void clear() {
        bytes.clear();
    }

    @Override
    public String render() {
        return length == 0 ? null : Wires.fromSizePrefixedBlobs(bytes);
    }
}
