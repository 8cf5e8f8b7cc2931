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

    @Option(names = "--library", paramLabel = "NAME", description = "Only formats whose library label is NAME.")
    String library;

    @Override
    public Integer call() {
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
}
