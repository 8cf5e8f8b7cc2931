package org.wireshootout.codec;

import org.wireshootout.registry.Format;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.Data;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Codec#copyTo}: the bulk run calls it once per record inside its timed loop, so every row copies
 * exactly what {@link Codec#bytes()} returns (framing included), straight from its own buffer, without
 * allocating.
 */
class CopyToTest {
    private static final int OFFSET = 3;
    private static final int CALLS = 10_000;
    private static final byte SENTINEL = (byte) 0xA5;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#carryingData")
    void copiesExactlyTheBytes(Format format) {
        Codec<Data> codec = format.newCodec();
        int n = codec.encode(Data.canonical());
        check(format + " after encode", codec, n);

        // after load, as a bulk stream's bytes arrive (some rows then read from another buffer)
        byte[] encoded = codec.bytes();
        Codec<Data> loaded = format.newCodec();
        loaded.load(encoded, 0, encoded.length);
        check(format + " after load", loaded, encoded.length);

        // copyTo does not disturb what decode reads
        Data target = new Data();
        codec.decode(target);
        assertEquals(Data.canonical(), target, format + ": decode after copyTo");
    }

    private static void check(String what, Codec<Data> codec, int n) {
        assertEquals(n, codec.length(), what + ": length()");
        byte[] expected = codec.bytes();
        assertEquals(n, expected.length, what + ": bytes().length");
        byte[] dst = new byte[OFFSET + n + OFFSET];
        Arrays.fill(dst, SENTINEL);
        assertEquals(n, codec.copyTo(dst, OFFSET), what + ": copyTo's return");
        assertTrue(Arrays.equals(dst, OFFSET, OFFSET + n, expected, 0, n), what + ": copyTo differs from bytes()");
        for (int i = 0; i < OFFSET; i++) {
            assertEquals(SENTINEL, dst[i], what + ": copyTo wrote before the offset");
            assertEquals(SENTINEL, dst[OFFSET + n + i], what + ": copyTo wrote past the length");
        }
        // a second call gives the same bytes: no state was consumed
        assertEquals(n, codec.copyTo(dst, OFFSET), what + ": second copyTo's return");
        assertTrue(Arrays.equals(dst, OFFSET, OFFSET + n, expected, 0, n), what + ": second copyTo differs");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Format.class)
    void allocatesNothingPerCall(Format format) {
        Codec<Data> codec = format.newCodec();
        codec.encode(Data.canonical());
        byte[] dst = new byte[OFFSET + codec.length()];
        long[] sum = {0};
        long least = AllocationProbe.leastBytes(() -> {
            for (int i = 0; i < CALLS; i++) sum[0] += codec.copyTo(dst, OFFSET);
        });
        assertEquals((long) AllocationProbe.RUNS * CALLS * codec.length(), sum[0], format + ": copyTo's returns");
        assertTrue(least < CALLS, format + " allocated at least " + least + " bytes in every window of " + CALLS + " copyTo calls");
    }
}
