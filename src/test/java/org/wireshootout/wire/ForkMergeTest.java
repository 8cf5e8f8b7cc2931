package org.wireshootout.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Three made-up forks of one cell merged: median p50, spread, summed histogram and counts, the sustained rule. */
class ForkMergeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A point as a fork writes it: {@code count} latencies of {@code p50} ns, one of {@code worst} ns. */
    private static ObjectNode point(double rate, long p50, long worst, int count, boolean sustained) {
        Histogram h = new Histogram(60_000_000_000L, 3);
        h.recordValueWithCount(p50, count - 1);
        h.recordValue(worst);
        ObjectNode p = JSON.createObjectNode();
        p.put("offeredRatePerSecond", rate);
        p.put("achievedRatePerSecond", (long) rate - (sustained ? 0 : 1000));
        p.put("messages", count + 10);
        p.put("warmupMessages", 10);
        p.put("sent", count + 10);
        p.put("received", count + 10);
        p.put("recorded", count);
        p.put("backPressureEvents", sustained ? 0 : 5);
        p.put("maxSendLagNs", worst);
        p.putObject("latencyNs").put("p50", h.getValueAtPercentile(50)).put("worst", h.getMaxValue());
        p.putObject("latencyFromActualSendNs").put("p50", p50 / 2);
        p.put("fromActualSendHistogram", WireResult.encode(h));
        p.putArray("windowMediansNs").add(p50);
        p.putObject("sustained").put("sustained", sustained).put("offeredReached", sustained).put("backlogGrowing", false).put("rule", "r");
        p.putObject("histogram").put("data", WireResult.encode(h));
        return p;
    }

    private static ObjectNode cell(ObjectNode... points) {
        ObjectNode c = JSON.createObjectNode().put("payload", "data").put("format", "sbe").put("transport", "ring");
        c.putArray("failures");
        c.putArray("ratesNotRun");
        ArrayNode a = c.putArray("points");
        for (ObjectNode p : points) a.add(p);
        return c;
    }

    @Test
    void medianOfThreeP50sSpreadSummedHistogramAndEveryForkSustains() {
        // fork 3 is the only one at 250k and did not sustain it; fork 2 alone fails to sustain 100k
        List<JsonNode> forks = List.of(
                cell(point(100_000, 300, 9_000, 1000, true), point(250_000, 400, 20_000, 1000, true)),
                cell(point(100_000, 200, 5_000, 1000, false)),
                cell(point(100_000, 500, 7_000, 1000, true), point(250_000, 900, 30_000, 1000, false)));
        ObjectNode m = ForkMerge.mergeCell(forks, List.of(1, 2, 3), List.of());
        JsonNode at100k = m.get("points").get(0);
        assertEquals(100_000.0, at100k.get("offeredRatePerSecond").asDouble());
        assertEquals(3, at100k.get("p50ByForkNs").size());
        assertEquals(300, at100k.get("latencyNs").get("p50").asLong(), "median of 300, 200, 500");
        assertEquals(100.0, at100k.get("p50SpreadPercent").asDouble(), "(500 - 200) / 300");
        assertEquals(9_000, at100k.get("latencyNs").get("worst").asLong(), 9, "worst of all forks");
        assertEquals(3000, at100k.get("recorded").asLong());
        assertEquals(3030, at100k.get("received").asLong());
        assertEquals(5, at100k.get("backPressureEvents").asLong());
        Histogram sum = WireResult.decodeHistogram(at100k.get("histogram").get("data").asText());
        assertEquals(3000, sum.getTotalCount());
        assertEquals(3, sum.getCountBetweenValues(4_000, 10_000), "each fork's one slow message");
        assertEquals(3000, WireResult.decodeHistogram(at100k.get("fromActualSendHistogram").asText()).getTotalCount());
        assertEquals(150, at100k.get("latencyFromActualSendNs").get("p50").asLong(), "median of 150, 100, 250");
        assertFalse(at100k.get("sustained").get("sustained").asBoolean(), "fork 2 did not sustain 100k");
        assertEquals(99_000, at100k.get("achievedRatePerSecond").asLong(), "the lowest fork's");
        JsonNode at250k = m.get("points").get(1);
        assertEquals(2, at250k.get("forks").asInt());
        assertEquals(650, at250k.get("latencyNs").get("p50").asLong(), "median of two: their mean");
        assertFalse(at250k.get("sustained").get("sustained").asBoolean());
        assertEquals(0.0, m.get("highestSustainedRatePerSecond").asDouble());
    }

    @Test
    void sustainedWhenEveryForkThatRanItDidAndFailuresNameTheFork() {
        List<JsonNode> forks = List.of(
                cell(point(100_000, 300, 900, 100, true), point(250_000, 400, 900, 100, true)),
                cell(point(100_000, 310, 900, 100, true)));
        ((ArrayNode) forks.get(1).get("failures")).add("sbe over ring at 250k msg/s FAILED: message 7 lost");
        ObjectNode m = ForkMerge.mergeCell(forks, List.of(1, 2), List.of("fork 3 wrote no result for this cell"));
        assertEquals(250_000.0, m.get("highestSustainedRatePerSecond").asDouble(), "250k ran in fork 1 only, sustained there");
        assertTrue(m.get("points").get(0).get("sustained").get("sustained").asBoolean());
        assertEquals("fork 2: sbe over ring at 250k msg/s FAILED: message 7 lost", m.get("failures").get(0).asText());
        assertEquals("fork 3 wrote no result for this cell", m.get("failures").get(1).asText());
        String summary = ForkMerge.summary(List.of(m), 100_000, 2);
        assertTrue(summary.contains("| sbe | ring | 305 ns | 300 ns, 310 ns | 3.3 % |"), summary);
    }

    @Test
    void medianAndSpreadOfOneValue() {
        assertEquals(7, ForkMerge.median(new long[] {7}));
        assertEquals(0.0, ForkMerge.spreadPercent(new long[] {7}));
        assertEquals(20, ForkMerge.median(new long[] {30, 10, 20}));
    }
}
