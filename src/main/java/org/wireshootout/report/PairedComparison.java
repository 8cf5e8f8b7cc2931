package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two runs' paired wire results side by side ({@code wire --paired}, in each run's wire folder): per transport and
 * format, the added cost over the floor and the ratio to it in both runs, how far B is from A, and whether the order
 * of the formats per transport is the same. A figure "repeats" when B is within 10 % of A.
 */
public final class PairedComparison {
    /** How close two runs' figures must be to count as repeated. */
    static final double REPEATS_WITHIN = 0.10;

    public final List<List<String>> rows = new ArrayList<>();
    /** Cells (transport x format) in both runs, and those whose added cost, or ratio, repeated. */
    public int cells;
    public int addedRepeats;
    public int ratioRepeats;
    public final List<String> orderDiffers = new ArrayList<>();
    public final List<String> transportsCompared = new ArrayList<>();

    public PairedComparison(WireResults a, WireResults b) {
        Map<String, JsonNode> inB = new LinkedHashMap<>();
        for (JsonNode r : b.paired) inB.put(r.path("payload").asText() + "/" + r.path("transport").asText(), r);
        for (JsonNode ra : a.paired) {
            String key = ra.path("payload").asText() + "/" + ra.path("transport").asText();
            JsonNode rb = inB.get(key);
            if (rb == null) continue;
            String transport = ra.path("transport").asText();
            transportsCompared.add(transport);
            List<String> orderA = order(ra);
            List<String> orderB = order(rb);
            Map<String, JsonNode> slotsB = slots(rb);
            for (JsonNode sa : ra.path("slots")) {
                if (sa.path("slot").asInt() == 0) continue;
                JsonNode sb = slotsB.get(sa.path("format").asText());
                if (sb == null) continue;
                cells++;
                double addA = sa.path("addedNs").path("median").asDouble(), addB = sb.path("addedNs").path("median").asDouble();
                double ratA = sa.path("ratio").path("median").asDouble(), ratB = sb.path("ratio").path("median").asDouble();
                boolean addOk = repeats(addA, addB), ratOk = repeats(ratA, ratB);
                if (addOk) addedRepeats++;
                if (ratOk) ratioRepeats++;
                rows.add(List.of(transport, sa.path("format").asText(),
                        String.format(Locale.ROOT, "%+.0f", addA), String.format(Locale.ROOT, "%+.0f", addB), change(addA, addB) + (addOk ? "" : " ✗"),
                        String.format(Locale.ROOT, "%.3f", ratA), String.format(Locale.ROOT, "%.3f", ratB), change(ratA, ratB) + (ratOk ? "" : " ✗"),
                        (orderA.indexOf(sa.path("format").asText()) + 1) + " / " + (orderB.indexOf(sa.path("format").asText()) + 1)));
            }
            List<String> common = new ArrayList<>(orderA);
            common.retainAll(orderB);
            List<String> commonB = new ArrayList<>(orderB);
            commonB.retainAll(orderA);
            if (!common.equals(commonB)) orderDiffers.add(transport + " (A: " + String.join(" < ", common) + "; B: " + String.join(" < ", commonB) + ")");
        }
    }

    static boolean repeats(double a, double b) {
        return Math.abs(b - a) <= REPEATS_WITHIN * Math.abs(a);
    }

    private static String change(double a, double b) {
        return a == 0 ? "n/a" : String.format(Locale.ROOT, "%+.1f %%", 100 * (b - a) / Math.abs(a));
    }

    /** The formats of a paired run, least added first. */
    private static List<String> order(JsonNode run) {
        List<String> names = new ArrayList<>();
        for (JsonNode s : PairedSection.ranked(run)) names.add(s.path("format").asText());
        return names;
    }

    private static Map<String, JsonNode> slots(JsonNode run) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        for (JsonNode s : run.path("slots")) m.put(s.path("format").asText(), s);
        return m;
    }

    public boolean isEmpty() {
        return cells == 0;
    }

    /** The section, or "" when the runs share no paired cell. */
    public String markdown() {
        if (isEmpty()) return "";
        StringBuilder sb = new StringBuilder("## Wire: formats against the floor (paired)\n\n");
        sb.append(String.format(Locale.ROOT, "Over %d cells in both runs, the added cost over the floor repeated within %.0f %% in %d, "
                        + "the ratio to the floor in %d; the order of the formats (least added first) was %s.%n%n", cells,
                100 * REPEATS_WITHIN, addedRepeats, ratioRepeats,
                orderDiffers.isEmpty() ? "the same over every transport" : "different over " + String.join("; ", orderDiffers)));
        MarkdownTable t = new MarkdownTable().text("transport").text("format").number("added A (ns)").number("added B (ns)")
                .number("B vs A").number("ratio A").number("ratio B").number("B vs A").number("rank A / B");
        for (List<String> r : rows) t.row(r);
        t.appendTo(sb);
        sb.append("\n✗: B more than ").append(Math.round(100 * REPEATS_WITHIN)).append(" % from A.\n\n");
        return sb.toString();
    }
}
