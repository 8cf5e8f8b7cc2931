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
        int major = Bytes.u16(b, p + 4, bigEndian);
        if (major != 2) throw fault(in.offset() + 4, "pcap version " + major + "." + Bytes.u16(b, p + 6, bigEndian)
                + " is not 2.x");
        // the low 16 bits are the link type; the upper bits may carry FCS information
        int lt = (int) (Bytes.u32(b, p + 20, bigEndian) & 0xFFFF);
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
            long declared = have >= 12 ? RECORD_HEADER + Bytes.u32(b, p + 8, bigEndian) : -1;
            return cutOff(packet, declared, "pcap record", -1, -1, -1, 0, linkType);
        }
        long seconds = Bytes.u32(b, p, bigEndian);
        long fraction = Bytes.u32(b, p + 4, bigEndian);
        long captured = Bytes.u32(b, p + 8, bigEndian);
        long original = Bytes.u32(b, p + 12, bigEndian);
        if (captured > MAX_PACKET) {
            throw fault(in.offset() + 8, "pcap record claims " + captured + " captured bytes, more than the "
                    + MAX_PACKET + " any capture holds: the file is corrupt");
        }
        long ts = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000L);
        int total = RECORD_HEADER + (int) captured;
        have = in.require(total);
        if (have < total) {
            return cutOff(packet, total, "pcap record", RECORD_HEADER, captured, original, ts, linkType);
        }
        b = in.buf;
        p = in.pos;
        long start = in.offset();
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
}
