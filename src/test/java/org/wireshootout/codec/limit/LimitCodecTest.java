package org.wireshootout.codec.limit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.CallerBufferCheck;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.iex.IexMessage;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LimitCodecTest {

    /**
     * The hand-written ByteBuffer is a view over the caller's memory: at an offset, heap or direct, for both rows;
     * a text longer than the 4096-byte scratch array used for a bare address makes it grow once.
     */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        LimitCodec codec = new LimitCodec("limit");
        CallerBufferCheck.writesAndReadsAtAnOffset("limit", codec, Data.canonical(), RoundTrip.DATA);
        CallerBufferCheck.writesAndReadsAtAnOffset("limit", codec, new Data(-0.0, false, "\u4e16".repeat(3000), Side.Buy, -1, Long.MIN_VALUE), RoundTrip.DATA);
        IexLimitCodec iex = new IexLimitCodec("limit");
        for (IexMessage m : IexSamples.handMade()) CallerBufferCheck.writesAndReadsAtAnOffset("limit", iex, m, RoundTrip.IEX);
    }

    /** Offsets in errors count from the message's first byte, wherever it lies in the caller's buffer. */
    @Test
    void namesOffsetsFromTheMessageStart() {
        UnsafeBuffer heap = new UnsafeBuffer(new byte[256]);
        UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(256));
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{heap, direct}) {
            LimitCodec codec = new LimitCodec("limit");
            int length = codec.encode(Data.canonical(), buffer, 40);
            buffer.putByte(40 + length, (byte) 7); // a byte after the message, inside what the caller says is the message
            DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 40, length + 1, new Data()));
            assertEquals(length, e.offset(), e.getMessage());
            buffer.putByte(40 + 8, (byte) 2); // the flag
            e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 40, length, new Data()));
            assertEquals(8, e.offset(), e.getMessage());
        }
    }
}
