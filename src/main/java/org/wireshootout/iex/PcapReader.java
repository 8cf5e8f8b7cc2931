package org.wireshootout.iex;

import java.io.IOException;
import java.io.InputStream;

/** Classic pcap: a 24-byte file header, then records of a 16-byte header and the captured bytes. */
final class PcapReader extends CaptureReader {
    private static final int FILE_HEADER = 24;
    private static final int RECORD_HEADER = 16;

    private final boolean bigEndian;
    private final boolean nanos;
    private int linkType = -1;

    PcapReader(String name, ByteInput in, InputStream stream, boolean compressed, boolean bigEndian, boolean nanos) {
        super(name, in, stream, compressed);
        this.bigEndian = bigEndian;
        this.nanos = nanos;
    }

    @Override
    public String container() {
        return "pcap (" + (bigEndian ? "big" : "little") + "-endian, " + (nanos ? "nanosecond" : "microsecond")
                + " timestamps" + (compressed() ? ", gzip" : "") + ")";
    }

    private void readFileHeader() throws IOException {
        int have = in.require(FILE_HEADER);
        if (have < FILE_HEADER) {
            throw fault(in.offset(), "pcap file header cut short: " + have + " of " + FILE_HEADER + " bytes present");
        }
        byte[] b = in.buf;
        int p = in.pos;
        int major = Endian.u16(b, p + 4, bigEndian);
        if (major != 2) throw fault(in.offset() + 4, "pcap version " + major + "." + Endian.u16(b, p + 6, bigEndian)
                + " is not 2.x");
        // the low 16 bits are the link type; the upper bits may carry FCS information
        int lt = (int) (Endian.u32(b, p + 20, bigEndian) & 0xFFFF);
        if (!LinkLayer.supported(lt)) {
            throw fault(in.offset() + 20, "unsupported link type " + lt + " (" + LinkLayer.describe(lt) + "); "
                    + LinkLayer.SUPPORTED);
        }
        linkType = lt;
        in.pos += FILE_HEADER;
    }

    @Override
    public boolean next(CapturedPacket packet) throws IOException {
        if (linkType < 0) readFileHeader();
        int have = in.require(RECORD_HEADER);
        if (have == 0) return false;
        byte[] b = in.buf;
        int p = in.pos;
        if (have < RECORD_HEADER) {
            long declared = have >= 12 ? RECORD_HEADER + Endian.u32(b, p + 8, bigEndian) : -1;
            return cutOff(packet, declared, "pcap record", -1, -1, -1, 0, linkType);
        }
        long seconds = Endian.u32(b, p, bigEndian);
        long fraction = Endian.u32(b, p + 4, bigEndian);
        long captured = Endian.u32(b, p + 8, bigEndian);
        long original = Endian.u32(b, p + 12, bigEndian);
        if (captured > MAX_PACKET) {
            throw fault(in.offset() + 8, "pcap record claims " + captured + " captured bytes, more than the "
                    + MAX_PACKET + " any capture holds: the file is corrupt");
        }
        // a record never holds more than the packet it captured: a larger claim is a length that lies
        if (captured > original) {
            throw fault(in.offset() + 8, "pcap record claims " + captured + " captured bytes of a packet of "
                    + original + " bytes: its length lies");
        }
        if (original > MAX_PACKET) {
            throw fault(in.offset() + 12, "pcap record claims a packet of " + original + " bytes, more than the "
                    + MAX_PACKET + " any supported link carries: the record header is corrupt");
        }
        if (fraction >= (nanos ? 1_000_000_000L : 1_000_000L)) {
            throw fault(in.offset() + 4, "pcap record's timestamp fraction " + fraction + " is not below one second "
                    + "(" + (nanos ? "10^9 ns" : "10^6 µs") + "): the record header is corrupt");
        }
        long ts = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000L);
        int total = RECORD_HEADER + (int) captured;
        // the record and the next record's header: a length that lies shows as a next header that makes no sense
        have = in.require(total + RECORD_HEADER);
        b = in.buf;
        p = in.pos;
        long start = in.offset();
        if (have < total) {
            int next = recordInside(p, have, have, seconds);
            if (next >= 0) throw lies(start, captured, next, "the file ends " + (total - have) + " bytes before that");
            return cutOff(packet, total, "pcap record", RECORD_HEADER, captured, original, ts, linkType);
        }
        if (have >= total + RECORD_HEADER && plausibleHeader(b, p + total, seconds) < 0) {
            // either this record's length or the next header is wrong: only a header found inside this record
            // says it is the length; otherwise the record is handed out and the next call faults at the next header
            int next = recordInside(p, total, have, seconds);
            if (next >= 0) throw lies(start, captured, next, "what follows it is no record header");
        }
        packet.array = b;
        packet.offset = p + RECORD_HEADER;
        packet.length = (int) captured;
        packet.originalLength = original;
        packet.timestampNanos = ts;
        packet.linkType = linkType;
        packet.recordOffset = start;
        packet.dataOffset = start + RECORD_HEADER;
        packet.truncated = false;
        in.pos = p + total;
        return true;
    }

    private CaptureFormatException lies(long start, long captured, int next, String why) {
        return fault(start + 8, "pcap record claims " + captured + " captured bytes, but a record header begins at "
                + "byte " + (start + next) + ", inside that length, and " + why + ": the record's length lies");
    }

    /**
     * Looks for the start of a later record inside the record at buffer index {@code p}: a header at one of the
     * first {@code span} bytes after this record's own header that is plausible (timestamp within a day of this
     * record's, fraction below one second, 0 < captured <= original <= the maximum) and whose own record is
     * followed by another plausible header, or ends where the {@code avail} buffered bytes end, or runs past them.
     * Returns its index relative to {@code p}, or -1 when there is none. Only called when something is already
     * wrong (the file ends inside the record, or the next header makes no sense), so it costs nothing on a
     * sound file.
     */
    private int recordInside(int p, int span, int avail, long seconds) {
        byte[] b = in.buf;
        for (int q = RECORD_HEADER; q < span && q + RECORD_HEADER <= avail; q++) {
            long captured = plausibleHeader(b, p + q, seconds);
            if (captured < 0) continue;
            long end = q + RECORD_HEADER + captured;
            if (end + RECORD_HEADER <= avail) {
                if (plausibleHeader(b, p + (int) end, seconds) >= 0) return q;
            } else if (end >= avail) {
                return q;
            }
        }
        return -1;
    }

    /** The captured length of a believable record header at buffer index {@code i}, or -1. */
    private long plausibleHeader(byte[] b, int i, long seconds) {
        long s = Endian.u32(b, i, bigEndian);
        if (Math.abs(s - seconds) > 86_400) return -1;
        if (Endian.u32(b, i + 4, bigEndian) >= (nanos ? 1_000_000_000L : 1_000_000L)) return -1;
        long captured = Endian.u32(b, i + 8, bigEndian);
        long original = Endian.u32(b, i + 12, bigEndian);
        return captured == 0 || captured > original || original > MAX_PACKET ? -1 : captured;
    }
}
