package org.wireshootout.iex;

import org.wireshootout.model.iex.IexMessageType;
import org.wireshootout.model.iex.IexProtocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What reading one capture found. Packet and message counts cover complete packets only; the messages
 * recovered from a packet the file ends inside are counted in {@link #truncatedTail()} and
 * {@link #recoveredByType()}.
 */
public final class IexCaptureStats {
    private static final int MAX_NOTES = 20;

    final String file;
    String container;
    boolean compressed;
    IexProtocol protocol;
    boolean mixedProtocols;
    long channelId = -1;
    long sessionId = -1;
    long sessionChanges;
    long packets;
    long heartbeats;
    long messages;
    final long[] byType = new long[256];
    long unknownMessages;
    final long[] unknownByType = new long[256];
    long shortMessages;
    long otherPackets;
    long sequenceGaps;
    long sequenceRestarts;
    long expectedSequence = -1;
    long lastSession = -1;
    TruncatedRecord truncatedTail;
    final long[] recoveredByType = new long[256];
    boolean compressedStreamCutShort;
    long bytesRead;
    String error;
    private final List<String> notes = new ArrayList<>();
    private long notesDropped;

    IexCaptureStats(String file) {
        this.file = file;
    }

    public String file() { return file; }
    /** e.g. "pcap (little-endian, microsecond timestamps, gzip)". */
    public String container() { return container; }
    public boolean compressed() { return compressed; }
    /** The protocol of the first segment, or null when there was none. */
    public IexProtocol protocol() { return protocol; }
    /** True when segments of more than one protocol were seen. */
    public boolean mixedProtocols() { return mixedProtocols; }
    /** Channel id of the first segment, -1 when none. */
    public long channelId() { return channelId; }
    /** Session id of the first segment, -1 when none. */
    public long sessionId() { return sessionId; }
    /** How often a segment's session id differed from the one before. */
    public long sessionChanges() { return sessionChanges; }
    /** Complete IEX-TP packets. */
    public long packets() { return packets; }
    /** Complete packets with message count 0. */
    public long heartbeats() { return heartbeats; }
    /** Messages of complete packets, whether decoded, of unknown type or too short. */
    public long messages() { return messages; }
    /** Decoded messages of complete packets with this type byte. */
    public long messages(char type) { return byType[type & 0xFF]; }
    /** Decoded messages of complete packets by type byte, in type order, only types seen. */
    public Map<Character, Long> messagesByType() { return map(byType); }
    public long unknownMessages() { return unknownMessages; }
    public Map<Character, Long> unknownByType() { return map(unknownByType); }
    /** Messages shorter than their type requires (skipped). */
    public long shortMessages() { return shortMessages; }
    /** Packets that were not IEX-TP over UDP/IPv4 (other protocols, IP fragments), skipped. */
    public long otherPackets() { return otherPackets; }
    /** Segments whose first sequence number was beyond the one expected. */
    public long sequenceGaps() { return sequenceGaps; }
    /** Segments whose first sequence number went back (the stream restarted, e.g. a replay of the day). */
    public long sequenceRestarts() { return sequenceRestarts; }
    /** The record the file ends inside, or null. */
    public TruncatedRecord truncatedTail() { return truncatedTail; }
    /** Messages decoded from the truncated tail, by type. */
    public Map<Character, Long> recoveredByType() { return map(recoveredByType); }
    /** True when a gzip stream ended without its proper end (cut short). */
    public boolean compressedStreamCutShort() { return compressedStreamCutShort; }
    /** Bytes of the (uncompressed) capture stream read. */
    public long bytesRead() { return bytesRead; }
    /** The fault that stopped the reading, or null when the file was read to its end. */
    public String error() { return error; }
    /** Oddities met on the way (skipped messages and packets), the first few, each with its byte offset. */
    public List<String> notes() { return Collections.unmodifiableList(notes); }
    public long notesDropped() { return notesDropped; }

    void note(String what) {
        if (notes.size() < MAX_NOTES) notes.add(what);
        else notesDropped++;
    }

    private static Map<Character, Long> map(long[] counts) {
        Map<Character, Long> m = new TreeMap<>();
        for (int i = 0; i < counts.length; i++) if (counts[i] != 0) m.put((char) i, counts[i]);
        return m;
    }

    /** Human-readable name of a type byte, e.g. "T Trade Report" or "0x7f unknown". */
    public static String typeName(char type) {
        IexMessageType t = IexMessageType.of(type);
        String shown = type >= 0x21 && type < 0x7f ? String.valueOf(type) : String.format("0x%02x", (int) type);
        return t == null ? shown + " (unknown)" : shown + " " + t.displayName();
    }
}
