package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.wireshootout.wire.WireSweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The paired runs of a wire folder ({@code wire --paired}): one sentence of answer per transport, then a table per
 * transport of each format's cost over the floor measured in adjacent slices. The answer comes first because it is
 * the figure of the wire that repeats on a shared machine; the absolute figures of the grid below it move with the host.
 */
final class PairedSection {
    private PairedSection() {
    }

    static final String TITLE = "Formats against the floor, interleaved in time";

    static final String METHOD = "Each transport ran the formats and a floor (the same frames with no codec: claim, commit, poll "
            + "and the header's checks) in one run at one offered rate, in slices that take turns: a floor slice, then one slice "
            + "of each format, their order rotated every cycle. A format's added cost is, per cycle, its slice's median less the "
            + "mean of the floor slices before and after it; the figure is the median over the cycles, with a 95 % interval from "
            + "order statistics. p50 and p99 are of every measured message of the slot.";

    static final List<String> HEADERS = List.of("format", "p50 (ns)", "p99 (ns)", "added over the floor (ns)", "95 % interval (ns)",
            "ratio to the floor", "95 % interval");

    /** The formats of one paired run, least added first. */
    static List<JsonNode> ranked(JsonNode run) {
        List<JsonNode> formats = new ArrayList<>();
        for (JsonNode s : run.path("slots")) if (s.path("slot").asInt() > 0) formats.add(s);
        formats.sort(Comparator.comparingDouble(s -> s.path("addedNs").path("median").asDouble()));
        return formats;
    }

    private static JsonNode floor(JsonNode run) {
        for (JsonNode s : run.path("slots")) if (s.path("slot").asInt() == 0) return s;
        return run.path("slots").path(0);
    }

    private static String signed(double v) {
        return String.format(Locale.ROOT, "%+.0f", v);
    }

    /** One sentence per transport: the floor, the formats from least added to most, and which of them overlap. */
    static String answer(JsonNode run) {
        List<JsonNode> formats = ranked(run);
        StringBuilder sb = new StringBuilder();
        sb.append("Over `").append(run.path("transport").asText()).append("` at ")
                .append(WireSweep.rateLabel(run.path("offeredRatePerSecond").asDouble())).append(" msg/s (floor p50 ")
                .append(floor(run).path("p50Ns").asLong()).append(" ns), ");
        JsonNode first = formats.get(0);
        sb.append('`').append(first.path("format").asText()).append("` added the least, ")
                .append(signed(first.path("addedNs").path("median").asDouble())).append(" ns (")
                .append(signed(first.path("addedNs").path("low").asDouble())).append(" to ")
                .append(signed(first.path("addedNs").path("high").asDouble())).append(')');
        for (int i = 1; i < formats.size(); i++) {
            JsonNode s = formats.get(i);
            JsonNode before = formats.get(i - 1);
            boolean overlaps = s.path("addedNs").path("low").asDouble() <= before.path("addedNs").path("high").asDouble();
            sb.append(i == formats.size() - 1 ? ", then " : ", ").append('`').append(s.path("format").asText()).append("` ")
                    .append(signed(s.path("addedNs").path("median").asDouble()))
                    .append(overlaps ? " (not told apart from the one before)" : "");
        }
        sb.append(" over ").append(run.path("cycles").asInt()).append(" cycles.");
        return sb.toString();
    }

    static List<List<String>> rows(JsonNode run) {
        List<List<String>> rows = new ArrayList<>();
        JsonNode floor = floor(run);
        rows.add(List.of("floor (no codec)", floor.path("p50Ns").asText(), floor.path("p99Ns").asText(), "", "", "", ""));
        for (JsonNode s : ranked(run)) {
            JsonNode a = s.path("addedNs");
            JsonNode r = s.path("ratio");
            rows.add(List.of(s.path("format").asText(), s.path("p50Ns").asText(), s.path("p99Ns").asText(),
                    signed(a.path("median").asDouble()), signed(a.path("low").asDouble()) + " to " + signed(a.path("high").asDouble()),
                    String.format(Locale.ROOT, "%.2f", r.path("median").asDouble()),
                    String.format(Locale.ROOT, "%.2f to %.2f", r.path("low").asDouble(), r.path("high").asDouble())));
        }
        return rows;
    }

    static String settings(JsonNode run) {
        return String.format(Locale.ROOT, "`%s`, %s payload: %d measured cycles (after %d warm-up) of slices of %d messages; "
                        + "%d back-pressure events; sender %s, receiver %s; load average %s.",
                run.path("transport").asText(), run.path("payload").asText(), run.path("cycles").asInt(), run.path("warmupCycles").asInt(),
                run.path("sliceMessages").asInt(), run.path("backPressureEvents").asLong(), run.path("senderPinning").asText("?"),
                run.path("receiverPinning").asText("?"), run.path("loadAverage").asText("?"));
    }

    static void append(StringBuilder sb, WireResults w) {
        if (w.paired.isEmpty()) return;
        sb.append("### ").append(TITLE).append("\n\n");
        for (JsonNode run : w.paired) sb.append("- ").append(answer(run)).append('\n');
        sb.append('\n').append(METHOD).append("\n\n");
        for (JsonNode run : w.paired) {
            sb.append(settings(run)).append("\n\n");
            MarkdownTable t = new MarkdownTable().text(HEADERS.get(0));
            for (String h : HEADERS.subList(1, HEADERS.size())) t.number(h);
            for (List<String> r : rows(run)) t.row(r);
            t.appendTo(sb);
            sb.append('\n');
        }
    }

    static void html(HtmlPage page, WireResults w) {
        if (w.paired.isEmpty()) return;
        page.h(3, TITLE, "paired");
        StringBuilder list = new StringBuilder("<ul>");
        for (JsonNode run : w.paired) list.append("<li>").append(HtmlPage.esc(answer(run).replace("`", ""))).append("</li>");
        page.raw(list.append("</ul>\n").toString());
        page.p(METHOD);
        boolean[] numeric = new boolean[HEADERS.size()];
        for (int i = 1; i < numeric.length; i++) numeric[i] = true;
        int n = 0;
        for (JsonNode run : w.paired) {
            page.p(settings(run).replace("`", ""));
            List<List<String>> rows = rows(run);
            List<String> names = new ArrayList<>();
            for (List<String> r : rows) names.add(r.get(0));
            page.table("paired-table-" + (n++), HEADERS, numeric, rows, names);
        }
    }
}
