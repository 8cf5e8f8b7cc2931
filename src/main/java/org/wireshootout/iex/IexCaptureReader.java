package org.wireshootout.iex;

import org.wireshootout.model.iex.IexMessage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipException;

/**
 * Reads the IEX data of a capture file: capture container → packets → UDP payloads → IEX-TP segments →
 * messages, streamed to an {@link IexListener}. Returns what it found ({@link IexCaptureStats}); a fault raises
 * {@link CaptureFormatException} whose {@link CaptureFormatException#stats()} holds what was read before it.
 * A file that ends inside a record ends the reading normally, with the record in
 * {@link IexCaptureStats#truncatedTail()}; so does a gzip stream cut short.
 */
public final class IexCaptureReader {
    private IexCaptureReader() {
    }

    /** Streams the file's messages to {@code listener}. */
    public static IexCaptureStats read(Path file, IexListener listener) throws IOException {
        try (CaptureReader reader = CaptureReader.open(file)) {
            return read(reader, listener);
        }
    }

    /** Streams the messages of a capture held in a stream; {@code name} appears in fault messages. */
    public static IexCaptureStats read(InputStream in, String name, IexListener listener) throws IOException {
        try (CaptureReader reader = CaptureReader.open(in, name)) {
            return read(reader, listener);
        }
    }

    /** Streams the messages of an open capture. */
    public static IexCaptureStats read(CaptureReader reader, IexListener listener) throws IOException {
        IexCaptureStats stats = new IexCaptureStats(reader.name());
        stats.compressed = reader.compressed();
        CapturedPacket packet = new CapturedPacket();
        LinkLayer link = new LinkLayer();
        IexTpDecoder decoder = new IexTpDecoder(reader.name());
        try {
            while (reader.next(packet)) {
                if (packet.truncated) stats.truncatedTail = reader.truncatedRecord();
                int found = link.locate(packet.array, packet.offset, packet.length, packet.linkType, packet.truncated);
                switch (found) {
                    case LinkLayer.UDP:
                        decoder.decodeSegment(packet.array, link.payloadIndex, link.payloadLength,
                                packet.streamOffset(link.payloadIndex), packet.truncated, packet.timestampNanos,
                                listener, stats);
                        break;
                    case LinkLayer.MALFORMED:
                        throw new CaptureFormatException(reader.name(), packet.streamOffset(link.problemIndex), link.problem);
                    case LinkLayer.CUT:
                        break;
                    default:
                        stats.otherPackets++;
                        stats.note("at byte " + packet.recordOffset + ": packet skipped: " + (found == LinkLayer.FRAGMENT
                                ? "an IPv4 fragment" : found == LinkLayer.NOT_UDP ? "IPv4 but not UDP" : "not IPv4"));
                }
            }
            stats.truncatedTail = reader.truncatedRecord();
            IOException cause = reader.endCause();
            if (cause instanceof ZipException) {
                throw new CaptureFormatException(reader.name(), reader.endOffset(), "gzip data is corrupt after "
                        + reader.endOffset() + " uncompressed bytes (" + cause.getMessage() + ")", cause);
            }
            if (cause != null) {
                stats.compressedStreamCutShort = true;
                stats.note("the gzip stream is cut short after " + reader.endOffset() + " uncompressed bytes");
            }
            return stats;
        } catch (CaptureFormatException e) {
            stats.error = e.getMessage();
            throw e.withStats(stats);
        } finally {
            stats.container = reader.container();
            stats.bytesRead = reader.endOffset();
        }
    }

    /**
     * Convenience for small files: copies of every message, including those recovered from a truncated final
     * packet. A fault raises {@link CaptureFormatException}.
     */
    public static List<IexMessage> readAll(Path file) throws IOException {
        List<IexMessage> out = new ArrayList<>();
        read(file, m -> out.add(m.copy()));
        return out;
    }
}
