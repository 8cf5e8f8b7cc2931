package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wires;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;

import java.lang.ref.Cleaner;

/**
 * What every Chronicle row shares: one document per message, framed as Chronicle frames it (a 4-byte header
 * holding the payload length, with the top two bits clear for "complete" and "data"), written into one
 * reused {@link Bytes} buffer.
 *
 * <p>The buffer is direct (native) memory, elastic so that a long text grows it once and the larger buffer is
 * then reused. Direct memory is Chronicle's usual fast path (the library's own benchmarks use it). It keeps
 * its bounds checks on: {@link #load} accepts foreign bytes, and an unchecked read past the end of native
 * memory could crash the JVM instead of throwing. The native memory is released when the codec becomes
 * unreachable, because nothing else would free it. Shared by the six-field rows and the IEX rows ({@code T} is
 * the model).
 *
 * <p>{@link #decode} checks the header against the bytes actually present before handing them to Chronicle,
 * so a lying length cannot send the reader past the end, and reports whatever Chronicle throws on bad bytes
 * as a {@link DecodeException} at the offset where reading stopped.
 */
public abstract class ChronicleDocumentCodec<T> implements Codec<T> {
    public static final int HEADER = Wires.SPB_HEADER_SIZE;
    private static final int INITIAL_CAPACITY = 256;
    private static final Cleaner RELEASER = Cleaner.create();

    protected final String name;
    protected final Bytes<?> bytes;
    protected int length;

    protected ChronicleDocumentCodec(String name) {
        this.name = name;
        Bytes<?> b = Bytes.allocateElasticDirect(INITIAL_CAPACITY);
        this.bytes = b;
        RELEASER.register(this, b::releaseLast);
    }

    @Override
    public final int encode(T value) {
        // if the library refuses the value part-way, the buffer holds no valid document: say so
        length = 0;
        writeDocument(value);
        return length = (int) bytes.writePosition();
    }

    /** Resets the buffer and writes {@code value} as one framed document from offset 0. */
    protected abstract void writeDocument(T value);

    @Override
    public final void decode(T target) {
        int payload = checkHeader();
        try {
            readDocument(target, payload);
        } catch (DecodeException e) {
            throw e;
        } catch (Exception e) {
            // Chronicle reports bad input with assorted runtime exceptions, and some checked ones thrown
            // undeclared (a UTFDataFormatException from a UTF-8 text reader): one type for callers, cause kept
            throw new DecodeException(name, bytes.readPosition(), e.toString(), e);
        }
    }

    /** Reads the document at offset 0, whose header {@link #decode} has checked, into {@code target}. */
    protected abstract void readDocument(T target, int payloadLength);

    /** Validates the 4-byte header against what the buffer holds; returns the payload length. */
    protected final int checkHeader() {
        if (length < HEADER) {
            throw new DecodeException(name, 0, length + " bytes are shorter than the " + HEADER + "-byte document header");
        }
        int header = bytes.readInt(0);
        if (!Wires.isReady(header)) {
            throw new DecodeException(name, 0, String.format("header 0x%08x marks an incomplete or empty document", header));
        }
        if (!Wires.isData(header)) {
            throw new DecodeException(name, 0, String.format("header 0x%08x marks metadata, not data", header));
        }
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

    /** An absolute read from the buffer: neither the read nor the write position moves. */
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

    /** Empties the buffer; a Wire row overrides it to reset the wire's own state too. */
    protected void clear() {
        bytes.clear();
    }
}
