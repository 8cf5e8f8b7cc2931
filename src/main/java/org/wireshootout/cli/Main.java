package org.wireshootout.cli;

import org.wireshootout.JvmFlags;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The project's command line: {@code java -cp target/benchmarks.jar org.wireshootout.cli.Main <command>}.
 * The libraries need module opens/exports on Java 17+ ({@link JvmFlags}); when this JVM was started without
 * them, the command re-runs itself once in a child JVM that has them, so nobody has to type them.
 */
@Command(name = "wire-shootout", mixinStandardHelpOptions = true,
        description = "Wire Shootout tools: the gallery of encodings, capture stats, reports.",
        subcommands = {GalleryCommand.class, BulkCommand.class, StatsCommand.class, GenerateCommand.class,
                ReplayCommand.class, FormatsCommand.class, ReportCommand.class, CompareCommand.class,
                SmokeCheckCommand.class})
public final class Main implements Runnable {

    static final String RELAUNCHED = "wireshootout.relaunched";

    public static void main(String[] args) throws Exception {
        if (!flagsPresent() && System.getProperty(RELAUNCHED) == null) {
            System.exit(relaunch(args));
        }
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    private static boolean flagsPresent() {
        Module unnamed = Main.class.getModule();
        return Object.class.getModule().isOpen("java.lang.reflect", unnamed)
                && Object.class.getModule().isExported("jdk.internal.misc", unnamed);
    }

    private static int relaunch(String[] args) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(Arrays.asList(JvmFlags.ALL));
        cmd.add("-D" + RELAUNCHED + "=true");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(Arrays.asList(args));
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }
}
