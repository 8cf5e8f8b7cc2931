package org.wireshootout.schema;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The example that opens docs/schema.md is a schema a user can copy as it stands: it parses, union and all. */
class SchemaDocExampleTest {
    @Test
    void theExampleInTheSchemaDocumentParses() throws Exception {
        List<String> doc = Files.readAllLines(Path.of("docs/schema.md"));
        int heading = doc.indexOf("## An example");
        assertTrue(heading >= 0, "docs/schema.md has no '## An example' section");
        int open = doc.subList(heading, doc.size()).indexOf("```") + heading;
        int close = doc.subList(open + 1, doc.size()).indexOf("```") + open + 1;
        assertTrue(open > heading && close > open, "the example's code block is not closed");
        String text = String.join("\n", doc.subList(open + 1, close)) + "\n";

        Schema schema = SchemaParser.parse("docs/schema.md", text);

        assertEquals("orderentry", schema.name());
        UnionDef orders = schema.unions().get(0);
        assertEquals("Orders", orders.name());
        assertEquals(List.of("NewOrder", "Cancel"), orders.members().stream().map(MessageDef::name).toList());
    }
}
