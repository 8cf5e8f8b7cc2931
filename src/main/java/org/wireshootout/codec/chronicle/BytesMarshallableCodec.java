package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesUtil;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.FieldSink;
import org.wireshootout.codec.InPlaceAccess;
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
 * <p>The buffer is unchecked, as in the library's benchmark: no bounds check per field. What keeps a hostile
 * document from reading or writing outside it is checked once per document instead:
 * <ul>
 *   <li>encode makes room for the longest document the value can give before writing
 *       ({@link #maxLength}: every number at its widest, the text's length prefix and chars);</li>
 *   <li>decode checks the header against the bytes present ({@link #checkHeader}) and that the payload is at
 *       least the shortest document, so every fixed-width field lies inside it; zero bytes are put right after
 *       the document ({@link #guard}), which end any run of stop-bit continuation bytes there, so no read goes
 *       further than a few bytes past the end, all inside the buffer ({@link #TAIL}); the text's length is
 *       checked against the bytes left (Chronicle's {@code read8bit} does); and the read must end exactly at
 *       the end of the document, which refuses anything that ran past it or stopped short.</li>
 * </ul>
 */
public class BytesMarshallableCodec extends BytesDocumentCodec<Data> implements Evolvable {
    private final DataBytesMarshallable marshallable;
    private final boolean stopBit;

    BytesMarshallableCodec(String name, boolean stopBit) {
        super(name, GUARD);
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

    /**
     * Zero bytes after the document: once a read has run past the end, each following field takes one zero byte
     * (a stop-bit number ends at its first), so the text's length prefix, the last stop-bit read, starts at most 6
     * bytes past the end.
     */
    static final int GUARD = 8;

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

    /** The longest document a value with {@code textLength} chars can give: the header, every field at its widest. */
    static long maxLength(int textLength) {
        // stop-bit numbers take at most 10 bytes each, the fixed ones 8 + 8 + 4; flag, side; text length prefix
        return HEADER + 3 * 10 + 1 + 1 + 5 + (long) textLength;
    }

    /** Every field present, each in its fewest bytes: one per field with stop-bit numbers, else the fixed part and the text's length. */
    @Override
    final int shortest() {
        return shortest(stopBit);
    }

    /** {@link #shortest()} of the stop-bit or the fixed-width layout. */
    static int shortest(boolean stopBit) {
        return stopBit ? 6 : DataBytesMarshallable.TEXT + 1;
    }

    /**
     * Version 2 has the same framing and checks: under {@code addField} version 1's own marshaller plus the
     * field ({@link AddedFieldBytesCodec}), under any other change a second {@code BytesMarshallable}
     * ({@link EvolvedBytesCodec}).
     */
    @Override
    public final Codec<Evolved> evolve(Change change) {
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
    public String render() {
        return ChronicleRender.decodedFields(this, "BytesMarshallable document, values only, no keys or types:%n"
                + (stopBit ? "price (stop-bit double) %1$s%nlongInt (stop-bit) %6$s%nsmallInt (stop-bit) %5$s%n"
                           : "price (float64) %1$s%nlongInt (int64) %6$s%nsmallInt (int32) %5$s%n")
                + "flag (1 byte) %2$s%nside (1 byte, ordinal) %4$s%ntext (stop-bit length, 8-bit) %3$s%n");
    }

    /**
     * The fixed-width row with in-place access: with every number at a known offset, Chronicle reads each one
     * straight from the buffer ({@code Bytes.readDouble(offset)} and so on) without building a {@link Data}.
     * The text, last, is its stop-bit length and then its bytes; they are folded into one hash so every char
     * is read without copying it into a builder or a String.
     */
    static final class InPlace extends BytesMarshallableCodec implements InPlaceAccess {
        private static final long BASE = HEADER;

        InPlace(String name) {
            super(name, false);
        }

        @Override
        public void access(FieldSink sink) {
            checkFixedPart();
            sink.consume(price());
            sink.consume(longInt());
            sink.consume(smallInt());
            sink.consume(flag());
            sink.consume(side());
            sink.consume(textHash());
        }

        /** The same checks as {@link #decode}: the header, that the fixed part is there, and the guard after the document. */
        private void checkFixedPart() {
            checkShortest(checkHeader());
            guard(GUARD);
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

        /** Every byte of the text, read where it lies and folded as {@code String.hashCode} folds chars. */
        int textHash() {
            Bytes<?> b = bytes;
            b.readPosition(BASE + DataBytesMarshallable.TEXT);
            long n = b.readStopBit();
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
