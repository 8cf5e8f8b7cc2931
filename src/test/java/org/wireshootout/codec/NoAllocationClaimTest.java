package org.wireshootout.codec;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexMessage;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every row, of both data models, whose labels claim no allocation per message is held to it through the one
 * {@link AllocationProbe}: encode and decode, cycling through the row's sample values (the canonical six-field
 * message; one IEX message of every type with ordinary and edge values), allocate less than a byte per pair.
 */
class NoAllocationClaimTest {
    private static final int CALLS = 20_000;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#claimingNoAllocation")
    void encodeAndDecodeAllocateNothingPerMessage(Row<?> row) {
        if (row instanceof Format) {
            check((Format) row, List.of(Data.canonical()));
        } else {
            check((IexFormat) row, IexSamples.handMade());
        }
    }

    private static <T> void check(Row<T> row, List<T> values) {
        Codec<T> codec = row.newCodec();
        T target = row.model().unlike(values.get(0));
        Object[] cycle = values.toArray(); // indexed: an iterator per round would be the test's own allocation
        int rounds = Math.max(1, CALLS / cycle.length);
        long calls = (long) rounds * cycle.length;
        long least = AllocationProbe.leastBytes(() -> {
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < cycle.length; i++) {
                    @SuppressWarnings("unchecked") T v = (T) cycle[i];
                    codec.encode(v);
                    codec.decode(target);
                }
            }
        });
        assertTrue(least < calls, row + " is labelled as not allocating, yet allocated at least " + least
                + " bytes in every window of " + calls + " encode+decode pairs");
    }
}
