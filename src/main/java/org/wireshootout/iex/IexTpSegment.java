package org.wireshootout.iex;

import org.wireshootout.model.iex.IexProtocol;

/** The 40-byte IEX-TP segment header of the segment being decoded, plus where it was found. Reused per segment. */
public final class IexTpSegment {
    int version;
    IexProtocol protocol;
    long channelId;
    long sessionId;
    int payloadLength;
    int messageCount;
    long streamOffset;
    long firstSequence;
    long sendTime;
    long fileOffset;
    long captureTimestamp;
    boolean truncated;
    int messagesPresent;

    public int version() { return version; }
    public IexProtocol protocol() { return protocol; }
    public long channelId() { return channelId; }
    public long sessionId() { return sessionId; }
    /** Payload bytes the header declares. */
    public int payloadLength() { return payloadLength; }
    /** Messages the header declares; 0 for a heartbeat. */
    public int messageCount() { return messageCount; }
    /** Byte offset of this segment's payload in the session's stream. */
    public long streamOffset() { return streamOffset; }
    /** Sequence number of the first message (the next one expected, for a heartbeat). */
    public long firstSequence() { return firstSequence; }
    /** Send time, nanoseconds since the epoch. */
    public long sendTime() { return sendTime; }
    /** Byte offset of the segment header in the capture file (uncompressed). */
    public long fileOffset() { return fileOffset; }
    /** When the packet was captured, nanoseconds since the epoch (0 when the container does not say). */
    public long captureTimestamp() { return captureTimestamp; }
    /** True when the capture ends inside this segment: only {@link #messagesPresent()} messages follow. */
    public boolean truncated() { return truncated; }
    /** Complete messages present (equal to {@link #messageCount()} unless truncated). */
    public int messagesPresent() { return messagesPresent; }
    public boolean heartbeat() { return messageCount == 0; }
}
