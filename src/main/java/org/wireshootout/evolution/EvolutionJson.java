package org.wireshootout.evolution;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;

import java.util.List;

/**
 * The matrix as JSON, which the report and the README table are drawn from:
 * {@code {"changes":[{name, what}], "rows":[{row, library, mechanism, cells:[{change, direction, outcome, detail}],
 * variants:[{variant, mechanism, cells:[...]}]}]}}. {@code variants} is there only for a row that has some (and absent
 * from files written before variants existed): a reader takes its absence as none.
 */
public final class EvolutionJson {
    private EvolutionJson() {
    }

    /** Runs every cell of {@code rows} and returns the document. */
    public static ObjectNode run(List<Format> rows) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        ArrayNode changes = root.putArray("changes");
        for (Change c : Change.values()) changes.addObject().put("name", c.name()).put("what", c.what());
        ArrayNode out = root.putArray("rows");
        for (Format row : rows) {
            ObjectNode r = out.addObject();
            r.put("row", row.name());
            r.put("library", row.labels().library);
            r.put("mechanism", EvolutionMatrix.evolvable(row).evolutionMechanism());
            // sizes: the canonical message in version 1, and each version 2's own message (absent where not expressible)
            if (row.carriesData()) {
                r.put("bytesV1", row.held().encode(Data.canonical()));
                ObjectNode v2 = r.putObject("bytesV2");
                for (Change c : Change.values()) {
                    try {
                        v2.put(c.name(), EvolutionMatrix.version2Length(row, c));
                    } catch (Evolvable.NotExpressible e) {
                        // no version 2 to measure
                    }
                }
            }
            putCells(r.putArray("cells"), EvolutionMatrix.of(row));
            List<EvolutionVariant> variants = EvolutionMatrix.variants(row);
            if (!variants.isEmpty()) {
                ArrayNode vs = r.putArray("variants");
                for (EvolutionVariant v : variants) {
                    ObjectNode vn = vs.addObject().put("variant", v.name()).put("mechanism", v.mechanism());
                    putCells(vn.putArray("cells"), EvolutionMatrix.of(row, v));
                }
            }
        }
        return root;
    }

    private static void putCells(ArrayNode cells, List<Cell> of) {
        for (Cell cell : of) {
            cells.addObject().put("change", cell.change().name()).put("direction", cell.direction().name())
                    .put("outcome", cell.outcome().name()).put("detail", cell.detail());
        }
    }
}
