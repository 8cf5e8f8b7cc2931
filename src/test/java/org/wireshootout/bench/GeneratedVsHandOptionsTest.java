package org.wireshootout.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** generated-vs-hand.sh refuses a B/op pass it cannot run as asked, before it builds or runs anything, with exit 2. */
class GeneratedVsHandOptionsTest {

    private static String refused(String... args) throws IOException, InterruptedException {
        String[] cmd = new String[args.length + 2];
        cmd[0] = "bash";
        cmd[1] = "microbenchmarks/generated-vs-hand.sh";
        System.arraycopy(args, 0, cmd, 2, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the script did not finish");
        assertEquals(2, p.exitValue(), out);
        return out;
    }

    @Test
    void aBytesPassOfFewerThanThreeJvmsASideIsRefused() throws Exception {
        String out = refused("--bytes-pass", "2");
        assertTrue(out.contains("--bytes-pass takes a whole number of JVMs a side, 3 or more"), out);
        out = refused("--bytes-pass", "x");
        assertTrue(out.contains("--bytes-pass takes"), out);
    }

    @Test
    void aBytesPassWithBytesRoundsIsRefused() throws Exception {
        String out = refused("--bytes-pass", "8", "--bytes-rounds", "8");
        assertTrue(out.contains("--bytes-pass and --bytes-rounds"), out);
    }
}
