package org.wireshootout.codec.fory;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated Fory rows with field ids ({@code foryIds}, {@code foryShared}) against their hand-written rows on
 * {@code Data}: the same bytes (a channel's first message and a later one for {@code foryShared}), each read by the
 * other; and the allocation of all four generated Fory rows against their hand-written rows, encode and decode apart.
 */
class ForyGeneratedModesTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    /** The first and second encodings of {@code value} by one codec (for a channel: the first message and a later one). */
    private static <T> byte[][] twice(BufferCodec<T> codec, T value) {
        HeldMessage<T> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        byte[] first = held.bytes();
        held.encode(value);
        return new byte[][] {first, held.bytes()};
    }

    /**
     * The plain class has ForyIdData's fields, types and ids and is registered under its id, so the type definition
     * (which names the class by its registration id and the fields by their ids) is the hand-written row's.
     */
    @Test
    <M extends GeneratedMessage<M>> void dataIsTheHandWrittenRowsBytes() {
        M sample = GeneratedSamples.of(entry("data"));
        for (MessageFormat f : List.of(MessageFormat.foryIds, MessageFormat.foryShared)) {
            byte[][] hand = twice(f.handWritten().newCodec(), Data.canonical());
            byte[][] ours = twice(entry("data").<M>newCodec(f), sample);
            System.out.println(f + " data: " + ours[0].length + " then " + ours[1].length + " bytes, hand-written "
                    + hand[0].length + " then " + hand[1].length);
            assertArrayEquals(hand[0], ours[0], f + ": the first message");
            assertArrayEquals(hand[1], ours[1], f + ": a later message");
        }
        assertEquals(ForyLabels.SHARED_FIRST, twice(entry("data").<M>newCodec(MessageFormat.foryShared), sample)[0].length);
        assertEquals(ForyLabels.SHARED_LATER, twice(entry("data").<M>newCodec(MessageFormat.foryShared), sample)[1].length);
    }

    /** Each row reads the other's messages (on a channel, the first and then a later one, in order). */
    @Test
    <M extends GeneratedMessage<M>> void dataCrossesBetweenTheHandWrittenAndTheGeneratedRow() {
        M sample = GeneratedSamples.of(entry("data"));
        for (MessageFormat f : List.of(MessageFormat.foryIds, MessageFormat.foryShared)) {
            byte[][] generated = twice(entry("data").<M>newCodec(f), sample);
            BufferCodec<Data> hand = f.handWritten().newCodec();
            for (byte[] b : generated) {
                Data read = new Data();
                hand.decode(new UnsafeBuffer(b), 0, b.length, read);
                assertEquals(Data.canonical(), read, f.name());
            }
            byte[][] written = twice(f.handWritten().newCodec(), Data.canonical());
            BufferCodec<M> ours = entry("data").newCodec(f);
            for (byte[] b : written) {
                M back = entry("data").newMessage();
                ours.decode(new UnsafeBuffer(b), 0, b.length, back);
                assertEquals(sample, back, f.name());
            }
        }
    }

    /**
     * A message the generated reader refuses after Fory read it (a text over its bound) is refused naming the row and the field,
     * and on a channel it teaches the reader nothing: the next message, a later one of a channel the reader never
     * learned, is refused too.
     */
    @Test
    void aNullFieldIsRefusedAndAChannelForgetsIt() throws Exception {
        String codec = entry("data").codecs().get(MessageFormat.foryShared.name());
        Class<?> pojo = Class.forName(codec + "$Pojo$Data");
        Class<?> side = Class.forName(entry("data").messageClass().replaceAll("\\.Data$", ".Side"));
        ForyGenerated writer = new ForyGenerated("writer", ForyGenerated.Mode.SHARED, pojo, side);
        Object p = pojo.getConstructor().newInstance();
        pojo.getField("side").set(p, side.getEnumConstants()[1]);
        pojo.getField("text").set(p, new StringBuilder("x".repeat(256)));
        UnsafeBuffer first = new UnsafeBuffer(new byte[1024]);
        int firstLength = writer.write(p, first, 0);
        pojo.getField("text").set(p, new StringBuilder("later"));
        UnsafeBuffer later = new UnsafeBuffer(new byte[1024]);
        int laterLength = writer.write(p, later, 0);
        @SuppressWarnings({"rawtypes", "unchecked"})
        BufferCodec<Object> reader = (BufferCodec) entry("data").newCodec(MessageFormat.foryShared);
        DecodeException refused = assertThrows(DecodeException.class, () -> reader.decode(first, 0, firstLength, entry("data").newMessage()));
        assertTrue(refused.getMessage().contains("foryShared/data") && refused.getMessage().contains("Data.text"), refused.getMessage());
        assertThrows(DecodeException.class, () -> reader.decode(later, 0, laterLength, entry("data").newMessage()),
                "the definition came with the refused message only");
    }

    /** On {@code data}, each generated Fory row allocates no more per encode, per decode and per round trip than its hand-written row. */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        for (MessageFormat f : List.of(MessageFormat.fory, MessageFormat.foryCompatible, MessageFormat.foryIds, MessageFormat.foryShared)) {
            DataAllocation.assertNoMore(f, DataAllocation.Measure.encode, DataAllocation.Measure.decode, DataAllocation.Measure.pair);
        }
    }
}
