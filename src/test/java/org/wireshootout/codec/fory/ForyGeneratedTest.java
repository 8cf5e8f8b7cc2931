package org.wireshootout.codec.fory;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated Fory codecs ({@link ForyGenerator}) against the hand-written {@code fory} row on {@code Data}, and
 * what the generated reader refuses in an object Fory did read: a null where the schema has a value and a value
 * outside its schema type, written here by a Fory registered as the generated codec's is.
 */
class ForyGeneratedTest {

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
     * The plain class has Data's fields and is registered under Data's id, so the bytes are the hand-written row's in
     * both modes (in compatible mode the type definition names the class by its id, not its name).
     */
    @Test
    <M extends GeneratedMessage<M>> void dataIsTheHandWrittenRowsBytes() {
        M sample = GeneratedSamples.of(entry("data"));
        assertArrayEquals(handWritten(Format.fory), bytes(MessageFormat.fory, "data", sample));
        assertArrayEquals(handWritten(Format.foryCompatible), bytes(MessageFormat.foryCompatible, "data", sample));
    }

    /** The generated value decodes through the hand-written row into the canonical Data, and back. */
    @Test
    <M extends GeneratedMessage<M>> void dataCrossesBetweenTheHandWrittenAndTheGeneratedRow() {
        M sample = GeneratedSamples.of(entry("data"));
        byte[] generated = bytes(MessageFormat.fory, "data", sample);
        Data read = new Data();
        Format.fory.newCodec().decode(new UnsafeBuffer(generated), 0, generated.length, read);
        assertEquals(Data.canonical(), read);
        byte[] hand = handWritten(Format.fory);
        M back = entry("data").newMessage();
        entry("data").<M>newCodec(MessageFormat.fory).decode(new UnsafeBuffer(hand), 0, hand.length, back);
        assertEquals(sample, back);
    }

    /** Encoding the same message twice writes the same bytes, and a group's entries are written up to its count only. */
    @Test
    <M extends GeneratedMessage<M>> void aGroupIsWrittenToItsCount() {
        GeneratedMessages.Entry e = entry("tradebatch");
        for (MessageFormat f : List.of(MessageFormat.fory, MessageFormat.foryCompatible)) {
            M full = e.<M>newMessage().edge(1);
            M one = e.<M>newMessage().edge(2);
            BufferCodec<M> codec = e.newCodec(f);
            HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
            int first = held.encode(one);
            held.encode(full);
            assertEquals(first, held.encode(one), f + ": a one-entry batch after a full one");
            M back = e.<M>newMessage().fill(new SplittableRandom(3));
            held.decode(back);
            assertEquals(one, back);
        }
    }

    /** The plain class of {@code data}'s codec in {@code format}, and a Fory registered as that codec's. */
    private static Object[] dataPojoAndFory(MessageFormat format) throws Exception {
        String codec = entry("data").codecs().get(format.name());
        Class<?> pojo = Class.forName(codec + "$Pojo$Data");
        Class<?> side = Class.forName(entry("data").messageClass().replaceAll("\\.Data$", ".Side"));
        return new Object[] {pojo, side, new ForyGenerated("writer", format == MessageFormat.foryCompatible, pojo, side)};
    }

    private static Object canonicalPojo(Class<?> pojo, Class<?> side) throws Exception {
        Object p = pojo.getConstructor().newInstance();
        pojo.getField("price").setDouble(p, 1234);
        pojo.getField("flag").setBoolean(p, true);
        pojo.getField("text").set(p, new StringBuilder("Hello World!"));
        pojo.getField("side").set(p, side.getEnumConstants()[1]);
        pojo.getField("smallInt").setInt(p, 123);
        pojo.getField("longInt").setLong(p, 1234567890L);
        return p;
    }

    /**
     * A text or enum that Fory read as null, and a text over its bound (in chars, or in UTF-8 bytes only), are refused
     * naming the row and the field; a text at its bound is read.
     */
    @Test
    void aNullOrAnOverlongFieldIsRefused() throws Exception {
        for (MessageFormat f : List.of(MessageFormat.fory, MessageFormat.foryCompatible)) {
            Object[] w = dataPojoAndFory(f);
            Class<?> pojo = (Class<?>) w[0];
            ForyGenerated writer = (ForyGenerated) w[2];
            List<Object> bad = new ArrayList<>();
            List<String> field = new ArrayList<>();
            Object p = canonicalPojo(pojo, (Class<?>) w[1]);
            pojo.getField("text").set(p, null);
            bad.add(p);
            field.add("Data.text");
            p = canonicalPojo(pojo, (Class<?>) w[1]);
            pojo.getField("side").set(p, null);
            bad.add(p);
            field.add("Data.side");
            p = canonicalPojo(pojo, (Class<?>) w[1]);
            pojo.getField("text").set(p, new StringBuilder("x".repeat(256)));
            bad.add(p);
            field.add("Data.text");
            // within the bound in chars, over it in UTF-8: 128 two-byte chars are 256 bytes, the bound 255
            p = canonicalPojo(pojo, (Class<?>) w[1]);
            pojo.getField("text").set(p, new StringBuilder("\u00e9".repeat(128)));
            bad.add(p);
            field.add("Data.text");
            for (int i = 0; i < bad.size(); i++) {
                UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024]);
                int length = writer.write(bad.get(i), buffer, 3);
                @SuppressWarnings({"rawtypes", "unchecked"})
                BufferCodec<Object> codec = (BufferCodec) entry("data").newCodec(f);
                Object target = entry("data").newMessage();
                DecodeException refused = assertThrows(DecodeException.class, () -> codec.decode(buffer, 3, length, target));
                assertTrue(refused.getMessage().contains(f.name() + "/data") && refused.getMessage().contains(field.get(i)), refused.getMessage());
            }
            // and one byte less is read
            Object fits = canonicalPojo(pojo, (Class<?>) w[1]);
            pojo.getField("text").set(fits, new StringBuilder("\u00e9".repeat(127)));
            UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024]);
            int length = writer.write(fits, buffer, 3);
            @SuppressWarnings({"rawtypes", "unchecked"})
            BufferCodec<Object> codec = (BufferCodec) entry("data").newCodec(f);
            Object target = entry("data").newMessage();
            codec.decode(buffer, 3, length, target);
            assertEquals("\u00e9".repeat(127), String.valueOf(target.getClass().getMethod("text").invoke(target)), f.name());
        }
    }

    /** Bytes Fory cannot read, and bytes left after the object, are a DecodeException, never Fory's own exception. */
    @Test
    <M extends GeneratedMessage<M>> void bytesForyCannotReadAreADecodeException() {
        for (MessageFormat f : List.of(MessageFormat.fory, MessageFormat.foryCompatible)) {
            M sample = GeneratedSamples.of(entry("data"));
            byte[] good = bytes(f, "data", sample);
            BufferCodec<M> codec = entry("data").newCodec(f);
            for (int cut = 0; cut < good.length; cut++) {
                int length = cut;
                DecodeException e = assertThrows(DecodeException.class,
                        () -> codec.decode(new UnsafeBuffer(good), 0, length, entry("data").newMessage()), f + ": cut at " + cut);
                assertTrue(e.getMessage().startsWith(f.name() + "/data"), e.getMessage());
            }
            byte[] longer = java.util.Arrays.copyOf(good, good.length + 1);
            assertThrows(DecodeException.class, () -> codec.decode(new UnsafeBuffer(longer), 0, longer.length, entry("data").newMessage()));
        }
    }

    /** Text held as builders when written, as the generated codecs' Pojo classes hold it. */
    public static final class Built {
        public StringBuilder name;
        public long id;
        public StringBuilder note;
    }

    /** The same fields with text as String, as the generated codecs' Read classes hold it. */
    public static final class Read {
        public String name;
        public long id;
        public String note;
    }

    /**
     * The premise of the fory row's String reader: schema consistent Fory writes a StringBuilder field as a String
     * one, so a class of Strings under the same id reads what the builder class wrote (Latin-1, UTF-16, null), and
     * the modes whose classes carry field ids (IDS, SHARED) are refused a reader of other classes.
     */
    /** A {@link Built} of Latin-1 and UTF-16 text, {@code id} and no note. */
    private static Built built(long id) {
        Built b = new Built();
        b.name = new StringBuilder("caf\u00e9 \u4e2d");
        b.id = id;
        return b;
    }

    @Test
    void aSchemaConsistentReaderOfStringsReadsWhatBuildersWrote() {
        ForyGenerated writer = new ForyGenerated("test", ForyGenerated.Mode.SCHEMA_CONSISTENT, Built.class);
        ForySupport reader = writer.reader(Read.class);
        Built b = built(-7);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        int n = writer.support().write(b, buffer, 0);
        Read r = reader.read(Read.class, buffer, 0, n);
        assertEquals("caf\u00e9 \u4e2d", r.name);
        assertEquals(-7, r.id);
        assertEquals(null, r.note);
        b.note = new StringBuilder("latin");
        n = writer.support().write(b, buffer, 0);
        assertEquals("latin", reader.read(Read.class, buffer, 0, n).note);
        for (ForyGenerated.Mode mode : new ForyGenerated.Mode[] {ForyGenerated.Mode.IDS, ForyGenerated.Mode.SHARED}) {
            ForyGenerated other = new ForyGenerated("test", mode, Built.class);
            assertThrows(IllegalStateException.class, () -> other.reader(Read.class), mode.name());
        }
    }

    /** The same fields and types as {@link Built}, another class: the codecs' Pojo class beside the message class. */
    public static final class SameFields {
        public StringBuilder name;
        public long id;
        public StringBuilder note;
    }

    /**
     * The premise of the foryCompatible row writing the message class itself: in compatible mode each message carries
     * its class's type definition (fields by name and type, the class by its id), so a class of the same fields
     * registered under the same id reads what the other class wrote, and the bytes are the ones that class writes.
     */
    @Test
    void aCompatibleReaderOfTheSameFieldsReadsWhatTheOtherClassWrote() {
        ForyGenerated writer = new ForyGenerated("test", ForyGenerated.Mode.COMPATIBLE, Built.class);
        ForySupport reader = writer.reader(SameFields.class);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        int n = writer.support().write(built(Long.MIN_VALUE), buffer, 0);
        byte[] written = new byte[n];
        buffer.getBytes(0, written);
        SameFields r = reader.read(SameFields.class, buffer, 0, n);
        assertEquals("caf\u00e9 \u4e2d", r.name.toString());
        assertEquals(Long.MIN_VALUE, r.id);
        assertEquals(null, r.note);
        SameFields same = new SameFields();
        same.name = new StringBuilder("caf\u00e9 \u4e2d");
        same.id = Long.MIN_VALUE;
        ForyGenerated other = new ForyGenerated("test", ForyGenerated.Mode.COMPATIBLE, SameFields.class);
        int m = other.support().write(same, buffer, 0);
        byte[] theirs = new byte[m];
        buffer.getBytes(0, theirs);
        org.junit.jupiter.api.Assertions.assertArrayEquals(written, theirs, "the two classes' bytes");
    }
}
