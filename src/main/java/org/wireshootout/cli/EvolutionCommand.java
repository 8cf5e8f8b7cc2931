package org.wireshootout.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.registry.Format;
import org.wireshootout.evolution.Cell;
import org.wireshootout.evolution.EvolutionJson;
import org.wireshootout.evolution.EvolutionMatrix;
import org.wireshootout.report.EvolutionTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Runs the schema-evolution matrix now (every row's version-1 codec against its version-2 codec under each
 * change, both directions) and prints it as Markdown; {@code --json} also writes it for the report.
 */
@Command(name = "evolution", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Run the schema-evolution matrix: for every format, every change (add a field, remove one, rename, "
                + "reorder, widen int32 to int64, a new enum value) and both directions (old writer -> new reader, new "
                + "writer -> old reader), whether the reader reads correctly, fails loudly or is silently wrong. "
                + "Prints Markdown.")
public final class EvolutionCommand implements Callable<Integer> {

    @Option(names = "--format", paramLabel = "NAME", split = ",", description = "Only these rows (default: every row of the registry).")
    List<String> formats = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the matrix as JSON to FILE (what the report reads).")
    File json;

    @Option(names = "--tsv", description = "Print row (with the variant's name for a variant's line), change, direction, outcome and detail tab-separated, a cell a line, instead of Markdown.")
    boolean tsv;

    @Override
    public Integer call() throws IOException {
        List<Format> rows = new ArrayList<>();
        try {
            for (String name : formats) rows.add(Format.byName(name));
        } catch (IllegalArgumentException e) {
            System.err.println("evolution: " + e.getMessage());
            return 2;
        }
        if (rows.isEmpty()) rows.addAll(List.of(Format.values()));
        if (tsv) {
            for (Format row : rows) {
                System.err.println("evolution: " + row);
                for (Cell c : EvolutionMatrix.of(row)) printTsv(row.name(), c);
                for (EvolutionVariant v : EvolutionMatrix.variants(row)) {
                    for (Cell c : EvolutionMatrix.of(row, v)) printTsv(row + " " + v.name(), c);
                }
            }
            return 0;
        }
        if (json != null && json.isDirectory()) {
            System.err.println("evolution: --json " + json + " is a directory: give the file to write, e.g. " + new File(json, "evolution.json"));
            return 2;
        }
        ObjectNode root = EvolutionJson.run(rows);
        if (json != null) {
            File parent = json.getAbsoluteFile().getParentFile();
            if (parent != null && !parent.isDirectory() && !parent.mkdirs()) {
                System.err.println("evolution: cannot create " + parent);
                return 1;
            }
            try {
                new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(json, root);
            } catch (IOException e) {
                System.err.println("evolution: cannot write " + json + ": " + e.getMessage());
                return 1;
            }
        }
        System.out.print(EvolutionTable.markdown(root));
        return 0;
    }

    /** One cell a line; the first column is the row, or the row and the variant's name for a variant's cell. */
    private static void printTsv(String line, Cell c) {
        System.out.println(line + "\t" + c.change() + '\t' + c.direction() + '\t' + c.outcome() + '\t' + c.detail());
    }
}
