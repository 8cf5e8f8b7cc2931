package org.wireshootout.evolution;

import org.junit.jupiter.api.Test;
import org.wireshootout.registry.Format;
import org.wireshootout.report.EvolutionTable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The evolution matrix in docs/evolution.md (linked from the README) is the one the code produces now, mark for mark. */
class EvolutionReadmeTest {

    @Test
    void theReadmeShowsTheMatrixAsRunNow() throws IOException {
        String markdown = EvolutionTable.markdown(EvolutionJson.run(List.of(Format.values())));
        String table = markdown.substring(0, markdown.indexOf("\n\n") + 1);
        String doc = Files.readString(Path.of("docs", "evolution.md"), StandardCharsets.UTF_8);
        assertTrue(doc.contains(table), "docs/evolution.md's evolution matrix differs from this build's; paste the first table of "
                + "`java -jar target/wire-shootout.jar evolution`:\n" + table);
    }
}
