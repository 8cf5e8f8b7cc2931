package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ChronicleGenerated#ascii}, which decides whether text is copied as it is or goes through UTF-8, reads words
 * that overlap and a shorter word below eight bytes: every length up to a few words, with a byte of the high half at
 * every position inside (refused) and only past the end (accepted: nothing at or past the length is looked at). The
 * readers' scan of the bytes where they lie ({@link ChronicleGenerated#ascii(net.openhft.chronicle.bytes.BytesIn, long,
 * int)}) the same, from every start offset within a word, with high bytes before the start and after the end.
 */
class ChronicleGeneratedAsciiTest {

    @Test
    void everyLengthEveryPositionOfAHighByte() {
        for (int n = 0; n <= 40; n++) {
            for (byte high : new byte[]{(byte) 0x80, (byte) 0xC3, (byte) 0xFF}) {
                byte[] b = new byte[n + 9];
                Arrays.fill(b, 0, n, (byte) 'a');
                Arrays.fill(b, n, b.length, high); // past the end: must not count
                assertTrue(ChronicleGenerated.ascii(b, n), "all ASCII, " + n + " bytes, 0x" + Integer.toHexString(high & 0xFF) + " after");
                for (int p = 0; p < n; p++) {
                    byte[] c = b.clone();
                    c[p] = high;
                    assertFalse(ChronicleGenerated.ascii(c, n), n + " bytes, 0x" + Integer.toHexString(high & 0xFF) + " at " + p);
                }
            }
        }
    }

    @Test
    void exactlySizedArraysAndEveryAsciiByte() {
        for (int n = 0; n <= 24; n++) {
            byte[] b = new byte[n];
            for (int i = 0; i < n; i++) b[i] = (byte) (0x7F - i);
            assertTrue(ChronicleGenerated.ascii(b, n), n + " bytes");
        }
        byte[] all = new byte[128];
        for (int i = 0; i < 128; i++) all[i] = (byte) i;
        assertTrue(ChronicleGenerated.ascii(all, all.length), "0x00 to 0x7F");
    }

    @Test
    void inPlaceEveryStartLengthAndPositionOfAHighByte() {
        Bytes<?> in = Bytes.allocateElasticDirect(128);
        try {
            for (int start = 0; start < 8; start++) {
                for (int n = 0; n <= 40; n++) {
                    for (byte high : new byte[]{(byte) 0x80, (byte) 0xC3, (byte) 0xFF}) {
                        in.clear();
                        for (int i = 0; i < start; i++) in.writeByte(high); // before the start: must not count
                        for (int i = 0; i < n; i++) in.writeByte((byte) ('a' + i % 26));
                        for (int i = 0; i < 9; i++) in.writeByte(high); // past the end: must not count
                        String what = n + " bytes from " + start + ", 0x" + Integer.toHexString(high & 0xFF);
                        assertTrue(ChronicleGenerated.ascii(in, start, n), "all ASCII, " + what + " around");
                        for (int p = 0; p < n; p++) {
                            in.writeByte(start + p, high);
                            assertFalse(ChronicleGenerated.ascii(in, start, n), what + " at " + p);
                            in.writeByte(start + p, (byte) 0x7F);
                            assertTrue(ChronicleGenerated.ascii(in, start, n), what + ", 0x7F at " + p);
                        }
                    }
                }
            }
        } finally {
            in.releaseLast();
        }
    }
}
