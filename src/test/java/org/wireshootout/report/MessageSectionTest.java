package org.wireshootout.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The by-message view from MessageBenchmark results: a ranking per message by p50, the libraries the run's index
 * says cannot carry a message with their reasons, and the formats whose rank changes from one message to another.
 */
class MessageSectionTest {
    @TempDir
    Path tmp;

    /** kryo's and sbe's round trips of two messages, from the fixture's limit row scaled: sbe faster on data, slower on book. */
    private Path run() throws Exception {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        Files.delete(dir.resolve("baseline.json"));
        String[][] rows = {{"kryo-data", "kryo", "data", "2.0"}, {"sbe-data", "sbe", "data", "1.0"},
                {"kryo-book", "kryo", "book", "3.0"}, {"sbe-book", "sbe", "book", "5.0"}};
        for (String[] r : rows) {
            ReportFixtures.cloneFormat(dir, "limit", r[0], Double.parseDouble(r[3]));
            Path f = dir.resolve(r[0] + ".json");
            ReportFixtures.retarget(f, "roundTrip", "MessageBenchmark.roundTrip", Map.of("format", r[1], "message", r[2]));
        }
        Files.delete(dir.resolve("limit.json"));
        Files.writeString(dir.resolve(MessageSection.INDEX), String.join("\n",
                "message\tdata\tx.Data\tdata.schema", "row\tdata\tkryo\tx.DataCodec", "row\tdata\tsbe\tx.DataCodec2",
                "message\tbook\tx.Book\tbook.schema", "row\tbook\tkryo\tx.BookCodec", "row\tbook\tsbe\tx.BookCodec2",
                "cannot\tbook\tflatbuffers\tfield levels: a reason given for the test", ""));
        Files.writeString(dir.resolve(MessageSection.SIZES), "data\tkryo\t29\ndata\tsbe\t46\nbook\tkryo\t400\nbook\tsbe\t380\n");
        return dir;
    }

    /** From {@code heading} to the next heading. */
    private static String part(String md, String heading) {
        int from = md.indexOf(heading);
        int to = md.indexOf("\n#", from + heading.length());
        return md.substring(from, to < 0 ? md.length() : to);
    }

    @Test
    void ranksEachMessageAndNamesWhatChangesRankAndWhatCannotCarry() throws Exception {
        Path dir = run();
        new ReportWriter(RunDirectory.read(dir)).write();
        String md = Files.readString(dir.resolve(ReportWriter.REPORT_FILE));
        assertTrue(md.contains("## By message"), md);
        List<Map<String, String>> data = ReportFixtures.table(md, "### data");
        assertEquals(List.of("sbe", "kryo"), data.stream().map(r -> r.get("Format")).toList(), "data ranked by p50");
        assertEquals("46", data.get(0).get("Bytes per message"));
        List<Map<String, String>> book = ReportFixtures.table(md, "### book");
        assertEquals(List.of("kryo", "sbe"), book.stream().map(r -> r.get("Format")).toList(), "book ranked by p50");
        assertEquals("400", book.get(0).get("Bytes per message"));
        String bookPart = part(md, "### book");
        assertTrue(bookPart.contains("`flatbuffers`: field levels: a reason given for the test"), bookPart);
        assertFalse(part(md, "### data").contains("flatbuffers"), "data has no refusal");
        List<Map<String, String>> ranks = ReportFixtures.table(md, "### Rank by message");
        assertEquals("2", ReportFixtures.row(ranks, "kryo").get("data"));
        assertEquals("1", ReportFixtures.row(ranks, "kryo").get("book"));
        assertTrue(md.contains("Formats whose rank changes with the message: `kryo` (1 to 2), `sbe` (1 to 2)."), md);
    }

    /** A union's stream through kryo and sbe (sbe faster), and a library the run's index says writes no stream of it. */
    @Test
    void ranksEachUnionStreamAndNamesTheLibrariesWithoutOne() throws Exception {
        Path dir = ReportFixtures.copyFixture(tmp, "run");
        Files.delete(dir.resolve("baseline.json"));
        String[][] rows = {{"kryo-u", "kryo", "3.0"}, {"sbe-u", "sbe", "1.5"}};
        for (String[] r : rows) {
            ReportFixtures.cloneFormat(dir, "limit", r[0], Double.parseDouble(r[2]));
            ReportFixtures.retarget(dir.resolve(r[0] + ".json"), "roundTrip", "UnionBenchmark.roundTrip",
                    Map.of("format", r[1], "union", "orders.Events", "stream", "seeded"));
        }
        Files.delete(dir.resolve("limit.json"));
        Files.writeString(dir.resolve(MessageSection.INDEX), String.join("\n",
                "union\torders.Events\tx.Events\torders.schema", "unionrow\torders.Events\tkryo\tx.EventsCodec",
                "unionrow\torders.Events\tsbe\tx.EventsCodec2", "unioncannot\torders.Events\tcapnp\ta reason given for the test", ""));
        new ReportWriter(RunDirectory.read(dir)).write();
        String md = Files.readString(dir.resolve(ReportWriter.REPORT_FILE));
        assertTrue(md.contains("## By union stream"), md);
        assertFalse(md.contains("## By message"), "no message results, no by-message view");
        List<Map<String, String>> stream = ReportFixtures.table(md, "### orders.Events (seeded stream)");
        assertEquals(List.of("sbe", "kryo"), stream.stream().map(r -> r.get("Format")).toList(), "ranked by p50");
        assertTrue(part(md, "### orders.Events").contains("`capnp`: a reason given for the test"), md);
    }
}
