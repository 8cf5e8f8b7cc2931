package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
            List<String> cells = new ArrayList<>();
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
        sb.append("\nHow each format evolves (rows that share a mechanism share a line):\n\n");
        Map<String, List<String>> byMechanism = new LinkedHashMap<>();
        for (JsonNode r : root.path("rows")) {
            byMechanism.computeIfAbsent(r.path("mechanism").asText(), m -> new ArrayList<>()).add("`" + r.path("row").asText() + "`");
        }
        for (Map.Entry<String, List<String>> m : byMechanism.entrySet()) {
            sb.append("- ").append(String.join(", ", m.getValue())).append(": ").append(m.getKey()).append('\n');
        }
        // one line per row and distinct outcome-and-detail, naming every change and direction it covers
        MarkdownTable details = new MarkdownTable().text("format").text("changes").text("outcome").text("what happened");
        for (JsonNode r : root.path("rows")) {
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
                details.row("`" + r.path("row").asText() + "`", changes, MARKS.getOrDefault(od[0], od[0]), od[1].replace("|", "\\|"));
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
