package org.wireshootout.cli;

import org.wireshootout.JvmFlags;
import org.wireshootout.process.ChildJvm;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The project's command line, run in one JVM: {@code java -jar target/wire-shootout.jar <command>}. That jar
 * holds only a manifest: this class as its main class, {@code benchmarks.jar} on its class path, and the module
 * opens/exports the libraries need on Java 17+ ({@link JvmFlags}), which the JVM honours for the jar given to
 * {@code -jar}. So JVM options on that command line ({@code -Xmx}, {@code -D}, {@code -XX:SharedArchiveFile})
 * apply to the command itself, and a signal to the process reaches the command.
 *
 * <p>{@code java -cp target/benchmarks.jar org.wireshootout.cli.Main <command>} runs in-process too: the capture,
 * report and result commands need none of the flags. The commands that run the codecs ({@code gallery},
 * {@code bulk}) need them and say so (exit 2) when they are missing, naming the jar to use and the flags.
 */
@Command(name = "wire-shootout", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Wire Shootout tools: the gallery of encodings, capture stats, reports.",
        subcommands = {GalleryCommand.class, BulkCommand.class, StatsCommand.class, GenerateCommand.class,
                ReplayCommand.class, FormatsCommand.class, ReportCommand.class, CompareCommand.class,
                SmokeCheckCommand.class, WireCommand.class, EvolutionCommand.class,
                ReferenceTableCommand.class, AnswerCommand.class, CompactCommand.class})
public final class Main implements Runnable {

    /** Exit status of a command that needs JVM flags this JVM was started without. */
    static final int FLAGS_MISSING = 2;

    public static void main(String[] args) {
        // in a JVM started by ChildJvm (a wire fork or side): end when the parent is gone
        ChildJvm.watchParentIfChild();
        // what -Dorg.boon.faststringutils.disable=true does, before any Boon class is loaded
        if (System.getProperty("org.boon.faststringutils.disable") == null) {
            System.setProperty("org.boon.faststringutils.disable", "true");
        }
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    /** True when this JVM was started with the opens and exports of {@link JvmFlags}. */
    static boolean flagsPresent() {
        Module unnamed = Main.class.getModule();
        Module base = Object.class.getModule();
        for (String flag : JvmFlags.ALL) {
            boolean open = flag.startsWith("--add-opens=");
            if (!open && !flag.startsWith("--add-exports=")) continue;
            String pkg = flag.substring(flag.indexOf('/') + 1, flag.lastIndexOf('=')); // --add-opens=java.base/PKG=ALL-UNNAMED
            if (open ? !base.isOpen(pkg, unnamed) : !base.isExported(pkg, unnamed)) return false;
        }
        return true;
    }

    /**
     * For the commands that run the codecs: null when the JVM has the flags, else a message saying how to run
     * {@code command} (to be printed, with exit status {@link #FLAGS_MISSING}).
     */
    static String missingFlags(String command) {
        if (flagsPresent()) return null;
        return command + " runs the codecs, and the libraries need JVM flags this JVM was started without. Run it as\n"
                + "  java -jar target/wire-shootout.jar " + command + " ...\n"
                + "(that jar's manifest carries the flags), or add to the java command line:\n  "
                + String.join(" ", JvmFlags.ALL);
    }
}
