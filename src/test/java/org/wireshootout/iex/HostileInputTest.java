package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.wireshootout.model.iex.IexMessage;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.*;
import static org.wireshootout.iex.HandBuilt.*;

/**
 * Bad and odd input: each gives a {@link CaptureFormatException} naming the file and the byte offset, or a clean
 * end that reports the truncation; never another exception, never a hang. What was read before a fault is kept.
 */
class HostileInputTest {
    private static final long T0 = 1_696_248_001_047_749_383L;
    private static final Duration BOUND = Duration.ofSeconds(120);
    /** Where the IEX-TP segment starts in a pcap's first record: 24 file header, 16 record header, 42 Ethernet/IPv4/UDP. */
    private static final int FIRST_SEGMENT = 24 + 16 + 42;

    private static CaptureFormatException fault(byte[] file, String name) throws IOException {
        IexTestData.Outcome o = IexTestData.read(file, name);
        assertNotNull(o.fault, () -> name + " was read without a fault: " + o.stats.notes());
        assertTrue(o.fault.getMessage().startsWith(name + ": at byte " + o.fault.offset() + ": "), o.fault.getMessage());
        return o.fault;
    }

    private static byte[] onePacket(byte[] segment) {
        return pcap(false, false, 1, new long[]{T0}, ethernet(segment, false, false));
    }

    private static byte[] goodThenBad(byte[] bad) {
        byte[] good = segment(0x8004, 9, 1, T0, systemEvent('O', T0), systemEvent('S', T0));
        return pcap(false, false, 1, new long[]{T0, T0}, ethernet(good, false, false), ethernet(bad, false, false));
    }

    @Test
    void notACapture() throws IOException {
        for (byte[] junk : new byte[][]{"# IEX samples\nread me".getBytes(), new byte[0], {(byte) 0xd4, (byte) 0xc3, (byte) 0xb2},
                {0, 0, 0, 0, 0, 0, 0, 0}}) {
            CaptureFormatException e = fault(junk, "junk.pcap");
            assertEquals(0, e.offset());
            assertTrue(e.problem().startsWith("not a capture file"), e.getMessage());
        }
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write("hello, not a capture".getBytes());
        }
        CaptureFormatException e = fault(gz.toByteArray(), "text.gz");
        assertTrue(e.problem().contains("inside gzip"), e.getMessage());
        CaptureFormatException header = fault(Arrays.copyOf(gz.toByteArray(), 6), "cut-header.gz");
        assertTrue(header.problem().contains("gzip"), header.getMessage());
    }

    @Test
    void unknownLinkType() throws IOException {
        byte[] seg = segment(0x8004, 9, 1, T0, systemEvent('O', T0));
        CaptureFormatException e = fault(pcap(false, false, 147, new long[]{T0}, ethernet(seg, false, false)), "usr.pcap");
        assertEquals(20, e.offset());
        assertTrue(e.problem().contains("unsupported link type 147"), e.getMessage());
        byte[] ng = new PcapNg().section(false).iface(147, -1).epb(0, 1, ethernet(seg, false, false)).bytes();
        CaptureFormatException e2 = fault(ng, "usr.pcapng");
        assertTrue(e2.problem().contains("link type 147"), e2.getMessage());
        assertEquals(28 + 8, e2.offset(), "link type field of the IDB after a 28-byte SHB");
    }

    @Test
    void wrongProtocolIdKeepsWhatCameBefore() throws IOException {
        byte[] file = goodThenBad(segment(0x8002, 9, 3, T0, systemEvent('R', T0)));
        CaptureFormatException e = fault(file, "tops15.pcap");
        assertTrue(e.problem().contains("0x8002") && e.problem().contains("TOPS 1.5"), e.getMessage());
        int secondSegment = FIRST_SEGMENT + 40 + 2 * 12 + 16 + 42;
        assertEquals(secondSegment + 2, e.offset());
        assertEquals(1, e.stats().packets(), "the good packet before the fault is kept");
        assertEquals(2, e.stats().messages());
        assertEquals(e.getMessage(), e.stats().error());
        CaptureFormatException v = fault(onePacket(new byte[60]), "zeros.pcap");
        assertTrue(v.problem().contains("version 0"), v.getMessage());
        CaptureFormatException s = fault(onePacket(new byte[20]), "short.pcap");
        assertTrue(s.problem().contains("too short"), s.getMessage());
    }

    @Test
    void shortAndUnknownMessagesAreCountedAndSkipped() throws IOException {
        byte[] shortTrade = Arrays.copyOf(trade('T', 0, T0, "TSLA", 10, 2506400, 1), 37);
        byte[] unknown = {'Z', 1, 2, 3};
        byte[] seg = segment(0x8004, 9, 1, T0, systemEvent('O', T0), shortTrade, unknown, new byte[0], systemEvent('S', T0));
        List<String> skipped = new ArrayList<>();
        List<IexMessage> got = new ArrayList<>();
        IexCaptureStats s = IexCaptureReader.read(new java.io.ByteArrayInputStream(onePacket(seg)), "odd.pcap", new IexListener() {
            @Override
            public void onMessage(IexMessage message) {
                got.add(message.copy());
            }

            @Override
            public void onSkippedMessage(int type, int length, long fileOffset, boolean unknownType) {
                skipped.add(type + "/" + length + "/" + fileOffset + "/" + unknownType);
            }
        });
        assertEquals(2, got.size());
        assertEquals(5, s.messages(), "every message of the packet, decoded or not");
        assertEquals(2, s.shortMessages(), "the 37-byte trade and the empty message");
        assertEquals(1, s.unknownMessages());
        assertEquals(java.util.Map.of('Z', 1L), s.unknownByType());
        int shortAt = FIRST_SEGMENT + 40 + 2 + 10 + 2;
        int unknownAt = shortAt + 37 + 2;
        assertEquals(List.of("84/37/" + shortAt + "/false", "90/4/" + unknownAt + "/true", "-1/0/" + (unknownAt + 4 + 2) + "/false"), skipped);
        assertTrue(s.notes().get(0).startsWith("at byte " + shortAt + ": "), s.notes().toString());
        assertTrue(s.notes().get(0).contains("less than the 38"), s.notes().toString());
    }

    @Test
    void segmentWhoseLengthsDoNotAddUp() throws IOException {
        byte[] seg = segment(0x8004, 9, 3, T0, systemEvent('R', T0), systemEvent('M', T0));
        // claim one more message than there is: the payload ends first
        byte[] more = seg.clone();
        more[14] = 3;
        CaptureFormatException e1 = fault(goodThenBad(more), "count.pcap");
        assertTrue(e1.problem().contains("ends after 2 of its 3 declared messages"), e1.getMessage());
        assertEquals(1, e1.stats().packets());
        // claim one message fewer: two bytes are left over
        byte[] fewer = seg.clone();
        fewer[14] = 1;
        CaptureFormatException e2 = fault(goodThenBad(fewer), "fewer.pcap");
        assertTrue(e2.problem().contains("1 message adds up to 12 bytes but its header declares a payload of 24 bytes"), e2.getMessage());
        // a message length running past the payload
        byte[] past = seg.clone();
        past[40] = 100;
        CaptureFormatException e3 = fault(onePacket(past), "past.pcap");
        assertTrue(e3.problem().contains("run past the end"), e3.getMessage());
        assertEquals(FIRST_SEGMENT + 40, e3.offset());
        // the header's payload length disagreeing with the datagram
        byte[] header = seg.clone();
        header[12] = 30;
        CaptureFormatException e4 = fault(onePacket(header), "payload.pcap");
        assertEquals(FIRST_SEGMENT + 12, e4.offset());
        assertTrue(e4.problem().contains("declares a payload of 30 bytes"), e4.getMessage());
    }

    @Test
    void lyingPcapRecordAndIpHeaders() throws IOException {
        byte[] file = onePacket(segment(0x8004, 9, 1, T0, systemEvent('O', T0)));
        byte[] huge = file.clone();
        ByteBuffer.wrap(huge).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + 8, 0x7FFF_FFF0);
        CaptureFormatException e = fault(huge, "huge.pcap");
        assertEquals(32, e.offset());
        byte[] ipTotal = file.clone();
        ByteBuffer.wrap(ipTotal).order(ByteOrder.BIG_ENDIAN).putShort(24 + 16 + 14 + 2, (short) 2000);
        CaptureFormatException e2 = fault(ipTotal, "iptotal.pcap");
        assertTrue(e2.problem().contains("IPv4 total length 2000"), e2.getMessage());
        byte[] udpLen = file.clone();
        ByteBuffer.wrap(udpLen).order(ByteOrder.BIG_ENDIAN).putShort(24 + 16 + 34 + 4, (short) 3);
        CaptureFormatException e3 = fault(udpLen, "udplen.pcap");
        assertTrue(e3.problem().contains("UDP length 3"), e3.getMessage());
    }

    @Test
    void pcapngBlockLengthsThatLie() throws IOException {
        byte[] seg = segment(0x8004, 9, 1, T0, systemEvent('O', T0));
        byte[] frame = ethernet(seg, false, false);
        byte[] good = new PcapNg().section(false).iface(1, -1).epb(0, 1, frame).epb(0, 2, frame).bytes();
        int firstEpb = 28 + 44; // SHB 28, IDB 12 + 32 of body
        int epbLength = 32 + ((frame.length + 3) & ~3);
        int secondEpb = firstEpb + epbLength;
        IexTestData.assertNoFault(IexTestData.read(good, "good.pcapng"));

        byte[] notMultipleOf4 = good.clone();
        le4(notMultipleOf4, secondEpb + 4, epbLength + 2);
        CaptureFormatException e = fault(notMultipleOf4, "odd.pcapng");
        assertEquals(secondEpb + 4, e.offset());
        assertTrue(e.problem().contains("length lies"), e.getMessage());
        assertEquals(1, e.stats().packets(), "the first packet is kept");

        byte[] shorter = good.clone();
        le4(shorter, secondEpb + 4, epbLength - 4);
        CaptureFormatException e2 = fault(shorter, "shorter.pcapng");
        assertTrue(e2.problem().contains("trailing length"), e2.getMessage());

        byte[] hugeEpb = good.clone();
        le4(hugeEpb, secondEpb + 4, 0x7FFF_FFF0);
        CaptureFormatException e3 = fault(hugeEpb, "huge.pcapng");
        assertTrue(e3.problem().contains("length lies"), e3.getMessage());

        byte[] captured = good.clone();
        le4(captured, secondEpb + 20, epbLength);
        CaptureFormatException e4 = fault(captured, "caplen.pcapng");
        assertTrue(e4.problem().contains("do not fit"), e4.getMessage());

        byte[] iface = good.clone();
        le4(iface, secondEpb + 8, 3);
        CaptureFormatException e5 = fault(iface, "iface.pcapng");
        assertTrue(e5.problem().contains("interface 3"), e5.getMessage());

        byte[] bom = good.clone();
        le4(bom, 8, 0x12345678);
        CaptureFormatException e6 = fault(bom, "bom.pcapng");
        assertEquals(8, e6.offset());

        // an unknown block claiming more than any block may hold is a lie at its length field, not a truncated tail
        byte[] lyingOther = concat(good, new byte[]{0x0B, 0x0A, 0, 0, (byte) 0xF0, (byte) 0xFF, (byte) 0xFF, 0x7F, 1, 2, 3, 4});
        CaptureFormatException e7 = fault(lyingOther, "other.pcapng");
        assertEquals(good.length + 4, e7.offset());
        assertTrue(e7.problem().contains("length lies"), e7.getMessage());
        assertEquals(2, e7.stats().packets(), "the packets before it are kept");
    }

    private static void le4(byte[] a, int at, int v) {
        ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN).putInt(at, v);
    }

    /** Record boundaries of a little-endian pcap or pcapng file, walked independently of the reader. */
    private static Set<Integer> boundaries(byte[] f, boolean pcapng) {
        Set<Integer> b = new HashSet<>();
        ByteBuffer bb = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        int off = pcapng ? 0 : 24;
        while (off + (pcapng ? 8 : 16) <= f.length) {
            b.add(off);
            off += pcapng ? bb.getInt(off + 4) : 16 + bb.getInt(off + 8);
        }
        b.add(off);
        return b;
    }

    /**
     * Cuts {@code full} at each offset and checks: a fault when the cut falls in the file header (pcap) or the
     * Section Header Block (pcapng), else a clean end reporting the cut.
     */
    private static void cutEverywhere(byte[] full, boolean pcapng, String name, int[] cuts) throws IOException {
        IexTestData.Outcome whole = IexTestData.read(full, name);
        IexTestData.assertNoFault(whole);
        Set<Integer> bounds = boundaries(full, pcapng);
        for (int n : cuts) {
            byte[] cut = Arrays.copyOf(full, n);
            IexTestData.Outcome o = IexTestData.read(cut, name);
            // what was read is always the beginning of what the whole file holds
            assertTrue(o.messages.size() <= whole.messages.size());
            IexTestData.assertSameMessages(whole.messages.subList(0, o.messages.size()), o.messages);
            int header = pcapng ? (int) Endian.u32le(full, 4) : 24;
            if (n >= 4 && n < header) {
                assertNotNull(o.fault, "cut at " + n + " inside the " + (pcapng ? "Section Header Block" : "file header"));
                assertEquals(0, o.fault.offset(), o.fault.getMessage());
                assertTrue(o.fault.problem().contains("cut short"), o.fault.getMessage());
            }
            if (o.fault != null) {
                assertTrue(n < header, "cut at " + n + " faulted: " + o.fault.getMessage());
                continue;
            }
            TruncatedRecord t = o.stats.truncatedTail();
            if (t == null) {
                assertTrue(bounds.contains(n), "cut at " + n + " inside a record but no truncation reported");
            } else {
                assertEquals(n, t.offset() + t.bytesPresent(), "cut at " + n + ": " + t);
                assertTrue(t.bytesDeclared() < 0 || t.bytesDeclared() > t.bytesPresent(), t.toString());
                assertFalse(bounds.contains(n) && n > (pcapng ? 0 : 24) && t.bytesPresent() == 0, t.toString());
            }
            assertTrue(o.stats.packets() <= whole.stats.packets());
        }
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from];
        for (int i = 0; i < r.length; i++) r[i] = from + i;
        return r;
    }

    @Test
    void truncatedAtEveryOffset() {
        assertTimeoutPreemptively(BOUND, () -> {
            DeepGenerator g = new DeepGenerator(4, 150, 6);
            byte[] pcap = IexTestData.generate(g, new CaptureWriter.Options());
            cutEverywhere(pcap, false, "gen.pcap", range(0, pcap.length));
            byte[] ng = IexTestData.generate(g, new CaptureWriter.Options().container(CaptureWriter.Container.PCAPNG).nanos(true));
            cutEverywhere(ng, true, "gen.pcapng", range(0, ng.length));
        });
    }

    @Test
    void realCapturesTruncatedAtManyOffsets() {
        byte[] tops = readOrSkip(IexTestData.tops());
        byte[] deep;
        try {
            deep = IexTestData.gunzip(IexTestData.deep());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertTimeoutPreemptively(BOUND, () -> {
            cutEverywhere(tops, true, "tops.pcapng", range(0, tops.length));
            Random r = new Random(1);
            int[] cuts = new int[120];
            for (int i = 0; i < cuts.length; i++) cuts[i] = r.nextInt(deep.length);
            cutEverywhere(deep, false, "deep.pcap", cuts);
        });
    }

    private static byte[] readOrSkip(java.nio.file.Path p) {
        try {
            return java.nio.file.Files.readAllBytes(p);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void gzipCutShort() {
        assertTimeoutPreemptively(BOUND, () -> {
            DeepGenerator g = new DeepGenerator(5, 2_000);
            byte[] gz = IexTestData.generate(g, new CaptureWriter.Options().gzip(true));
            IexTestData.Outcome whole = IexTestData.read(gz, "gen.pcap.gz");
            IexTestData.assertNoFault(whole);
            int cutShortSeen = 0;
            for (int n = 0; n < gz.length; n += 97) {
                IexTestData.Outcome o = IexTestData.read(Arrays.copyOf(gz, n), "cut.pcap.gz");
                IexTestData.assertSameMessages(whole.messages.subList(0, o.messages.size()), o.messages);
                if (o.fault != null) {
                    assertTrue(o.fault.getMessage().contains("gzip") || o.fault.problem().startsWith("not a capture")
                            || o.fault.problem().contains("pcap file header cut short"), o.fault.getMessage());
                    continue;
                }
                assertTrue(o.stats.compressedStreamCutShort(), "cut at " + n);
                assertTrue(o.stats.notes().stream().anyMatch(s -> s.contains("gzip stream is cut short")));
                cutShortSeen++;
            }
            assertTrue(cutShortSeen > 10);
            // the last bytes (the gzip trailer) missing: everything is there, but the stream was cut
            IexTestData.Outcome noTrailer = IexTestData.read(Arrays.copyOf(gz, gz.length - 4), "trailer.gz");
            assertNull(noTrailer.fault);
            assertTrue(noTrailer.stats.compressedStreamCutShort());
            assertEquals(2_000, noTrailer.messages.size());
        });
    }

    @Test
    void randomByteCorruption() {
        assertTimeoutPreemptively(BOUND, () -> {
            DeepGenerator g = new DeepGenerator(6, 800, 8);
            List<byte[]> files = List.of(
                    IexTestData.generate(g, new CaptureWriter.Options()),
                    IexTestData.generate(g, new CaptureWriter.Options().container(CaptureWriter.Container.PCAPNG)),
                    IexTestData.generate(g, new CaptureWriter.Options().bigEndian(true).nanos(true)),
                    IexTestData.generate(g, new CaptureWriter.Options().gzip(true)));
            Random r = new Random(42);
            int faults = 0;
            int clean = 0;
            for (int trial = 0; trial < 1_200; trial++) {
                byte[] f = files.get(trial % files.size()).clone();
                int flips = 1 + r.nextInt(8);
                for (int i = 0; i < flips; i++) f[r.nextInt(f.length)] = (byte) r.nextInt(256);
                if (r.nextInt(4) == 0) f = Arrays.copyOf(f, r.nextInt(f.length));
                IexTestData.Outcome o = IexTestData.read(f, "corrupt" + trial);
                if (o.fault != null) {
                    faults++;
                    assertTrue(o.fault.getMessage().startsWith("corrupt" + trial + ": at byte "), o.fault.getMessage());
                } else {
                    clean++;
                }
            }
            assertTrue(faults > 0 && clean > 0, faults + " faults, " + clean + " clean");
        });
    }
}
