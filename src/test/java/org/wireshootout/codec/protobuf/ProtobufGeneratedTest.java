package org.wireshootout.codec.protobuf;

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

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated protobuf codecs: on {@code data} the same bytes as the hand-written {@code protobuf} row, and the
 * checks the generated reader adds after protobuf's parse (bytes protobuf accepts that the schema does not allow).
 */
class ProtobufGeneratedTest {

    @Test
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt() {
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        M sample = GeneratedSamples.of(entry);
        BufferCodec<M> generated = entry.newCodec(MessageFormat.protobuf);
        byte[] handWritten = encode(Format.protobuf.newCodec(), Data.canonical());
        byte[] ours = encode(generated, sample);
        assertArrayEquals(handWritten, ours, "hand-written " + HexFormat.of().formatHex(handWritten) + ", generated " + HexFormat.of().formatHex(ours));
    }

    @Test
    void anEnumNumberTheSchemaDoesNotDeclareIsRefused() {
        // Data.side (field 4) = 7: protobuf keeps an unknown number of an open enum; Side has 0 and 1
        DecodeException e = refused("data", bytes(0x20, 7));
        assertTrue(e.getMessage().contains("Data.side") && e.getMessage().contains("7"), e.getMessage());
    }

    @Test
    void textBeyondItsBoundInUtf8BytesIsRefused() {
        // Data.text is text(255): 100 chars of 3 bytes each are 300 bytes
        byte[] text = "\u20ac".repeat(100).getBytes(StandardCharsets.UTF_8);
        assertEquals(300, text.length);
        DecodeException e = refused("data", concat(bytes(0x1a, 0xac, 0x02), text));
        assertTrue(e.getMessage().contains("Data.text") && e.getMessage().contains("300"), e.getMessage());
    }

    @Test
    void asciiOfAnotherLengthIsRefused() {
        // NewOrder.clOrdId (field 2) is ascii(20): 3 chars
        DecodeException e = refused("orderentry", bytes(0x12, 3, 'a', 'b', 'c'));
        assertTrue(e.getMessage().contains("NewOrder.clOrdId"), e.getMessage());
    }

    @Test
    void asciiBeyond127IsRefused() {
        // NewOrder.clOrdId (field 2) is ascii(20): 19 chars and an e-acute, 21 bytes of valid UTF-8
        byte[] s = ("a".repeat(19) + "\u00e9").getBytes(StandardCharsets.UTF_8);
        DecodeException e = refused("orderentry", concat(bytes(0x12, s.length), s));
        assertTrue(e.getMessage().contains("NewOrder.clOrdId") && e.getMessage().contains("not ASCII"), e.getMessage());
    }

    @Test
    void moreGroupEntriesThanTheBoundAreRefused() {
        // BookSnapshot.bids (field 4) is Level[10]: 11 empty entries
        byte[] b = new byte[22];
        for (int i = 0; i < 11; i++) {
            b[2 * i] = 0x22;
            b[2 * i + 1] = 0;
        }
        DecodeException e = refused("booksnapshot", b);
        assertTrue(e.getMessage().contains("BookSnapshot.bids") && e.getMessage().contains("11"), e.getMessage());
    }

    @Test
    void aNarrowUnsignedValueBeyondItsRangeIsRefused() {
        // ExecutionReport.contraParty (field 24: avgPx's exponent took 17) again after a valid message, holding only
        // Party.role (field 3), a u8 carried as uint32, = 256: protobuf merges it into the first
        GeneratedMessages.Entry entry = GeneratedMessages.of("executionreport");
        byte[] valid = encode(entry.newCodec(MessageFormat.protobuf), entry.sample(1));
        DecodeException e = refused("executionreport", concat(valid, bytes(0xc2, 0x01, 3, 0x18, 0x80, 0x02)));
        assertTrue(e.getMessage().contains("Party.role") && e.getMessage().contains("256"), e.getMessage());
    }

    @Test
    void aSetBitNamingNoChoiceIsRefused() {
        // ExecutionReport.flags (field 10) has choices on bits 0 to 3; bit 4 is set
        GeneratedMessages.Entry entry = GeneratedMessages.of("executionreport");
        byte[] valid = encode(entry.newCodec(MessageFormat.protobuf), entry.sample(1));
        DecodeException e = refused("executionreport", concat(valid, bytes(0x50, 0x10)));
        assertTrue(e.getMessage().contains("ExecutionReport.flags"), e.getMessage());
    }

    @Test
    void timestampsAreFixed64() {
        // Quote.sendingTime (field 7) as sfixed64: tag (7 << 3) | 1, then 8 bytes little-endian
        GeneratedMessages.Entry entry = GeneratedMessages.of("quote");
        byte[] written = encode(entry.newCodec(MessageFormat.protobuf), entry.sample(1));
        assertEquals(0x39, written[written.length - 9] & 0xFF, HexFormat.of().formatHex(written));
    }

    private static <M extends GeneratedMessage<M>> DecodeException refused(String key, byte[] bytes) {
        GeneratedMessages.Entry entry = GeneratedMessages.of(key);
        BufferCodec<M> codec = entry.newCodec(MessageFormat.protobuf);
        M target = entry.newMessage();
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new UnsafeBuffer(bytes), 0, bytes.length, target));
        assertTrue(e.getMessage().startsWith("protobuf/" + key + ":"), e.getMessage());
        return e;
    }

    private static <T> byte[] encode(BufferCodec<T> codec, T value) {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 16]);
        int length = codec.encode(value, buffer, 0);
        return Arrays.copyOf(buffer.byteArray(), length);
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) b[i] = (byte) values[i];
        return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }

    /** On {@code data}, the generated row allocates no more per encode and per decode than its hand-written row ({@link DataAllocation}). */
    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRow() {
        DataAllocation.assertNoMore(MessageFormat.protobuf, DataAllocation.Measure.encode, DataAllocation.Measure.decode);
    }
}
