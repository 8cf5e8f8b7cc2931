package org.wireshootout.codec.kryo;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.DataAllocation;
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
 * The generated {@code kryoFields} codecs ({@link KryoFieldsGenerator}): Kryo's FieldSerializer over the plain class
 * of the message's fields writes {@code Data} as the hand-written row writes the model, writes a group to its count,
 * and the copy into the target refuses what the plain class's fields can hold but its writer never writes. Those
 * values are made here by setting the codec's plain object's fields by reflection and letting FieldSerializer write
 * them.
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

    /** The bytes the codec's own Kryo writes from its plain object after encoding {@code value} and then {@code change}. */
    private static <M extends GeneratedMessage<M>> byte[] written(String key, M value, java.util.function.Consumer<Object> change) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.kryoFields);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 16]);
        codec.encode(value, buffer, 0);
        Object plain = get(codec, "out");
        change.accept(plain);
        int length = ((KryoFieldsGenerated) get(codec, "kryo")).write(plain, buffer, 0);
        byte[] b = new byte[length];
        buffer.getBytes(0, b);
        return b;
    }

    @Test
    <M extends GeneratedMessage<M>> void aNullWhereTheWriterWritesAnObjectIsRefused() {
        M sample = GeneratedSamples.of(entry("data"));
        byte[] text = written("data", sample, p -> set(p, "text", null));
        assertTrue(refused("data", text).getMessage().contains("Data.text: null where the schema has a value"));
        byte[] side = written("data", sample, p -> set(p, "side", null));
        assertTrue(refused("data", side).getMessage().contains("Data.side: null where the schema has a value"));
    }

    private static Object get(Object o, String field) {
        try {
            Field f = o.getClass().getDeclaredField(field);
            f.setAccessible(true);
            return f.get(o);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** More entries than the group's bound, written by the codec's own Kryo from its plain object, are refused. */
    @Test
    <M extends GeneratedMessage<M>> void entriesPastTheBoundAreRefused() {
        M batch = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        assertNull(batch.firstDifference(decode("tradebatch", bytes("tradebatch", batch))));
        byte[] b = written("tradebatch", batch, p -> {
            Object[] trades = (Object[]) get(p, "trades");
            Object[] over = java.util.Arrays.copyOf(trades, 101);
            for (int i = trades.length; i < over.length; i++) over[i] = trades[0];
            set(p, "trades", over);
        });
        assertTrue(refused("tradebatch", b).getMessage().contains("101 entries, more than its bound 100"));
    }

    @Test
    <M extends GeneratedMessage<M>> void aGroupIsWrittenToItsCount() {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        BufferCodec<M> codec = entry("tradebatch").newCodec(MessageFormat.kryoFields);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        int fullLength = held.encode(full);
        M emptied = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        try {
            emptied.getClass().getMethod("clearTrades").invoke(emptied);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        int emptiedLength = held.encode(emptied);
        // a plain class's group is an array of the count's length: a cleared group writes its count and no entry
        assertTrue(emptiedLength < fullLength / 10, "a cleared group writes " + emptiedLength + " bytes, the full one " + fullLength);
        M back = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(3));
        held.decode(back);
        assertNull(emptied.firstDifference(back));
    }

    /**
     * The hand-written row's read makes a new Data (whose text is made when first used) and the StringBuilder Kryo
     * reads; the generated row's read makes a new plain Data, which holds what Kryo reads and nothing else. Measured,
     * and bounded by the hand-written row.
     */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.kryoFields, DataAllocation.Measure.pair);
    }
}
