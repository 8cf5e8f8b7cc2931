package org.wireshootout.codec;

import org.wireshootout.registry.Format;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.model.Data;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The schema-generated rows on damaged bytes: every single-byte change and every truncation of the canonical
 * encoding must decode to something or fail with an exception, never hang, never throw an Error (an
 * OutOfMemoryError from a lying length, a StackOverflowError).
 */
class GeneratedFormatsHostileBytesTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"sbe", "flatbuffers", "capnp", "capnpPacked", "protobuf"})
    void damagedBytesDecodeOrFailCleanly(Format format) {
        HeldMessage<Data> writer = format.held();
        writer.encode(Data.canonical());
        byte[] good = writer.bytes();
        HeldMessage<Data> reader = format.held();
        Data target = new Data();
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            int[] values = {0x00, 0x01, 0x7F, 0x80, 0xFF};
            for (int at = 0; at < good.length; at++) {
                for (int v : values) {
                    byte[] bad = good.clone();
                    bad[at] = (byte) v;
                    attempt(reader, bad, bad.length, target);
                }
            }
            for (int len = 0; len < good.length; len++) attempt(reader, good, len, target);
        });
    }

    private static void attempt(HeldMessage<Data> reader, byte[] bytes, int length, Data target) {
        try {
            reader.load(bytes, 0, length);
            reader.decode(target);
        } catch (RuntimeException expected) {
            // refused: fine
        }
    }
}
