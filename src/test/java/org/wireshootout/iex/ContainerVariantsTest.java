package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;
import org.wireshootout.model.iex.IexProtocol;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.*;
import static org.wireshootout.iex.HandBuilt.*;

/** Every container variant: generated round trips, and hand-built files the writer cannot produce. */
class ContainerVariantsTest {
    private static final long T0 = 1_696_248_001_047_749_383L;

    static Stream<CaptureWriter.Options> writerVariants() {
        List<CaptureWriter.Options> all = new ArrayList<>();
        for (CaptureWriter.Container c : CaptureWriter.Container.values()) {
            for (boolean be : new boolean[]{false, true}) {
                for (boolean ns : new boolean[]{false, true}) {
                    for (boolean gz : new boolean[]{false, true}) {
                        all.add(new CaptureWriter.Options().container(c).bigEndian(be).nanos(ns).gzip(gz));
                    }
                }
            }
        }
        all.add(new CaptureWriter.Options().vlan(42));
        all.add(new CaptureWriter.Options().container(CaptureWriter.Container.PCAPNG).vlan(4095).gzip(true));
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writerVariants")
    void generatedCaptureReadsBackMessageForMessage(CaptureWriter.Options options) throws IOException {
        DeepGenerator g = new DeepGenerator(7, 3_000, 12);
        byte[] bytes = IexTestData.generate(g, options);
        IexTestData.Outcome o = IexTestData.read(bytes, "generated " + options);
        IexTestData.assertNoFault(o);
        IexTestData.assertSameMessages(g.messages(), o.messages);
        IexCaptureStats s = o.stats;
        assertEquals(IexProtocol.DEEP_1_0, s.protocol());
        assertEquals(g.sessionId(), s.sessionId());
        assertEquals(g.segments().size(), s.packets());
        assertEquals(g.segments().stream().filter(x -> x.messageCount() == 0).count(), s.heartbeats());
        assertEquals(3_000, s.messages());
        assertEquals(0, s.sequenceGaps());
        assertEquals(0, s.sequenceRestarts());
        assertNull(s.truncatedTail());
        assertEquals(options.gzip, s.compressed());
        // the capture timestamps survive at the container's resolution
        for (int i = 0; i < g.segments().size(); i++) {
            long written = g.segments().get(i).sendTime + 2_000;
            long expected = options.nanos ? written : written / 1000 * 1000;
            assertEquals(expected, (long) o.captureTimestamps.get(i), "capture timestamp of packet " + i);
        }
    }

    @Test
    void bigEndianNanosecondPcapWithVlanTagAndIpOptions() throws IOException {
        byte[] seg1 = segment(0x8004, 77, 1, T0, systemEvent('O', T0), trade('T', 0x60, T0 + 1, "TSLA", 10, 2506400, 1477663));
        byte[] seg2 = segment(0x8004, 77, 3, T0 + 5, trade('B', 0x00, T0 + 2, "TSLA", 10, 2506400, 1477663));
        byte[] file = pcap(true, true, 1, new long[]{T0 + 10, T0 + 20},
                ethernet(seg1, true, false), ethernet(seg2, false, true));
        assertEquals((byte) 0xa1, file[0]);
        assertEquals((byte) 0x4d, file[3]);
        IexTestData.Outcome o = IexTestData.read(file, "be-ns.pcap");
        IexTestData.assertNoFault(o);
        assertEquals("pcap (big-endian, nanosecond timestamps)", o.stats.container());
        assertEquals(3, o.messages.size());
        assertEquals(List.of(T0 + 10, T0 + 20), o.captureTimestamps);
        IexMessage t = o.messages.get(1);
        assertEquals(IexMessageType.TRADE_REPORT, t.type());
        assertEquals("TSLA", t.symbol().toString());
        assertEquals(0x60, t.flags());
        assertEquals(10, t.size());
        assertEquals(2506400, t.price());
        assertEquals(1477663, t.tradeId());
        assertEquals(T0 + 1, t.timestamp());
        assertEquals(IexMessageType.TRADE_BREAK, o.messages.get(2).type());
        assertEquals(77, o.stats.sessionId());
    }

    @Test
    void littleEndianMicrosecondPcapKeepsMicroseconds() throws IOException {
        byte[] seg = segment(0x8003, 5, 1, T0, systemEvent('C', T0));
        byte[] file = pcap(false, false, 1, new long[]{T0}, ethernet(seg, false, false));
        IexTestData.Outcome o = IexTestData.read(file, "le-us.pcap");
        IexTestData.assertNoFault(o);
        assertEquals(List.of(T0 / 1000 * 1000), o.captureTimestamps);
        assertEquals(IexProtocol.TOPS_1_6, o.stats.protocol());
        assertEquals('C', o.messages.get(0).code());
    }

    @Test
    void rawIpAndLinuxCookedLinkTypes() throws IOException {
        byte[] seg = segment(0x8004, 5, 1, T0, systemEvent('O', T0));
        for (int linkType : new int[]{101, 228}) {
            byte[] file = pcap(false, false, linkType, new long[]{T0}, ipv4Udp(seg, false, 0));
            IexTestData.Outcome o = IexTestData.read(file, "raw" + linkType + ".pcap");
            IexTestData.assertNoFault(o);
            assertEquals(1, o.messages.size(), "link type " + linkType);
        }
        byte[] file = pcap(false, false, 113, new long[]{T0}, sll(ipv4Udp(seg, true, 0)));
        IexTestData.Outcome o = IexTestData.read(file, "sll.pcap");
        IexTestData.assertNoFault(o);
        assertEquals(1, o.messages.size());
    }

    @Test
    void otherTrafficIsSkippedAndCounted() throws IOException {
        byte[] seg = segment(0x8004, 5, 1, T0, systemEvent('O', T0));
        byte[] fragment = concat(new byte[]{1, 0, 0x5e, 0, 0, 1, 2, 0, 0, 0, 0, 1, 8, 0}, ipv4Udp(seg, false, 0x2000));
        byte[] file = pcap(false, false, 1, new long[]{T0, T0, T0, T0},
                arpFrame(), icmpFrame(), fragment, ethernet(seg, false, false));
        IexTestData.Outcome o = IexTestData.read(file, "mixed.pcap");
        IexTestData.assertNoFault(o);
        assertEquals(3, o.stats.otherPackets());
        assertEquals(1, o.stats.packets());
        assertEquals(1, o.messages.size());
        assertEquals(3, o.stats.notes().size(), o.stats.notes().toString());
    }

    @Test
    void bigEndianPcapngWithSimplePacketsOptionsAndBlocksToSkip() throws IOException {
        byte[] seg1 = segment(0x8004, 9, 1, T0, systemEvent('O', T0));
        byte[] seg2 = segment(0x8004, 9, 2, T0, trade('T', 0, T0, "AAPL", 100, 1_700_000, 1));
        byte[] seg3 = segment(0x8004, 9, 3, T0); // heartbeat
        byte[] file = new PcapNg().section(true)
                .other(0x00000BAD, 12)               // a custom block before any interface
                .iface(1, 9)                          // nanosecond resolution
                .other(4, 16)                         // name resolution
                .epb(0, T0, ethernet(seg1, false, false))
                .spb(ethernet(seg2, true, false))
                .other(5, 24)                         // interface statistics
                .epb(0, T0 + 1, ethernet(seg3, false, false))
                .bytes();
        assertEquals((byte) 0x1a, file[8], "big-endian byte-order magic");
        IexTestData.Outcome o = IexTestData.read(file, "be.pcapng");
        IexTestData.assertNoFault(o);
        assertEquals("pcapng (big-endian section)", o.stats.container());
        assertEquals(3, o.stats.packets());
        assertEquals(1, o.stats.heartbeats());
        assertEquals(2, o.messages.size());
        assertEquals("AAPL", o.messages.get(1).symbol().toString());
        assertEquals(List.of(T0, 0L, T0 + 1), o.captureTimestamps, "SPB carries no timestamp");
    }

    @Test
    void pcapngSectionsMayChangeByteOrderAndTimestampResolution() throws IOException {
        byte[] seg1 = segment(0x8004, 9, 1, T0, systemEvent('O', T0));
        byte[] seg2 = segment(0x8004, 9, 2, T0, systemEvent('S', T0));
        byte[] seg3 = segment(0x8004, 9, 3, T0, systemEvent('R', T0));
        long micros = T0 / 1000;
        long binaryUnits = 5L << 20; // 5 s at 2^-20 s resolution
        byte[] file = concat(
                new PcapNg().section(false).iface(1, -1).epb(0, micros, ethernet(seg1, false, false)).bytes(),
                new PcapNg().section(true).iface(1, 0x80 | 20).epb(0, binaryUnits, ethernet(seg2, false, false)).bytes(),
                new PcapNg().section(false).iface(1, 3).iface(1, 9).epb(1, T0, ethernet(seg3, false, false)).bytes());
        IexTestData.Outcome o = IexTestData.read(file, "sections.pcapng");
        IexTestData.assertNoFault(o);
        assertEquals(3, o.messages.size());
        assertEquals(List.of(micros * 1000, 5_000_000_000L, T0), o.captureTimestamps);
        assertEquals("OSR", "" + o.messages.get(0).code() + o.messages.get(1).code() + o.messages.get(2).code());
    }

    @Test
    void gzipIsRecognisedByMagicNotByName(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        byte[] seg = segment(0x8004, 9, 1, T0, systemEvent('O', T0));
        byte[] plain = new PcapNg().section(false).iface(1, -1).epb(0, 1, ethernet(seg, false, false)).bytes();
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(plain);
        }
        Path gzNamedPlain = dir.resolve("capture.pcapng");
        Path plainNamedGz = dir.resolve("capture.pcapng.gz");
        Files.write(gzNamedPlain, gz.toByteArray());
        Files.write(plainNamedGz, plain);
        IexCaptureStats a = IexCaptureReader.read(gzNamedPlain, m -> { });
        IexCaptureStats b = IexCaptureReader.read(plainNamedGz, m -> { });
        assertTrue(a.compressed());
        assertFalse(b.compressed());
        assertEquals(1, a.messages());
        assertEquals(1, b.messages());
    }

    @Test
    void streamRestartAndSequenceGapAreCountedNotFaults() throws IOException {
        byte[] a = segment(0x8004, 9, 1, T0, systemEvent('O', T0), systemEvent('S', T0));
        byte[] gap = segment(0x8004, 9, 10, T0, systemEvent('R', T0));
        byte[] restart = segment(0x8004, 9, 1, T0, systemEvent('O', T0));
        byte[] beat = segment(0x8004, 9, 2, T0);
        byte[] file = pcap(false, false, 1, new long[]{T0, T0, T0, T0},
                ethernet(a, false, false), ethernet(gap, false, false), ethernet(restart, false, false), ethernet(beat, false, false));
        IexTestData.Outcome o = IexTestData.read(file, "restart.pcap");
        IexTestData.assertNoFault(o);
        assertEquals(1, o.stats.sequenceGaps());
        assertEquals(1, o.stats.sequenceRestarts());
        assertEquals(1, o.stats.heartbeats());
        assertEquals(4, o.stats.messages());
    }
}
