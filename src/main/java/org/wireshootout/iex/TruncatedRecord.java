package org.wireshootout.iex;

/**
 * The last record of a capture when the file ends inside it (real captures are often cut off mid-record).
 * Byte counts include the record's own header (16 bytes for a pcap record, the block header for pcapng), so
 * {@code bytesPresent < bytesDeclared}; {@code bytesDeclared} is -1 when even the length field is missing.
 * The message counts are -1 until the IEX decoder has looked at the packet's present bytes.
 */
public final class TruncatedRecord {
    private final long offset;
    private final long bytesPresent;
    private final long bytesDeclared;
    private final String kind;
    int messagesDeclared = -1;
    int messagesRecovered = -1;

    TruncatedRecord(long offset, long bytesPresent, long bytesDeclared, String kind) {
        this.offset = offset;
        this.bytesPresent = bytesPresent;
        this.bytesDeclared = bytesDeclared;
        this.kind = kind;
    }

    /** Byte offset of the record's start. */
    public long offset() { return offset; }

    public long bytesPresent() { return bytesPresent; }

    /** The record's length as its header declares it, or -1 when the header itself is cut. */
    public long bytesDeclared() { return bytesDeclared; }

    /** What the record is, e.g. "pcap record" or "Enhanced Packet Block". */
    public String kind() { return kind; }

    /** Messages the cut-off IEX-TP segment declares, or -1 when its header is not present. */
    public int messagesDeclared() { return messagesDeclared; }

    /** Complete messages decoded from the present bytes (0 when none). */
    public int messagesRecovered() { return Math.max(messagesRecovered, 0); }

    @Override
    public String toString() {
        return kind + " at byte " + offset + ": " + bytesPresent + " of "
                + (bytesDeclared < 0 ? "?" : Long.toString(bytesDeclared)) + " bytes present"
                + (messagesDeclared >= 0 ? ", " + messagesRecovered() + " of " + messagesDeclared
                + " declared messages complete" : "");
    }
}
