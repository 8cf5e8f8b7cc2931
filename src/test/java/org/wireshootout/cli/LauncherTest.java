package org.wireshootout.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.JvmFlags;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher jar's manifest, and the command line run in one JVM without the module flags. */
class LauncherTest {

    @Test
    void theLauncherJarCarriesEveryOpenAndExportOfJvmFlags(@TempDir Path dir) throws IOException {
        Path jar = dir.resolve("wire-shootout.jar");
        Path args = dir.resolve("wire-shootout.args");
        LauncherJar.main(new String[]{jar.toString(), "benchmarks.jar", args.toString(), "target/wire-shootout.jsa"});
        Manifest m;
        try (JarFile f = new JarFile(jar.toFile())) {
            m = f.getManifest();
        }
        Attributes a = m.getMainAttributes();
        assertEquals(Main.class.getName(), a.getValue(Attributes.Name.MAIN_CLASS));
        assertEquals("benchmarks.jar", a.getValue(Attributes.Name.CLASS_PATH));
        List<String> opens = List.of(a.getValue("Add-Opens").split(" "));
        List<String> exports = List.of(a.getValue("Add-Exports").split(" "));
        int seen = 0;
        for (String flag : JvmFlags.ALL) {
            boolean open = flag.startsWith("--add-opens=");
            if (!open && !flag.startsWith("--add-exports=")) continue;
            String target = flag.substring(flag.indexOf('=') + 1, flag.lastIndexOf('='));
            assertTrue((open ? opens : exports).contains(target), target + " in " + (open ? opens : exports));
            seen++;
        }
        assertEquals(opens.size() + exports.size(), seen, "nothing in the manifest that JvmFlags does not list");
        assertEquals(List.of("-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:SharedArchiveFile=target/wire-shootout.jsa", "-XX:TieredStopAtLevel=1", "-jar",
                jar.toString()), Files.readAllLines(args));
    }

    /** Runs the CLI in a JVM started with only a class path: none of the module flags. */
    private static String[] runWithoutFlags(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            // one JVM: the command never starts a child process (a relaunch would show for most of the run)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (p.isAlive() && System.nanoTime() < deadline) {
                assertEquals(0, p.descendants().count(), "a child process of the CLI");
                Thread.sleep(5);
            }
            assertTrue(p.waitFor(1, TimeUnit.SECONDS), "the CLI finished");
        } finally {
            p.destroyForcibly();
        }
        return new String[]{Integer.toString(p.exitValue()), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8)};
    }

    @Test
    void captureCommandsRunInProcessAndCodecCommandsNameTheJarWhenFlagsAreMissing(@TempDir Path dir) throws Exception {
        Path capture = dir.resolve("day.pcap");
        String[] g = runWithoutFlags(dir, "generate", "--count", "50000", capture.toString());
        assertEquals("0", g[0], g[2]);
        String[] s = runWithoutFlags(dir, "stats", "--repeat", "3", capture.toString());
        assertEquals("0", s[0], s[2]);
        assertTrue(s[1].contains("50,000 in complete packets"), s[1]);
        String[] gallery = runWithoutFlags(dir, "gallery", "--out", dir.resolve("gallery").toString());
        assertEquals(Integer.toString(Main.FLAGS_MISSING), gallery[0], gallery[1] + gallery[2]);
        assertTrue(gallery[2].contains("java -jar target/wire-shootout.jar gallery"), gallery[2]);
        assertTrue(gallery[2].contains(JvmFlags.EXPORT_MISC), gallery[2]);
        String[] bulk = runWithoutFlags(dir, "bulk", "--records", "10");
        assertEquals(Integer.toString(Main.FLAGS_MISSING), bulk[0], bulk[1] + bulk[2]);
    }
}
