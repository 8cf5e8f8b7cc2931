package org.wireshootout.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.wireshootout.codec.Labels;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The answer as the project README shows it, from one run directory: a sentence naming the frontier of speed and
 * size and the fastest rows, the round trip ranked by its median (the report's {@link Summary}, its sizes and
 * safety notes), and one line saying where the figures come from. The README holds this text between two
 * markers and a test keeps it equal to what this class prints for the run the markers name.
 */
public final class AnswerBlock {
    /** How many of the fastest rows (reference rows aside) the sentence names. */
    static final int LEADERS = 3;

    private final RunDirectory run;
    private final Summary summary;

    public AnswerBlock(RunDirectory run) {
        this.run = run;
        this.summary = new Summary(run, f -> {
            MessageSizes.Size s = MessageSizes.of(f);
            return s == null || s.framed < 0 ? null : s.framed;
        });
    }

    /** False when the run has no round trip with sample histograms: there is no answer to print. */
    public boolean hasAnswer() {
        return !summary.isEmpty();
    }

    /** The block: the sentence, the ranked table and the line on the run, each paragraph ending in a line break. */
    public String markdown() {
        if (summary.isEmpty()) {
            throw new IllegalStateException(run.dir + " has no " + ReportWriter.REFERENCE_BENCHMARK + " results with sample histograms");
        }
        StringBuilder sb = new StringBuilder();
        sentence(sb);
        sb.append('\n');
        table().appendTo(sb);
        sb.append('\n');
        source(sb);
        return sb.toString();
    }

    private void sentence(StringBuilder sb) {
        List<String> frontier = new ArrayList<>();
        for (Summary.Row r : summary.frontier()) frontier.add(figures(r, true));
        List<String> leaders = new ArrayList<>();
        Summary.Row floor = null;
        for (Summary.Row r : summary.rows) {
            if (reference(r)) {
                if (floor == null) floor = r;
                continue;
            }
            if (leaders.size() < LEADERS) leaders.add(figures(r, false));
        }
        sb.append("On this machine, the frontier of speed and size (no other format both faster at the median and smaller) is ")
                .append(frontier.isEmpty() ? "unknown (no row with a known size)" : join(frontier))
                .append("; the fastest round trips are ").append(join(leaders));
        List<String> against = new ArrayList<>();
        if (floor != null) against.add(Fmt.nanos(floor.p50) + " ns for the hand-written `" + floor.name + "` floor");
        if (summary.baseline != null) against.add(Fmt.nanos(summary.baseline.p50) + " ns for the harness alone (`" + summary.baseline.name + "`)");
        if (!against.isEmpty()) sb.append(", against ").append(join(against));
        sb.append(".\n");
    }

    /** "`name` (p50 ns, bytes B)", with the allocation when the row allocates per message. */
    private static String figures(Summary.Row r, boolean bytes) {
        StringBuilder s = new StringBuilder("`").append(r.name).append("` (").append(Fmt.nanos(r.p50)).append(" ns");
        if (bytes) s.append(", ").append(r.bytes).append(" B");
        if (r.allocates()) s.append(", allocating ").append(Fmt.bytesPerOp(r.alloc)).append(" B/op");
        return s.append(')').toString();
    }

    private static String join(List<String> items) {
        if (items.size() <= 1) return String.join("", items);
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static boolean reference(Summary.Row r) {
        return r.labels != null && r.labels.kind == Labels.Kind.REFERENCE;
    }

    /**
     * Rank, format, p50, p99, bytes, B/op, text or binary, safety notes; rows whose p50 spreads (across forks, or
     * iterations with one fork) overlap share a rank, as in the report ({@code 3=}).
     */
    private MarkdownTable table() {
        MarkdownTable t = new MarkdownTable().number("Rank").text("Format").number("p50 (ns)").number("p99 (ns)")
                .number("Bytes per message").number("B/op").text("Text or binary").text("Safety notes");
        for (Summary.Row r : summary.rows) {
            String p50 = Fmt.nanos(r.p50) + Settledness.mark(r.result);
            String alloc = Fmt.bytesPerOp(r.alloc);
            String notes = r.labels == null ? "?" : Rows.safetyNote(r.labels);
            t.row(List.of(r.rankText(), r.name, p50, Fmt.nanos(r.p99), r.bytes < 0 ? "?" : Integer.toString(r.bytes),
                    alloc.isEmpty() ? "?" : alloc, r.labels == null ? "?" : Rows.kind(r.labels), notes.isEmpty() ? "none" : notes));
        }
        return t;
    }

    /** Where the figures come from: the run, its JMH settings, JDK, CPU, commit and start, read from its files. */
    private void source(StringBuilder sb) {
        Set<String> settings = new LinkedHashSet<>();
        for (JmhResult r : run.resultsFor(ReportWriter.REFERENCE_BENCHMARK)) if (r.hasHistograms()) settings.add(ReportWriter.runSettings(r));
        sb.append("`").append(ReportWriter.REFERENCE_BENCHMARK).append("` from `results/").append(run.dir.getFileName()).append("`, ranked by p50 ")
                .append("(rows whose p50 spreads overlap share a rank, `3=`): ").append(String.join("; ", settings));
        if (!run.jdk().isEmpty()) sb.append(", JDK ").append(run.jdk());
        JsonNode env = run.env;
        JsonNode cpu = env.path("cpu");
        if (!cpu.isMissingNode()) {
            sb.append(", CPU ").append(cpu.path("pinned").asText("?"))
                    .append(cpu.path("pinnedIsolated").asBoolean(false) ? " (isolated)" : " (not isolated)");
            if (cpu.hasNonNull("model")) {
                sb.append(" of a ").append(cpu.path("cores").asText("?")).append("-core ").append(cpu.path("model").asText())
                        .append(cpu.path("hypervisor").asBoolean(false) ? " virtual machine" : " machine");
            }
        }
        String commit = env.path("git").path("commit").asText("");
        if (!commit.isEmpty()) {
            sb.append(", commit ").append(commit, 0, Math.min(7, commit.length()));
            if (env.path("git").path("dirty").asBoolean(false)) sb.append(" with uncommitted changes");
        }
        if (env.hasNonNull("started")) sb.append(", started ").append(env.path("started").asText());
        sb.append(". Bytes per message: the canonical message as this build encodes it, framing included. B/op of ")
                .append(Fmt.nanos(Summary.ALLOCATING)).append(" or more: the row allocates per message. Safety notes: what the ")
                .append("round-trip and hostile-input tests found ([docs/hostile-input.md](docs/hostile-input.md)).\n");
    }
}
