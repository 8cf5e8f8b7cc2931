package org.wireshootout.bulk;

import java.util.Arrays;

/**
 * Many encoded messages one after another in one growable byte array, each preceded by its length as an
 * unsigned stop-bit varint (1 byte up to 127, 2 up to 16383), because most formats are not self-delimiting.
 * The same framing for every format, so it adds the same 1 to 2 bytes per record to each.
 */
public final class RecordStream {
    private byte[] buf;
    private int size;
    private int readPos;
    private int recordOffset;
    private int recordLength;

    public RecordStream(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    public void clear() {
        size = 0;
        readPos = 0;
    }

    public void append(byte[] src, int off, int len) {
        lengthPrefix(len);
        System.arraycopy(src, off, buf, size, len);
        size += len;
    }

    /** Appends {@code len} bytes of {@code src} from {@code off} as one record. */
    public void append(org.agrona.DirectBuffer src, int off, int len) {
        lengthPrefix(len);
        src.getBytes(off, buf, size, len);
        size += len;
    }

    /** Makes room for a record of {@code len} bytes and writes its length as a varint (7 bits a byte, low first). */
    private void lengthPrefix(int len) {
        ensure(5 + len);
        int v = len;
        while ((v & ~0x7F) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    private void ensure(int more) {
        if (size + more > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
    }

    public void rewind() {
        readPos = 0;
    }

    /** Moves to the next record; false at the end. Its bytes are then at {@link #array()}[{@link #recordOffset()}..]. */
    public boolean next() {
        if (readPos >= size) return false;
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            if (readPos >= size || shift > 28) throw new IllegalStateException("record length prefix broken at offset " + readPos);
            int b = buf[readPos++];
            v |= (b & 0x7F) << shift;
            if (b >= 0) break;
        }
        if (v < 0 || v > size - readPos) throw new IllegalStateException("record at offset " + readPos + " claims " + v + " bytes, " + (size - readPos) + " left");
        recordOffset = readPos;
        recordLength = v;
        readPos += v;
        return true;
    }

    public byte[] array() { return buf; }
    public int recordOffset() { return recordOffset; }
    public int recordLength() { return recordLength; }
    public int size() { return size; }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }
}
