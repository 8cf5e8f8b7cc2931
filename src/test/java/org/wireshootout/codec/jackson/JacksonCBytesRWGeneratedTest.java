package org.wireshootout.codec.jackson;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.Labels;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated {@code jacksonCBytesRW} codecs ({@link JacksonGenerator#chronicleBytesReaderWriter()}): the
 * {@code jackson} rows' JSON through the hand-written {@code jacksonCBytesRW} row's plumbing (a Chronicle {@code Bytes}
 * over the caller's memory, its {@code writer()} and {@code reader()}, every non-ASCII character escaped). Here: the
 * hand-written row's bytes on {@code Data}, which that row reads back; the heap row's JSON wherever the text is ASCII
 * and the same value back wherever it is not; raw non-ASCII bytes refused at their offset; no more allocation than the
 * hand-written row.
 */
class JacksonCBytesRWGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] encode(MessageFormat format, String key, M value) {
        HeldMessage<M> held = HeldMessage.of(entry(key).<M>newCodec(format), 1 << 18);
        held.encode(value);
        return held.bytes();
    }

    private static boolean ascii(byte[] b) {
        for (byte x : b) if (x < 0) return false;
        return true;
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesItAndReadBackByIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.jacksonCBytesRW.newCodec());
        hand.encode(Data.canonical());
        byte[] generated = encode(MessageFormat.jacksonCBytesRW, "data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated, new String(generated, StandardCharsets.UTF_8));
        hand.buffer().putBytes(0, generated);
        Data back = new Data();
        hand.codec().decode(hand.buffer(), 0, generated.length, back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void everyMessageIsTheHeapRowsJsonWithNonAsciiEscaped() {
        int nonAscii = 0;
        for (String key : GeneratedMessages.all().keySet()) {
            if (!entry(key).carriedBy(MessageFormat.jacksonCBytesRW)) continue;
            for (int which = 0; which < GeneratedMessage.EDGES; which++) {
                M value = entry(key).<M>newMessage().edge(which);
                byte[] heap = encode(MessageFormat.jackson, key, value);
                byte[] rw = encode(MessageFormat.jacksonCBytesRW, key, value);
                assertTrue(ascii(rw), key + " edge " + which + ": the Reader/Writer row writes ASCII only");
                if (ascii(heap)) {
                    assertArrayEquals(heap, rw, key + " edge " + which);
                } else {
                    nonAscii++;
                    assertTrue(rw.length > heap.length, key + " edge " + which + ": escaped text is longer");
                    BufferCodec<M> codec = entry(key).newCodec(MessageFormat.jacksonCBytesRW);
                    UnsafeBuffer buffer = CallerBuffers.allocate(codec, rw.length + 16);
                    buffer.putBytes(0, rw);
                    M back = entry(key).newMessage();
                    codec.decode(buffer, 0, rw.length, back);
                    assertNull(value.firstDifference(back), key + " edge " + which);
                }
            }
        }
        assertTrue(nonAscii > 0, "some edge values hold text beyond ASCII");
    }

    @Test
    <M extends GeneratedMessage<M>> void itWorksOnDirectMemory() {
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.jacksonCBytesRW);
        assertEquals(Labels.Memory.DIRECT, codec.memory());
        assertEquals(Format.jacksonCBytesRW.newCodec().memory(), codec.memory());
    }

    @Test
    <M extends GeneratedMessage<M>> void rawNonAsciiIsRefusedAtItsOffsetAndTheNextMessageIsRead() {
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.jacksonCBytesRW);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 12);
        M sample = GeneratedSamples.of(entry("data"));
        int length = codec.encode(sample, buffer, 0);
        byte[] good = new byte[length];
        buffer.getBytes(0, good);
        String json = new String(good, StandardCharsets.US_ASCII);
        String key = "\"text\":\"";
        byte[] raw = json.replace(key, key + "\u00e9").getBytes(StandardCharsets.UTF_8);
        buffer.putBytes(0, raw);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 0, raw.length, entry("data").newMessage()));
        assertEquals(json.indexOf(key) + key.length(), e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("jacksonCBytesRW/data"), e.getMessage());
        for (String bad : new String[] {json + "x", json.substring(0, json.length() - 1), "[]"}) {
            byte[] b = bad.getBytes(StandardCharsets.US_ASCII);
            buffer.putBytes(0, b);
            DecodeException d = assertThrows(DecodeException.class, () -> codec.decode(buffer, 0, b.length, entry("data").newMessage()), bad);
            assertTrue(d.offset() >= 0 && d.offset() <= b.length, "offset " + d.offset() + ": " + d.getMessage());
        }
        buffer.putBytes(0, good);
        M back = entry("data").newMessage();
        codec.decode(buffer, 0, good.length, back);
        assertNull(sample.firstDifference(back));
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.jacksonCBytesRW, DataAllocation.Measure.pair);
    }
}
