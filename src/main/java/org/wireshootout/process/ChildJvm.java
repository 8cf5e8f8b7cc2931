package org.wireshootout.process;

import org.wireshootout.JvmFlags;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The one place that starts processes: a fresh JVM like this one ({@code java <flags> -cp <this classpath> MAIN
 * args}), or a tool the build brings ({@link #runTool}: protoc for the {@code .proto} importer). The flags ({@link #jvmFlags}): the project's opens and exports ({@link JvmFlags#ALL}), then every flag
 * this JVM was started with (its {@code -Xmx}, {@code -Xms}, {@code -D}, {@code -XX} options, which come last and
 * so win), the fixed 1 GiB heap only when this JVM was given no heap size, less a debugger agent.
 *
 * <p>A child ends with its parent: {@link Lifecycle}'s hook ends it when this JVM ends normally or by
 * SIGTERM/SIGINT, and the child itself ({@link #watchParentIfChild}, called first thing in its {@code main}) exits
 * within {@link #WATCH_MILLIS} when its parent is gone, so even a SIGKILL of the parent leaves no child behind.
 * Callers judge a child by its exit status and the result file it writes, never by its console text.
 */
public final class ChildJvm {
    /** The system property that tells a child JVM which process is its parent. */
    public static final String PARENT_PID = "wireshootout.parentPid";
    /** The exit status of a child that found its parent gone. */
    public static final int ORPHANED = 125;
    /** How often a child looks for its parent. */
    public static final long WATCH_MILLIS = 250;

    private final List<String> command;
    private final String name;
    private Path log;
    private boolean inherit;

    private ChildJvm(String name, String mainClass, List<String> args) {
        this.name = name;
        command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmFlags(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.add("-D" + PARENT_PID + "=" + ProcessHandle.current().pid());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
    }

    /** A child named {@code name} (for messages: "the receiver JVM") running {@code mainClass} with {@code args}. */
    public static ChildJvm of(String name, String mainClass, List<String> args) {
        return new ChildJvm(name, mainClass, args);
    }

    /** Its standard output and error go to {@code file} (else they are a pipe, {@link Child#output()}). */
    public ChildJvm logTo(Path file) {
        this.log = file;
        return this;
    }

    /** Its standard output and error are this JVM's. */
    public ChildJvm inheritOutput() {
        this.inherit = true;
        return this;
    }

    /** The command line it runs, for tests and run records. */
    public List<String> command() {
        return List.copyOf(command);
    }

    public Child start() {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (log != null) pb.redirectOutput(log.toFile());
        else if (inherit) pb.redirectOutput(ProcessBuilder.Redirect.INHERIT);
        // standard input stays a pipe from this JVM, never closed while the child runs
        Child c;
        synchronized (Lifecycle.class) {
            if (Lifecycle.shuttingDown()) throw new IllegalStateException("not starting the " + name + " JVM: this JVM is ending");
            try {
                c = new Child(name, pb.start());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the " + name + " JVM: " + e.getMessage(), e);
            }
        }
        Lifecycle.track(c);
        return c;
    }

    /** What a tool printed (standard output and error together) and its exit status. */
    public record ToolRun(int exitStatus, String output) {
    }

    /** A tool that could not be started at all (not there, not executable). */
    public static final class ToolNotStarted extends IOException {
        ToolNotStarted(String message, IOException cause) {
            super(message, cause);
        }
    }

    /**
     * Runs {@code command}, a tool that is not a JVM (protoc), to its end, tracked as a child so that it ends with this
     * JVM, and ended when it runs past {@code timeoutSeconds}.
     *
     * @param name what the tool is, for messages
     * @throws ToolNotStarted when it cannot be started
     * @throws IOException when it did not finish in time or the wait was interrupted, saying which
     */
    public static ToolRun runTool(String name, List<String> command, long timeoutSeconds) throws IOException {
        return runTool(name, command, null, timeoutSeconds);
    }

    /** As {@link #runTool(String, List, long)}, in the working directory {@code dir} (this JVM's when null). */
    public static ToolRun runTool(String name, List<String> command, Path dir, long timeoutSeconds) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) pb.directory(dir.toFile());
        Child c;
        synchronized (Lifecycle.class) {
            if (Lifecycle.shuttingDown()) throw new IOException("not starting " + name + ": this JVM is ending");
            try {
                c = new Child(name, pb.start());
            } catch (IOException e) {
                throw new ToolNotStarted("cannot start " + name + ": " + e.getMessage(), e);
            }
        }
        Lifecycle.track(c);
        try (c) {
            String said = new String(c.output().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!c.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new IOException(name + " did not finish within " + timeoutSeconds + " s");
            }
            return new ToolRun(c.exitStatus(), said);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + name + " ran", e);
        }
    }

    /**
     * The JVM flags of a child of a JVM started with {@code parentFlags}: {@link JvmFlags#ALL}, the fixed heap
     * ({@link JvmFlags#HEAP_MIN}, {@link JvmFlags#HEAP_MAX}) only when the parent names no heap size, then the
     * parent's flags in order, less repeats, a debugger agent (its port is taken) and the parent's own parent pid.
     */
    public static List<String> jvmFlags(List<String> parentFlags) {
        List<String> flags = new ArrayList<>(List.of(JvmFlags.ALL));
        boolean heap = false;
        for (String a : parentFlags) heap |= a.startsWith("-Xmx") || a.startsWith("-Xms") || a.startsWith("-XX:MaxHeapSize") || a.startsWith("-XX:InitialHeapSize");
        if (!heap) {
            flags.add(JvmFlags.HEAP_MIN);
            flags.add(JvmFlags.HEAP_MAX);
        }
        for (String a : parentFlags) {
            if (a.startsWith("-agentlib:jdwp") || a.startsWith("-Xrunjdwp") || a.startsWith("-D" + PARENT_PID + "=")) continue;
            if (!flags.contains(a)) flags.add(a);
        }
        return flags;
    }

    /**
     * In a JVM this class started: a daemon thread that exits this JVM with {@link #ORPHANED} (its shutdown hook
     * runs: its own children ended, its temporary directories removed) once the parent is gone. Does nothing in a
     * JVM started otherwise.
     */
    public static void watchParentIfChild() {
        String p = System.getProperty(PARENT_PID);
        if (p == null) return;
        long parent;
        try {
            parent = Long.parseLong(p);
        } catch (NumberFormatException e) {
            return;
        }
        Thread t = new Thread(() -> {
            while (parentAlive(parent)) {
                try {
                    Thread.sleep(WATCH_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("parent process " + parent + " is gone: ending this JVM");
            System.exit(ORPHANED);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    /** Alive, and still this process's parent (a reused pid is not): an orphan is adopted by another process. */
    static boolean parentAlive(long parent) {
        Optional<ProcessHandle> now = ProcessHandle.current().parent();
        return now.isPresent() && now.get().pid() == parent && now.get().isAlive();
    }

    /** A started child JVM; {@link #close()} ends it (and its descendants) if it still runs. */
    public static final class Child implements AutoCloseable {
        final String name;
        final Process process;

        Child(String name, Process process) {
            this.name = name;
            this.process = process;
        }

        public String name() {
            return name;
        }

        public long pid() {
            return process.pid();
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        /** Its standard output and error, when neither logged to a file nor inherited. */
        public InputStream output() {
            return process.getInputStream();
        }

        /** Waits for it to end; false when it is still running after {@code timeout}. */
        public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
            return process.waitFor(timeout, unit);
        }

        /** Its exit status; it must have ended. */
        public int exitStatus() {
            return process.exitValue();
        }

        /** Ends it if it still runs: SIGTERM, up to {@link Lifecycle#GRACE_MILLIS}, then its process tree killed. */
        @Override
        public void close() {
            if (process.isAlive() || process.descendants().findAny().isPresent()) {
                Lifecycle.endAll(List.of(this));
            }
            Lifecycle.untrack(this);
        }
    }
}
