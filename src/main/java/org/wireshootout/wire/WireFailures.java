package org.wireshootout.wire;

import org.wireshootout.iex.CaptureFormatException;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A failure as one line naming its cause, and whether it is the machine's rather than the cell's: a UDP port
 * already in use, a full temporary directory, a damaged capture end the whole run ({@link Abort}), since every
 * later cell would meet them too.
 */
public final class WireFailures {
    private WireFailures() {
    }

    /** A failure that ends the run: the cells after it are not tried. The message is one line naming the cause. */
    public static final class Abort extends RuntimeException {
        public Abort(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The run-ending cause in {@code e}'s chain as one line, or null when {@code e} is the cell's own failure. */
    public static String environmental(Throwable e, Path tempRoot) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof Abort) return t.getMessage();
            String name = t.getClass().getName();
            String msg = firstLine(t.getMessage());
            if (name.equals("io.aeron.exceptions.RegistrationException")) {
                return "Aeron refused to open a channel (is the --udp port already in use?): " + msg;
            }
            if (t instanceof InternalError && msg.contains("unsafe memory access")) {
                return "a write into a memory-mapped file failed (SIGBUS): the temporary directory " + tempRoot
                        + " is full (--temp-dir names another)";
            }
            if (t instanceof IOException && msg.contains("No space left on device")) {
                return "the temporary directory " + tempRoot + " is full: " + msg;
            }
            if (t instanceof CaptureFormatException) return "damaged capture: " + msg;
            if (t instanceof java.net.BindException) return "cannot bind a UDP port (is the --udp port already in use?): " + msg;
        }
        return null;
    }

    /** {@code e} as one line: its message's first line, or its class's name when it has none; an abort's cause named. */
    public static String oneLine(Throwable e) {
        String m = firstLine(e.getMessage());
        return m.isEmpty() ? e.getClass().getSimpleName() : e instanceof WireRunException || e instanceof Abort
                || e instanceof IllegalStateException || e instanceof IllegalArgumentException || e instanceof java.io.UncheckedIOException ? m : e.getClass().getSimpleName() + ": " + m;
    }

    /** The text before the first line break, or "" for null. */
    public static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        int cr = s.indexOf('\r');
        int cut = nl < 0 ? cr : cr < 0 ? nl : Math.min(nl, cr);
        return (cut < 0 ? s : s.substring(0, cut)).trim();
    }

    /** Text for one Markdown table cell: line breaks as spaces, a '|' as '/'. */
    public static String cell(String s) {
        return s == null ? "" : s.replaceAll("\\R+", " ").replace('|', '/');
    }
}
