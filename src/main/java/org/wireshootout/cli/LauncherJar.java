package org.wireshootout.cli;

import org.wireshootout.JvmFlags;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Writes {@code target/wire-shootout.jar} at build time: a jar holding only a manifest that names {@link Main},
 * puts {@code benchmarks.jar} (beside it) on the class path, and carries the opens and exports of
 * {@link JvmFlags} as {@code Add-Opens} / {@code Add-Exports}, which the JVM applies to the jar run with
 * {@code -jar}. The flags come from {@link JvmFlags}, so the jar cannot drift from the benchmark forks.
 *
 * <p>Beside it, an argument file for the java launcher ({@code java @target/wire-shootout.args stats FILE}) with
 * the options for a fast one-pass run: the application class-data archive the build makes from a {@code stats}
 * run ({@code -XX:SharedArchiveFile}), and C1 only ({@code -XX:TieredStopAtLevel=1}: a single pass over a file
 * finishes before C2's compilations would pay off). Paths in it are relative to the project folder, where the
 * README's commands run. Usage: {@code LauncherJar OUT.jar CLASS-PATH OUT.args ARCHIVE.jsa}.
 */
public final class LauncherJar {
    private LauncherJar() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) throw new IllegalArgumentException("usage: LauncherJar OUT.jar CLASS-PATH OUT.args ARCHIVE.jsa");
        Path out = Path.of(args[0]);
        try (OutputStream o = Files.newOutputStream(out); JarOutputStream jar = new JarOutputStream(o, manifest(args[1]))) {
            jar.flush();
        }
        Files.writeString(Path.of(args[2]), String.join("\n", fastStartOptions(args[3], args[0])) + "\n");
    }

    /** The java options of the argument file, ending with {@code -jar JAR}: the command and its arguments follow. */
    static List<String> fastStartOptions(String archive, String jar) {
        // the JVM's own warnings (e.g. an archive that no longer fits the jars) to stderr, never into --json output
        return List.of("-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:SharedArchiveFile=" + archive,
                "-XX:TieredStopAtLevel=1", "-jar", jar);
    }

    /** The manifest: main class, class path, and the module flags {@link JvmFlags} lists. */
    static Manifest manifest(String classPath) {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        a.put(Attributes.Name.CLASS_PATH, classPath);
        a.putValue("Add-Opens", packages("--add-opens="));
        a.putValue("Add-Exports", packages("--add-exports="));
        a.putValue("Enable-Native-Access", "ALL-UNNAMED");
        return m;
    }

    /** "java.base/java.lang java.base/java.io ..." for the flags of one kind. */
    private static String packages(String prefix) {
        List<String> out = new ArrayList<>();
        for (String flag : JvmFlags.ALL) {
            if (flag.startsWith(prefix)) out.add(flag.substring(prefix.length(), flag.lastIndexOf('=')));
        }
        return String.join(" ", out);
    }
}
