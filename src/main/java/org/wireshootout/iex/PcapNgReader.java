package org.wireshootout.iex;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * pcapng: blocks of (type, total length, body, total length). Each section starts with a Section Header
 * Block whose byte-order magic sets the byte order of the section; Interface Description Blocks give each
 * interface's link type and timestamp resolution; packets come in Enhanced Packet Blocks, Simple Packet Blocks
 * or the obsolete Packet Block. Every other block is skipped by its length.
 */
final class PcapNgReader extends CaptureReader {
    private static final int SHB = 0x0A0D0D0A;
    private static final int IDB = 1;
    private static final int PB = 2;
    private static final int SPB = 3;
    private static final int EPB = 6;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final int OPT_TSRESOL = 9;

    private boolean bigEndian;
    private boolean inSection;
    private int sections;
    private int interfaces;
    private int[] linkTypes = new int[4];
    private long[] snapLengths = new long[4];
    private byte[] tsResolutions = new byte[4];

    PcapNgReader(String name, ByteInput in, InputStream stream, boolean compressed) {
        super(name, in, stream, compressed);
    }

    @Override
    public String container() {
        return "pcapng (" + (bigEndian ? "big" : "little") + "-endian section" + (sections > 1 ? "s" : "")
                + (compressed() ? ", gzip" : "") + ")";
    }

    @Override
    public boolean next(CapturedPacket packet) throws IOException {
        while (true) {
            int have = in.require(8);
            if (have == 0) return false;
            long start = in.offset();
            byte[] b = in.buf;
            int p = in.pos;
            if (have < 8) {
                if (!inSection || have >= 4 && Endian.i32le(b, p) == SHB) throw sectionHeaderCut(start, have, -1);
                return cutOff(packet, -1, "pcapng block", -1, -1, -1, 0, 0);
            }
            // the Section Header Block's type reads the same in both byte orders; its byte-order magic decides
            if (Endian.i32le(b, p) == SHB) {
                have = in.require(12);
                b = in.buf;
                p = in.pos;
                if (have < 12) throw sectionHeaderCut(start, have, Endian.u32le(b, p + 4));
                int bom = Endian.i32le(b, p + 8);
                if (bom == BYTE_ORDER_MAGIC) bigEndian = false;
                else if (bom == Integer.reverseBytes(BYTE_ORDER_MAGIC)) bigEndian = true;
                else throw fault(start + 8, String.format("Section Header Block byte-order magic is %08x, "
                            + "neither 1a2b3c4d nor 4d3c2b1a: not a pcapng file", bom));
            } else if (!inSection) {
                throw fault(start, "pcapng data does not start with a Section Header Block");
            }
            int type = Endian.i32(b, p, bigEndian);
            long length = Endian.u32(b, p + 4, bigEndian);
            if (length < 12 || (length & 3) != 0) {
                throw fault(start + 4, String.format("pcapng block of type 0x%x declares a total length of %d, "
                        + "which is not a multiple of 4 of at least 12: the block length lies", type, length));
            }
            if (length > BUFFER_SIZE) {
                throw fault(start + 4, String.format("pcapng block of type 0x%x declares %d bytes, more than the %d "
                        + "this reader accepts for any block (a packet of at most %d bytes needs far less): the block "
                        + "length lies", type, length, BUFFER_SIZE, MAX_PACKET));
            }
            switch (type) {
                case SHB:
                    if (!readWhole(length, "Section Header Block", 28)) throw sectionHeaderCut(start, in.available(), length);
                    sectionHeader(start);
                    break;
                case IDB:
                    if (!readWhole(length, "Interface Description Block", 20)) {
                        return endsInside(packet, start, length, 20, "Interface Description Block", -1, -1, -1, 0, 0);
                    }
                    interfaceDescription(start, (int) length);
                    break;
                case EPB:
                case PB:
                    return packetBlock(packet, type, start, length);
                case SPB:
                    return simplePacketBlock(packet, start, length);
                default:
                    if (!skipBlock(start, length)) return endsInside(packet, start, length, 12,
                            String.format("pcapng block of type 0x%x", type), -1, -1, -1, 0, 0);
            }
        }
    }

    /** Buffers a block to be parsed whole; false when the file ends inside it. */
    private boolean readWhole(long length, String kind, int minimum) throws IOException {
        if (length < minimum) {
            throw fault(in.offset() + 4, kind + " declares " + length + " bytes, less than its minimum of " + minimum);
        }
        return in.require((int) length) >= length;
    }

    private void checkTrailer(long start, int p, long length) throws CaptureFormatException {
        long trailer = Endian.u32(in.buf, p + (int) length - 4, bigEndian);
        if (trailer != length) {
            throw fault(start + 4, String.format("pcapng block of type 0x%x declares %d bytes, but its trailing length "
                    + "(at byte %d) reads %d: the block length lies", Endian.i32(in.buf, p, bigEndian), length,
                    start + length - 4, trailer));
        }
    }

    private CaptureFormatException sectionHeaderCut(long start, int present, long declared) {
        return fault(start, "pcapng Section Header Block cut short: the file ends after " + present + " of its "
                + (declared >= 12 ? declared + " bytes" : "at least 28 bytes") + (start == 0 ? ", before any data" : ""));
    }

    /**
     * The file ends inside the block at {@code start}: a block cut short (a truncated tail), unless the present
     * bytes show that its length lies: a trailing length that matches a shorter extent of the block (at least
     * {@code minimum} bytes) and after which the file ends or another block header begins. That is a fault at the
     * block's length field, not a tail.
     */
    private boolean endsInside(CapturedPacket packet, long start, long length, long minimum, String kind,
                               int headerLength, long captured, long original, long ts, int linkType) throws IOException {
        int present = in.available();
        byte[] b = in.buf;
        int p = in.pos;
        for (int end = (int) Math.max(12, (minimum + 3) & ~3); end <= present; end += 4) {
            if (Endian.u32(b, p + end - 4, bigEndian) != end) continue;
            boolean blockFollows = present - end >= 8 && plausibleBlock(b, p + end);
            if (end == present || blockFollows) {
                throw fault(start + 4, kind + " declares " + length + " bytes, " + (length - present) + " more than the "
                        + "file holds after it, but a trailing length of " + end + " ends it at byte " + (start + end)
                        + (end == present ? ", where the file ends" : ", where another block begins")
                        + ": its length lies, and the file does not end inside it");
            }
        }
        return cutOff(packet, length, kind, headerLength, captured, original, ts, linkType);
    }

    private boolean plausibleBlock(byte[] b, int i) {
        int type = Endian.i32(b, i, bigEndian);
        long length = Endian.u32(b, i + 4, bigEndian);
        boolean knownType = type == SHB || (type > 0 && type <= 10) || type == 0x0BAD || type == 0x40000BAD;
        return knownType && length >= 12 && (length & 3) == 0 && length <= BUFFER_SIZE;
    }

    private void sectionHeader(long start) throws CaptureFormatException {
        int p = in.pos;
        int major = Endian.u16(in.buf, p + 12, bigEndian);
        if (major != 1) throw fault(start + 12, "pcapng version " + major + " is not 1");
        long length = Endian.u32(in.buf, p + 4, bigEndian);
        checkTrailer(start, p, length);
        inSection = true;
        sections++;
        interfaces = 0; // interface ids are numbered per section
        in.pos += (int) length;
    }

    private void interfaceDescription(long start, int length) throws CaptureFormatException {
        byte[] b = in.buf;
        int p = in.pos;
        checkTrailer(start, p, length);
        int linkType = Endian.u16(b, p + 8, bigEndian);
        if (!LinkLayer.supported(linkType)) {
            throw fault(start + 8, "interface " + interfaces + " has unsupported link type " + linkType
                    + " (" + LinkLayer.describe(linkType) + "); " + LinkLayer.SUPPORTED);
        }
        long snap = Endian.u32(b, p + 12, bigEndian);
        byte tsResol = 6; // microseconds unless the if_tsresol option says otherwise
        int o = p + 16;
        int end = p + length - 4;
        while (o + 4 <= end) {
            int code = Endian.u16(b, o, bigEndian);
            int len = Endian.u16(b, o + 2, bigEndian);
            if (code == 0) break;
            int padded = (len + 3) & ~3;
            if (o + 4 + padded > end) {
                throw fault(start + (o - p), "option " + code + " of " + len + " bytes runs past the end of its "
                        + "Interface Description Block");
            }
            if (code == OPT_TSRESOL && len >= 1) tsResol = b[o + 4];
            o += 4 + padded;
        }
        if ((tsResol & 0x80) == 0 ? tsResol > 18 : (tsResol & 0x7F) > 63) {
            throw fault(start, "interface " + interfaces + " has a timestamp resolution (if_tsresol " + (tsResol & 0xFF)
                    + ") finer than this reader handles");
        }
        if (interfaces == linkTypes.length) {
            if (interfaces >= 65536) throw fault(start, "more than 65536 interfaces in one section");
            linkTypes = Arrays.copyOf(linkTypes, interfaces * 2);
            snapLengths = Arrays.copyOf(snapLengths, interfaces * 2);
            tsResolutions = Arrays.copyOf(tsResolutions, interfaces * 2);
        }
        linkTypes[interfaces] = linkType;
        snapLengths[interfaces] = snap;
        tsResolutions[interfaces] = tsResol;
        interfaces++;
        in.pos += length;
    }

    private boolean packetBlock(CapturedPacket packet, int type, long start, long length) throws IOException {
        String kind = type == EPB ? "Enhanced Packet Block" : "Packet Block";
        if (length < 32) throw fault(start + 4, kind + " declares " + length + " bytes, less than its minimum of 32");
        int have = in.require((int) length);
        byte[] b = in.buf;
        int p = in.pos;
        if (have < 28) return endsInside(packet, start, length, 32, kind, -1, -1, -1, 0, 0);
        long iface = type == EPB ? Endian.u32(b, p + 8, bigEndian) : Endian.u16(b, p + 8, bigEndian);
        if (iface >= interfaces) {
            throw fault(start + 8, kind + " names interface " + iface + " but the section describes "
                    + interfaces + " interface" + (interfaces == 1 ? "" : "s"));
        }
        int i = (int) iface;
        long units = (Endian.u32(b, p + 12, bigEndian) << 32) | Endian.u32(b, p + 16, bigEndian);
        long captured = Endian.u32(b, p + 20, bigEndian);
        long original = Endian.u32(b, p + 24, bigEndian);
        if (captured > MAX_PACKET) {
            throw fault(start + 20, kind + " claims " + captured + " captured bytes, more than the " + MAX_PACKET
                    + " any capture holds");
        }
        long ts = toNanos(units, tsResolutions[i]);
        if (have < length) {
            return endsInside(packet, start, length, 32 + ((captured + 3) & ~3), kind, 28, captured, original, ts, linkTypes[i]);
        }
        // a wrong block length shows first as a trailer that does not repeat it
        checkTrailer(start, p, length);
        if (captured > length - 32) {
            throw fault(start + 20, kind + " claims " + captured + " captured bytes, which do not fit its "
                    + length + "-byte block");
        }
        fill(packet, p + 28, (int) captured, original, ts, linkTypes[i], start, start + 28);
        in.pos = p + (int) length;
        return true;
    }

    private boolean simplePacketBlock(CapturedPacket packet, long start, long length) throws IOException {
        String kind = "Simple Packet Block";
        if (length < 16) throw fault(start + 4, kind + " declares " + length + " bytes, less than its minimum of 16");
        if (interfaces == 0) throw fault(start, kind + " before any Interface Description Block");
        int have = in.require((int) length);
        byte[] b = in.buf;
        int p = in.pos;
        if (have < 12) return endsInside(packet, start, length, 16, kind, -1, -1, -1, 0, 0);
        long original = Endian.u32(b, p + 8, bigEndian);
        // the captured length is not stored: it is the original length, limited by the snap length and the block
        long captured = Math.min(original, length - 16);
        if (snapLengths[0] > 0) captured = Math.min(captured, snapLengths[0]);
        if (have < length) return endsInside(packet, start, length, 16, kind, 12, captured, original, 0, linkTypes[0]);
        checkTrailer(start, p, length);
        fill(packet, p + 12, (int) captured, original, 0, linkTypes[0], start, start + 12);
        in.pos = p + (int) length;
        return true;
    }

    private void fill(CapturedPacket packet, int dataIndex, int captured, long original, long ts, int linkType,
                      long start, long dataOffset) {
        packet.array = in.buf;
        packet.offset = dataIndex;
        packet.length = captured;
        packet.originalLength = original;
        packet.timestampNanos = ts;
        packet.linkType = linkType;
        packet.recordOffset = start;
        packet.dataOffset = dataOffset;
        packet.truncated = false;
    }

    /** Passes over a block this reader does not need; false when the file ends inside it. */
    private boolean skipBlock(long start, long length) throws IOException {
        if (in.require((int) length) < length) return false;
        checkTrailer(start, in.pos, length);
        in.pos += (int) length;
        return true;
    }

    /** Converts a timestamp in the interface's units (if_tsresol: 10^-n or 2^-n seconds) to nanoseconds. */
    static long toNanos(long units, byte tsResol) {
        int e = tsResol & 0x7F;
        if ((tsResol & 0x80) == 0) {
            if (e <= 9) return units * POW10[9 - e];
            return Long.divideUnsigned(units, POW10[e - 9]);
        }
        if (e == 0) return units * 1_000_000_000L;
        // units * 1e9 / 2^e with a 128-bit product so that nothing overflows
        // (Math.unsignedMultiplyHigh is Java 18+: correct the signed high half by hand)
        long hi = Math.multiplyHigh(units, 1_000_000_000L) + ((units >> 63) & 1_000_000_000L);
        long lo = units * 1_000_000_000L;
        return (hi << (64 - e)) | (lo >>> e);
    }

    private static final long[] POW10 = {
            1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L,
            10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L, 10_000_000_000_000L, 100_000_000_000_000L,
            1_000_000_000_000_000L, 10_000_000_000_000_000L, 100_000_000_000_000_000L, 1_000_000_000_000_000_000L
    };
}
