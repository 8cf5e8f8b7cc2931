package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.wireshootout.model.iex.IexMessage;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a damaged capture still gives: every complete message before the damage, exactly as the undamaged file
 * gives it, and nothing invented. The undamaged file is read once with each message located in it (where the
 * message ends, where its packet's record ends, walked from the segment offsets the reader reports and the
 * length prefixes in the file's own bytes); then for each cut or corruption the messages read are compared
 * with that file's message prefix:
 * <ul>
 *   <li>cut at byte n: at least the messages of every record that ends by n, at most those that themselves
 *       end by n, and, when the cut record's segment header is whole, exactly those (the reader recovers the
 *       complete messages of a packet the file ends inside);</li>
 *   <li>bytes overwritten from byte p on: at least the messages of every record that ends by p, equal to the
 *       undamaged file's, and any fault placed at or after the start of the record p falls in;</li>
 *   <li>a gzip stream cut short: exactly what the uncompressed file cut where the compressed data gives out
 *       reads as.</li>
 * </ul>
 * These run on the real samples in ../shared/data/iex/ (skipped if absent) and on generated files.
 */
class FaultPrefixTest {
    private static final Duration BOUND = Duration.ofSeconds(120);
    private static final int SEGMENT_HEADER = 40;

    /** The messages of a clean read of a little-endian pcap or pcapng file, each located in the file. */
    static final class Located {
        final byte[] file;
        final List<IexMessage> messages = new ArrayList<>();
        final List<Long> messageEnd = new ArrayList<>();
        final List<Long> recordEnd = new ArrayList<>();
        final List<Long> segmentStart = new ArrayList<>();
        /** Record boundaries: starts[i] to ends[i]; a record the file ends inside has its declared end. */
        final long[] starts;
        final long[] ends;

        Located(byte[] file, boolean pcapng) {
            this.file = file;
            List<long[]> records = new ArrayList<>();
            if (pcapng) {
                assertEquals(0x1A2B3C4D, Endian.u32le(file, 8), "a little-endian pcapng section");
                long off = 0;
                while (off + 8 <= file.length) {
                    long len = Endian.u32le(file, (int) off + 4);
                    records.add(new long[]{off, off + len});
                    if (len < 12) break;
                    off += len;
                }
            } else {
                assertEquals(0xA1B2C3D4L, Endian.u32le(file, 0) & 0xFFFF_FFFFL, "a little-endian pcap");
                long off = 24;
                while (off + 16 <= file.length) {
                    long len = 16 + Endian.u32le(file, (int) off + 8);
                    records.add(new long[]{off, off + len});
                    off += len;
                }
            }
            starts = records.stream().mapToLong(r -> r[0]).toArray();
            ends = records.stream().mapToLong(r -> r[1]).toArray();
        }

        long recordEndOf(long offset) {
            for (int i = 0; i < starts.length; i++) if (starts[i] <= offset && offset < ends[i]) return ends[i];
            throw new AssertionError("offset " + offset + " is in no record");
        }

        /** The start of the record holding {@code offset}, or 0 when it lies in the file's header. */
        long recordStartOf(long offset) {
            long s = 0;
            for (long start : starts) if (start <= offset) s = start;
            return s;
        }

        int countEndingBy(List<Long> ends, long n) {
            int c = 0;
            while (c < ends.size() && ends.get(c) <= n) c++;
            return c;
        }
    }

    static Located locate(byte[] file, boolean pcapng, String name) throws IOException {
        Located l = new Located(file, pcapng);
        long[] p = {0};
        long[] segment = {0};
        IexListener listener = new IexListener() {
            @Override
            public void onSegment(IexTpSegment s) {
                segment[0] = s.fileOffset();
                p[0] = s.fileOffset() + SEGMENT_HEADER;
            }

            @Override
            public void onMessage(IexMessage m) {
                long end = p[0] + 2 + Endian.u16le(file, (int) p[0]);
                l.messages.add(m.copy());
                l.messageEnd.add(end);
                l.recordEnd.add(l.recordEndOf(segment[0]));
                l.segmentStart.add(segment[0]);
                p[0] = end;
            }

            @Override
            public void onSkippedMessage(int type, int length, long fileOffset, boolean unknownType) {
                p[0] = fileOffset + length;
            }
        };
        IexCaptureReader.read(new ByteArrayInputStream(file), name, listener);
        for (int i = 1; i < l.messageEnd.size(); i++) {
            assertTrue(l.messageEnd.get(i) > l.messageEnd.get(i - 1), "messages are located in file order");
        }
        return l;
    }

    /** Cuts the file at each of {@code cuts} and checks the messages read against the located whole. */
    private static void cutAt(Located whole, String name, int[] cuts) throws IOException {
        int exact = 0;
        for (int n : cuts) {
            IexTestData.Outcome o = IexTestData.read(Arrays.copyOf(whole.file, n), name);
            int got = o.messages.size();
            int completeRecords = whole.countEndingBy(whole.recordEnd, n);
            int completeMessages = whole.countEndingBy(whole.messageEnd, n);
            assertTrue(got >= completeRecords, () -> "cut at " + n + ": " + got + " messages read, but " + completeRecords
                    + " lie in records that end before the cut" + (o.fault != null ? "; fault " + o.fault.getMessage() : ""));
            assertTrue(got <= completeMessages, () -> "cut at " + n + ": " + got + " messages read, only " + completeMessages + " end before it");
            IexTestData.assertSameMessages(whole.messages.subList(0, got), o.messages);
            // the cut packet's segment header is whole: every message that ends before the cut is recovered
            if (got < whole.messages.size() && whole.segmentStart.get(got) + SEGMENT_HEADER <= n) {
                assertEquals(completeMessages, got, "cut at " + n + " after the segment header of the packet it falls in");
                exact++;
            }
        }
        assertTrue(exact > 0 || cuts.length < 50, "no cut fell after a segment header");
    }

    private static int[] everyOffset(int length) {
        int[] r = new int[length];
        for (int i = 0; i < length; i++) r[i] = i;
        return r;
    }

    private static int[] randomOffsets(int length, int count, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] cuts = new int[count];
        for (int i = 0; i < count; i++) cuts[i] = r.nextInt(length);
        return cuts;
    }

    @Test
    void aCutFileKeepsEveryCompleteMessage() {
        assertTimeoutPreemptively(BOUND, () -> {
            DeepGenerator g = new DeepGenerator(11, 120, 5);
            byte[] pcap = IexTestData.generate(g, new CaptureWriter.Options());
            cutAt(locate(pcap, false, "gen.pcap"), "gen.pcap", everyOffset(pcap.length));
            byte[] ng = IexTestData.generate(g, new CaptureWriter.Options().container(CaptureWriter.Container.PCAPNG));
            cutAt(locate(ng, true, "gen.pcapng"), "gen.pcapng", everyOffset(ng.length));
        });
    }

    @Test
    void aCutRealCaptureKeepsEveryCompleteMessage() throws IOException {
        byte[] tops = Files.readAllBytes(IexTestData.tops());
        byte[] deep = IexTestData.gunzip(IexTestData.deep());
        assertTimeoutPreemptively(BOUND, () -> {
            cutAt(locate(tops, true, "tops.pcapng"), "tops.pcapng", everyOffset(tops.length));
            cutAt(locate(deep, false, "deep.pcap"), "deep.pcap", randomOffsets(deep.length, 150, 3));
        });
    }

    @Test
    void aCorruptedRealCaptureKeepsWhatCameBeforeTheDamage() throws IOException {
        byte[] tops = Files.readAllBytes(IexTestData.tops());
        byte[] deep = IexTestData.gunzip(IexTestData.deep());
        assertTimeoutPreemptively(BOUND, () -> {
            corrupt(locate(tops, true, "tops.pcapng"), "tops.pcapng", 300, 5);
            corrupt(locate(deep, false, "deep.pcap"), "deep.pcap", 200, 6);
        });
    }

    private static void corrupt(Located whole, String name, int trials, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        int faults = 0;
        int keptSome = 0;
        for (int trial = 0; trial < trials; trial++) {
            byte[] f = whole.file.clone();
            int flips = 1 + r.nextInt(8);
            // damage concentrated in a random window, so that much of the file before it is intact
            int from = r.nextInt(f.length);
            int first = Integer.MAX_VALUE;
            for (int i = 0; i < flips; i++) {
                int at = Math.min(f.length - 1, from + r.nextInt(256));
                byte b = (byte) r.nextInt(256);
                if (f[at] != b) first = Math.min(first, at);
                f[at] = b;
            }
            if (first == Integer.MAX_VALUE) continue; // every overwrite wrote the byte that was there
            IexTestData.Outcome o = IexTestData.read(f, name + trial);
            int intact = whole.countEndingBy(whole.recordEnd, first);
            int got = o.messages.size();
            final int at = first;
            assertTrue(got >= intact, () -> name + ": damage from byte " + at + ": " + got + " messages read, but "
                    + intact + " lie in records before it" + (o.fault != null ? "; fault " + o.fault.getMessage() : ""));
            IexTestData.assertSameMessages(whole.messages.subList(0, intact), o.messages.subList(0, intact));
            if (intact > 0) keptSome++;
            if (o.fault != null) {
                faults++;
                assertTrue(o.fault.getMessage().startsWith(name + trial + ": at byte " + o.fault.offset() + ": "), o.fault.getMessage());
                long recordStart = whole.recordStartOf(first);
                assertTrue(o.fault.offset() >= recordStart, () -> name + ": damage from byte " + at + " (record at "
                        + recordStart + ") reported at byte " + o.fault.offset() + ": " + o.fault.getMessage());
            }
        }
        assertTrue(faults > 0, name + ": no trial faulted");
        assertTrue(keptSome > trials / 4, name + ": only " + keptSome + " trials had intact records before the damage");
    }

    @Test
    void aCutGzipStreamReadsLikeThePlainFileCutWhereTheDataGivesOut() throws IOException {
        byte[] realGz = Files.readAllBytes(IexTestData.deep());
        assertTimeoutPreemptively(BOUND, () -> {
            byte[] genGz = IexTestData.generate(new DeepGenerator(12, 3_000), new CaptureWriter.Options().gzip(true));
            gzipCuts(genGz, "gen.pcap.gz", 40);
            gzipCuts(realGz, "deep.pcap.gz", 40);
        });
    }

    private static void gzipCuts(byte[] gz, String name, int count) throws IOException {
        Located whole = locate(inflateWhatThereIs(gz), false, name);
        int compared = 0;
        for (int n : randomOffsets(gz.length, count, 9)) {
            if (n < 64) continue; // a gzip header and a pcap header at least
            byte[] cut = Arrays.copyOf(gz, n);
            byte[] plain = inflateWhatThereIs(cut);
            IexTestData.Outcome fromGzip = IexTestData.read(cut, name);
            IexTestData.Outcome fromPlain = IexTestData.read(plain, name);
            IexTestData.assertSameMessages(fromPlain.messages, fromGzip.messages);
            int got = fromGzip.messages.size();
            int completeRecords = whole.countEndingBy(whole.recordEnd, plain.length);
            assertTrue(got >= completeRecords, () -> name + " cut at " + n + ": " + got + " messages, but " + completeRecords
                    + " lie in records within the " + plain.length + " bytes the cut stream still holds");
            if (fromGzip.fault == null) assertTrue(fromGzip.stats.compressedStreamCutShort(), name + " cut at " + n);
            compared++;
        }
        assertTrue(compared > count / 2);
    }

    /** Everything a gzip stream gives before it ends or breaks. */
    static byte[] inflateWhatThereIs(byte[] gz) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz), 1 << 16)) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) out.write(buf, 0, n);
        } catch (EOFException cutShort) {
            // what was inflated before the end stays in out
        }
        return out.toByteArray();
    }
}
