package org.wireshootout.iex;

/**
 * One captured packet as a view into the reader's buffer: valid until the reader's next call. Reused, so
 * reading a capture allocates nothing per packet.
 */
public final class CapturedPacket {
    byte[] array;
    int offset;
    int length;
    long originalLength;
    long timestampNanos;
    int linkType;
    long recordOffset;
    long dataOffset;
    boolean truncated;

    /** The buffer holding the captured bytes (not a copy: do not keep it). */
    public byte[] array() { return array; }

    /** Index of the first captured byte in {@link #array()}. */
    public int offset() { return offset; }

    /** Captured bytes present. */
    public int length() { return length; }

    /** Length of the packet on the wire as the record states it. */
    public long originalLength() { return originalLength; }

    /** Capture time, nanoseconds since the epoch. */
    public long timestampNanos() { return timestampNanos; }

    /** The link-layer type of the interface it was captured on (1 = Ethernet). */
    public int linkType() { return linkType; }

    /** Byte offset of the record (pcap record header or pcapng block) in the capture stream. */
    public long recordOffset() { return recordOffset; }

    /** Byte offset of the first captured byte in the capture stream. */
    public long dataOffset() { return dataOffset; }

    /** Byte offset in the capture stream of the byte at {@code index} of {@link #array()}. */
    public long streamOffset(int index) { return dataOffset + (index - offset); }

    /** True when the file ended inside this packet's record: only the first {@link #length()} bytes exist. */
    public boolean truncated() { return truncated; }
}
