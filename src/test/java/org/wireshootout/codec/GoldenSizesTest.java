package org.wireshootout.codec;

import org.wireshootout.registry.Format;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.Data;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Every data-carrying row encodes the canonical message in exactly its golden size ({@link GoldenSizes}). */
class GoldenSizesTest {

    @Test
    void everyRowThatCarriesDataHasAGoldenSizeWithAReason() {
        List<Format> rows = Rows.carryingData().collect(Collectors.toList());
        assertEquals(rows, List.copyOf(GoldenSizes.SIZES.keySet()), "the golden sizes and the data-carrying rows must match");
        for (GoldenSizes.Size s : GoldenSizes.SIZES.values()) assertFalse(s.why.isBlank());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#carryingData")
    void canonicalMessageHasItsGoldenSize(Format f) {
        HeldMessage<Data> codec = f.held();
        int n = codec.encode(Data.canonical());
        assertEquals(GoldenSizes.bytes(f), n, f + ": " + GoldenSizes.SIZES.get(f).why);
        assertEquals(n, codec.length());
        assertEquals(n, codec.bytes().length);
    }
}
