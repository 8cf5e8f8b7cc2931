package org.wireshootout.codec;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link HeapMessage}: load refuses more than the array holds, with the codecs' message; bytes and copyTo agree. */
class HeapMessageTest {

    @Test
    void loadOverCapacityIsRefusedWithTheMessage() {
        HeapMessage m = new HeapMessage("fmt", 8);
        m.load(new byte[] {1, 2, 3}, 0, 3);
        DecodeException e = assertThrows(DecodeException.class, () -> m.load(new byte[9], 0, 9));
        assertEquals("fmt: at offset 0: 9 bytes exceed the 8-byte buffer", e.getMessage());
        assertEquals(0, e.offset());
        assertEquals(3, m.length()); // the refused load changed nothing
        assertArrayEquals(new byte[] {1, 2, 3}, m.bytes());
    }

    @Test
    void bytesAndCopyToGiveTheLoadedBytes() {
        HeapMessage m = new HeapMessage("fmt", 16);
        m.load(new byte[] {9, 4, 5, 6, 9}, 1, 3);
        assertEquals(3, m.length());
        assertArrayEquals(new byte[] {4, 5, 6}, m.bytes());
        byte[] dst = {7, 7, 7, 7, 7};
        assertEquals(3, m.copyTo(dst, 1));
        assertArrayEquals(new byte[] {7, 4, 5, 6, 7}, dst);

        m.array[0] = 42;
        assertEquals(1, m.setLength(1));
        assertArrayEquals(new byte[] {42}, m.bytes());
    }
}
