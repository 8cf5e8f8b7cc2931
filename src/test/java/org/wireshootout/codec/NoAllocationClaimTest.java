package org.wireshootout.codec;

import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.registry.Row;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexMessage;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every row, of both data models, whose labels claim no allocation per message is held to it through the one
 * {@link AllocationProbe}: encode and decode, cycling through the row's sample values (the canonical six-field
 * message and its non-ASCII texts; one IEX message of every type with ordinary and edge values), allocate less than a byte per pair.
 */
class NoAllocationClaimTest {
    private static final int CALLS = 20_000;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#claimingNoAllocation")
    void encodeAndDecodeAllocateNothingPerMessage(Row<?> row) {
        if (row instanceof Format) {
            check((Format) row, carried((Format) row));
        } else {
            check((IexFormat) row, IexSamples.handMade());
        }
    }

    /**
     * The canonical message, and beside it the same message with texts outside ASCII that the row can carry: Latin-1,
     * a char beyond U+00FF and a supplementary char (a surrogate pair), so a decoder that allocates per non-ASCII char
     * (a char[] per supplementary code point) is caught, as the bulk dataset's texts would show it.
     */
    private static List<Data> carried(Format format) {
        List<Data> values = new ArrayList<>();
        values.add(Data.canonical());
        for (String text : new String[]{"caf\u00e9", "\u65e5\u672c", "ok \ud83d\ude00"}) {
            Data d = new Data().copyFrom(Data.canonical());
            d.setText(text);
            if (format.labels().limitationFor(d) == null) values.add(d);
        }
        return values;
    }

    private static <T> void check(Row<T> row, List<T> values) {
        HeldMessage<T> codec = row.held();
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
