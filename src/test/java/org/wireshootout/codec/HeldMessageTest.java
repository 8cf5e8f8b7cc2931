package org.wireshootout.codec;

import org.junit.jupiter.api.Test;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link HeldMessage}: the caller-side holder of one message for the tools and tests. */
class HeldMessageTest {

    @Test
    void loadOverCapacityIsRefusedNamingTheRowAndBothLengthsAndChangesNothing() {
        HeldMessage<Data> m = Format.sbe.held();
        int n = m.encode(Data.canonical());
        byte[] before = m.bytes();
        int tooLong = CallerBuffers.MESSAGE_CAPACITY + 1;
        DecodeException e = assertThrows(DecodeException.class, () -> m.load(new byte[tooLong], 0, tooLong));
        assertEquals("sbe: at offset 0: " + tooLong + " bytes exceed the " + CallerBuffers.MESSAGE_CAPACITY + "-byte buffer", e.getMessage());
        assertEquals(n, m.length());
        assertArrayEquals(before, m.bytes());
    }

    @Test
    void loadedBytesAreWhatTheNextDecodeReads() {
        HeldMessage<Data> writer = Format.bytesMarshallable.held();
        Data sent = new Data(1.5, true, "held", org.wireshootout.model.Side.Sell, 7, 8L);
        writer.encode(sent);
        byte[] framed = new byte[writer.length() + 5];
        System.arraycopy(writer.bytes(), 0, framed, 3, writer.length());
        HeldMessage<Data> reader = Format.bytesMarshallable.held();
        reader.load(framed, 3, writer.length());
        Data back = new Data();
        reader.decode(back);
        assertEquals(sent, back);
        assertEquals(writer.length(), reader.length());
    }

    @Test
    void aFailedEncodeLeavesNoMessage() {
        HeldMessage<Data> m = Format.sbe.held();
        m.encode(Data.canonical());
        Data huge = new Data(1, true, "x".repeat(CallerBuffers.MESSAGE_CAPACITY), org.wireshootout.model.Side.Buy, 1, 1);
        assertThrows(EncodeOverflowException.class, () -> m.encode(huge));
        assertEquals(0, m.length());
    }
}
