package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wires;
import org.wireshootout.codec.ChronicleBytesMessage;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.DecodeException;

import java.lang.ref.Cleaner;

/**
 * What the Chronicle rows' version-2 codecs share (the evolution matrix's, still on the owning seam, {@link
 * org.wireshootout.codec.Codec}; version 1 of every row is a {@link ChronicleBufferCodec} over the caller's buffer):
 * one document per message, framed as Chronicle frames it (a 4-byte header holding the payload length, with the
 * top two bits clear for "complete" and "data"), written into one reused {@link Bytes} buffer of the codec's own.
 *
 * <p>The buffer is direct (native) memory, Chronicle's usual fast path (the library's own benchmarks use it),
 * grown when a document needs more room and then reused. By default it is elastic and keeps its bounds checks
 * on: {@link #load} accepts foreign bytes, and an unchecked read past the end of native memory could crash the
 * JVM instead of throwing. A subclass that can bound every read of a document once may ask for an unchecked
 * buffer instead ({@code Bytes.unchecked(true)}, as the library's benchmark uses): fixed capacity, no check per
 * field, made large enough before each document ({@link #ensureCapacity}), replaced by a larger one when it is
 * not. {@link #load} always leaves {@link #TAIL} bytes of room after the document. The native memory is released
 * when the codec becomes unreachable, because nothing else would free it. Generic in the model ({@code T} is
 * the version-2 message).
 *
 * <p>{@link #decode} checks the header against the bytes actually present before handing them to Chronicle,
 * so a lying length cannot send the reader past the end, and reports whatever Chronicle throws on bad bytes
 * as a {@link DecodeException} at the offset where reading stopped.
 */
public abstract class ChronicleDocumentCodec<T> extends NamedCodec<T> {
    public static final int HEADER = Wires.SPB_HEADER_SIZE;
    private static final int INITIAL_CAPACITY = 256;
    private static final Cleaner RELEASER = Cleaner.create();

    /** Room {@link #ensureCapacity} and {@link ChronicleBytesMessage#load} keep after a document, for {@link #guard}. */
    protected static final int TAIL = 64;

    private final boolean unchecked;
    /** The buffer the cleaner releases: the current one, as {@link #ensureCapacity} may replace it. */
    private final Bytes<?>[] owned;
    /** The buffer; an unchecked one is replaced, never grown in place, so read this field, do not keep it. */
    protected Bytes<?> bytes;
    private final ChronicleBytesMessage message;

    protected ChronicleDocumentCodec(String name) {
        this(name, false);
    }

    /** @param unchecked a fixed-capacity buffer without bounds checks; see the class comment for what it demands */
    protected ChronicleDocumentCodec(String name, boolean unchecked) {
        super(name);
        this.unchecked = unchecked;
        Bytes<?>[] held = {newBuffer(INITIAL_CAPACITY)};
        this.owned = held;
        this.bytes = held[0];
        this.message = new ChronicleBytesMessage(() -> bytes, HEADER, length -> {
            ensureCapacity((long) length + TAIL);
            clear();
        });
        RELEASER.register(this, () -> held[0].releaseLast());
    }

    private Bytes<?> newBuffer(long capacity) {
        return unchecked ? Bytes.allocateDirect(capacity).unchecked(true) : Bytes.allocateElasticDirect(capacity);
    }

    /**
     * Makes the buffer hold at least {@code capacity} bytes. An unchecked buffer that is too small is replaced by
     * one at least twice its size; its content is lost, so call this before writing a document, not during.
     */
    protected final void ensureCapacity(long capacity) {
        Bytes<?> old = bytes;
        if (capacity <= old.realCapacity()) return;
        if (!unchecked) {
            old.ensureCapacity(capacity);
            return;
        }
        bytes = owned[0] = newBuffer(Math.max(capacity, 2 * old.realCapacity()));
        old.releaseLast();
        bufferReplaced();
    }

    /** Called after {@link #ensureCapacity} replaced the buffer: a subclass bound to the old one rebinds. */
    protected void bufferReplaced() {
    }

    /** The document's length: the buffer's write position. */
    protected final int documentEnd() {
        return (int) bytes.writePosition();
    }

    /**
     * For an unchecked buffer: zeroes {@code zeros} bytes (a multiple of 8, at most {@link #TAIL}) right after the
     * document (the header check has fixed where it ends). Every number the decoder reads is fixed-width or
     * stop-bit, so a read that runs past the end meets zeros, where a stop-bit run stops; {@code zeros} must
     * reach past the furthest byte at which a stop-bit read can then start, so that every read stays inside the
     * buffer, which a load and the encoders keep {@code TAIL} bytes longer than the document. The decoder must
     * then check that it ended exactly at the document's end.
     */
    protected final void guard(int zeros) {
        Bytes<?> b = bytes;
        int end = documentEnd();
        for (int i = 0; i < zeros; i += 8) b.writeLong(end + i, 0L);
    }

    @Override
    public final int encode(T value) {
        try {
            writeDocument(value);
        } catch (Throwable t) {
            // the library refused the value part-way: the buffer holds no valid document, so it holds none
            clear();
            throw t;
        }
        return (int) bytes.writePosition();
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
        int payload = documentEnd() - HEADER;
        if (payload > 0) {
            // a complete data document's header is exactly its payload length (both flag bits clear): one compare
            int header = bytes.readInt(0);
            if (header == payload && header <= Wires.LENGTH_MASK) return payload;
        }
        throw headerProblem();
    }

    /** What is wrong with a header that {@link #checkHeader} refused, as the exception to throw. */
    private DecodeException headerProblem() {
        int length = documentEnd();
        if (length < HEADER) {
            return new DecodeException(name, 0, length + " bytes are shorter than the " + HEADER + "-byte document header");
        }
        int header = bytes.readInt(0);
        if (!Wires.isReady(header)) {
            return new DecodeException(name, 0, String.format("header 0x%08x marks an incomplete or empty document", header));
        }
        if (!Wires.isData(header)) {
            return new DecodeException(name, 0, String.format("header 0x%08x marks metadata, not data", header));
        }
        return new DecodeException(name, 0, "header says " + Wires.lengthOf(header) + " payload bytes, " + (length - HEADER) + " follow it");
    }

    @Override
    public final MessageBuffer buffer() {
        return message;
    }

    /** Empties the buffer; a Wire row overrides it to reset the wire's own state too. */
    protected void clear() {
        bytes.clear();
    }
}
