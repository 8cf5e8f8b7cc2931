package org.wireshootout.codec.kryo;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.AllocationProbe;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.lang.reflect.Field;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated {@code kryoFields} codecs ({@link KryoFieldsGenerator}): Kryo's FieldSerializer over the generated
 * message class writes {@code Data} as the hand-written row writes the model, and the copy into the target refuses
 * what the class's fields can hold but its writer never writes. Those values are made here by setting the message's
 * private fields by reflection and letting FieldSerializer write them.
 */
class KryoFieldsGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.kryoFields);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, byte[] b) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.kryoFields);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(5, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 5, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, byte[] b) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, b));
        assertTrue(e.getMessage().contains("kryoFields/" + key), e.getMessage());
        return e;
    }

    private static void set(Object o, String field, Object value) {
        try {
            Field f = o.getClass().getDeclaredField(field);
            f.setAccessible(true);
            f.set(o, value);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        HeldMessage<Data> hand = HeldMessage.of(Format.kryoFields.newCodec());
        hand.encode(Data.canonical());
        assertArrayEquals(hand.bytes(), bytes("data", GeneratedSamples.<M>of(entry("data"))));
    }

    @Test
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytes() {
        byte[] generated = bytes("data", GeneratedSamples.<M>of(entry("data")));
        HeldMessage<Data> hand = HeldMessage.of(Format.kryoFields.newCodec());
        hand.load(generated, 0, generated.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @Test
    <M extends GeneratedMessage<M>> void aNullWhereTheWriterWritesAnObjectIsRefused() {
        M text = GeneratedSamples.of(entry("data"));
        set(text, "text", null);
        assertTrue(refused("data", bytes("data", text)).getMessage().contains("text is null"));
        M side = GeneratedSamples.of(entry("data"));
        set(side, "side", null);
        assertTrue(refused("data", bytes("data", side)).getMessage().contains("side is null"));
    }

    @Test
    <M extends GeneratedMessage<M>> void countsPastTheirArrayOrBoundAreRefused() {
        M batch = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        assertNull(batch.firstDifference(decode("tradebatch", bytes("tradebatch", batch))));
        set(batch, "tradesCount", 101);
        refused("tradebatch", bytes("tradebatch", batch));
        set(batch, "tradesCount", -1);
        assertTrue(refused("tradebatch", bytes("tradebatch", batch)).getMessage().contains("beyond its bound"));
    }

    @Test
    <M extends GeneratedMessage<M>> void staleEntriesPastTheCountAreWrittenButNotRead() {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        int fullLength = bytes("tradebatch", full).length;
        M emptied = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        try {
            emptied.getClass().getMethod("clearTrades").invoke(emptied);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        byte[] b = bytes("tradebatch", emptied);
        // FieldSerializer writes the whole reused array: clearing the group leaves its entries in the bytes
        assertTrue(b.length > fullLength - 8, "a cleared group of 100 entries writes " + b.length + " bytes, the full one " + fullLength);
        assertNull(emptied.firstDifference(decode("tradebatch", b)), "only the count's entries are read");
    }

    /** Bytes allocated per encode+decode pair, at the least over the probe's windows. */
    private static <T> long perPair(HeldMessage<T> held, T value, T target) {
        int calls = 20_000;
        long least = AllocationProbe.leastBytes(() -> {
            for (int i = 0; i < calls; i++) {
                held.encode(value);
                held.decode(target);
            }
        });
        return least / calls;
    }

    /**
     * The hand-written row's read makes a new Data (whose text is made when first used) and the StringBuilder Kryo
     * reads; the generated class's constructor makes a StringBuilder sized to the text's bound, which the read would
     * replace, so Kryo makes the generated class without it ({@link KryoFieldsGenerated}). Measured, and bounded by the
     * hand-written row.
     */
    @Test
    <M extends GeneratedMessage<M>> void dataAllocatesNoMoreThanTheHandWrittenRow() {
        HeldMessage<Data> hand = HeldMessage.of(Format.kryoFields.newCodec());
        long handWritten = perPair(hand, Data.canonical(), new Data());
        HeldMessage<M> generated = HeldMessage.of(entry("data").newCodec(MessageFormat.kryoFields));
        long ours = perPair(generated, GeneratedSamples.<M>of(entry("data")), entry("data").<M>newMessage());
        System.out.println("kryoFields data: generated " + ours + " B per encode+decode, hand-written " + handWritten + " B");
        assertTrue(ours <= handWritten, "the generated data row allocates " + ours + " B per encode+decode, the hand-written "
                + handWritten + " B");
    }
}
