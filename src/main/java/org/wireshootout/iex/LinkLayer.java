package org.wireshootout.iex;

/**
 * Finds the UDP payload of a captured packet: the link-layer header (Ethernet with up to two VLAN tags, Linux
 * cooked capture, or none for raw IP), the IPv4 header (its length from the IHL nibble), the 8-byte UDP header.
 * Packets that are not IPv4/UDP, or are IP fragments, are reported as such so the caller can skip and count
 * them; headers that contradict themselves are faults. Reused; allocates only to describe a fault.
 */
final class LinkLayer {
    static final int ETHERNET = 1;
    static final int RAW = 101;
    static final int LINUX_SLL = 113;
    static final int IPV4 = 228;
    static final String SUPPORTED = "this reader handles Ethernet (1), raw IP (101), IPv4 (228) and Linux cooked capture (113)";

    /** The UDP payload was found: {@link #payloadIndex} and {@link #payloadLength}. */
    static final int UDP = 0;
    /** Not an IPv4 packet (ARP, IPv6, ...). */
    static final int OTHER_PROTOCOL = 1;
    /** IPv4 but not UDP. */
    static final int NOT_UDP = 2;
    /** An IPv4 fragment: IEX-TP segments are never fragmented, so this is someone else's traffic. */
    static final int FRAGMENT = 3;
    /** The packet is cut off (only for a truncated record) before its UDP payload starts. */
    static final int CUT = 4;
    /** Bytes a frame may hold after its IPv4 packet: Ethernet's padding to 60 bytes, a 4-byte checksum, and
     *  the timestamp trailers some capture switches append. */
    static final int MAX_TRAILER = 64;
    /** The headers are inconsistent: {@link #problem} and {@link #problemIndex} say how and where. */
    static final int MALFORMED = 5;

    int payloadIndex;
    int payloadLength;
    /** For a truncated record: the UDP payload length the headers declare (payloadLength is what is present). */
    int declaredPayloadLength;
    String problem;
    int problemIndex;

    static boolean supported(int linkType) {
        return linkType == ETHERNET || linkType == RAW || linkType == LINUX_SLL || linkType == IPV4;
    }

    static String describe(int linkType) {
        switch (linkType) {
            case 0: return "BSD loopback";
            case ETHERNET: return "Ethernet";
            case RAW: return "raw IP";
            case 105: return "IEEE 802.11";
            case LINUX_SLL: return "Linux cooked capture";
            case 127: return "IEEE 802.11 radiotap";
            case IPV4: return "IPv4";
            case 229: return "IPv6";
            case 276: return "Linux cooked capture v2";
            default: return "see tcpdump.org/linktypes.html";
        }
    }

    int locate(byte[] a, int start, int length, int linkType, boolean truncated) {
        int end = start + length;
        int ip;
        switch (linkType) {
            case ETHERNET: {
                if (length < 14) return cutOrMalformed(truncated, start, "an Ethernet frame of " + length + " bytes is shorter than its 14-byte header");
                int p = start + 12;
                int etherType = Endian.u16be(a, p);
                // 802.1Q / 802.1ad tags: 2 bytes of tag control, then the next EtherType
                for (int tags = 0; tags < 2 && (etherType == 0x8100 || etherType == 0x88A8 || etherType == 0x9100); tags++) {
                    if (p + 6 > end) return cutOrMalformed(truncated, start, "VLAN tag cut off");
                    p += 4;
                    etherType = Endian.u16be(a, p);
                }
                if (etherType != 0x0800) return OTHER_PROTOCOL;
                ip = p + 2;
                break;
            }
            case LINUX_SLL: {
                if (length < 16) return cutOrMalformed(truncated, start, "a Linux cooked frame of " + length + " bytes is shorter than its 16-byte header");
                if (Endian.u16be(a, start + 14) != 0x0800) return OTHER_PROTOCOL;
                ip = start + 16;
                break;
            }
            case RAW:
            case IPV4:
                ip = start;
                if (length >= 1 && (a[ip] & 0xF0) != 0x40) {
                    if (linkType == RAW) return OTHER_PROTOCOL;
                }
                break;
            default:
                throw new IllegalStateException("link type " + linkType + " passed the reader's check");
        }
        if (ip + 20 > end) return cutOrMalformed(truncated, ip, "IPv4 header cut off: " + (end - ip) + " of at least 20 bytes");
        int versionIhl = a[ip] & 0xFF;
        if ((versionIhl >> 4) != 4) return malformed(ip, "IP version " + (versionIhl >> 4) + " where IPv4 was announced");
        int ihl = (versionIhl & 0x0F) * 4;
        if (ihl < 20) return malformed(ip, "IPv4 header length " + ihl + " is less than 20");
        int total = Endian.u16be(a, ip + 2);
        if (total < ihl + 8 && a[ip + 9] == 17) return malformed(ip + 2, "IPv4 total length " + total + " cannot hold its " + ihl + "-byte header and a UDP header");
        int fragment = Endian.u16be(a, ip + 6);
        if ((fragment & 0x3FFF) != 0) return FRAGMENT;
        if (a[ip + 9] != 17) return NOT_UDP;
        if (!truncated && ip + total > end) {
            return malformed(ip + 2, "IPv4 total length " + total + " exceeds the " + (end - ip)
                    + " bytes captured (a snap length shorter than the packet?)");
        }
        if (!truncated && end - (ip + total) > MAX_TRAILER) {
            return malformed(ip + 2, "the record holds " + (end - ip - total) + " bytes after the end of its IPv4 "
                    + "packet (total length " + total + "), more than the " + MAX_TRAILER + " any frame padding, "
                    + "checksum or trailer takes: the record's length lies");
        }
        int udp = ip + ihl;
        if (udp + 8 > end) return cutOrMalformed(truncated, udp, "UDP header cut off");
        int udpLength = Endian.u16be(a, udp + 4);
        if (udpLength < 8 || udpLength > total - ihl) {
            return malformed(udp + 4, "UDP length " + udpLength + " does not fit the IPv4 packet's " + (total - ihl) + " payload bytes");
        }
        payloadIndex = udp + 8;
        declaredPayloadLength = udpLength - 8;
        payloadLength = Math.min(declaredPayloadLength, end - payloadIndex);
        return UDP;
    }

    private int cutOrMalformed(boolean truncated, int index, String what) {
        return truncated ? CUT : malformed(index, what);
    }

    private int malformed(int index, String what) {
        problem = what;
        problemIndex = index;
        return MALFORMED;
    }
}
