package org.wireshootout.codec.capnp;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.registry.MessageFormat;

import java.util.Arrays;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated Cap'n Proto codecs, unpacked and packed: on {@code data} the same bytes as the hand-written rows, and
 * the checks the generated reader makes on bytes the runtime accepts but the schema does not allow.
 */
class CapnpGeneratedTest {

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"capnp", "capnpPacked"})
    <M extends GeneratedMessage<M>> void dataIsWrittenAsTheHandWrittenRowWritesIt(MessageFormat row) {
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        M sample = GeneratedSamples.of(entry);
        byte[] handWritten = encode(row.handWritten().newCodec(), Data.canonical());
        byte[] ours = encode(entry.newCodec(row), sample);
        assertArrayEquals(handWritten, ours, "hand-written " + HexFormat.of().formatHex(handWritten) + ", generated " + HexFormat.of().formatHex(ours));
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"capnp"})
    <M extends GeneratedMessage<M>> void anEnumerantTheSchemaDoesNotDeclareIsRefused(MessageFormat row) {
        // Data: segment table (8 bytes), root pointer (8), then the data section, whose bytes 10 and 11 hold side
        // (price at 0, flag at bit 64, side the next 16-bit slot), as in the hand-written row's schema
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        byte[] valid = encode(entry.newCodec(row), GeneratedSamples.<M>of(entry));
        valid[8 + 8 + 10] = 7;
        DecodeException e = refused(row, "data", valid);
        assertTrue(e.getMessage().contains("Data.side"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"capnp", "capnpPacked"})
    <M extends GeneratedMessage<M>> void bytesAfterTheMessageAreRefused(MessageFormat row) {
        GeneratedMessages.Entry entry = GeneratedMessages.of("data");
        byte[] valid = encode(entry.newCodec(row), GeneratedSamples.<M>of(entry));
        refused(row, "data", Arrays.copyOf(valid, valid.length + 8));
    }

    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"capnp", "capnpPacked"})
    <M extends GeneratedMessage<M>> void aTruncatedMessageIsRefused(MessageFormat row) {
        GeneratedMessages.Entry entry = GeneratedMessages.of("tradebatch");
        byte[] valid = encode(entry.newCodec(row), GeneratedSamples.<M>of(entry));
        refused(row, "tradebatch", Arrays.copyOf(valid, valid.length / 2));
    }

    private static <M extends GeneratedMessage<M>> DecodeException refused(MessageFormat row, String key, byte[] bytes) {
        GeneratedMessages.Entry entry = GeneratedMessages.of(key);
        BufferCodec<M> codec = entry.newCodec(row);
        M target = entry.newMessage();
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new UnsafeBuffer(bytes), 0, bytes.length, target));
        assertTrue(e.getMessage().startsWith(row.name() + "/" + key + ":"), e.getMessage());
        return e;
    }

    private static <T> byte[] encode(BufferCodec<T> codec, T value) {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 16]);
        int length = codec.encode(value, buffer, 0);
        return Arrays.copyOf(buffer.byteArray(), length);
    }

    /**
     * On {@code data}, the generated row allocates no more per encode and per decode than its hand-written row, every
     * object counted under C1 ({@link DataAllocation}), where no fork's draw of what C2 removes decides it.
     */
    @ParameterizedTest
    @EnumSource(value = MessageFormat.class, names = {"capnp", "capnpPacked"})
    void dataAllocatesNoMoreThanTheHandWrittenRow(MessageFormat row) {
        DataAllocation.assertNoMore(row, DataAllocation.Measure.encode, DataAllocation.Measure.decode);
    }
}
