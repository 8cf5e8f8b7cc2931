package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.wireshootout.wire.WireSweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run with {@code --stages}: where a message's time goes, per format and transport at the table's rate: the sender's
 * lag behind the schedule, the encode, the hand-off (commit, transport, poll) and the decode, p50 and p99 each, beside
 * the whole latency's p50 and what one clock read cost.
 */
final class StagesSection {
    private StagesSection() {
    }

    static final String TITLE = "Where the time goes (--stages)";
    static final List<String> HEADERS = List.of("format", "transport", "latency p50", "schedule lag p50 (p99)", "encode p50 (p99)",
            "hand-off p50 (p99)", "decode p50 (p99)", "a clock read");

    static List<List<String>> rows(WireResults w) {
        List<List<String>> rows = new ArrayList<>();
        for (WireResults.Cell c : w.cells) {
            WireResults.Point p = c.at(w.tableRate());
            if (p == null || !p.json.path("stagesNs").isObject()) continue;
            JsonNode s = p.json.path("stagesNs");
            List<String> r = new ArrayList<>(List.of(c.format, c.transport, WireSweep.nanos(p.latency("p50"))));
            for (String k : List.of("scheduleLag", "encode", "handOff", "decode")) {
                r.add(WireSweep.nanos(s.path(k).path("p50").asLong()) + " (" + WireSweep.nanos(s.path(k).path("p99").asLong()) + ")");
            }
            r.add(String.format(Locale.ROOT, "%.0f ns", s.path("clockReadNs").asDouble()));
            rows.add(r);
        }
        return rows;
    }

    static final String NOTE = "Each stage is the time between two clock reads (the sender's after its wait and after the encode, the "
            + "receiver's when the frame is handed to the decoder and after the decode), so each holds one read's cost, shown in the "
            + "last column and not taken off. The stages' medians need not add up to the latency's median: each is the median of its own.";

    static void append(StringBuilder sb, WireResults w) {
        List<List<String>> rows = rows(w);
        if (rows.isEmpty()) return;
        sb.append("### ").append(TITLE).append("\n\n");
        MarkdownTable t = new MarkdownTable().text(HEADERS.get(0)).text(HEADERS.get(1));
        for (String h : HEADERS.subList(2, HEADERS.size())) t.number(h);
        for (List<String> r : rows) t.row(r);
        t.appendTo(sb);
        sb.append('\n').append(NOTE).append("\n\n");
    }

    static void html(HtmlPage page, WireResults w) {
        List<List<String>> rows = rows(w);
        if (rows.isEmpty()) return;
        page.h(3, TITLE, "stages");
        boolean[] numeric = new boolean[HEADERS.size()];
        for (int i = 2; i < numeric.length; i++) numeric[i] = true;
        List<String> names = new ArrayList<>();
        for (List<String> r : rows) names.add(r.get(0));
        page.table("stages-table", HEADERS, numeric, rows, names);
        page.p(NOTE);
    }
}
