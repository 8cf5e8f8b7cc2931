package org.wireshootout.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: text columns left-aligned, figures right-aligned; cells escaped (a {@code |}
 * or a line break cannot break the table). Every table the project prints goes through it: the report, the
 * replay shootout, and the bulk and formats commands.
 */
public final class MarkdownTable {
    private final List<String> headers = new ArrayList<>();
    private final List<Boolean> numeric = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    public MarkdownTable text(String header) {
        headers.add(header);
        numeric.add(false);
        return this;
    }

    public MarkdownTable number(String header) {
        headers.add(header);
        numeric.add(true);
        return this;
    }

    /** Adds a row of {@code cells}, one per column. */
    public MarkdownTable row(String... cells) {
        row(List.of(cells));
        return this;
    }

    public void row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, table has " + headers.size() + " columns");
        }
        rows.add(cells);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public void appendTo(StringBuilder sb) {
        sb.append('|');
        for (String h : headers) sb.append(' ').append(Fmt.cell(h)).append(" |");
        sb.append("\n|");
        for (boolean n : numeric) sb.append(n ? "---:|" : "---|");
        sb.append('\n');
        for (List<String> r : rows) {
            sb.append('|');
            for (String c : r) sb.append(' ').append(Fmt.cell(c)).append(" |");
            sb.append('\n');
        }
    }

    /** The table's lines, each ending in a line break. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        appendTo(sb);
        return sb.toString();
    }
}
