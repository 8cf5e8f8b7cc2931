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
 * The generated {@code jacksonCBytes} codecs ({@link JacksonGenerator#chronicleBytes()}): the {@code jackson} rows'
 * JSON through the hand-written {@code jacksonCBytes} row's plumbing (a Chronicle {@code Bytes} over the caller's
 * memory, its streams, one generator and one parser kept across messages). What JSON they accept is
 * {@link JacksonGeneratedTest}'s; here: the same bytes as the hand-written row on {@code Data} and as the generated
 * heap row, direct memory, the stream parser's own checks between messages, and no more allocation than the
 * hand-written row.
 */
class JacksonCBytesGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] encode(MessageFormat format, String key, M value) {
        HeldMessage<M> held = HeldMessage.of(entry(key).<M>newCodec(format), 1 << 18);
        held.encode(value);
        return held.bytes();
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.jacksonCBytes.newCodec());
        hand.encode(Data.canonical());
        byte[] generated = encode(MessageFormat.jacksonCBytes, "data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated, new String(generated, StandardCharsets.UTF_8));
    }

    @Test
    <M extends GeneratedMessage<M>> void everyMessageIsTheHeapRowsJson() {
        for (String key : GeneratedMessages.all().keySet()) {
            if (!entry(key).carriedBy(MessageFormat.jacksonCBytes)) continue;
            for (int which = 0; which < GeneratedMessage.EDGES; which++) {
                M value = entry(key).<M>newMessage().edge(which);
                assertArrayEquals(encode(MessageFormat.jackson, key, value), encode(MessageFormat.jacksonCBytes, key, value), key + " edge " + which);
            }
        }
    }

    @Test
    <M extends GeneratedMessage<M>> void itWorksOnDirectMemory() {
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.jacksonCBytes);
        assertEquals(Labels.Memory.DIRECT, codec.memory());
        assertEquals(Format.jacksonCBytes.newCodec().memory(), codec.memory());
    }

    @Test
    <M extends GeneratedMessage<M>> void theStreamParserRefusesWhatFollowsAndKeepsReading() {
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.jacksonCBytes);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 12);
        M sample = GeneratedSamples.of(entry("data"));
        int length = codec.encode(sample, buffer, 0);
        byte[] good = new byte[length];
        buffer.getBytes(0, good);
        String json = new String(good, StandardCharsets.UTF_8);
        for (String bad : new String[] {json + "x", json + "{}", json.substring(0, json.length() - 1), "[]",
                json.replace("\"flag\":true", "\"flag\":1")}) {
            byte[] b = bad.getBytes(StandardCharsets.UTF_8);
            buffer.putBytes(0, b);
            DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 0, b.length, entry("data").newMessage()), bad);
            assertTrue(e.getMessage().contains("jacksonCBytes/data"), e.getMessage());
            assertTrue(e.offset() >= 0 && e.offset() <= b.length, "offset " + e.offset() + ": " + e.getMessage());
            // the next good message is read whole
            buffer.putBytes(0, good);
            M back = entry("data").newMessage();
            codec.decode(buffer, 0, good.length, back);
            assertNull(sample.firstDifference(back));
        }
        // raw UTF-8 that is not strict (an overlong NUL) is refused with its offset
        byte[] overlong = json.replaceFirst("\"text\":\"", "\"text\":\"\u0001").getBytes(StandardCharsets.UTF_8);
        int at = json.indexOf("\"text\":\"") + "\"text\":\"".length();
        overlong[at] = (byte) 0xC0;
        byte[] withSecond = new byte[overlong.length + 1];
        System.arraycopy(overlong, 0, withSecond, 0, at + 1);
        withSecond[at + 1] = (byte) 0x80;
        System.arraycopy(overlong, at + 1, withSecond, at + 2, overlong.length - at - 1);
        buffer.putBytes(0, withSecond);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 0, withSecond.length, entry("data").newMessage()));
        assertEquals(at, e.offset(), e.getMessage());
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.jacksonCBytes, DataAllocation.Measure.pair);
    }
}
