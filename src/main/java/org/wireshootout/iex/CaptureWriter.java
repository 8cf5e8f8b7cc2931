package org.wireshootout.iex;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Writes UDP datagrams as a capture file, each framed as Ethernet / IPv4 / UDP from a fixed source to a
 * multicast group (as IEX's feeds are): classic pcap in either byte order with microsecond or nanosecond
 * timestamps, or pcapng (one section, one Ethernet interface, Enhanced Packet Blocks), optionally gzipped and
 * optionally with an 802.1Q VLAN tag. Output depends only on the inputs, so equal inputs give equal bytes.
 */
public final class CaptureWriter implements Closeable {
    /** The container to write. */
    public enum Container { PCAP, PCAPNG }

    /** How to write: classic pcap, little-endian, microseconds, no gzip, no VLAN tag unless set. */
    public static final class Options {
        Container container = Container.PCAP;
        boolean bigEndian;
        boolean nanos;
        boolean gzip;
        int vlanId = -1;

        public Options container(Container c) { container = c; return this; }
        public Options bigEndian(boolean b) { bigEndian = b; return this; }
        /** Nanosecond timestamps (pcap's nanosecond magic; pcapng's if_tsresol 9). */
        public Options nanos(boolean b) { nanos = b; return this; }
        public Options gzip(boolean b) { gzip = b; return this; }
        /** Tag every frame with this 802.1Q VLAN id (0-4095), or -1 for none. */
        public Options vlan(int id) { vlanId = id; return this; }

        @Override
        public String toString() {
            return (container == Container.PCAP ? "pcap" : "pcapng") + (bigEndian ? " big-endian" : " little-endian")
                    + (nanos ? " ns" : " µs") + (vlanId >= 0 ? " vlan " + vlanId : "") + (gzip ? " gzip" : "");
        }
    }

    private static final byte[] DST_MAC = {0x01, 0x00, 0x5e, 0x57, 0x15, 0x04};
    private static final byte[] SRC_MAC = {0x02, 0x1e, 0x67, 0x00, 0x00, 0x01};
    private static final int SRC_IP = (23 << 24) | (226 << 16) | (155 << 8) | 132;
    private static final int DST_IP = (233 << 24) | (215 << 16) | (21 << 8) | 4;
    private static final int PORT = 10378;

    private final OutputStream out;
    private final GZIPOutputStream gzip;
    private final Options options;
    private final byte[] frame = new byte[14 + 4 + 20 + 8 + 65536];
    private final byte[] header = new byte[32];
    private int ipId;

    public CaptureWriter(OutputStream target, Options options) throws IOException {
        this.options = options;
        if (options.gzip) {
            gzip = new GZIPOutputStream(target, 1 << 16);
            out = new BufferedOutputStream(gzip, 1 << 16);
        } else {
            gzip = null;
            out = new BufferedOutputStream(target, 1 << 16);
        }
        writeFileHeader();
    }

    private void writeFileHeader() throws IOException {
        boolean be = options.bigEndian;
        byte[] h = header;
        if (options.container == Container.PCAP) {
            Endian.put32(h, 0, options.nanos ? 0xa1b23c4d : 0xa1b2c3d4, be);
            putU16(h, 4, 2);
            putU16(h, 6, 4);
            Endian.put32(h, 8, 0, be);
            Endian.put32(h, 12, 0, be);
            Endian.put32(h, 16, 65535, be);
            Endian.put32(h, 20, LinkLayer.ETHERNET, be);
            out.write(h, 0, 24);
        } else {
            // Section Header Block: type, length 28, byte-order magic, version 1.0, section length unknown (-1)
            Endian.put32(h, 0, 0x0A0D0D0A, be);
            Endian.put32(h, 4, 28, be);
            Endian.put32(h, 8, 0x1A2B3C4D, be);
            putU16(h, 12, 1);
            putU16(h, 14, 0);
            Endian.put64(h, 16, -1L, be);
            Endian.put32(h, 24, 28, be);
            out.write(h, 0, 28);
            // Interface Description Block: Ethernet, snap length 0 (none); if_tsresol 9 for nanoseconds
            int length = options.nanos ? 32 : 20;
            Endian.put32(h, 0, 1, be);
            Endian.put32(h, 4, length, be);
            putU16(h, 8, LinkLayer.ETHERNET);
            putU16(h, 10, 0);
            Endian.put32(h, 12, 0, be);
            int p = 16;
            if (options.nanos) {
                putU16(h, p, 9);
                putU16(h, p + 2, 1);
                Endian.put32(h, p + 4, 0, be);
                h[p + 4] = 9;
                putU16(h, p + 8, 0); // opt_endofopt
                putU16(h, p + 10, 0);
                p += 12;
            }
            Endian.put32(h, p, length, be);
            out.write(h, 0, length);
        }
    }

    private void putU16(byte[] a, int i, int v) {
        if (options.bigEndian) Endian.put16be(a, i, v);
        else Endian.put16le(a, i, v);
    }

    /** Writes one UDP datagram carrying {@code payload[off, off+len)}, captured at {@code timestampNanos}. */
    public void writeUdp(byte[] payload, int off, int len, long timestampNanos) throws IOException {
        if (len > 65535 - 28) throw new IllegalArgumentException("UDP payload of " + len + " bytes is too long");
        byte[] f = frame;
        int p = 0;
        System.arraycopy(DST_MAC, 0, f, 0, 6);
        System.arraycopy(SRC_MAC, 0, f, 6, 6);
        p = 12;
        if (options.vlanId >= 0) {
            Endian.put16be(f, p, 0x8100);
            Endian.put16be(f, p + 2, options.vlanId & 0x0FFF);
            p += 4;
        }
        Endian.put16be(f, p, 0x0800);
        p += 2;
        int ip = p;
        f[ip] = 0x45;
        f[ip + 1] = 0;
        Endian.put16be(f, ip + 2, 20 + 8 + len);
        Endian.put16be(f, ip + 4, ipId++ & 0xFFFF);
        Endian.put16be(f, ip + 6, 0);
        f[ip + 8] = 64;
        f[ip + 9] = 17;
        Endian.put16be(f, ip + 10, 0);
        putIp(f, ip + 12, SRC_IP);
        putIp(f, ip + 16, DST_IP);
        Endian.put16be(f, ip + 10, ipChecksum(f, ip));
        int udp = ip + 20;
        Endian.put16be(f, udp, PORT);
        Endian.put16be(f, udp + 2, PORT);
        Endian.put16be(f, udp + 4, 8 + len);
        Endian.put16be(f, udp + 6, 0); // no checksum: allowed over IPv4
        System.arraycopy(payload, off, f, udp + 8, len);
        writeRecord(f, udp + 8 + len, timestampNanos);
    }

    private void writeRecord(byte[] data, int length, long ts) throws IOException {
        boolean be = options.bigEndian;
        byte[] h = header;
        if (options.container == Container.PCAP) {
            long seconds = Math.floorDiv(ts, 1_000_000_000L);
            long fraction = Math.floorMod(ts, 1_000_000_000L);
            Endian.put32(h, 0, (int) seconds, be);
            Endian.put32(h, 4, (int) (options.nanos ? fraction : fraction / 1000), be);
            Endian.put32(h, 8, length, be);
            Endian.put32(h, 12, length, be);
            out.write(h, 0, 16);
            out.write(data, 0, length);
        } else {
            int padded = (length + 3) & ~3;
            int total = 32 + padded;
            long units = options.nanos ? ts : Math.floorDiv(ts, 1000L);
            Endian.put32(h, 0, 6, be);
            Endian.put32(h, 4, total, be);
            Endian.put32(h, 8, 0, be);
            Endian.put32(h, 12, (int) (units >>> 32), be);
            Endian.put32(h, 16, (int) units, be);
            Endian.put32(h, 20, length, be);
            Endian.put32(h, 24, length, be);
            out.write(h, 0, 28);
            out.write(data, 0, length);
            for (int i = length; i < padded; i++) out.write(0);
            Endian.put32(h, 0, total, be);
            out.write(h, 0, 4);
        }
    }

    private static void putIp(byte[] a, int i, int ip) {
        Endian.put16be(a, i, ip >>> 16);
        Endian.put16be(a, i + 2, ip & 0xFFFF);
    }

    private static int ipChecksum(byte[] a, int ip) {
        int sum = 0;
        for (int i = 0; i < 20; i += 2) sum += Endian.u16be(a, ip + i);
        while ((sum >>> 16) != 0) sum = (sum & 0xFFFF) + (sum >>> 16);
        return ~sum & 0xFFFF;
    }

    @Override
    public void close() throws IOException {
        out.flush();
        if (gzip != null) gzip.finish();
        out.close();
    }
}
