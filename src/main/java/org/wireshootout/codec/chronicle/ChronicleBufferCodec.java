package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wires;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBytes;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Labels;

import java.nio.BufferOverflowException;

/**
 * What every Chronicle row shares on the caller-owned seam: one document per message, framed as Chronicle frames it
 * (a 4-byte header holding the payload length, with the top two bits clear for "complete" and "data"), written into
 * and read from the caller's buffer through one Chronicle {@link Bytes} kept for the codec's life
 * ({@link CallerBytes}: native memory without a copy, the rows' own memory and the library benchmark's; heap memory
 * through a scratch area, a copy each way). Position 0 of the {@code Bytes} is the caller's offset, so the offsets
 * in errors count from it. Shared by the six-field rows, their version 2 and the IEX rows ({@code T} is the model).
 *
 * <p>By default the {@code Bytes} keeps Chronicle's bounds checks: writes stop at the room with a
 * {@code BufferOverflowException}, reported as an {@link EncodeOverflowException}, and reads stop at the message's
 * end. A subclass that can bound every write and every read of a document itself may ask for an unchecked
 * {@code Bytes} instead ({@code Bytes.unchecked(true)}, as the library's benchmark uses): no check per field; its
 * encode compares the longest document the value can give with the room before writing, and its decode compares
 * the shortest document with the bytes present and reads every stop-bit number through {@link StopBits}, which
 * stops at the document's end, so nothing is read past the message nor written past the room.
 *
 * <p>{@link #decode} checks the header against {@code length} before handing the bytes to Chronicle, so a lying
 * length cannot send the reader past the end, and reports whatever Chronicle throws on bad bytes as a
 * {@link DecodeException} at the offset where reading stopped.
 */
public abstract class ChronicleBufferCodec<T> implements BufferCodec<T> {
    public static final int HEADER = Wires.SPB_HEADER_SIZE;

    protected final String name;
    /** Points {@link #bytes} at each call's buffer. */
    final CallerBytes caller;
    /** The one {@code Bytes} over the caller's buffers; a {@code Wire} is made over it once. */
    protected final Bytes<Void> bytes;

    /** @param unchecked an unchecked {@code Bytes}; see the class comment for what it demands */
    protected ChronicleBufferCodec(String name, boolean unchecked) {
        this.name = name;
        this.caller = unchecked ? CallerBytes.unchecked() : CallerBytes.checked();
        this.bytes = caller.bytes();
    }

    /** Native memory: the memory the library's own benchmark writes, and the rows' labels say so. */
    @Override
    public final Labels.Memory memory() {
        return Labels.Memory.DIRECT;
    }

    @Override
    public final int headerLength() {
        return HEADER;
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
        try {
            writeDocument(value, dst, offset);
        } catch (BufferOverflowException e) {
            // a checked Bytes stopped at the room: the caller's buffer is too small for this document
            throw new EncodeOverflowException(name, caller.room(), e);
        }
        return caller.written(dst, offset);
    }

    /**
     * Points {@link #bytes} at {@code dst} from {@code offset} ({@link CallerBytes#forWrite} or
     * {@link CallerBytes#target}) and writes {@code value} as one framed document from position 0.
     */
    protected abstract void writeDocument(T value, MutableDirectBuffer dst, int offset);

    /** For an unchecked {@code Bytes}: refuses before writing a document that could need more than the room. */
    protected final void checkRoom(long maxLength, int room) {
        if (maxLength > room) throw new EncodeOverflowException(name, room, null);
    }

    @Override
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        Bytes<Void> b = caller.forRead(src, offset, length);
        int payload = checkHeader(length);
        try {
            readDocument(target, payload);
        } catch (DecodeException e) {
            throw e;
        } catch (Exception e) {
            // Chronicle reports bad input with assorted runtime exceptions, and some checked ones thrown
            // undeclared (a UTFDataFormatException from a UTF-8 text reader): one type for callers, cause kept
            throw new DecodeException(name, b.readPosition(), e.toString(), e);
        }
    }

    /**
     * Reads the document that {@link #bytes} holds from position 0 (read position 0, read limit its end), whose
     * header {@link #decode} has checked, into {@code target}.
     */
    protected abstract void readDocument(T target, int payloadLength);

    /**
     * Validates the 4-byte header of the {@code length} bytes {@link #bytes} was pointed at for reading; returns the
     * payload length.
     */
    protected final int checkHeader(int length) {
        int payload = length - HEADER;
        if (payload > 0) {
            // a complete data document's header is exactly its payload length (both flag bits clear): one compare
            int header = bytes.readInt(0);
            if (header == payload && header <= Wires.LENGTH_MASK) return payload;
        }
        throw headerProblem(length);
    }

    /** What is wrong with a header that {@link #checkHeader} refused, as the exception to throw. */
    private DecodeException headerProblem(int length) {
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

    /** The document's bytes, framing included: a copy, for renderings (not the hot path). */
    static byte[] copy(DirectBuffer src, int offset, int length) {
        byte[] copy = new byte[length];
        src.getBytes(offset, copy);
        return copy;
    }
}
