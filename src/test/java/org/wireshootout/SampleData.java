package org.wireshootout;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The real IEX captures the tests read: one folder beside the checkout ({@code ../shared/data/iex}, relative to
 * the working directory Maven runs the tests in), never copied into the repository. A test that needs a file
 * is skipped, saying so, when it is absent.
 */
public final class SampleData {
    private SampleData() {
    }

    /** The property that points the tests at another folder of captures. */
    public static final String DIR_PROPERTY = "wireshootout.iex.data";
    /** The folder of the shared captures: {@code -Dwireshootout.iex.data=DIR}, else ../shared/data/iex. */
    public static final Path IEX_DIR = Path.of(System.getProperty(DIR_PROPERTY, Path.of("..", "shared", "data", "iex").toString()));
    /** The skip reason goes to the console once, not only into the Surefire XML. */
    private static volatile boolean told;
    /** The first 5000 packets of a DEEP 1.0 day, gzipped pcap. */
    public static final String DEEP = "deep10-2023-10-02-first5000.pcap.gz";
    /** The head of a TOPS 1.6 day, pcapng, cut off inside its last record. */
    public static final String TOPS = "tops16-2018-01-03-head-truncated.pcapng";

    /** The capture {@code name} in {@link #IEX_DIR}; the calling test is skipped when it is absent. */
    public static Path iex(String name) {
        Path p = IEX_DIR.resolve(name);
        String reason = "the shared IEX sample " + p.toAbsolutePath() + " is absent: real-capture tests skipped "
                + "(point them at the captures with -D" + DIR_PROPERTY + "=DIR)";
        if (!Files.isReadable(p) && !told) {
            told = true;
            System.err.println("[skipped] " + reason);
        }
        assumeTrue(Files.isReadable(p), reason);
        return p;
    }
}
