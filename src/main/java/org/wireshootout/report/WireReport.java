package org.wireshootout.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The report of a run that holds wire results and no JMH results ({@code run.sh --wire}): {@code report.md} and
 * {@code report.html} with the "Crossing the wire" section alone, and its charts.
 */
final class WireReport {
    private WireReport() {
    }

    /** Writes the files into the run directory; returns the Markdown report's path. */
    static Path write(RunDirectory run) throws IOException {
        List<String> charts = WireSection.writeCharts(run);
        String title = "Wire Shootout run " + run.dir.getFileName();
        String unreadable = run.unreadable.isEmpty() ? "" : "Unreadable result files (left out): " + String.join("; ", run.unreadable);
        StringBuilder sb = new StringBuilder("# ").append(title).append("\n\n");
        if (!unreadable.isEmpty()) sb.append("**").append(unreadable).append(".**\n\n");
        WireSection.append(sb, run, charts);
        Path out = run.dir.resolve(ReportWriter.REPORT_FILE);
        Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
        HtmlPage page = new HtmlPage(title);
        page.h(1, title, null);
        if (!unreadable.isEmpty()) page.raw("<p class=\"warn\">" + HtmlPage.esc(unreadable) + "</p>\n");
        WireSection.html(page, run);
        Files.writeString(run.dir.resolve(ReportWriter.HTML_FILE), page.html(JsonNodeFactory.instance.objectNode()), StandardCharsets.UTF_8);
        return out;
    }
}
