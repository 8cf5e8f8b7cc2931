package org.wireshootout.report;

import java.util.ArrayList;
import java.util.List;

/** A GitHub-flavoured Markdown table: text columns left-aligned, figures right-aligned. */
final class MarkdownTable {
    private final List<String> headers = new ArrayList<>();
    private final List<Boolean> numeric = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    MarkdownTable text(String header) {
        headers.add(header);
        numeric.add(false);
        return this;
    }

    MarkdownTable number(String header) {
        headers.add(header);
        numeric.add(true);
        return this;
    }

    void row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, table has " + headers.size() + " columns");
        }
        rows.add(cells);
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void appendTo(StringBuilder sb) {
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
}
