package org.wireshootout.iex;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipException;

/**
 * Streams the packets of a capture file: classic pcap (either byte order, microsecond or nanosecond
 * timestamps) or pcapng, optionally gzipped. The container and the compression are recognised by their magic
 * numbers, never by the file name. The file is read through one fixed buffer and records are handed out as
 * views into it, so a file of any size is read in constant memory without a copy per packet.
 *
 * <p>A file that ends inside a record is a normal end: {@link #next} hands out the record's present bytes
 * once, marked truncated, and {@link #truncatedRecord()} describes it. But a record or block whose length
 * disagrees with what follows is a fault at that record, never a truncated tail: a pcap record claiming more
 * bytes than the packet it captured, or whose claimed end lies past the end of the file while a later record
 * header is in sight; a pcapng block whose trailing length differs, or which runs past the end of the file
 * while its real trailer is in sight. A file cut inside its file header or pcapng Section Header Block is a
 * fault too. Every gzip member is inflated and checked ({@link GzipMembers}): bytes after a member that are not
 * another member are a fault, not an end. The reader never skips ahead to find its footing again: it stops at
 * the first fault, and anything else that is wrong with the file likewise raises {@link CaptureFormatException}
 * naming the file and the byte offset.
 */
public abstract class CaptureReader implements Closeable {
    /** The largest packet a capture tool writes (libpcap's maximum snapshot length); larger claims are lies. */
    public static final int MAX_PACKET = 262_144;
    /** The largest read buffer: any record this reader parses in place (packets, section and interface headers)
     *  must fit; the buffer starts at {@link #INITIAL_BUFFER} and grows only when a record needs it. */
    static final int BUFFER_SIZE = 1 << 20;
    static final int INITIAL_BUFFER = 1 << 16;
    private static final int GZIP_BUFFER = 1 << 16;

    final String name;
    final ByteInput in;
    private final InputStream stream;
    private final boolean compressed;
    TruncatedRecord truncated;

    CaptureReader(String name, ByteInput in, InputStream stream, boolean compressed) {
        this.name = name;
        this.in = in;
        this.stream = stream;
        this.compressed = compressed;
    }

    /** Opens a capture file; the caller closes the reader. */
    public static CaptureReader open(Path file) throws IOException {
        InputStream raw = Files.newInputStream(file);
        try {
            return open(raw, file.toString());
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** Reads a capture from a stream (closed with the reader); {@code name} is used in error messages. */
    public static CaptureReader open(InputStream raw, String name) throws IOException {
        PushbackInputStream peek = new PushbackInputStream(raw, 2);
        byte[] head = new byte[2];
        int n = 0;
        while (n < 2) {
            int r = peek.read(head, n, 2 - n);
            if (r < 0) break;
            n += r;
        }
        peek.unread(head, 0, n);
        InputStream stream = peek;
        boolean gzip = n == 2 && (head[0] & 0xFF) == 0x1f && (head[1] & 0xFF) == 0x8b;
        if (gzip) {
            try {
                stream = new GzipMembers(peek, GZIP_BUFFER);
            } catch (EOFException e) {
                throw new CaptureFormatException(name, 0, "gzip stream ends inside its header", e);
            } catch (ZipException e) {
                throw new CaptureFormatException(name, 0, "bad gzip header: " + e.getMessage(), e);
            }
        }
        ByteInput in = new ByteInput(stream, INITIAL_BUFFER, BUFFER_SIZE);
        try {
            int have = in.require(4);
            if (have < 4) {
                throw new CaptureFormatException(name, 0, "not a capture file: " + describeEnd(in, gzip)
                        + " after " + have + " bytes, too short for a pcap or pcapng magic number");
            }
            byte[] b = in.buf;
            int p = in.pos;
            int magicLe = Endian.i32le(b, p);
            switch (magicLe) {
                case 0xa1b2c3d4: return new PcapReader(name, in, stream, gzip, false, false);
                case 0xd4c3b2a1: return new PcapReader(name, in, stream, gzip, true, false);
                case 0xa1b23c4d: return new PcapReader(name, in, stream, gzip, false, true);
                case 0x4d3cb2a1: return new PcapReader(name, in, stream, gzip, true, true);
                case 0x0a0d0d0a: return new PcapNgReader(name, in, stream, gzip);
                default:
                    throw new CaptureFormatException(name, 0, String.format(
                            "not a capture file: it starts %02x %02x %02x %02x, which is neither a pcap magic "
                                    + "(d4 c3 b2 a1, a1 b2 c3 d4, 4d 3c b2 a1, a1 b2 3c 4d) nor pcapng (0a 0d 0d 0a)%s",
                            b[p] & 0xFF, b[p + 1] & 0xFF, b[p + 2] & 0xFF, b[p + 3] & 0xFF,
                            gzip ? " (inside gzip)" : ""));
            }
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    private static String describeEnd(ByteInput in, boolean gzip) {
        if (in.endCause() instanceof ZipException) return "corrupt gzip data (" + in.endCause().getMessage() + ")";
        if (in.endCause() != null) return "gzip stream cut short";
        return gzip ? "gzip content ends" : "file ends";
    }

    /**
     * Reads the next packet into {@code packet} (a view valid until the next call). Returns false at the end of
     * the file; a record cut off by the end of the file is returned once with {@link CapturedPacket#truncated()}.
     */
    public abstract boolean next(CapturedPacket packet) throws IOException;

    /** What the container is, e.g. "pcap (little-endian, microseconds)". */
    public abstract String container();

    /** True when the file is gzipped. */
    public boolean compressed() {
        return compressed;
    }

    /** The record the file ended inside, or null. Set once {@link #next} has reached it. */
    public TruncatedRecord truncatedRecord() {
        return truncated;
    }

    /**
     * After {@link #next} returned false: null when the stream ended normally, else why the (compressed) stream
     * ended early: an {@link EOFException} when it was cut short, a {@link ZipException} when it is corrupt.
     */
    public IOException endCause() {
        return in.endCause();
    }

    /** Stream offset just past the last byte the (uncompressed) stream delivered. */
    public long endOffset() {
        return in.endOffset();
    }

    /** Name used in messages (the file path). */
    public String name() {
        return name;
    }

    CaptureFormatException fault(long offset, String problem) {
        return new CaptureFormatException(name, offset, problem);
    }

    /** Records that the file ends inside the record starting at the current position and hands out what is there. */
    final boolean cutOff(CapturedPacket p, long bytesDeclared, String kind, int headerLength, long capturedDeclared,
                         long originalLength, long timestampNanos, int linkType) throws IOException {
        int present = in.available();
        long start = in.offset();
        truncated = new TruncatedRecord(start, present, bytesDeclared, kind);
        boolean hasData = headerLength >= 0 && present >= headerLength && capturedDeclared >= 0;
        if (hasData) {
            p.array = in.buf;
            p.offset = in.pos + headerLength;
            p.length = (int) Math.min(capturedDeclared, present - headerLength);
            p.originalLength = originalLength;
            p.timestampNanos = timestampNanos;
            p.linkType = linkType;
            p.recordOffset = start;
            p.dataOffset = start + headerLength;
            p.truncated = true;
        }
        in.pos = in.limit;
        return hasData;
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
