package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.evolution.EvolutionJson;
import org.wireshootout.registry.Format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The evolution matrix's variants in the JSON and the report: a row's variant is its own line, and a matrix written
 * before variants existed (the committed runs' {@code evolution.json}) still reads.
 */
class EvolutionVariantsTest {

    @Test
    void committedMatricesWithoutVariantsStillRead() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> runs = Files.list(Path.of("results"))) {
            runs.map(r -> r.resolve(RunDirectory.EVOLUTION)).filter(Files::isRegularFile).forEach(files::add);
        }
        assertFalse(files.isEmpty(), "no committed evolution.json under results/");
        boolean oldShape = false;
        for (Path f : files) {
            assertNull(RunDirectory.evolutionProblem(f), f.toString());
            JsonNode root = new ObjectMapper().readTree(f.toFile());
            boolean anyVariant = false;
            for (JsonNode r : root.path("rows")) anyVariant |= r.has("variants");
            oldShape |= !anyVariant;
            String md = EvolutionTable.markdown(root);
            if (anyVariant) {
                assertTrue(md.contains("tolerant reader"), f + ": a file with variants shows them");
            } else {
                assertFalse(md.contains("tolerant reader"), f + ": a file without variants shows none");
            }
        }
        assertTrue(oldShape, "at least one committed file is of the shape without variants");
    }

    @Test
    void aVariantIsALineOfItsOwnInTheJsonAndTheTable(@TempDir Path tmp) throws IOException {
        ObjectNode root = EvolutionJson.run(List.of(Format.jackson, Format.sbe));
        assertTrue(root.path("rows").get(0).path("variants").get(0).path("variant").asText().equals("tolerant reader"), root.toString());
        assertFalse(root.path("rows").get(1).has("variants"), "a row without variants writes none");
        Path file = tmp.resolve("evolution.json");
        new ObjectMapper().writeValue(file.toFile(), root);
        assertNull(RunDirectory.evolutionProblem(file));

        String md = EvolutionTable.markdown(root);
        String[] lines = md.split("\n");
        int own = -1;
        for (int i = 0; i < lines.length; i++) if (lines[i].startsWith("| `jackson` |")) own = i;
        assertTrue(own > 0 && lines[own + 1].startsWith("| `jackson` tolerant reader |"), "the variant's line follows the row's:\n" + md);
        assertTrue(md.contains("- `jackson` tolerant reader: "), "the variant's mechanism has a line:\n" + md);
    }
}
