package org.wireshootout.codec.kryo;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated rows on Kryo's evolution serializers ({@code kryoTagged}, {@code kryoCompatible}) against their
 * hand-written rows on {@code Data}: the same bytes, each read by the other, no more allocation; and the allocation of
 * all three generated field-serializer rows ({@code kryoFields} too) against their hand-written rows, encode and
 * decode apart.
 */
class KryoGeneratedModesTest {
    private static final List<MessageFormat> MODES = List.of(MessageFormat.kryoTagged, MessageFormat.kryoCompatible);

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(MessageFormat format, String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(format);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static byte[] handWritten(Format format) {
        HeldMessage<Data> hand = HeldMessage.of(format.newCodec());
        hand.encode(Data.canonical());
        return hand.bytes();
    }

    /**
     * The tagged class has the hand-written tagged class's fields, types and tags; CompatibleFieldSerializer writes the
     * plain Data's field names, which are the model's, and the registration ids of its values, registered as the
     * hand-written row registers them. The class names are in neither stream.
     */
    @Test
    <M extends GeneratedMessage<M>> void dataIsTheHandWrittenRowsBytes() {
        M sample = GeneratedSamples.of(entry("data"));
        for (MessageFormat f : MODES) {
            byte[] hand = handWritten(f.handWritten());
            byte[] ours = bytes(f, "data", sample);
            System.out.println(f + " data: " + ours.length + " bytes, hand-written " + hand.length);
            assertArrayEquals(hand, ours, f.name());
        }
    }

    @Test
    <M extends GeneratedMessage<M>> void dataCrossesBetweenTheHandWrittenAndTheGeneratedRow() {
        M sample = GeneratedSamples.of(entry("data"));
        for (MessageFormat f : MODES) {
            byte[] generated = bytes(f, "data", sample);
            Data read = new Data();
            f.handWritten().newCodec().decode(new UnsafeBuffer(generated), 0, generated.length, read);
            assertEquals(Data.canonical(), read, f.name());
            byte[] hand = handWritten(f.handWritten());
            M back = entry("data").newMessage();
            entry("data").<M>newCodec(f).decode(new UnsafeBuffer(hand), 0, hand.length, back);
            assertEquals(sample, back, f.name());
        }
    }

    private static DecodeException refused(MessageFormat f, String key, byte[] b) {
        BufferCodec<?> codec = entry(key).newCodec(f);
        DecodeException e = assertThrows(DecodeException.class, () -> decodeRaw(codec, b, entry(key).newMessage()));
        assertTrue(e.getMessage().startsWith(f.name() + "/" + key), e.getMessage());
        return e;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void decodeRaw(BufferCodec codec, byte[] b, Object target) {
        codec.decode(new UnsafeBuffer(b), 0, b.length, target);
    }

    /** A field count of 0 is Kryo's null object; an unknown tag is refused as the hand-written row configures it. */
    @Test
    <M extends GeneratedMessage<M>> void taggedRefusesANullMessageAndAnUnknownTag() {
        assertTrue(refused(MessageFormat.kryoTagged, "data", new byte[] {0}).getMessage().contains("null object"));
        byte[] good = bytes(MessageFormat.kryoTagged, "data", GeneratedSamples.<M>of(entry("data")));
        assertEquals(7, good[0], "six fields, written as the count plus one");
        assertEquals(1, good[1], "flag's tag first: the fields in FieldSerializer's order, by name");
        byte[] unknown = good.clone();
        unknown[1] = 9;
        refused(MessageFormat.kryoTagged, "data", unknown);
    }

    /** A message that lacks a tag leaves that field null in the tagged object: refused for the text and the enum. */
    @Test
    <M extends GeneratedMessage<M>> void taggedRefusesAMissingTextOrEnum() {
        // the flag first (tag 1, one byte), then the count cut to one field: only the flag is there
        byte[] good = bytes(MessageFormat.kryoTagged, "data", GeneratedSamples.<M>of(entry("data")));
        byte[] flagOnly = Arrays.copyOfRange(good, 0, 3);
        flagOnly[0] = 2;
        String refusal = refused(MessageFormat.kryoTagged, "data", flagOnly).getMessage();
        assertTrue(refusal.contains("Data.text") || refusal.contains("Data.side"), refusal);
    }

    /** A field count far above the bytes left is refused before Kryo sizes its name arrays by it. */
    @Test
    <M extends GeneratedMessage<M>> void compatibleRefusesAFieldCountPastTheBytes() {
        byte[] good = bytes(MessageFormat.kryoCompatible, "data", GeneratedSamples.<M>of(entry("data")));
        byte[] huge = new byte[good.length + 4];
        huge[0] = (byte) 0xFF;
        huge[1] = (byte) 0xFF;
        huge[2] = (byte) 0xFF;
        huge[3] = (byte) 0x7F;
        System.arraycopy(good, 1, huge, 4, good.length - 1);
        assertTrue(refused(MessageFormat.kryoCompatible, "data", huge).getMessage().contains("field count"));
    }

    /** Every generated message round-trips through the new modes, groups and composites too (also in the round-trip test). */
    @Test
    <M extends GeneratedMessage<M>> void aGroupRoundTripsAndIsWrittenToItsCount() {
        GeneratedMessages.Entry e = entry("tradebatch");
        for (MessageFormat f : MODES) {
            M full = e.<M>newMessage().edge(1);
            M one = e.<M>newMessage().edge(2);
            HeldMessage<M> held = HeldMessage.of(e.<M>newCodec(f), 1 << 16);
            int first = held.encode(one);
            held.encode(full);
            int again = held.encode(one);
            assertEquals(first, again, f + ": a one-entry batch after a full one");
            M back = e.<M>newMessage().fill(new SplittableRandom(3));
            held.decode(back);
            assertNull(one.firstDifference(back), f.name());
        }
    }

    private static final int CALLS = 20_000;

    /**
     * On {@code data}, each generated row allocates no more per encode and per decode than its hand-written row: the
     * field, tagged and compatible modes each read a new plain object, which holds what Kryo reads and nothing else.
     */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        for (MessageFormat f : List.of(MessageFormat.kryo, MessageFormat.kryoFields, MessageFormat.kryoTagged, MessageFormat.kryoCompatible)) {
            DataAllocation.assertNoMore(f, DataAllocation.Measure.encode, DataAllocation.Measure.decode);
        }
    }
}
