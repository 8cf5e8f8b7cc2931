package org.wireshootout.codec.flatbuffers;

import com.google.flatbuffers.FlatBufferBuilder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated FlatBuffers codecs: on {@code data} the same bytes as the hand-written {@code flatbuffers} row, and the
 * verifier and value checks on tables a builder can write but the schema does not allow (built here with the
 * library's own builder, slot by slot as the generated {@code .fbs} numbers them).
 */
class FlatBuffersGeneratedTest {

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        M sample = GeneratedSamples.of(entry);
        BufferCodec<M> generated = entry.newCodec(MessageFormat.flatbuffers);
        byte[] handWritten = encode(Format.flatbuffers.newCodec(), Data.canonical());
        byte[] ours = encode(generated, sample);
        assertArrayEquals(handWritten, ours, "hand-written " + HexFormat.of().formatHex(handWritten) + ", generated " + HexFormat.of().formatHex(ours));
    }

    // Data's slots: 0 price (double), 1 flag (bool), 2 text (string, required), 3 side (ubyte), 4 smallInt, 5 longInt

    @Test
    void anEnumNumberTheSchemaDoesNotDeclareIsRefused() {
        DecodeException e = refused("data", b -> data(b, b.createString("x"), t -> b.addByte(3, (byte) 7, 0)));
        assertTrue(e.getMessage().contains("Data.side") && e.getMessage().contains("7"), e.getMessage());
    }

    @Test
    void aBoolByteOtherThan0Or1IsRefused() {
        DecodeException e = refused("data", b -> data(b, b.createString("x"), t -> b.addByte(1, (byte) 2, 0)));
        assertTrue(e.getMessage().contains("Data.flag"), e.getMessage());
    }

    @Test
    void textBeyondItsBoundIsRefused() {
        // Data.text is text(255): 100 chars of 3 bytes each are 300 bytes
        DecodeException e = refused("data", b -> data(b, b.createString("\u20ac".repeat(100)), t -> { }));
        assertTrue(e.getMessage().contains("Data.text") && e.getMessage().contains("300"), e.getMessage());
    }

    @Test
    void anAbsentRequiredFieldIsRefused() {
        DecodeException e = refused("data", b -> data(b, 0, t -> b.addInt(4, 5, 0)));
        assertTrue(e.getMessage().contains("Data.text") && e.getMessage().contains("absent"), e.getMessage());
    }

    @Test
    void malformedUtf8IsRefused() {
        DecodeException e = refused("data", b -> data(b, b.createString(ByteBuffer.wrap(new byte[] {'a', (byte) 0xC3})), t -> { }));
        assertTrue(e.getMessage().startsWith("flatbuffers/data:"), e.getMessage());
    }

    @Test
    <M extends GeneratedMessage<M>> void bytesAfterTheMessagesPartsAreRefused() {
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        byte[] valid = encode(entry.newCodec(MessageFormat.flatbuffers), GeneratedSamples.<M>of(entry));
        byte[] longer = Arrays.copyOf(valid, valid.length + 8);
        DecodeException e = refused("data", longer);
        assertTrue(e.getMessage().contains("after the buffer's parts"), e.getMessage());
    }

    @Test
    <M extends GeneratedMessage<M>> void minusZeroComesBack() {
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        BufferCodec<M> codec = entry.newCodec(MessageFormat.flatbuffers);
        M value = entry.sample(1);
        value.edge(3);
        byte[] written = encode(codec, value);
        M back = entry.newMessage();
        back.edge(1);
        codec.decode(new UnsafeBuffer(written), 0, written.length, back);
        assertEquals(null, value.firstDifference(back));
    }

    // BookSnapshot's slots: 0 instrumentId, 1 sequence, 2 sendingTime, 3 bids ([Level], required), 4 asks; Level's
    // slots: 0 price, 1 size, 2 orderCount

    @Test
    void moreGroupEntriesThanTheBoundAreRefused() {
        DecodeException e = refused("booksnapshot", b -> {
            int[] levels = new int[11];
            for (int i = 0; i < levels.length; i++) {
                b.startTable(3);
                b.addLong(0, i + 1, 0L);
                levels[i] = b.endTable();
            }
            int bids = vector(b, levels);
            int asks = vector(b, new int[0]);
            b.startTable(5);
            b.addOffset(4, asks, 0);
            b.addOffset(3, bids, 0);
            return b.endTable();
        });
        assertTrue(e.getMessage().contains("BookSnapshot.bids") && e.getMessage().contains("11"), e.getMessage());
    }

    @Test
    void oneEntryPointedToOverAndOverIsRefused() {
        // ten offsets to one shared Level in bids and asks: within the bounds, but twenty Levels cannot fit in the bytes
        DecodeException e = refused("booksnapshot", b -> {
            b.startTable(3);
            b.addLong(0, 1, 0L);
            int level = b.endTable();
            int[] tenTimes = new int[10];
            Arrays.fill(tenTimes, level);
            int bids = vector(b, tenTimes);
            int asks = vector(b, tenTimes);
            b.startTable(5);
            b.addOffset(4, asks, 0);
            b.addOffset(3, bids, 0);
            return b.endTable();
        });
        assertTrue(e.getMessage().contains("a part shared by offsets"), e.getMessage());
    }

    // ExecutionReport: 25 fields, avgPx (slot 15) followed by its exponent (16), so contraParty is slot 23; Party's
    // slots: 0 firmId (ascii(8)), 1 traderId, 2 role

    @Test
    <M extends GeneratedMessage<M>> void asciiOfAnotherLengthIsRefused() {
        GeneratedMessages.Entry entry = GeneratedMessages.of("executionreport");
        M value = entry.sample(1);
        byte[] valid = encode(entry.newCodec(MessageFormat.flatbuffers), value);
        // the firm id's 8 bytes are in the message once, as a string: its length prefix says 7 instead
        String firmId = firmId(value);
        byte[] needle = new byte[12];
        ByteBuffer.wrap(needle).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(8).put(firmId.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        int at = indexOf(valid, needle);
        assertTrue(at >= 0, HexFormat.of().formatHex(valid));
        valid[at] = 7;
        DecodeException e = refused("executionreport", valid);
        assertTrue(e.getMessage().contains("Party.firmId"), e.getMessage());
    }

    @Test
    void aNewMessageStartsWithNoGroupEntriesAnEncodeLeftBehind() {
        // an encode refused inside a group (a bad value in its third entry) leaves the entries it had added; the next
        // message must not start above them, or a codec refusing over and over would grow the stack without end
        FlatBuffersGenerated io = new FlatBuffersGenerated("test", new FlatBuffersGenerated.Slot[][] {{}});
        io.begin();
        int mark = io.mark();
        io.entry(8);
        io.entry(12);
        assertEquals(mark + 2, io.mark(), "two entries pending");
        io.begin();
        assertEquals(0, io.mark(), "the next message's first group starts at the bottom of the stack");
    }

    // IEX's union: the root table's slot 0 is the member's type (1 SystemEvent, 2 SecurityDirectory, ...), slot 1 its
    // table; SystemEvent's slots: 0 code (ascii(1), required), 1 timestamp

    @Test
    <U extends org.wireshootout.generator.GeneratedUnion<U>> void aUnionBuiltSlotBySlotIsRead() throws ReflectiveOperationException {
        // the frames the tests below spoil, built whole: read as the member the type names
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        b.finish(frame(b, systemEvent(b), 1));
        byte[] bytes = b.sizedByteArray();
        GeneratedMessages.Entry entry = GeneratedMessages.union("iex.IexMessage");
        BufferCodec<U> codec = entry.newCodec(MessageFormat.flatbuffers);
        U target = entry.newMessage();
        codec.decode(new UnsafeBuffer(bytes), 0, bytes.length, target);
        assertEquals(0, target.member(), "SystemEvent, the union's first member");
        Object held = target.held();
        assertEquals("S", held.getClass().getMethod("code").invoke(held).toString());
        assertEquals(1L, held.getClass().getMethod("timestamp").invoke(held));
    }

    @Test
    void aUnionTypeNamingNoMemberIsRefused() {
        DecodeException e = refusedUnion(b -> frame(b, systemEvent(b), 15));
        assertTrue(e.getMessage().contains("IexMessage.member_type") && e.getMessage().contains("15"), e.getMessage());
    }

    @Test
    void aUnionValueWithoutItsTypeIsRefused() {
        DecodeException e = refusedUnion(b -> frame(b, systemEvent(b), 0));
        assertTrue(e.getMessage().contains("IexMessage.member") && e.getMessage().contains("no member type"), e.getMessage());
    }

    @Test
    void aUnionTypeWithoutItsValueIsRefused() {
        DecodeException e = refusedUnion(b -> frame(b, 0, 1));
        assertTrue(e.getMessage().contains("IexMessage.member") && e.getMessage().contains("absent"), e.getMessage());
    }

    @Test
    void aMembersTableIsCheckedAsTheMemberItsTypeNames() {
        // a SystemEvent's table under SecurityDirectory's type: SecurityDirectory's required symbol (slot 2) is absent
        DecodeException e = refusedUnion(b -> frame(b, systemEvent(b), 2));
        assertTrue(e.getMessage().contains("SecurityDirectory.symbol") && e.getMessage().contains("absent"), e.getMessage());
    }

    private static int systemEvent(FlatBufferBuilder b) {
        int code = b.createString("S");
        b.startTable(2);
        b.addLong(1, 1L, 0L);
        b.addOffset(0, code, 0);
        return b.endTable();
    }

    private static int frame(FlatBufferBuilder b, int member, int type) {
        b.startTable(2);
        if (member != 0) b.addOffset(1, member, 0);
        b.addByte(0, (byte) type, 0);
        return b.endTable();
    }

    private static <U extends org.wireshootout.generator.GeneratedUnion<U>> DecodeException refusedUnion(Table table) {
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        b.finish(table.build(b));
        byte[] bytes = b.sizedByteArray();
        GeneratedMessages.Entry entry = GeneratedMessages.union("iex.IexMessage");
        BufferCodec<U> codec = entry.newCodec(MessageFormat.flatbuffers);
        U target = entry.newMessage();
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new UnsafeBuffer(bytes), 0, bytes.length, target));
        assertTrue(e.getMessage().startsWith("flatbuffers/"), e.getMessage());
        return e;
    }

    private static String firmId(Object executionReport) {
        try {
            Object party = executionReport.getClass().getMethod("contraParty").invoke(executionReport);
            return party.getClass().getMethod("firmId").invoke(party).toString();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) if (haystack[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }

    private static int data(FlatBufferBuilder b, int text, Consumer<FlatBufferBuilder> more) {
        b.startTable(6);
        if (text != 0) b.addOffset(2, text, 0);
        more.accept(b);
        return b.endTable();
    }

    private static int vector(FlatBufferBuilder b, int[] tables) {
        b.startVector(4, tables.length, 4);
        for (int i = tables.length - 1; i >= 0; i--) b.addOffset(tables[i]);
        return b.endVector();
    }

    private interface Table {
        int build(FlatBufferBuilder b);
    }

    private static DecodeException refused(String key, Table table) {
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        b.finish(table.build(b));
        return refused(key, b.sizedByteArray());
    }

    private static <M extends GeneratedMessage<M>> DecodeException refused(String key, byte[] bytes) {
        GeneratedMessages.Entry entry = GeneratedMessages.of(key);
        BufferCodec<M> codec = entry.newCodec(MessageFormat.flatbuffers);
        M target = entry.newMessage();
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new UnsafeBuffer(bytes), 0, bytes.length, target));
        assertTrue(e.getMessage().startsWith("flatbuffers/" + key + ":"), e.getMessage());
        return e;
    }

    private static <T> byte[] encode(BufferCodec<T> codec, T value) {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 16]);
        int length = codec.encode(value, buffer, 0);
        return Arrays.copyOf(buffer.byteArray(), length);
    }

    /** On {@code data}, the generated row allocates no more per encode and per decode than its hand-written row ({@link DataAllocation}). */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.flatbuffers, DataAllocation.Measure.encode, DataAllocation.Measure.decode);
    }
}
