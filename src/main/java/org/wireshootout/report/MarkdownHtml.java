package org.wireshootout.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown the report writes, as HTML: headings, paragraphs, pipe tables, bullet lists and images, with inline
 * code, bold and links. Only that subset: it turns the report's own text into the HTML page's, so both carry the
 * same sentences and tables. Images are referenced by their file name, beside the page in the run directory.
 */
final class MarkdownHtml {
    private static final Pattern IMAGE = Pattern.compile("^!\\[([^\\]]*)\\]\\(([^)]+)\\)$");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)\\s]+)\\)");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");

    private MarkdownHtml() {
    }

    /** One Markdown section (or several), as HTML. Headings get an id from {@code idPrefix} and their text. */
    static String html(String markdown, String idPrefix) {
        StringBuilder out = new StringBuilder();
        List<String> block = new ArrayList<>();
        for (String line : markdown.split("\n", -1)) {
            if (line.isBlank()) {
                flush(block, out, idPrefix);
                continue;
            }
            // a heading, a table or a list starts its own block even without a blank line before it
            if (line.startsWith("#") || (!block.isEmpty() && kind(block.get(0)) != kind(line) && kind(line) != Kind.TEXT)) {
                flush(block, out, idPrefix);
            }
            block.add(line);
            if (line.startsWith("#")) flush(block, out, idPrefix);
        }
        flush(block, out, idPrefix);
        return out.toString();
    }

    private enum Kind { HEADING, TABLE, LIST, TEXT }

    private static Kind kind(String line) {
        if (line.startsWith("#")) return Kind.HEADING;
        if (line.startsWith("|")) return Kind.TABLE;
        if (line.startsWith("- ")) return Kind.LIST;
        return Kind.TEXT;
    }

    private static void flush(List<String> block, StringBuilder out, String idPrefix) {
        if (block.isEmpty()) return;
        String first = block.get(0);
        switch (kind(first)) {
            case HEADING: {
                int level = 0;
                while (level < first.length() && first.charAt(level) == '#') level++;
                String text = first.substring(level).trim();
                out.append("<h").append(level).append(" id=\"").append(HtmlPage.esc(idPrefix + slug(text))).append("\">")
                        .append(inline(text)).append("</h").append(level).append(">\n");
                break;
            }
            case TABLE:
                table(block, out);
                break;
            case LIST:
                out.append("<ul>\n");
                StringBuilder item = null;
                for (String l : block) {
                    if (l.startsWith("- ")) {
                        if (item != null) out.append("<li>").append(inline(item.toString())).append("</li>\n");
                        item = new StringBuilder(l.substring(2));
                    } else if (item != null) {
                        item.append(' ').append(l.trim());
                    }
                }
                if (item != null) out.append("<li>").append(inline(item.toString())).append("</li>\n");
                out.append("</ul>\n");
                break;
            default: {
                String text = String.join(" ", block).trim();
                Matcher img = IMAGE.matcher(text);
                if (img.matches()) {
                    out.append("<p><img src=\"").append(HtmlPage.esc(img.group(2))).append("\" alt=\"").append(HtmlPage.esc(img.group(1)))
                            .append("\" style=\"max-width:100%\"></p>\n");
                } else {
                    out.append("<p>").append(inline(text)).append("</p>\n");
                }
            }
        }
        block.clear();
    }

    private static void table(List<String> lines, StringBuilder out) {
        List<String> header = cells(lines.get(0));
        List<Boolean> right = new ArrayList<>();
        int bodyFrom = 1;
        if (lines.size() > 1 && lines.get(1).matches("^\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*$")) {
            for (String c : cells(lines.get(1))) right.add(c.trim().endsWith(":"));
            bodyFrom = 2;
        }
        out.append("<table class=\"sortable\">\n<thead><tr>");
        for (int i = 0; i < header.size(); i++) {
            boolean num = i < right.size() && right.get(i);
            out.append("<th").append(num ? " class=\"num\"" : "").append(" title=\"click to sort\">").append(inline(header.get(i))).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (int r = bodyFrom; r < lines.size(); r++) {
            out.append("<tr>");
            List<String> row = cells(lines.get(r));
            for (int i = 0; i < row.size(); i++) {
                boolean num = i < right.size() && right.get(i);
                out.append("<td").append(num ? " class=\"num\"" : "").append('>').append(inline(row.get(i))).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table>\n");
    }

    /** The cells of a table line: split at '|' not escaped as "\|", outer pipes dropped. */
    static List<String> cells(String line) {
        String s = line.trim();
        if (s.startsWith("|")) s = s.substring(1);
        if (s.endsWith("|") && !s.endsWith("\\|")) s = s.substring(0, s.length() - 1);
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '|') {
                out.add(cell.toString().trim());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString().trim());
        return out;
    }

    /** Escapes the text, then marks up `code`, **bold** and [links](target). */
    static String inline(String text) {
        // code spans first, held aside so that nothing inside them is marked up
        List<String> codes = new ArrayList<>();
        Matcher m = CODE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            codes.add(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement("\u0000" + (codes.size() - 1) + "\u0000"));
        }
        m.appendTail(sb);
        String s = HtmlPage.esc(sb.toString());
        s = BOLD.matcher(s).replaceAll("<strong>$1</strong>");
        s = LINK.matcher(s).replaceAll("<a href=\"$2\">$1</a>");
        for (int i = 0; i < codes.size(); i++) s = s.replace("\u0000" + i + "\u0000", "<code>" + HtmlPage.esc(codes.get(i)) + "</code>");
        return s;
    }

    static String slug(String heading) {
        return heading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }
}
