package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.registry.Format;
import org.wireshootout.evolution.EvolutionMatrix;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The report's schema-evolution part: the cost of each version 2 beside its version 1 (when the run has
 * {@code EvolutionBenchmark} results), and the matrix itself (when {@code run.sh} left {@value #MATRIX_FILE}
 * in the run directory).
 */
final class EvolutionSection {
    static final String MATRIX_FILE = RunDirectory.EVOLUTION;
    private static final String V1 = "DataBenchmark.roundTrip";
    private static final String V2 = "EvolutionBenchmark.roundTrip";

    private EvolutionSection() {
    }

    static void append(StringBuilder sb, RunDirectory run) {
        List<JmhResult> v2 = new ArrayList<>();
        for (JmhResult r : run.resultsFor(V2)) if (r.hasHistograms()) v2.add(r);
        Path matrix = run.dir.resolve(MATRIX_FILE);
        if (v2.isEmpty() && !Files.isRegularFile(matrix)) return;
        sb.append("## Schema evolution\n\n");
        if (!v2.isEmpty()) cost(sb, run, v2);
        String problem = Files.isRegularFile(matrix) ? RunDirectory.evolutionProblem(matrix) : null;
        if (problem != null) {
            sb.append("`").append(MATRIX_FILE).append("` could not be read (").append(problem).append("): the matrix is left out.\n\n");
        } else if (Files.isRegularFile(matrix)) {
            try {
                JsonNode root = new ObjectMapper().readTree(matrix.toFile());
                sb.append("What a reader makes of a message from the other version (`").append(MATRIX_FILE)
                        .append("`, written by the `evolution` command when the run started):\n\n");
                sb.append(EvolutionTable.markdown(root)).append('\n');
            } catch (IOException e) {
                sb.append(MATRIX_FILE).append(" could not be read: ").append(e.getMessage()).append("\n\n");
            }
        }
    }

    /** p50 and size of each version 2 next to its version 1, from the same run. */
    private static void cost(StringBuilder sb, RunDirectory run, List<JmhResult> v2) {
        sb.append("The cost of evolution: `").append(V2).append("` (the version-2 codec round-tripping its own message) beside `")
                .append(V1).append("` of the same row in this run. Bytes: the canonical message in each version.\n\n");
        MarkdownTable t = new MarkdownTable().text("Format").text("change").number("v1 p50 (ns)").number("v2 p50 (ns)")
                .number("v2 / v1").number("v1 bytes").number("v2 bytes");
        for (JmhResult r : v2) {
            Optional<Format> f = Rows.dataFormat(r);
            String changeName = r.params.getOrDefault("change", "");
            JmhResult v1 = null;
            for (JmhResult x : run.resultsFor(V1)) if (r.format().equals(x.format()) && x.hasHistograms()) v1 = x;
            double p2 = r.percentile(50);
            double p1 = v1 == null ? Double.NaN : v1.percentile(50);
            t.row(List.of(Rows.name(r), changeName, v1 == null ? "not in this run" : Fmt.nanos(p1), Fmt.nanos(p2),
                    v1 == null ? "" : Fmt.ratio(p2 / p1), f.map(EvolutionSection::v1Bytes).orElse(""),
                    f.map(x -> v2Bytes(x, changeName)).orElse("")));
        }
        t.appendTo(sb);
        sb.append('\n');
    }

    private static String v1Bytes(Format f) {
        return f.carriesData() ? Integer.toString(f.held().encode(Data.canonical())) : "";
    }

    private static String v2Bytes(Format f, String changeName) {
        if (!f.carriesData()) return "";
        try {
            Change c = Change.valueOf(changeName);
            return Integer.toString(EvolutionMatrix.version2Length(f, c));
        } catch (IllegalArgumentException | Evolvable.NotExpressible | IllegalStateException e) {
            return "";
        }
    }
}
