package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The evolution matrix (the JSON the {@code evolution} command writes) as Markdown: one line per row with a
 * mark per change and direction, then a line per variant of the row ({@code `jackson` tolerant reader}), a legend,
 * each format's mechanism in a line, and the detail behind every cell that is not "reads correctly". A row
 * without {@code variants} (every file written before variants existed) has its own line only.
 */
public final class EvolutionTable {
    private static final Map<String, String> MARKS = new LinkedHashMap<>();

    static {
        MARKS.put("readsCorrectly", "✓");
        MARKS.put("failsLoudly", "✗ loud");
        MARKS.put("silentlyWrong", "⚠ WRONG");
        MARKS.put("notExpressible", "—");
    }

    private EvolutionTable() {
    }

    /** The matrix, legend, mechanisms and details. */
    public static String markdown(JsonNode root) {
        StringBuilder sb = new StringBuilder();
        MarkdownTable table = new MarkdownTable().text("format");
        for (JsonNode c : root.path("changes")) {
            table.text(c.path("name").asText() + " old→new").text(c.path("name").asText() + " new→old");
        }
        for (JsonNode line : lines(root)) {
            List<String> cells = new ArrayList<>();
            cells.add(label(line));
            for (JsonNode c : root.path("changes")) {
                cells.add(mark(line, c.path("name").asText(), "oldToNew"));
                cells.add(mark(line, c.path("name").asText(), "newToOld"));
            }
            table.row(cells);
        }
        table.appendTo(sb);
        sb.append("\n✓ reads correctly (a field the writer lacks reads as its default, one the reader lacks is skipped) · "
                + "✗ loud: the reader throws · ⚠ WRONG: the reader returns a value that was not sent, without an error · "
                + "— the format cannot state the change.\n\n");
        sb.append("The changes (each alone; version 2 is version 1 plus that change):\n\n");
        for (JsonNode c : root.path("changes")) {
            sb.append("- `").append(c.path("name").asText()).append("`: ").append(c.path("what").asText()).append('\n');
        }
        sb.append("\nHow each format evolves (rows that share a mechanism share a line; a variant's line says what its readers do):\n\n");
        Map<String, List<String>> byMechanism = new LinkedHashMap<>();
        for (JsonNode line : lines(root)) {
            byMechanism.computeIfAbsent(line.path("mechanism").asText(), m -> new ArrayList<>()).add(label(line));
        }
        for (Map.Entry<String, List<String>> m : byMechanism.entrySet()) {
            sb.append("- ").append(String.join(", ", m.getValue())).append(": ").append(m.getKey()).append('\n');
        }
        // one line per row and distinct outcome-and-detail, naming every change and direction it covers
        MarkdownTable details = new MarkdownTable().text("format").text("changes").text("outcome").text("what happened");
        for (JsonNode r : lines(root)) {
            Map<String, List<String>> cellsByWhat = new LinkedHashMap<>();
            for (JsonNode cell : r.path("cells")) {
                String outcome = cell.path("outcome").asText();
                if (outcome.equals("readsCorrectly")) continue;
                String dir = cell.path("direction").asText().equals("oldToNew") ? "old→new" : "new→old";
                cellsByWhat.computeIfAbsent(outcome + "\t" + cell.path("detail").asText(), k -> new ArrayList<>())
                        .add(cell.path("change").asText() + " " + dir);
            }
            for (Map.Entry<String, List<String>> e : cellsByWhat.entrySet()) {
                String[] od = e.getKey().split("\t", 2);
                String changes = e.getValue().size() == 12 ? "every change, both ways" : String.join(", ", e.getValue());
                details.row(label(r), changes, MARKS.getOrDefault(od[0], od[0]), od[1].replace("|", "\\|"));
            }
        }
        if (!details.isEmpty()) {
            sb.append("\nEvery cell that does not read correctly, and what the reader did:\n\n");
            details.appendTo(sb);
        }
        return sb.toString();
    }

    /**
     * The matrix's lines in order: each row's own, then its variants, each variant as an object with the row's
     * name ({@code row}), its own ({@code variant}), its mechanism and its cells.
     */
    private static List<JsonNode> lines(JsonNode root) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode r : root.path("rows")) {
            out.add(r);
            for (JsonNode v : r.path("variants")) {
                ObjectNode line = v.deepCopy();
                line.put("row", r.path("row").asText());
                out.add(line);
            }
        }
        return out;
    }

    /** {@code `row`}, or {@code `row` variant} for a variant's line. */
    private static String label(JsonNode line) {
        String variant = line.path("variant").asText("");
        return "`" + line.path("row").asText() + "`" + (variant.isEmpty() ? "" : " " + variant);
    }

    private static String mark(JsonNode row, String change, String direction) {
        for (JsonNode cell : row.path("cells")) {
            if (cell.path("change").asText().equals(change) && cell.path("direction").asText().equals(direction)) {
                String outcome = cell.path("outcome").asText();
                return MARKS.getOrDefault(outcome, outcome);
            }
        }
        return "?";
    }
}
