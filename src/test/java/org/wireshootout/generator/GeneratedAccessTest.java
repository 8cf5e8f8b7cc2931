package org.wireshootout.generator;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.MessageDef;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated rows that read in place ({@link BufferAccess}): for every message each carries, {@code access} on the
 * encoding of 20 seeded values and of each edge value the row carries consumes exactly what the row's decode produces,
 * field by field in the row's access order ({@link AccessRecording}), numbers compared as numbers and text, ascii and
 * bytes as the bytes the view holds against the encoding of the decoded value; twice from the same bytes.
 */
class GeneratedAccessTest {
    static final int SEEDS = 20;
    /** The libraries whose generated codecs read in place. */
    static final List<MessageFormat> IN_PLACE = List.of(MessageFormat.sbe, MessageFormat.flatbuffers, MessageFormat.capnp);

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
            for (MessageFormat f : IN_PLACE) if (e.carriedBy(f)) out.add(Arguments.of(e.key(), f));
        }
        return out.stream();
    }

    @Test
    void exactlyTheInPlaceLibrariesReadInPlace() {
        for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
            for (MessageFormat f : MessageFormat.values()) {
                if (!e.carriedBy(f)) continue;
                boolean access = e.newCodec(f) instanceof BufferAccess;
                if (IN_PLACE.contains(f)) assertTrue(access, f + "/" + e.key() + " should read in place");
                // capnpPacked must unpack first; the other libraries build the message object to read a field
                if (f == MessageFormat.capnpPacked) assertFalse(access, "capnpPacked/" + e.key() + " cannot read in place");
            }
        }
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <M extends GeneratedMessage<M>> void accessConsumesWhatDecodeProduces(String key, MessageFormat format) throws Exception {
        GeneratedMessages.Entry entry = GeneratedMessages.of(key);
        MessageDef schema = AccessRecording.schemaOf(entry);
        BufferCodec<M> codec = entry.newCodec(format);
        BufferAccess access = (BufferAccess) codec;
        Map<Integer, String> notCarried = entry.edgesNotCarried(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 20);
        int checked = 0;
        for (int seed = 1; seed <= SEEDS; seed++) {
            check(entry, schema, format, codec, access, buffer, entry.<M>newMessage().fill(new SplittableRandom(seed)), "seed " + seed);
            checked++;
        }
        for (int which = 0; which < GeneratedMessage.EDGES; which++) {
            if (notCarried.containsKey(which)) continue;
            check(entry, schema, format, codec, access, buffer, entry.<M>newMessage().edge(which), "edge " + which);
            checked++;
        }
        assertTrue(checked >= SEEDS);
    }

    private static <M extends GeneratedMessage<M>> void check(GeneratedMessages.Entry entry, MessageDef schema, MessageFormat format,
                                                              BufferCodec<M> codec, BufferAccess access, UnsafeBuffer buffer, M value,
                                                              String what) throws Exception {
        int length = codec.encode(value, buffer, 0);
        M decoded = entry.newMessage();
        codec.decode(buffer, 0, length, decoded);
        List<AccessRecording.Expected> expected = AccessRecording.expected(schema, format, decoded);
        for (int pass = 1; pass <= 2; pass++) {
            AccessRecording.Sink sink = new AccessRecording.Sink();
            access.access(buffer, 0, length, sink);
            assertNull(AccessRecording.firstDifference(expected, sink.values), entry.rowName(format) + " " + what + ", access " + pass);
        }
    }
}
