package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesUtil;
import org.openjdk.jmh.infra.Blackhole;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.InPlaceAccess;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * Rows {@code bytesMarshallable} (fixed-width numbers) and {@code bytesMarshallableStopBit} (stop-bit
 * numbers): the message as a Chronicle {@code BytesMarshallable} ({@link DataBytesMarshallable}) written
 * straight to the bytes, framed as the library's benchmark frames it: 4 bytes skipped, the payload written,
 * then its length put in the skipped 4 bytes, which is a Chronicle "complete data" document header.
 */
public class BytesMarshallableCodec extends ChronicleDocumentCodec<Data> {
    private final DataBytesMarshallable marshallable;
    private final boolean stopBit;

    BytesMarshallableCodec(boolean stopBit) {
        super(stopBit ? "bytesMarshallableStopBit" : "bytesMarshallable");
        this.stopBit = stopBit;
        this.marshallable = new DataBytesMarshallable(stopBit);
    }

    /** The fixed-width row, which can also read its fields in place. */
    public static BytesMarshallableCodec fixedWidth() {
        return new InPlace();
    }

    /** The stop-bit row: its numbers have no fixed offsets, so it has no in-place access. */
    public static BytesMarshallableCodec stopBit() {
        return new BytesMarshallableCodec(true);
    }

    @Override
    protected final void writeDocument(Data value) {
        Bytes<?> b = bytes;
        b.clear();
        b.writeSkip(HEADER);
        marshallable.writing(value).writeMarshallable(b);
        b.writeInt(0, (int) (b.writePosition() - HEADER));
    }

    @Override
    protected final void readDocument(Data target, int payloadLength) {
        Bytes<?> b = bytes;
        b.readPositionRemaining(HEADER, payloadLength);
        marshallable.readingInto(target).readMarshallable(b);
        if (b.readRemaining() != 0) {
            throw new IllegalStateException(b.readRemaining() + " bytes left over after the message");
        }
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

        InPlace() {
            super(false);
        }

        @Override
        public void access(Blackhole sink) {
            checkFixedPart();
            sink.consume(price());
            sink.consume(longInt());
            sink.consume(smallInt());
            sink.consume(flag());
            sink.consume(side());
            sink.consume(textHash());
        }

        /** The same header check as {@link #decode}, then that the fixed part is there. */
        private void checkFixedPart() {
            if (checkHeader() < DataBytesMarshallable.TEXT + 1) {
                throw new DecodeException(name, HEADER, (length - HEADER) + " payload bytes are too few for the fixed-width layout");
            }
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
