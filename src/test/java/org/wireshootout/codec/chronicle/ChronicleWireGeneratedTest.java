package org.wireshootout.codec.chronicle;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.AllocationProbe;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.MessageFormat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated Wire codecs ({@link ChronicleWireGenerator}) against the ten hand-written Wire rows on {@code Data}:
 * the same bytes both ways, no more allocation; and the generated readers' refusals of bytes their writers cannot have
 * written, each a DecodeException naming the row and an offset within the message.
 */
class ChronicleWireGeneratedTest {
    private static final int HEADER = ChronicleBufferCodec.HEADER;
    private static final String[] ROWS = {"twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF",
            "bwireFTT", "rwireUTF", "rwire8bit"};

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(MessageFormat f, String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(f);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static <M extends GeneratedMessage<M>> M decode(MessageFormat f, String key, byte[] b) {
        BufferCodec<M> codec = entry(key).newCodec(f);
        UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(b.length + 16));
        buffer.putBytes(5, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 5, b.length, target);
        return target;
    }

    private static DecodeException refused(MessageFormat f, String key, byte[] b) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(f, key, b), () -> f + " decoded " + new String(b, StandardCharsets.ISO_8859_1));
        assertTrue(e.getMessage().contains(f.name() + "/" + key), e.getMessage());
        assertTrue(e.offset() >= 0 && e.offset() <= b.length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    /** The header put right after a change of the payload's length. */
    private static byte[] reframed(byte[] b) {
        ByteBuffer.wrap(b).order(ByteOrder.nativeOrder()).putInt(0, b.length - HEADER);
        return b;
    }

    @Test
    void everyWireRowHasItsGeneratedRow() {
        for (String row : ROWS) {
            MessageFormat f = MessageFormat.of(row);
            assertEquals(row, f.handWritten().name());
            assertTrue(entry("data").carriedBy(f), row + " carries data");
        }
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF",
            "bwireFTT", "rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt(MessageFormat f) {
        HeldMessage<Data> hand = HeldMessage.of(f.handWritten().newCodec());
        hand.encode(Data.canonical());
        byte[] generated = bytes(f, "data", GeneratedSamples.<M>of(entry("data")));
        assertArrayEquals(hand.bytes(), generated, () -> f + ": " + new String(generated, StandardCharsets.ISO_8859_1));
        System.out.println(f + "/data: " + generated.length + " bytes, as the hand-written row");
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF",
            "bwireFTT", "rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void theHandWrittenRowReadsTheGeneratedBytes(MessageFormat f) {
        byte[] generated = bytes(f, "data", GeneratedSamples.<M>of(entry("data")));
        HeldMessage<Data> hand = HeldMessage.of(f.handWritten().newCodec());
        hand.load(generated, 0, generated.length);
        Data back = new Data();
        hand.decode(back);
        assertEquals(Data.canonical(), back);
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF",
            "bwireFTT", "rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void theGeneratedRowReadsTheHandWrittenBytes(MessageFormat f) {
        HeldMessage<Data> hand = HeldMessage.of(f.handWritten().newCodec());
        hand.encode(Data.canonical());
        M back = decode(f, "data", hand.bytes());
        assertNull(GeneratedSamples.<M>of(entry("data")).firstDifference(back));
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF",
            "bwireFTT", "rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void nonAsciiTextComesBack(MessageFormat f) {
        M value = GeneratedSamples.of(entry("data"));
        setText(value, "caf\u00e9 \u6771\u4eac \ud83d\udcc8");
        assertNull(value.firstDifference(decode(f, "data", bytes(f, "data", value))));
    }

    @Test
    <M extends GeneratedMessage<M>> void rawWire8bitCarriesTheTextAsUtf8() {
        M value = GeneratedSamples.of(entry("data"));
        String text = "caf\u00e9 \u6771\u4eac \ud83d\udcc8";
        setText(value, text);
        byte[] b = bytes(MessageFormat.rwire8bit, "data", value);
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        int at = indexOf(b, utf8);
        assertTrue(at > HEADER, "the UTF-8 bytes are in the document");
        assertEquals(utf8.length, b[at - 1], "behind a stop-bit byte count");
    }

    @Test
    <M extends GeneratedMessage<M>> void rawWire8bitRefusesMalformedUtf8() {
        M value = GeneratedSamples.of(entry("data"));
        setText(value, "\u00e9\u00e9");
        byte[] b = bytes(MessageFormat.rwire8bit, "data", value);
        int at = indexOf(b, "\u00e9\u00e9".getBytes(StandardCharsets.UTF_8));
        b[at + 3] = (byte) 0xFF; // 0xC3 0xA9 0xC3 0xFF: the last sequence is cut short
        DecodeException e = refused(MessageFormat.rwire8bit, "data", b);
        assertTrue(e.offset() >= at, e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit"})
    <M extends GeneratedMessage<M>> void theTextWiresRefuseAFieldOutOfItsPlace(MessageFormat f) {
        byte[] b = bytes(f, "data", GeneratedSamples.<M>of(entry("data")));
        int at = indexOf(b, "smallInt".getBytes(StandardCharsets.US_ASCII));
        b[at] = 'b'; // "bmallInt": not the key expected there
        refused(f, "data", b);
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit"})
    <M extends GeneratedMessage<M>> void theTextWiresRefuseAnIntegerWithAFraction(MessageFormat f) {
        M value = GeneratedSamples.of(entry("data"));
        byte[] b = bytes(f, "data", value);
        String doc = new String(b, StandardCharsets.ISO_8859_1);
        String small = Integer.toString(smallInt(value));
        int at = doc.indexOf(small, doc.indexOf("smallInt"));
        b[at + small.length() - 1] = '.'; // 123 -> 12.
        DecodeException e = refused(f, "data", b);
        assertTrue(e.getMessage().contains("smallInt"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void rawWireRefusesEveryTruncation(MessageFormat f) {
        byte[] good = bytes(f, "data", GeneratedSamples.<M>of(entry("data")));
        for (int len = 0; len < good.length; len++) {
            refused(f, "data", Arrays.copyOf(good, len));
            if (len > HEADER) refused(f, "data", reframed(Arrays.copyOf(good, len)));
        }
    }

    /** A document cut before its last field: the text wires find the field missing (BinaryWire reads it as its default, as its hand-written rows do). */
    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit"})
    <M extends GeneratedMessage<M>> void theTextWiresRefuseAMissingField(MessageFormat f) {
        byte[] good = bytes(f, "data", GeneratedSamples.<M>of(entry("data")));
        int at = indexOf(good, "longInt".getBytes(StandardCharsets.US_ASCII));
        while (good[at - 1] == '"') at--;
        refused(f, "data", reframed(Arrays.copyOf(good, at)));
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void rawWireRefusesATrailingByte(MessageFormat f) {
        byte[] good = bytes(f, "data", GeneratedSamples.<M>of(entry("data")));
        refused(f, "data", reframed(Arrays.copyOf(good, good.length + 1)));
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF",
            "bwireFTT", "rwireUTF", "rwire8bit"})
    void dataAllocatesNoMoreThanTheHandWrittenRow(MessageFormat f) {
        DataAllocation.assertNoMore(f, DataAllocation.Measure.pair);
    }

    /**
     * Nested objects and lists allocate nothing on the text wires and RawWire. BinaryWire's reader of nested objects
     * does allocate (about 2 KB per car decode, none per encode, in this Chronicle version), so its rows are left out.
     */
    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit", "rwireUTF", "rwire8bit"})
    <M extends GeneratedMessage<M>> void nestedMessagesAllocateNothingPerMessage(MessageFormat f) {
        // car: nested composites, groups of composites holding groups, text and ascii
        HeldMessage<M> held = HeldMessage.of(entry("car").newCodec(f), 1 << 16);
        long bytes = perPair(held, GeneratedSamples.<M>of(entry("car")), entry("car").<M>newMessage());
        assertEquals(0, bytes, f + ": car allocates " + bytes + " B per encode+decode");
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

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"twireUTF", "twire8bit", "json8bit", "bwireFFF", "bwireTFF", "bwireFTF", "bwireTTF",
            "bwireFTT"})
    <M extends GeneratedMessage<M>> void theTextAndBinaryWiresRenderTheDocument(MessageFormat f) {
        BufferCodec<M> codec = entry("data").newCodec(f);
        byte[] b = bytes(f, "data", GeneratedSamples.<M>of(entry("data")));
        UnsafeBuffer buffer = new UnsafeBuffer(b);
        String shown = codec.render(buffer, 0, b.length);
        assertNotNull(shown);
        assertFalse(shown.isEmpty());
        assertEquals(f.handWritten().newCodec().render(buffer, 0, b.length), shown);
    }

    @Test
    void jsonWireRefusesBytesFieldsSayingWhy() {
        String why = entry("referencedata").cannot().get("json8bit");
        assertNotNull(why, "json8bit carries referencedata");
        assertTrue(why.contains("bytes"), why);
        assertFalse(entry("referencedata").carriedBy(MessageFormat.json8bit));
    }

    private static int indexOf(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int j = 0; j < what.length; j++) if (b[i + j] != what[j]) continue outer;
            return i;
        }
        return -1;
    }

    private static int smallInt(Object message) {
        try {
            return (int) message.getClass().getMethod("smallInt").invoke(message);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void setText(Object message, String text) {
        try {
            message.getClass().getMethod("text", CharSequence.class).invoke(message, text);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
