package org.wireshootout.codec.chronicle;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ChronicleGenerated#ascii}, which decides whether text is copied as it is or goes through UTF-8, reads words
 * that overlap and a shorter word below eight bytes: every length up to a few words, with a byte of the high half at
 * every position inside (refused) and only past the end (accepted: nothing at or past the length is looked at).
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
}
