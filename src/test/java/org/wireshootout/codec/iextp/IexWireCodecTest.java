package org.wireshootout.codec.iextp;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.CallerBufferCheck;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.iex.IexMessage;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IexWireCodecTest {

    /** The IEX-TP encoder and decoder work on the caller's heap array at the offset; other memory through a scratch array. */
    @Test
    void writesAndReadsTheCallersBufferAtItsOffsetInHeapAndDirectMemory() {
        IexWireCodec codec = new IexWireCodec("iexWire");
        for (IexMessage m : IexSamples.handMade()) CallerBufferCheck.writesAndReadsAtAnOffset("iexWire", codec, m, RoundTrip.IEX);
    }

    /** A message shorter than its type is refused, naming the type and the offset from the message's start. */
    @Test
    void refusesAShortMessageAtAnOffset() {
        IexWireCodec codec = new IexWireCodec("iexWire");
        for (UnsafeBuffer buffer : new UnsafeBuffer[]{new UnsafeBuffer(new byte[256]), new UnsafeBuffer(ByteBuffer.allocateDirect(256))}) {
            int length = codec.encode(IexSamples.tslaTrade(), buffer, 30);
            DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 30, length - 1, new IexMessage()));
            assertEquals(0, e.offset(), e.getMessage());
            assertTrue(e.getMessage().startsWith("iexWire: at offset 0: a "), e.getMessage());
        }
    }
}
