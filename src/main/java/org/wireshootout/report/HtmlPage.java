package org.wireshootout.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A self-contained HTML page: its style, its data (JSON in a non-executed script element) and its script are
 * written inside it, and it loads nothing from anywhere else, so it opens from a file, offline, anywhere.
 * The script ({@code report.js} beside this class) sorts tables, draws the SVG charts from the data, toggles
 * formats and shows values on hover.
 */
final class HtmlPage {
    private final StringBuilder body = new StringBuilder();
    private final String title;

    HtmlPage(String title) {
        this.title = title;
    }

    HtmlPage raw(String html) {
        body.append(html);
        return this;
    }

    HtmlPage h(int level, String text, String id) {
        body.append("<h").append(level).append(id == null ? "" : " id=\"" + esc(id) + "\"").append('>')
                .append(esc(text)).append("</h").append(level).append(">\n");
        return this;
    }

    HtmlPage p(String text) {
        body.append("<p>").append(esc(text)).append("</p>\n");
        return this;
    }

    /** A sortable table: {@code numeric[i]} columns sort by number (a cell's figure), the others by text. */
    HtmlPage table(String id, List<String> headers, boolean[] numeric, List<List<String>> rows, List<String> rowFormats) {
        body.append("<table class=\"sortable\"").append(id == null ? "" : " id=\"" + esc(id) + "\"").append(">\n<thead><tr>");
        for (int i = 0; i < headers.size(); i++) {
            body.append("<th").append(numeric[i] ? " class=\"num\"" : "").append(" title=\"click to sort\">")
                    .append(esc(headers.get(i))).append("</th>");
        }
        body.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            body.append("<tr").append(rowFormats == null ? "" : " data-row-format=\"" + esc(rowFormats.get(r)) + "\"").append('>');
            for (int i = 0; i < row.size(); i++) {
                body.append("<td").append(numeric[i] ? " class=\"num\"" : "").append('>').append(esc(row.get(i))).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</tbody></table>\n");
        return this;
    }

    /** The page, with {@code data} embedded as JSON for the script. */
    String html(JsonNode data) {
        String json;
        try {
            json = new ObjectMapper().writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        // inside a script element only "</" could end it early
        json = json.replace("</", "<\\/");
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + resource("report.css") + "</style>\n</head>\n<body>\n"
                + body
                + "<div id=\"tip\" role=\"tooltip\"></div>\n"
                + "<script type=\"application/json\" id=\"data\">" + json + "</script>\n"
                + "<script>\n" + resource("report.js") + "</script>\n</body>\n</html>\n";
    }

    static String esc(String s) {
        if (s == null) return "";
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<': sb.append("&lt;"); break;
                case '>': sb.append("&gt;"); break;
                case '&': sb.append("&amp;"); break;
                case '"': sb.append("&quot;"); break;
                case '\'': sb.append("&#39;"); break;
                default: sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String resource(String name) {
        try (InputStream in = HtmlPage.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name + " beside " + HtmlPage.class.getName());
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
