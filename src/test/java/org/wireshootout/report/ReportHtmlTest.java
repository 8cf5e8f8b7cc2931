package org.wireshootout.report;

import org.htmlunit.BrowserVersion;
import org.htmlunit.ScriptException;
import org.htmlunit.WebClient;
import org.htmlunit.html.DomElement;
import org.htmlunit.html.DomNode;
import org.htmlunit.html.HtmlCheckBoxInput;
import org.htmlunit.html.HtmlPage;
import org.htmlunit.html.HtmlTableHeaderCell;
import org.htmlunit.javascript.JavaScriptErrorListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html and the comparison page in a real browser engine (HtmlUnit): they load without a script error,
 * every format of the run is in the tables and drawn in the charts, a format's switch hides its series, and a
 * click on a heading sorts the table. The pages must load nothing from the network.
 */
class ReportHtmlTest {

    @TempDir
    Path tmp;

    /** A run with rows of several families, so the charts have several panels. */
    private Path run(String name) throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, name);
        ReportFixtures.cloneFormat(dir, "limit", "sbe", 1.25);
        ReportFixtures.cloneFormat(dir, "limit", "jackson", 6);
        ReportFixtures.cloneFormat(dir, "limit", "bwireFTT", 3);
        ReportFixtures.cloneFormat(dir, "limit", "binaryWire", 4);
        ReportFixtures.retarget(dir.resolve("binaryWire.json"), "roundTrip", "IexBenchmark.roundTrip", java.util.Map.of("capture", ""));
        new ReportWriter(RunDirectory.read(dir)).write();
        return dir;
    }

    /** A browser that fails on any script error, any request off this machine, and records what it was asked to load. */
    private static final class Browser implements AutoCloseable {
        final WebClient client = new WebClient(BrowserVersion.FIREFOX);
        final List<String> errors = new ArrayList<>();
        final Set<String> requested = new LinkedHashSet<>();

        Browser() {
            client.getOptions().setThrowExceptionOnScriptError(true);
            client.getOptions().setCssEnabled(true);
            client.setJavaScriptErrorListener(new JavaScriptErrorListener() {
                @Override
                public void scriptException(HtmlPage page, ScriptException e) {
                    errors.add(e.getMessage());
                }

                @Override
                public void timeoutError(HtmlPage page, long allowed, long executionTime) {
                    errors.add("timeout");
                }

                @Override
                public void malformedScriptURL(HtmlPage page, String url, MalformedURLException e) {
                    errors.add("malformed " + url);
                }

                @Override
                public void loadScriptError(HtmlPage page, URL scriptUrl, Exception e) {
                    errors.add("load " + scriptUrl);
                }

                @Override
                public void warn(String message, String sourceName, int line, String lineSource, int lineOffset) {
                }
            });
            client.setWebConnection(new org.htmlunit.util.WebConnectionWrapper(client) {
                @Override
                public org.htmlunit.WebResponse getResponse(org.htmlunit.WebRequest request) throws IOException {
                    requested.add(request.getUrl().toString());
                    return super.getResponse(request);
                }
            });
        }

        HtmlPage open(Path file) throws IOException {
            HtmlPage page = client.getPage(file.toUri().toURL());
            client.waitForBackgroundJavaScript(2000);
            return page;
        }

        @Override
        public void close() {
            client.close();
        }
    }

    private static List<DomElement> series(HtmlPage page, String format) {
        List<DomElement> out = new ArrayList<>();
        for (DomNode n : page.querySelectorAll("[data-format]")) {
            DomElement e = (DomElement) n;
            if (format.equals(e.getAttribute("data-format"))) out.add(e);
        }
        return out;
    }

    private static boolean hidden(DomElement e) {
        return e.getAttribute("style").replace(" ", "").contains("display:none");
    }

    @Test
    void reportLoadsWithoutScriptErrorsAndShowsEveryFormat() throws IOException {
        Path dir = run("run");
        try (Browser b = new Browser()) {
            HtmlPage page = b.open(dir.resolve(ReportWriter.HTML_FILE));
            assertEquals(List.of(), b.errors, "script errors");
            for (String url : b.requested) assertTrue(url.startsWith("file:"), "the page loaded " + url);
            Set<String> formats = new LinkedHashSet<>();
            for (JmhResult r : RunDirectory.read(dir).results) formats.add(r.format());
            Set<String> inTables = new LinkedHashSet<>();
            for (DomNode n : page.querySelectorAll("tr[data-row-format]")) inTables.add(((DomElement) n).getAttribute("data-row-format"));
            assertEquals(formats, inTables, "every format of the run has its rows in the tables");
            for (String f : formats) {
                assertFalse(series(page, f).isEmpty(), f + " is drawn in the charts");
                assertNotNull(page.querySelector("input[data-toggle='" + f + "']"), f + " has a switch");
            }
            assertFalse(page.querySelectorAll("#decision [data-format]").isEmpty(), "the decision chart has points");
        }
    }

    @Test
    void thePageCarriesEverySectionOfTheMarkdownReport() throws IOException {
        Path dir = ReportFixtures.copyFixture(tmp, "whole");
        ReportFixtures.cloneFormat(dir, "limit", "sbe", 1.25);
        // an evolution matrix and a wire cell beside the JMH results, so that every kind of section is there
        Files.writeString(dir.resolve("evolution.json"), "{\"changes\": [{\"name\": \"addField\", \"what\": \"v2 adds a field\"}], "
                + "\"rows\": [{\"row\": \"sbe\", \"mechanism\": \"schema id\", \"cells\": ["
                + "{\"change\": \"addField\", \"direction\": \"oldToNew\", \"outcome\": \"readsCorrectly\", \"detail\": \"\"}, "
                + "{\"change\": \"addField\", \"direction\": \"newToOld\", \"outcome\": \"failsLoudly\", \"detail\": \"throws\"}]}]}");
        Path wire = Files.createDirectories(dir.resolve("wire"));
        for (String f : List.of("run.json", "data-sbe-ring.json")) {
            Files.copy(Path.of(java.net.URI.create(ReportHtmlTest.class.getResource("/runs/wire-sbe-ring/wire/" + f).toString())), wire.resolve(f));
        }
        RunDirectory run = RunDirectory.read(dir);
        assertEquals(List.of(), run.unreadable);
        new ReportWriter(run).write();
        String md = Files.readString(dir.resolve(ReportWriter.REPORT_FILE));
        try (Browser b = new Browser()) {
            HtmlPage page = b.open(dir.resolve(ReportWriter.HTML_FILE));
            assertEquals(List.of(), b.errors, "script errors");
            Set<String> headings = new LinkedHashSet<>();
            for (DomNode n : page.querySelectorAll("h1, h2, h3, h4")) headings.add(n.getTextContent().trim());
            List<String> mdHeadings = new ArrayList<>();
            for (String line : md.split("\n")) {
                if (!line.startsWith("#")) continue;
                mdHeadings.add(line.replaceFirst("^#+\\s*", "").replace("`", "").trim());
            }
            for (String h : List.of("The answer", "Round trip, Chronicle rows (the reference table)", "Comparison with other libraries",
                    "Every benchmark", "Schema evolution", "Crossing the wire", "Environment", "How to read these numbers")) {
                assertTrue(mdHeadings.contains(h), "report.md has the section " + h + ": " + mdHeadings);
            }
            for (String h : mdHeadings) {
                assertTrue(headings.stream().anyMatch(x -> x.equals(h) || x.startsWith(h + " ")), "report.html lacks the section \"" + h + "\": " + headings);
            }
            String text = page.asNormalizedText();
            // the answer sentence and the one-fork caution or settings line are in the page, as in report.md
            assertTrue(md.contains("Fastest round trip") && text.contains("Fastest round trip"), "the answer sentence");
            assertTrue(text.contains("JMH settings:"), "the settings line");
            assertTrue(page.querySelectorAll("table").size() >= 5, "the reference, evolution and environment tables are tables");
        }
    }

    @Test
    void switchingAFormatOffHidesItsSeriesAndOnShowsThem() throws IOException {
        Path dir = run("run");
        try (Browser b = new Browser()) {
            HtmlPage page = b.open(dir.resolve(ReportWriter.HTML_FILE));
            HtmlCheckBoxInput box = page.querySelector("input[data-toggle='jackson']");
            assertTrue(box.isChecked());
            box.click();
            assertEquals(List.of(), b.errors, "script errors");
            for (DomElement e : series(page, "jackson")) assertTrue(hidden(e), "jackson series hidden: " + e.asXml());
            for (DomElement e : series(page, "sbe")) assertFalse(hidden(e), "sbe series still shown");
            ((HtmlCheckBoxInput) page.querySelector("input[data-toggle='jackson']")).click();
            for (DomElement e : series(page, "jackson")) assertFalse(hidden(e), "jackson series shown again");
        }
    }

    @Test
    void aClickOnAHeadingSortsTheTable() throws IOException {
        Path dir = run("run");
        try (Browser b = new Browser()) {
            HtmlPage page = b.open(dir.resolve(ReportWriter.HTML_FILE));
            HtmlTableHeaderCell bytes = null;
            for (DomNode n : page.querySelectorAll("#summary th")) {
                if (n.asNormalizedText().startsWith("Bytes per message")) bytes = (HtmlTableHeaderCell) n;
            }
            assertNotNull(bytes);
            bytes.click();
            List<Integer> column = new ArrayList<>();
            for (DomNode row : page.querySelectorAll("#summary tbody tr")) {
                column.add(Integer.parseInt(((DomElement) row).getElementsByTagName("td").get(4).asNormalizedText()));
            }
            List<Integer> sorted = new ArrayList<>(column);
            sorted.sort(null);
            assertEquals(sorted, column, "ascending after one click");
            assertEquals(List.of(), b.errors);
        }
    }

    @Test
    void theComparisonPageLoadsAndFiltersMarkedRows() throws IOException {
        Path a = run("a");
        Path bDir = run("b");
        ReportFixtures.scaleSamples(bDir.resolve("sbe.json"), "sbe", 3);
        Path html = tmp.resolve("compare.html");
        Files.writeString(html, new RunComparison(RunDirectory.read(a), RunDirectory.read(bDir)).html());
        try (Browser b = new Browser()) {
            HtmlPage page = b.open(html);
            assertEquals(List.of(), b.errors, "script errors");
            List<DomElement> rows = new ArrayList<>();
            for (DomNode n : page.querySelectorAll("#comparison tbody tr")) rows.add((DomElement) n);
            assertTrue(rows.stream().anyMatch(r -> r.getAttribute("data-mark").equals("marked")), "the 3x row is marked");
            ((HtmlCheckBoxInput) page.getElementById("only-marked")).click();
            for (DomElement r : rows) {
                boolean marked = r.getAttribute("data-mark").equals("marked");
                assertEquals(!marked, hidden(r), r.asNormalizedText());
            }
        }
    }
}
