package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.FieldSink;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Rows {@code bytesMarshallable} (fixed-width numbers) and {@code bytesMarshallableStopBit} (stop-bit
 * numbers): the message as a Chronicle {@code BytesMarshallable} ({@link DataBytesMarshallable}) written
 * straight to the bytes, framed as the library's benchmark frames it: 4 bytes skipped, the payload written,
 * then its length put in the skipped 4 bytes, which is a Chronicle "complete data" document header.
 *
 * <p>The {@code Bytes} is unchecked, as in the library's benchmark: no bounds check per field. What keeps a value
 * from writing past the caller's room, and a hostile document from reading outside itself, is checked once per
 * document and once per stop-bit number instead:
 * <ul>
 *   <li>encode compares the longest document the value can give ({@link #maxLength}: every number at its widest,
 *       the text's length prefix and chars) with the room before writing, and refuses with an
 *       {@link org.wireshootout.codec.EncodeOverflowException} when it may not fit;</li>
 *   <li>decode checks the header against the bytes given ({@link #checkHeader}) and that the payload is at least
 *       the shortest document, so every fixed-width field of the fixed-width layout lies inside it; each stop-bit
 *       number (the text's length, and in the stop-bit layout every number) is read by {@link StopBits}, which
 *       stops at the document's end, and the flag and side that follow the stop-bit numbers are checked to be
 *       there; the text's length is checked against the bytes left (Chronicle's {@code read8bit} does); and the
 *       read must end exactly at the end of the document, which refuses anything that stopped short.</li>
 * </ul>
 * The bytes after the message are the caller's, neither to be written nor read, hence the bound on each stop-bit
 * byte (one compare per byte read). {@link BytesDocumentCodec} writes and reads the document.
 */
public class BytesMarshallableCodec extends BytesDocumentCodec<Data> implements Evolvable {
    private final DataBytesMarshallable marshallable;
    private final boolean stopBit;

    BytesMarshallableCodec(String name, boolean stopBit) {
        super(name, true);
        this.stopBit = stopBit;
        this.marshallable = new DataBytesMarshallable(stopBit);
    }

    /** The fixed-width row, which can also read its fields in place. */
    public static BytesMarshallableCodec fixedWidth(String name) {
        return new InPlace(name);
    }

    /** The stop-bit row: its numbers have no fixed offsets, so it has no in-place access. */
    public static BytesMarshallableCodec stopBit(String name) {
        return new BytesMarshallableCodec(name, true);
    }

    @Override
    final BytesMarshallable writing(Data value) {
        return marshallable.writing(value);
    }

    @Override
    final BytesMarshallable readingInto(Data target) {
        return marshallable.readingInto(target);
    }

    @Override
    final long maxLength(Data value) {
        return maxLength(value.getText().length());
    }

    @Override
    final int shortest() {
        return shortest(stopBit);
    }

    /** The longest document a value with {@code textLength} chars can give: the header, every field at its widest. */
    static long maxLength(int textLength) {
        // stop-bit numbers take at most 10 bytes each, the fixed ones 8 + 8 + 4; flag, side; text length prefix
        return HEADER + 3 * 10 + 1 + 1 + 5 + (long) textLength;
    }

    /** Every field present, each in its fewest bytes: one per field with stop-bit numbers, else the fixed part and the text's length. */
    static int shortest(boolean stopBit) {
        return stopBit ? 6 : DataBytesMarshallable.TEXT + 1;
    }

    /**
     * Version 2 has the same framing and checks: under {@code addField} version 1's own marshaller plus the
     * field ({@link AddedFieldBytesCodec}), under any other change a second {@code BytesMarshallable}
     * ({@link EvolvedBytesCodec}).
     */
    @Override
    public final BufferCodec<Evolved> evolve(Change change) {
        return change == Change.addField ? new AddedFieldBytesCodec(name, stopBit) : new EvolvedBytesCodec(name, stopBit, change);
    }

    @Override
    public final String evolutionMechanism() {
        return "no keys and no types: the hand-written layout is the only schema (" + (stopBit ? "stop-bit" : "fixed-width")
                + " numbers, side as its ordinal); a field can be appended and read only when readRemaining() > 0, any"
                + " other change shifts or reinterprets the bytes, and this row's reader demands it end exactly at the"
                + " document's end";
    }


    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return ChronicleRender.decodedFields(this, src, offset, length, "BytesMarshallable document, values only, no keys or types:%n"
                + (stopBit ? "price (stop-bit double) %1$s%nlongInt (stop-bit) %6$s%nsmallInt (stop-bit) %5$s%n"
                           : "price (float64) %1$s%nlongInt (int64) %6$s%nsmallInt (int32) %5$s%n")
                + "flag (1 byte) %2$s%nside (1 byte, ordinal) %4$s%ntext (stop-bit length, 8-bit) %3$s%n");
    }

    /**
     * The fixed-width row with in-place access: with every number at a known offset, Chronicle reads each one
     * straight from the caller's buffer ({@code Bytes.readDouble(offset)} and so on) without building a {@link Data}.
     * The text, last, is its stop-bit length and then its bytes; they are folded into one hash so every char
     * is read without copying it into a builder or a String. The field readers read the message the codec's
     * {@code Bytes} was last pointed at.
     */
    static final class InPlace extends BytesMarshallableCodec implements BufferAccess {
        private static final long BASE = HEADER;

        InPlace(String name) {
            super(name, false);
        }

        @Override
        public void access(DirectBuffer src, int offset, int length, FieldSink sink) {
            // the same checks as decode: the header, and that the fixed part is there
            caller.forRead(src, offset, length);
            checkShortest(checkHeader(length));
            sink.consume(price());
            sink.consume(longInt());
            sink.consume(smallInt());
            sink.consume(flag());
            sink.consume(side());
            sink.consume(textHash());
        }

        double price() {
            return bytes.readDouble(BASE + DataBytesMarshallable.PRICE);
        }

        long longInt() {
            return bytes.readLong(BASE + DataBytesMarshallable.LONG_INT);
        }

        int smallInt() {
            return bytes.readInt(BASE + DataBytesMarshallable.SMALL_INT);
        }

        boolean flag() {
            return BytesUtil.byteToBoolean(bytes.readByte(BASE + DataBytesMarshallable.FLAG));
        }

        Side side() {
            return DataBytesMarshallable.side(bytes.readUnsignedByte(BASE + DataBytesMarshallable.SIDE));
        }

        /**
         * Every byte of the text, read where it lies and folded as {@code String.hashCode} folds chars; its length is
         * read bounded by the document's end ({@link StopBits}), as decode reads it.
         */
        int textHash() {
            Bytes<?> b = bytes;
            b.readPosition(BASE + DataBytesMarshallable.TEXT);
            long n = StopBits.read(b);
            if (n < 0 || n > b.readRemaining()) {
                throw new IllegalStateException(name + ": text of " + n + " bytes, " + b.readRemaining() + " present");
            }
            long start = b.readPosition();
            int hash = 0;
            for (long i = 0; i < n; i++) hash = 31 * hash + b.readUnsignedByte(start + i);
            return hash;
        }
    }
}
