package org.wireshootout.cli;

import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.Labels;
import org.wireshootout.report.MarkdownTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * The registry's names, one a line, in registry order: what scripts iterate over (microbenchmarks/run.sh
 * orders and checks its formats with it), so no list of formats is ever typed twice. {@code --iex} lists the
 * IEX registry instead; {@code -l} adds the labels.
 */
@Command(name = "formats", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Print the six-field format registry's names (the format values of DataBenchmark, AccessBenchmark "
                + "and BulkBenchmark), one per line, in registry order; --iex: the IEX registry's (IexBenchmark, replay); "
                + "-l: with library, description and kind.")
public final class FormatsCommand implements Callable<Integer> {

    @Option(names = {"-l", "--long"}, description = "Also print library, description and kind, tab-separated.")
    boolean longForm;

    @Option(names = "--iex", description = "The IEX registry (IexFormat) instead of the six-field one.")
    boolean iex;

    @Option(names = "--markdown", description = "Print a Markdown table of every format with its labels and canonical size.")
    boolean markdown;

    @Option(names = "--library", paramLabel = "NAME", description = "Only formats whose library label is NAME.")
    String library;

    @Override
    public Integer call() {
        if (library != null) {
            java.util.Set<String> libraries = new java.util.LinkedHashSet<>();
            for (Enum<?> f : iex ? IexFormat.values() : Format.values()) libraries.add(labels(f).library);
            if (!libraries.contains(library)) {
                System.err.println("formats: no library '" + library + "'; libraries: " + String.join(", ", libraries));
                return 2;
            }
        }
        if (markdown) {
            if (iex) {
                System.err.println("formats: --markdown lists the six-field registry only (leave out --iex)");
                return 2;
            }
            printMarkdown();
            return 0;
        }
        for (Enum<?> f : iex ? IexFormat.values() : Format.values()) {
            Labels l = labels(f);
            if (library != null && !library.equals(l.library)) continue;
            if (longForm) {
                System.out.println(f.name() + '\t' + l.library + '\t' + l.displayName + '\t' + lower(l.kind));
            } else {
                System.out.println(f.name());
            }
        }
        return 0;
    }

    private static Labels labels(Enum<?> f) {
        return f instanceof IexFormat ? ((IexFormat) f).labels() : ((Format) f).labels();
    }

    private void printMarkdown() {
        MarkdownTable table = new MarkdownTable().text("format").text("library").text("what").text("kind").text("fields")
                .text("width").text("text").text("memory").text("marshalling").number("bytes")
                .text("allocation the library forces").text("cannot carry");
        for (Format f : Format.values()) {
            Labels l = f.labels();
            if (library != null && !library.equals(l.library)) continue;
            String bytes = "";
            if (f.carriesData()) {
                bytes = Integer.toString(f.held().encode(org.wireshootout.model.Data.canonical()));
            }
            table.row("`" + f.name() + "`", l.library, l.displayName, lower(l.kind), fields(l.fieldIds), lower(l.width),
                    l.textEncoding.label, lower(l.memory), lower(l.marshalling).replace('_', '-'), bytes,
                    l.allocates ? l.allocationNote : "none", limits(l));
        }
        System.out.print(table);
    }

    private static String limits(Labels l) {
        StringBuilder sb = new StringBuilder();
        for (Labels.Limitation x : l.limitations) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(x == Labels.Limitation.NON_LATIN1_TEXT ? "text beyond U+00FF"
                    : x == Labels.Limitation.NON_FINITE_DOUBLE ? "NaN, infinities" : "-0.0");
        }
        return sb.toString();
    }

    private static String fields(Labels.FieldIds ids) {
        switch (ids) {
            case NAMES: return "names";
            case NUMBERS: return "numbers";
            default: return "field-less";
        }
    }

    private static String lower(Object o) {
        return String.valueOf(o).toLowerCase(java.util.Locale.ROOT);
    }
}
