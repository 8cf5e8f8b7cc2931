package org.wireshootout.iex;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A record or block whose length disagrees with what follows is a fault at that record, never a "truncated tail"
 * nor a run of "other packets"; every gzip member is read or its failure reported. Each case damages a sound
 * file (generated, and the real samples in ../shared/data/iex/) and checks the fault's offset and that what was
 * counted before it is exactly what the undamaged file holds before the damaged record.
 */
class CaptureFaultsTest {

    private static byte[] generatedPcap(int messages) throws IOException {
        return IexTestData.generate(new DeepGenerator(21, messages, 12), new CaptureWriter.Options());
    }

    private static byte[] generatedPcapng(int messages) throws IOException {
        return IexTestData.generate(new DeepGenerator(22, messages, 12),
                new CaptureWriter.Options().container(CaptureWriter.Container.PCAPNG));
    }

    private static byte[] realDeep() throws IOException {
        return IexTestData.gunzip(IexTestData.deep());
    }

    private static byte[] realTops() throws IOException {
        return Files.readAllBytes(IexTestData.tops());
    }

    private static long[] recordStarts(byte[] file, boolean pcapng) {
        return new FaultPrefixTest.Located(file, pcapng).starts;
    }

    private static void le4(byte[] a, int at, long v) {
        ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN).putInt(at, (int) v);
    }

    private static long u32(byte[] a, int at) {
        return Endian.u32le(a, at);
    }

    /**
     * Reads the damaged file and checks: a fault at {@code faultOffset} (or, when {@code faultOffset} is negative,
     * anywhere in {@code [recordStart, recordEnd)}), and counts and messages equal to a clean read of the undamaged
     * file cut at {@code recordStart} (a record boundary: the undamaged prefix).
     */
    private static CaptureFormatException assertFaultAfterPrefix(byte[] damaged, byte[] undamaged, long recordStart,
                                                                 long recordEnd, long faultOffset, String name) throws IOException {
        IexTestData.Outcome prefix = IexTestData.read(Arrays.copyOf(undamaged, (int) recordStart), name + "-prefix");
        IexTestData.assertNoFault(prefix);
        assertEquals(null, prefix.stats.truncatedTail(), "the prefix ends at a record boundary");
        IexTestData.Outcome o = IexTestData.read(damaged, name);
        assertNotNull(o.fault, name + ": no fault; read " + (o.stats == null ? "?" : o.stats.packets() + " packets, "
                + o.stats.otherPackets() + " other packets, tail " + o.stats.truncatedTail()));
        CaptureFormatException f = o.fault;
        if (faultOffset >= 0) {
            assertEquals(faultOffset, f.offset(), f.getMessage());
        } else {
            assertTrue(f.offset() >= recordStart && f.offset() < recordEnd, "fault outside the damaged record ["
                    + recordStart + ", " + recordEnd + "): " + f.getMessage());
        }
        assertTrue(f.getMessage().startsWith(name + ": at byte " + f.offset() + ": "), f.getMessage());
        IexCaptureStats s = f.stats();
        assertNotNull(s, "the fault carries what was read before it");
        assertEquals(prefix.stats.packets(), s.packets(), name + ": packets before the fault");
        assertEquals(prefix.stats.heartbeats(), s.heartbeats(), name + ": heartbeats before the fault");
        assertEquals(prefix.stats.messages(), s.messages(), name + ": messages before the fault");
        assertEquals(prefix.stats.messagesByType(), s.messagesByType(), name + ": messages by type");
        assertEquals(0, s.otherPackets(), name + ": nothing counted as other packets");
        assertEquals(null, s.truncatedTail(), name + ": no truncated tail: the file does not end there");
        IexTestData.assertSameMessages(prefix.messages, o.messages);
        assertTrue(prefix.stats.packets() > 0, name + ": the damage is not at the start");
        return f;
    }

    // ---- classic pcap -------------------------------------------------------------------------------------

    /** incl_len 4 bytes too long: once with the original length left alone, once with it raised to match. */
    private static void includedLengthFourTooLong(byte[] file, String name) throws IOException {
        long[] starts = recordStarts(file, false);
        int k = starts.length / 2;
        int at = (int) starts[k];
        byte[] alone = file.clone();
        le4(alone, at + 8, u32(file, at + 8) + 4);
        CaptureFormatException e = assertFaultAfterPrefix(alone, file, at, starts[k + 1], at + 8, name);
        assertTrue(e.problem().contains("length lies"), e.getMessage());
        byte[] both = alone.clone();
        le4(both, at + 12, u32(file, at + 12) + 4);
        CaptureFormatException e2 = assertFaultAfterPrefix(both, file, at, starts[k + 1], at + 8, name + "-orig");
        assertTrue(e2.problem().contains("a record header begins at byte " + starts[k + 1]), e2.getMessage());
    }

    @Test
    void pcapIncludedLengthFourBytesTooLongGenerated() throws IOException {
        includedLengthFourTooLong(generatedPcap(3_000), "gen.pcap");
    }

    @Test
    void pcapIncludedLengthFourBytesTooLongReal() throws IOException {
        includedLengthFourTooLong(realDeep(), "deep.pcap");
    }

    /**
     * incl_len (and the original length, so that the record alone looks sound) set to 262,144, the largest legal
     * value, in a record near the end of the file: the claimed end lies past the end of the file.
     */
    private static void lengthPastTheEnd(byte[] file, String name) throws IOException {
        long[] starts = recordStarts(file, false);
        int k = starts.length - 4;
        assertTrue(file.length - starts[k] < CaptureReader.MAX_PACKET, "the claim reaches past the end");
        int at = (int) starts[k];
        byte[] damaged = file.clone();
        le4(damaged, at + 8, CaptureReader.MAX_PACKET);
        le4(damaged, at + 12, CaptureReader.MAX_PACKET);
        CaptureFormatException e = assertFaultAfterPrefix(damaged, file, at, starts[k + 1], at + 8, name);
        assertTrue(e.problem().contains("a record header begins at byte " + starts[k + 1]), e.getMessage());
    }

    @Test
    void pcapLengthPastTheEndOfTheFileGenerated() throws IOException {
        lengthPastTheEnd(generatedPcap(3_000), "gen.pcap");
    }

    @Test
    void pcapLengthPastTheEndOfTheFileReal() throws IOException {
        lengthPastTheEnd(realDeep(), "deep.pcap");
    }

    /** The same legal 262,144 in the middle of a file that goes on for more than that after it. */
    private static void oversizedMidFile(byte[] file, String name) throws IOException {
        long[] starts = recordStarts(file, false);
        int k = 3;
        assertTrue(file.length - starts[k] > 2L * CaptureReader.MAX_PACKET, "the file goes on past the claim");
        int at = (int) starts[k];
        byte[] damaged = file.clone();
        le4(damaged, at + 8, CaptureReader.MAX_PACKET);
        le4(damaged, at + 12, CaptureReader.MAX_PACKET);
        assertFaultAfterPrefix(damaged, file, at, starts[k + 1], -1, name);
        byte[] capturedOnly = file.clone();
        le4(capturedOnly, at + 8, CaptureReader.MAX_PACKET);
        assertFaultAfterPrefix(capturedOnly, file, at, starts[k + 1], at + 8, name + "-captured");
    }

    @Test
    void pcapOversizedButLegalLengthMidFileGenerated() throws IOException {
        oversizedMidFile(generatedPcap(20_000), "gen.pcap");
    }

    @Test
    void pcapOversizedButLegalLengthMidFileReal() throws IOException {
        oversizedMidFile(realDeep(), "deep.pcap");
    }

    // ---- pcapng -------------------------------------------------------------------------------------------

    /** An Enhanced Packet Block claiming 1 MiB: past the end of the file, or followed by more than that. */
    private static void epbClaimingOneMiB(byte[] file, int k, String name) throws IOException {
        long[] starts = recordStarts(file, true);
        int at = (int) starts[k];
        assertEquals(6, u32(file, at), "an Enhanced Packet Block");
        byte[] damaged = file.clone();
        le4(damaged, at + 4, 1 << 20);
        CaptureFormatException e = assertFaultAfterPrefix(damaged, file, at, starts[k + 1], at + 4, name);
        assertTrue(e.problem().contains("length lies"), e.getMessage());
    }

    @Test
    void pcapngBlockClaimingOneMiBGenerated() throws IOException {
        byte[] small = generatedPcapng(2_000);
        assertTrue(small.length < 1 << 20);
        epbClaimingOneMiB(small, 5, "gen.pcapng");
        byte[] large = generatedPcapng(45_000);
        assertTrue(large.length > 2 << 20);
        epbClaimingOneMiB(large, 5, "large.pcapng");
    }

    @Test
    void pcapngBlockClaimingOneMiBReal() throws IOException {
        // SHB, IDB, then the first Enhanced Packet Block (a heartbeat) and the second: damage the second
        epbClaimingOneMiB(realTops(), 3, "tops.pcapng");
    }

    /** A block this reader skips (Name Resolution, type 4) inserted between two blocks, with a lying length. */
    private static void unknownBlockThatLies(byte[] file, int k, long claimed, String name) throws IOException {
        long[] starts = recordStarts(file, true);
        int at = (int) starts[k];
        ByteBuffer nrb = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        nrb.putInt(4).putInt((int) claimed).putShort((short) 0).putShort((short) 0).putInt(0).putInt(20);
        byte[] damaged = HandBuilt.concat(Arrays.copyOf(file, at), nrb.array(), Arrays.copyOfRange(file, at, file.length));
        CaptureFormatException e = assertFaultAfterPrefix(damaged, file, at, at + 20, at + 4, name);
        assertTrue(e.problem().contains("length lies"), e.getMessage());
    }

    @Test
    void pcapngUnknownBlockThatLiesGenerated() throws IOException {
        byte[] file = generatedPcapng(2_000);
        unknownBlockThatLies(file, 4, 0xFFFF_FFFCL, "gen.pcapng");
        unknownBlockThatLies(file, 4, 64 * 1024, "gen64k.pcapng");
    }

    @Test
    void pcapngUnknownBlockThatLiesReal() throws IOException {
        byte[] file = realTops();
        unknownBlockThatLies(file, 3, 0xFFFF_FFFCL, "tops.pcapng");
        unknownBlockThatLies(file, 3, 64 * 1024, "tops64k.pcapng");
    }

    /** A pcapng file cut inside its Section Header Block faults, as a pcap file cut inside its header does. */
    private static void cutInsideTheHeader(byte[] file, String name) throws IOException {
        int shb = (int) u32(file, 4);
        for (int n = 4; n < shb; n++) {
            IexTestData.Outcome o = IexTestData.read(Arrays.copyOf(file, n), name);
            assertNotNull(o.fault, name + " cut at " + n);
            assertEquals(0, o.fault.offset());
            assertTrue(o.fault.problem().contains("Section Header Block cut short"), o.fault.getMessage());
        }
        for (int n = 4; n < 24; n++) {
            IexTestData.Outcome o = IexTestData.read(Arrays.copyOf(generatedPcap(100), n), "gen.pcap");
            assertTrue(o.fault.problem().contains("pcap file header cut short"), o.fault.getMessage());
        }
    }

    @Test
    void pcapngCutInsideItsSectionHeaderGenerated() throws IOException {
        cutInsideTheHeader(generatedPcapng(100), "gen.pcapng");
    }

    @Test
    void pcapngCutInsideItsSectionHeaderReal() throws IOException {
        cutInsideTheHeader(realTops(), "tops.pcapng");
    }

    // ---- gzip ---------------------------------------------------------------------------------------------

    static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(plain);
        }
        return out.toByteArray();
    }

    /**
     * The file split at a record boundary into two gzip members: both read as the whole; with the second member's
     * header damaged, a fault at the end of the first member's data, after exactly the first member's counts.
     */
    private static void secondMember(byte[] file, String name) throws IOException {
        long[] starts = recordStarts(file, false);
        int split = (int) starts[starts.length / 2];
        byte[] first = gzip(Arrays.copyOf(file, split));
        byte[] second = gzip(Arrays.copyOfRange(file, split, file.length));
        IexTestData.Outcome whole = IexTestData.read(file, name);
        IexTestData.Outcome two = IexTestData.read(HandBuilt.concat(first, second), name + ".gz");
        IexTestData.assertNoFault(two);
        assertEquals(whole.stats.packets(), two.stats.packets());
        IexTestData.assertSameMessages(whole.messages, two.messages);

        byte[][] damages = {badMagic(second), reservedFlags(second), {0, 0, 0, 0}};
        String[] expected = {"not the gzip magic", "reserved flag bits", "not the gzip magic"};
        for (int i = 0; i < damages.length; i++) {
            byte[] damaged = HandBuilt.concat(first, damages[i]);
            CaptureFormatException e = assertFaultAfterPrefix(damaged, file, split, split + 1, split, name + i + ".gz");
            assertTrue(e.problem().contains("gzip"), e.getMessage());
            assertTrue(e.getMessage().contains(expected[i]), e.getMessage());
        }
        // a damaged trailer (CRC-32) of the first member
        byte[] crc = HandBuilt.concat(first, second);
        crc[first.length - 8] ^= 1;
        IexTestData.Outcome bad = IexTestData.read(crc, name + "-crc.gz");
        assertNotNull(bad.fault);
        assertTrue(bad.fault.problem().contains("CRC-32"), bad.fault.getMessage());
    }

    private static byte[] badMagic(byte[] member) {
        byte[] b = member.clone();
        b[1] = 0x0b;
        return b;
    }

    private static byte[] reservedFlags(byte[] member) {
        byte[] b = member.clone();
        b[3] |= (byte) 0x80;
        return b;
    }

    @Test
    void gzipSecondMemberGenerated() throws IOException {
        secondMember(generatedPcap(3_000), "gen.pcap");
    }

    @Test
    void gzipSecondMemberReal() throws IOException {
        secondMember(realDeep(), "deep.pcap");
    }
}
