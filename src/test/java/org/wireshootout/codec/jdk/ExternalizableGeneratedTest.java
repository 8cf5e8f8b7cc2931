package org.wireshootout.codec.jdk;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
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
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaParser;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated JDK-serialisation codecs ({@link ExternalizableGenerator}) against the hand-written
 * {@code externalizable} row on {@code Data} (the same stream but for the adapter's class name), and what the generated
 * {@code readExternal} refuses that {@code DataInput} would take.
 */
class ExternalizableGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(String key, M value) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.externalizable);
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static <M extends GeneratedMessage<M>> M decode(String key, byte[] b) {
        BufferCodec<M> codec = entry(key).newCodec(MessageFormat.externalizable);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[b.length + 16]);
        buffer.putBytes(5, b);
        M target = entry(key).newMessage();
        codec.decode(buffer, 5, b.length, target);
        return target;
    }

    private static DecodeException refused(String key, byte[] b) {
        DecodeException e = assertThrows(DecodeException.class, () -> decode(key, b));
        assertTrue(e.getMessage().contains("externalizable/" + key), e.getMessage());
        assertTrue(e.offset() >= 0 && e.offset() <= b.length, "offset " + e.offset() + " within the message: " + e.getMessage());
        return e;
    }

    /** {@code name} as the stream writes a class name: a two-byte length and its modified UTF-8. */
    private static byte[] utf(String name) {
        byte[] s = name.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[2 + s.length];
        b[0] = (byte) (s.length >> 8);
        b[1] = (byte) s.length;
        System.arraycopy(s, 0, b, 2, s.length);
        return b;
    }

    private static int indexOf(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int j = 0; j < what.length; j++) if (b[i + j] != what[j]) continue outer;
            return i;
        }
        throw new AssertionError("not found: " + Arrays.toString(what));
    }

    private static byte[] replace(byte[] b, byte[] what, byte[] with) {
        int at = indexOf(b, what);
        byte[] out = new byte[b.length - what.length + with.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(with, 0, out, at, with.length);
        System.arraycopy(b, at + what.length, out, at + with.length, b.length - at - what.length);
        return out;
    }

    /**
     * Where the object's own data starts: after the class descriptor's end (TC_ENDBLOCKDATA, then TC_NULL for no
     * superclass) and the header of its first block (TC_BLOCKDATA and a length byte, or TC_BLOCKDATALONG and an int).
     */
    private static int dataStart(byte[] b) {
        int i = indexOf(b, new byte[] {0x78, 0x70}) + 2;
        return (b[i] & 0xFF) == 0x77 ? i + 2 : i + 5;
    }

    private static String adapterName(String key) {
        return entry(key).newMessage().getClass().getName() + "Externalizable";
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsTheHandWrittenRowsStreamButForTheClassName() {
        HeldMessage<Data> hand = HeldMessage.of(Format.externalizable.newCodec());
        hand.encode(Data.canonical());
        byte[] generated = bytes("data", GeneratedSamples.<M>of(entry("data")));
        byte[] expected = replace(hand.bytes(), utf(ExternalizableData.class.getName()), utf(adapterName("data")));
        assertArrayEquals(expected, generated);
    }

    @Test
    <M extends GeneratedMessage<M>> void theFlagAndTheSideAreReadStrictly() {
        byte[] b = bytes("data", GeneratedSamples.<M>of(entry("data")));
        Data d = Data.canonical();
        // the object's data: price (8), flag (1), text (2 + UTF), side (1), smallInt (4), longInt (8), then TC_ENDBLOCKDATA
        int end = b.length - 1;
        assertEquals(0x78, b[end] & 0xFF, "TC_ENDBLOCKDATA ends the object's data");
        int side = end - 8 - 4 - 1;
        int flag = side - 2 - d.getText().toString().getBytes(StandardCharsets.UTF_8).length - 1;
        assertEquals(d.isFlag() ? 1 : 0, b[flag]);
        byte[] badFlag = b.clone();
        badFlag[flag] = 2;
        assertTrue(refused("data", badFlag).getMessage().contains("neither 0 nor 1"));
        byte[] badSide = b.clone();
        badSide[side] = 2;
        assertTrue(refused("data", badSide).getMessage().contains("names no value"));
    }

    @Test
    <M extends GeneratedMessage<M>> void dataLeftUnreadAndBytesAfterTheObjectAreRefused() {
        byte[] b = bytes("data", GeneratedSamples.<M>of(entry("data")));
        refused("data", Arrays.copyOf(b, b.length + 1));
        // one more byte inside the object's block of data: TC_BLOCKDATA (0x77) and its length byte lead it
        int block = dataStart(b) - 2;
        assertEquals(0x77, b[block] & 0xFF);
        byte[] longer = new byte[b.length + 1];
        System.arraycopy(b, 0, longer, 0, b.length - 1);
        longer[block + 1]++;
        longer[b.length - 1] = 0;
        longer[b.length] = 0x78;
        assertTrue(refused("data", longer).getMessage().contains("not read"));
    }

    @Test
    void anotherClassIsRefused() {
        HeldMessage<Data> hand = HeldMessage.of(Format.externalizable.newCodec());
        hand.encode(Data.canonical());
        refused("data", hand.bytes());
    }

    @Test
    <M extends GeneratedMessage<M>> void aGroupBeyondItsBoundIsRefused() {
        M full = entry("tradebatch").<M>newMessage().fill(new SplittableRandom(7));
        byte[] b = bytes("tradebatch", full);
        assertNull(full.firstDifference(decode("tradebatch", b)), "the full group is read");
        // batchId (8) and sendingTime (8) lead the object's data, then the count as a short
        int count = dataStart(b) + 16;
        assertEquals(100, b[count + 1]);
        byte[] more = b.clone();
        more[count + 1] = 101;
        assertTrue(refused("tradebatch", more).getMessage().contains("beyond its bound 100"));
    }

    @Test
    void textBeyondWhatWriteUtfTakesIsNotCarried() throws Exception {
        Schema s = SchemaParser.parse("long.schema", "schema longtext\nmessage Note {\n    body: text(40000)\n}\n");
        String why = new ExternalizableGenerator().cannotCarry(s, s.message("Note"));
        assertNotNull(why);
        assertTrue(why.contains("Note.body") && why.contains("writeUTF"), why);
        Schema ok = SchemaParser.parse("short.schema", "schema shorttext\nmessage Note {\n    body: text(32767)\n}\n");
        assertNull(new ExternalizableGenerator().cannotCarry(ok, ok.message("Note")));
    }

    @Test
    <M extends GeneratedMessage<M>> void theChronicleBytesRowWritesTheHandWrittenRowsStreamButForTheClassName() {
        HeldMessage<Data> hand = HeldMessage.of(Format.externalizableCBytes.newCodec());
        hand.encode(Data.canonical());
        BufferCodec<M> codec = entry("data").newCodec(MessageFormat.externalizableCBytes);
        assertEquals(Labels.Memory.DIRECT, codec.memory());
        HeldMessage<M> held = HeldMessage.of(codec, 1 << 16);
        M sample = GeneratedSamples.of(entry("data"));
        held.encode(sample);
        String name = entry("data").newMessage().getClass().getName() + "ExternalizableC";
        assertArrayEquals(replace(hand.bytes(), utf(ExternalizableData.class.getName()), utf(name)), held.bytes());
        M back = entry("data").newMessage();
        held.decode(back);
        assertNull(sample.firstDifference(back));
        // the heap row's stream, but for the class name; each refuses the other's class
        byte[] heap = bytes("data", sample);
        assertArrayEquals(replace(heap, utf(adapterName("data")), utf(name)), held.bytes());
        refused("data", held.bytes());
        byte[] after = Arrays.copyOf(held.bytes(), held.length() + 1);
        held.buffer().putBytes(0, after);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(held.buffer(), 0, after.length, entry("data").newMessage()));
        assertEquals(held.length(), e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("externalizableCBytes/data"), e.getMessage());
    }

    /**
     * Encoding and decoding, each measured alone, allocate no more than the hand-written row's: new object streams per
     * message and a new object per read, but no new message inside that object (it reads into the codec's own message;
     * a new message per read, its text's {@code StringBuilder} sized to the schema's bound, cost beyond the row's
     * adapter before), on the heap and over Chronicle Bytes. Decoding reads the adapter's class name into a new String,
     * so the generated adapter's name is no longer than {@code ExternalizableData}'s.
     */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRowEachWay() {
        for (MessageFormat row : new MessageFormat[] {MessageFormat.externalizable, MessageFormat.externalizableCBytes}) {
            // the adapter's class name is in the stream, read into a String on each read: it is no longer than the row's
            String name = entry("data").newMessage().getClass().getName() + (row == MessageFormat.externalizable ? "Externalizable" : "ExternalizableC");
            assertTrue(name.length() <= ExternalizableData.class.getName().length(), name);
                DataAllocation.assertNoMore(row, DataAllocation.Measure.encode, DataAllocation.Measure.decode);
        }
    }
}
