package org.wireshootout.iex;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Capture bytes built by hand with {@link ByteBuffer}, independently of the project's writer, so that the
 * reader is checked against the formats' definitions rather than against its own mirror image.
 */
final class HandBuilt {
    private HandBuilt() {
    }

    static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    static byte[] sym(String s) {
        byte[] b = new byte[8];
        java.util.Arrays.fill(b, (byte) ' ');
        byte[] t = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(t, 0, b, 0, t.length);
        return b;
    }

    /** An IEX-TP segment: header + length-prefixed messages. */
    static byte[] segment(int protocolId, long session, long firstSequence, long sendTime, byte[]... messages) {
        int payload = 0;
        for (byte[] m : messages) payload += 2 + m.length;
        ByteBuffer b = le(40 + payload);
        b.put((byte) 1).put((byte) 0).putShort((short) protocolId).putInt(1).putInt((int) session)
                .putShort((short) payload).putShort((short) messages.length).putLong(0).putLong(firstSequence).putLong(sendTime);
        for (byte[] m : messages) b.putShort((short) m.length).put(m);
        return b.array();
    }

    static byte[] systemEvent(char event, long ts) {
        return le(10).put((byte) 'S').put((byte) event).putLong(ts).array();
    }

    static byte[] trade(char type, int flags, long ts, String symbol, int size, long price, long tradeId) {
        return le(38).put((byte) type).put((byte) flags).putLong(ts).put(sym(symbol)).putInt(size).putLong(price)
                .putLong(tradeId).array();
    }

    /** Ethernet (optionally VLAN-tagged) / IPv4 (optionally with 4 bytes of options) / UDP around a payload. */
    static byte[] ethernet(byte[] udpPayload, boolean vlan, boolean ipOptions) {
        ByteBuffer b = ByteBuffer.allocate(14 + (vlan ? 4 : 0)).order(ByteOrder.BIG_ENDIAN);
        b.put(new byte[]{1, 0, 0x5e, 0x57, 0x15, 0x04, 2, 0, 0, 0, 0, 1});
        if (vlan) b.putShort((short) 0x8100).putShort((short) 42);
        b.putShort((short) 0x0800);
        return concat(b.array(), ipv4Udp(udpPayload, ipOptions, 0));
    }

    static byte[] ipv4Udp(byte[] udpPayload, boolean ipOptions, int fragmentField) {
        int ihl = ipOptions ? 24 : 20;
        ByteBuffer b = ByteBuffer.allocate(ihl + 8 + udpPayload.length).order(ByteOrder.BIG_ENDIAN);
        b.put((byte) (0x40 | ihl / 4)).put((byte) 0).putShort((short) (ihl + 8 + udpPayload.length)).putShort((short) 7)
                .putShort((short) fragmentField).put((byte) 64).put((byte) 17).putShort((short) 0)
                .putInt(0x17e29b84).putInt(0xe9d71504);
        if (ipOptions) b.putInt(0x01010100); // NOP NOP NOP EOL
        b.putShort((short) 10378).putShort((short) 10378).putShort((short) (8 + udpPayload.length)).putShort((short) 0);
        b.put(udpPayload);
        return b.array();
    }

    static byte[] arpFrame() {
        ByteBuffer b = ByteBuffer.allocate(42).order(ByteOrder.BIG_ENDIAN);
        b.put(new byte[12]).putShort((short) 0x0806);
        return b.array();
    }

    static byte[] icmpFrame() {
        ByteBuffer b = ByteBuffer.allocate(14 + 28).order(ByteOrder.BIG_ENDIAN);
        b.put(new byte[12]).putShort((short) 0x0800);
        b.put((byte) 0x45).put((byte) 0).putShort((short) 28).putInt(0).put((byte) 64).put((byte) 1).putShort((short) 0)
                .putInt(1).putInt(2).putLong(0);
        return b.array();
    }

    /** A Linux cooked capture (SLL) header around an IPv4 packet. */
    static byte[] sll(byte[] ipPacket) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
        b.putShort((short) 0).putShort((short) 1).putShort((short) 6).put(new byte[8]).putShort((short) 0x0800);
        return concat(b.array(), ipPacket);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) o.writeBytes(p);
        return o.toByteArray();
    }

    /** Classic pcap; timestamps in nanoseconds (written in the file's resolution). */
    static byte[] pcap(boolean bigEndian, boolean nanos, int linkType, long[] timestamps, byte[]... frames) {
        ByteOrder order = bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        int size = 24;
        for (byte[] f : frames) size += 16 + f.length;
        ByteBuffer b = ByteBuffer.allocate(size).order(order);
        b.putInt(nanos ? 0xa1b23c4d : 0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                .putInt(65535).putInt(linkType);
        for (int i = 0; i < frames.length; i++) {
            long ts = timestamps[i];
            b.putInt((int) (ts / 1_000_000_000L)).putInt((int) (nanos ? ts % 1_000_000_000L : ts % 1_000_000_000L / 1000))
                    .putInt(frames[i].length).putInt(frames[i].length).put(frames[i]);
        }
        return b.array();
    }

    /** pcapng blocks, written in one byte order. */
    static final class PcapNg {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private ByteOrder order;

        PcapNg section(boolean bigEndian) {
            order = bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            ByteBuffer body = ByteBuffer.allocate(16).order(order);
            body.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1);
            return block(0x0A0D0D0A, body.array());
        }

        /** An interface; {@code tsResol} < 0 leaves the default (microseconds); a comment option is always added. */
        PcapNg iface(int linkType, int tsResol) {
            ByteBuffer body = ByteBuffer.allocate(8 + 12 + 8 + 4).order(order);
            body.putShort((short) linkType).putShort((short) 0).putInt(0);
            body.putShort((short) 1).putShort((short) 7).put("capture".getBytes(StandardCharsets.US_ASCII)).put((byte) 0);
            if (tsResol >= 0) body.putShort((short) 9).putShort((short) 1).put((byte) tsResol).put(new byte[3]);
            else body.putShort((short) 0xBEEF).putShort((short) 2).putShort((short) 0).putShort((short) 0);
            body.putShort((short) 0).putShort((short) 0);
            return block(1, body.array());
        }

        PcapNg epb(int iface, long units, byte[] data) {
            int padded = (data.length + 3) & ~3;
            ByteBuffer body = ByteBuffer.allocate(20 + padded).order(order);
            body.putInt(iface).putInt((int) (units >>> 32)).putInt((int) units).putInt(data.length).putInt(data.length).put(data);
            return block(6, body.array());
        }

        PcapNg spb(byte[] data) {
            int padded = (data.length + 3) & ~3;
            ByteBuffer body = ByteBuffer.allocate(4 + padded).order(order);
            body.putInt(data.length).put(data);
            return block(3, body.array());
        }

        /** A block this reader does not need (name resolution, statistics, custom, ...), with some body. */
        PcapNg other(int type, int bodyLength) {
            byte[] body = new byte[bodyLength];
            java.util.Arrays.fill(body, (byte) 0x5A);
            return block(type, body);
        }

        PcapNg block(int type, byte[] body) {
            int total = 12 + body.length;
            ByteBuffer b = ByteBuffer.allocate(total).order(order);
            b.putInt(type).putInt(total).put(body).putInt(total);
            out.writeBytes(b.array());
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
