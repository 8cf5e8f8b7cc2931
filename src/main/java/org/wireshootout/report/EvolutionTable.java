package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The evolution matrix (the JSON the {@code evolution} command writes) as Markdown: one line per row with a
 * mark per change and direction, a legend, each format's mechanism in a line, and the detail behind every cell
 * that is not "reads correctly".
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
        for (JsonNode r : root.path("rows")) {
            java.util.List<String> cells = new java.util.ArrayList<>();
            cells.add("`" + r.path("row").asText() + "`");
            for (JsonNode c : root.path("changes")) {
                cells.add(mark(r, c.path("name").asText(), "oldToNew"));
                cells.add(mark(r, c.path("name").asText(), "newToOld"));
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
        sb.append("\nHow each format evolves:\n\n");
        for (JsonNode r : root.path("rows")) {
            sb.append("- `").append(r.path("row").asText()).append("`: ").append(r.path("mechanism").asText()).append('\n');
        }
        MarkdownTable details = new MarkdownTable().text("format").text("change").text("direction").text("outcome").text("what happened");
        for (JsonNode r : root.path("rows")) {
            for (JsonNode cell : r.path("cells")) {
                String outcome = cell.path("outcome").asText();
                if (outcome.equals("readsCorrectly")) continue;
                details.row("`" + r.path("row").asText() + "`", cell.path("change").asText(),
                        cell.path("direction").asText().equals("oldToNew") ? "old→new" : "new→old",
                        MARKS.getOrDefault(outcome, outcome), cell.path("detail").asText().replace("|", "\\|"));
            }
        }
        if (!details.isEmpty()) {
            sb.append("\nEvery cell that does not read correctly, and what the reader did:\n\n");
            details.appendTo(sb);
        }
        return sb.toString();
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
