package org.wireshootout.codec.bson;

import net.openhft.chronicle.bytes.Bytes;
import org.bson.BsonSerializationException;
import org.bson.io.BsonOutput;
import org.bson.types.ObjectId;

/**
 * The BSON library's output interface implemented over a Chronicle {@link Bytes}: how a BSON writer can write
 * straight into Chronicle-managed memory. The BSON library has no Chronicle support of its own, so this
 * adapter is hand-written; it writes what {@code BasicOutputBuffer} writes, byte for byte.
 *
 * <p>Numbers go through Chronicle's {@code writeInt/writeLong/writeDouble}, which use the platform's byte
 * order; BSON is little-endian, so the constructor refuses a big-endian platform rather than write wrong bytes.
 * Strings are encoded to UTF-8 here, one byte at a time, with no intermediate array.
 */
final class ChronicleBytesBsonOutput implements BsonOutput {
    private final Bytes<?> bytes;

    ChronicleBytesBsonOutput(Bytes<?> bytes) {
        if (java.nio.ByteOrder.nativeOrder() != java.nio.ByteOrder.LITTLE_ENDIAN) {
            throw new IllegalStateException("BSON is little-endian; Chronicle Bytes writes in the platform's order");
        }
        this.bytes = bytes;
    }

    @Override public int getPosition() { return (int) bytes.writePosition(); }

    @Override public int getSize() { return (int) bytes.writePosition(); }

    @Override public void truncateToPosition(int newPosition) { bytes.writePosition(newPosition); }

    @Override public void writeBytes(byte[] b) { bytes.write(b); }

    @Override public void writeBytes(byte[] b, int offset, int length) { bytes.write(b, offset, length); }

    @Override public void writeByte(int value) { bytes.writeByte((byte) value); }

    @Override
    public void writeCString(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) == 0) throw new BsonSerializationException("BSON cstring '" + value + "' is not valid because it contains a null character");
        }
        writeUtf8(value);
        bytes.writeByte((byte) 0);
    }

    @Override
    public void writeString(String value) {
        long lengthAt = bytes.writePosition();
        bytes.writeInt(0);
        writeUtf8(value);
        bytes.writeByte((byte) 0);
        bytes.writeInt(lengthAt, (int) (bytes.writePosition() - lengthAt - 4));
    }

    private void writeUtf8(String s) {
        Bytes<?> b = bytes;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b.writeByte((byte) c);
            } else if (c < 0x800) {
                b.writeByte((byte) (0xC0 | (c >> 6)));
                b.writeByte((byte) (0x80 | (c & 0x3F)));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b.writeByte((byte) (0xF0 | (cp >> 18)));
                b.writeByte((byte) (0x80 | ((cp >> 12) & 0x3F)));
                b.writeByte((byte) (0x80 | ((cp >> 6) & 0x3F)));
                b.writeByte((byte) (0x80 | (cp & 0x3F)));
            } else if (Character.isSurrogate(c)) {
                // what String.getBytes(UTF_8) and BasicOutputBuffer do with an unpaired surrogate
                b.writeByte((byte) '?');
            } else {
                b.writeByte((byte) (0xE0 | (c >> 12)));
                b.writeByte((byte) (0x80 | ((c >> 6) & 0x3F)));
                b.writeByte((byte) (0x80 | (c & 0x3F)));
            }
        }
    }

    @Override public void writeDouble(double value) { bytes.writeDouble(value); }

    @Override public void writeInt32(int value) { bytes.writeInt(value); }

    @Override public void writeInt32(int position, int value) { bytes.writeInt(position, value); }

    @Override public void writeInt64(long value) { bytes.writeLong(value); }

    @Override public void writeObjectId(ObjectId value) { bytes.write(value.toByteArray()); }

    @Override public void close() { }
}
