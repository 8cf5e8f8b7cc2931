package org.wireshootout.codec.bson;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.Labels;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated {@code bsonCBytes} codecs ({@link BsonGenerator#chronicleBytes()}): the {@code bson} rows' documents
 * written through the hand-written {@code bsonCBytes} row's {@code BsonOutput} over a Chronicle {@code Bytes} on the
 * caller's memory. What they accept is {@link BsonGeneratedTest}'s; here: the hand-written row's bytes on {@code Data},
 * which that row reads back, the heap row's bytes on every message, direct memory, a message past the room refused as
 * the hand-written row refuses it, and no more allocation than the hand-written row.
 */
class BsonCBytesGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] encode(MessageFormat format, String key, M value) {
        HeldMessage<M> held = HeldMessage.of(entry(key).<M>newCodec(format), 1 << 18);
        held.encode(value);
        return held.bytes();
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesItAndReadBackByIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.bsonCBytes.newCodec());
        hand.encode(Data.canonical());
        byte[] generated = encode(MessageFormat.bsonCBytes, "data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated);
        hand.buffer().putBytes(0, generated);
        Data back = new Data();
        hand.codec().decode(hand.buffer(), 0, generated.length, back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void everyMessageIsTheHeapRowsDocument() {
        for (String key : GeneratedMessages.all().keySet()) {
            if (!entry(key).carriedBy(MessageFormat.bsonCBytes)) continue;
            for (int which = 0; which < GeneratedMessage.EDGES; which++) {
                M value = entry(key).<M>newMessage().edge(which);
                assertArrayEquals(encode(MessageFormat.bson, key, value), encode(MessageFormat.bsonCBytes, key, value), key + " edge " + which);
            }
        }
    }

    @Test
    <M extends GeneratedMessage<M>> void itWorksOnDirectMemory() {
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.bsonCBytes);
        assertEquals(Labels.Memory.DIRECT, codec.memory());
        assertEquals(Format.bsonCBytes.newCodec().memory(), codec.memory());
    }

    @Test
    <M extends GeneratedMessage<M>> void aMessagePastTheRoomIsRefusedAndTheNextIsWritten() {
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.bsonCBytes);
        M sample = GeneratedSamples.of(entry("data"));
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 12);
        int length = codec.encode(sample, buffer, 0);
        UnsafeBuffer small = CallerBuffers.allocate(codec, length - 1);
        assertThrows(EncodeOverflowException.class, () -> codec.encode(sample, small, 0));
        assertEquals(length, codec.encode(sample, buffer, 0));
        M back = entry("data").newMessage();
        codec.decode(buffer, 0, length, back);
        assertNull(sample.firstDifference(back));
        // bytes after the document are refused at the document's end
        buffer.putByte(length, (byte) 0);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 0, length + 1, entry("data").newMessage()));
        assertEquals(length, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("bsonCBytes/data"), e.getMessage());
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.bsonCBytes, DataAllocation.Measure.pair);
    }
}
