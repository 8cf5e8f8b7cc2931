package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.wireshootout.wire.WireSweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run at a recorded pace ({@code wire --pace recorded}): per transport, latency along the capture's own time beside
 * the rate the capture sent at, span by span (spans the capture sent nothing in are left out), one column per format.
 */
final class ReplaySection {
    private ReplaySection() {
    }

    static final String TITLE = "Latency along the replay";

    /** The cells of {@code transport} whose table-rate point carries a timeline. */
    private static List<WireResults.Cell> replayed(WireResults w, String transport) {
        List<WireResults.Cell> out = new ArrayList<>();
        for (WireResults.Cell c : w.cells) {
            if (!c.transport.equals(transport) || c.points.isEmpty()) continue;
            if (c.points.get(0).json.path("replayTimeline").path("spans").isArray()) out.add(c);
        }
        return out;
    }

    static boolean any(WireResults w) {
        for (String t : w.transports()) if (!replayed(w, t).isEmpty()) return true;
        return false;
    }

    static List<String> headers(List<WireResults.Cell> cells) {
        List<String> h = new ArrayList<>(List.of("capture time from (s)", "replay rate (msg/s)"));
        for (WireResults.Cell c : cells) h.add(c.format + " p50 / p99 / worst");
        return h;
    }

    static List<List<String>> rows(List<WireResults.Cell> cells) {
        List<List<String>> rows = new ArrayList<>();
        JsonNode first = cells.get(0).points.get(0).json.path("replayTimeline").path("spans");
        for (int s = 0; s < first.size(); s++) {
            JsonNode span = first.get(s);
            if (span.path("messages").asLong() == 0) continue;
            List<String> r = new ArrayList<>();
            r.add(String.format(Locale.ROOT, "%.3f", span.path("captureSecondsFrom").asDouble()));
            r.add(WireSweep.rateLabel(span.path("replayRatePerSecond").asLong()));
            for (WireResults.Cell c : cells) {
                JsonNode x = c.points.get(0).json.path("replayTimeline").path("spans").path(s);
                r.add(x.path("p50Ns").isNumber() ? WireSweep.nanos(x.path("p50Ns").asLong()) + " / " + WireSweep.nanos(x.path("p99Ns").asLong())
                        + " / " + WireSweep.nanos(x.path("worstNs").asLong()) : "");
            }
            rows.add(r);
        }
        return rows;
    }

    static String intro(WireResults w, List<WireResults.Cell> cells) {
        JsonNode t = cells.get(0).points.get(0).json.path("replayTimeline");
        return "`" + cells.get(0).transport + "`: " + t.path("axis").asText() + "; spans of "
                + String.format(Locale.ROOT, "%.3f", t.path("spanSeconds").asDouble()) + " s of the capture's time.";
    }

    static void append(StringBuilder sb, WireResults w) {
        if (!any(w)) return;
        sb.append("### ").append(TITLE).append("\n\n");
        for (String transport : w.transports()) {
            List<WireResults.Cell> cells = replayed(w, transport);
            if (cells.isEmpty()) continue;
            sb.append(intro(w, cells)).append("\n\n");
            List<String> h = headers(cells);
            MarkdownTable t = new MarkdownTable();
            for (String x : h) t.number(x);
            for (List<String> r : rows(cells)) t.row(r);
            t.appendTo(sb);
            sb.append('\n');
        }
    }

    static void html(HtmlPage page, WireResults w) {
        if (!any(w)) return;
        page.h(3, TITLE, "replay");
        int n = 0;
        for (String transport : w.transports()) {
            List<WireResults.Cell> cells = replayed(w, transport);
            if (cells.isEmpty()) continue;
            page.p(intro(w, cells).replace("`", ""));
            List<String> h = headers(cells);
            boolean[] numeric = new boolean[h.size()];
            java.util.Arrays.fill(numeric, true);
            List<List<String>> rows = rows(cells);
            List<String> names = new ArrayList<>();
            for (List<String> r : rows) names.add(r.get(0));
            page.table("replay-table-" + (n++), h, numeric, rows, names);
        }
    }
}
