package org.wireshootout.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The baseline on the caller-owned seam: it writes nothing at any offset of heap or direct memory, and reads nothing. */
class BaselineCodecTest {

    @Test
    void writesAndReadsNothingAtTheCallersOffsetInHeapAndDirectMemory() {
        BaselineCodec codec = new BaselineCodec();
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[64]), new UnsafeBuffer(ByteBuffer.allocateDirect(64))}) {
            buffer.setMemory(0, 64, (byte) 0x5A);
            assertEquals(0, codec.encode(Data.canonical(), buffer, 10));
            assertEquals(0, codec.encode(Data.canonical(), buffer, 64), "no room is needed for nothing");
            Data target = Data.canonical();
            codec.decode(buffer, 10, 0, target);
            assertEquals(Data.canonical(), target, "nothing read, nothing set");
            byte[] all = new byte[64];
            buffer.getBytes(0, all);
            byte[] untouched = new byte[64];
            java.util.Arrays.fill(untouched, (byte) 0x5A);
            assertArrayEquals(untouched, all);
        }
        HeldMessage<Data> row = Format.baseline.held();
        assertEquals(0, row.encode(Data.canonical()));
        assertEquals(0, row.bytes().length);
    }
}
