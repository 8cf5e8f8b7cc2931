package org.wireshootout.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * {@code -V}: the project's version as the build recorded it in the jar ({@code pom.properties}, which Maven
 * writes and the shaded jars keep), and the JVM it runs on.
 */
public final class Version implements IVersionProvider {
    static final String POM_PROPERTIES = "/META-INF/maven/org.wireshootout/wire-shootout/pom.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"Wire Shootout " + projectVersion(),
                "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")};
    }

    /** The version from the jar, or a plain statement that this is not running from a built jar. */
    static String projectVersion() {
        try (InputStream in = Version.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) return "(version unknown: not running from a jar the build made)";
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "(no version in " + POM_PROPERTIES + ")");
        } catch (IOException e) {
            return "(version unreadable: " + e.getMessage() + ")";
        }
    }
}
