package org.wireshootout.cli;

import org.wireshootout.codec.Format;
import org.wireshootout.codec.Labels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * The registry's names, one a line, in registry order: what scripts iterate over (microbenchmarks/run.sh
 * orders and checks its formats with it), so no list of formats is ever typed twice.
 */
@Command(name = "formats", mixinStandardHelpOptions = true,
        description = "Print the format registry's names, one per line, in registry order.")
public final class FormatsCommand implements Callable<Integer> {

    @Option(names = {"-l", "--long"}, description = "Also print library, description and kind, tab-separated.")
    boolean longForm;

    @Option(names = "--markdown", description = "Print a Markdown table of every format with its labels and canonical size.")
    boolean markdown;

    @Option(names = "--library", paramLabel = "NAME", description = "Only formats whose library label is NAME.")
    String library;

    @Override
    public Integer call() {
        if (markdown) {
            printMarkdown();
            return 0;
        }
        for (Format f : Format.values()) {
            Labels l = f.labels();
            if (library != null && !library.equals(l.library)) continue;
            if (longForm) {
                System.out.println(f.name() + '\t' + l.library + '\t' + l.displayName + '\t' + l.kind);
            } else {
                System.out.println(f.name());
            }
        }
        return 0;
    }

    private void printMarkdown() {
        System.out.println("| format | library | what | kind | fields | width | text | memory | marshalling | bytes | allocation the library forces | cannot carry |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---:|---|---|");
        for (Format f : Format.values()) {
            Labels l = f.labels();
            if (library != null && !library.equals(l.library)) continue;
            String bytes = "";
            if (f.carriesData()) {
                org.wireshootout.codec.Codec<org.wireshootout.model.Data> c = f.newCodec();
                bytes = Integer.toString(c.encode(org.wireshootout.model.Data.canonical()));
            }
            System.out.printf("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", f.name(), l.library,
                    l.displayName, lower(l.kind), fields(l.fieldIds), lower(l.width), l.textEncoding.label,
                    lower(l.memory), lower(l.marshalling).replace('_', '-'), bytes,
                    l.allocates ? l.allocationNote.replace("|", "/") : "none", limits(l));
        }
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
