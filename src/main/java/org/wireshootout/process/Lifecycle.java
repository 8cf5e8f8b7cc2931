package org.wireshootout.process;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What happens when this JVM ends before its work is done (SIGTERM, SIGINT, {@code System.exit}): one shutdown
 * hook that first ends every child JVM still running ({@link ChildJvm}; a child has {@link #GRACE_MILLIS} to run
 * its own hook, then its whole process tree is killed), then runs the {@link Phase#CLEAN} actions (temporary
 * directories), then the {@link Phase#REPORT} actions (a partial summary), each phase newest first. Work that
 * finishes normally removes its actions ({@link Registration#close()}), so a normal exit runs none.
 */
public final class Lifecycle {
    /** How long a child JVM may take to end after SIGTERM before it and its descendants are killed. */
    public static final long GRACE_MILLIS = 10_000;

    /** When an action runs in the hook: clean-up before reports, so a report can say what was removed. */
    public enum Phase { CLEAN, REPORT }

    /**
     * An action registered with the hook; closing it removes the action without running it, unless this JVM is
     * already ending (then the hook runs it).
     */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private static final Set<ChildJvm.Child> CHILDREN = Collections.synchronizedSet(new LinkedHashSet<>());
    private static final Map<Phase, List<Runnable>> ACTIONS = new EnumMap<>(Phase.class);
    private static volatile boolean shuttingDown;
    private static boolean hooked;

    private Lifecycle() {
    }

    /** True once this JVM has begun to end (the hook is running): work still in flight is being cut short. */
    public static boolean shuttingDown() {
        return shuttingDown;
    }

    /** Runs {@code action} in the hook unless the registration is closed first. */
    public static synchronized Registration atExit(Phase phase, Runnable action) {
        hook();
        ACTIONS.computeIfAbsent(phase, p -> new ArrayList<>()).add(action);
        return () -> {
            // once this JVM is ending the hook runs what was registered, whatever the work does on its way out
            if (shuttingDown) return;
            synchronized (Lifecycle.class) {
                List<Runnable> l = ACTIONS.get(phase);
                if (l != null) l.remove(action);
            }
        };
    }

    static void track(ChildJvm.Child c) {
        synchronized (Lifecycle.class) {
            hook();
        }
        CHILDREN.add(c);
    }

    static void untrack(ChildJvm.Child c) {
        CHILDREN.remove(c);
    }

    private static void hook() {
        if (hooked) return;
        hooked = true;
        Runtime.getRuntime().addShutdownHook(new Thread(Lifecycle::onExit, "wire-shootout-exit"));
    }

    private static void onExit() {
        shuttingDown = true;
        List<ChildJvm.Child> children;
        synchronized (CHILDREN) {
            children = new ArrayList<>(CHILDREN);
        }
        endAll(children);
        for (Phase phase : Phase.values()) {
            List<Runnable> todo;
            synchronized (Lifecycle.class) {
                todo = new ArrayList<>(ACTIONS.getOrDefault(phase, List.of()));
            }
            Collections.reverse(todo);
            for (Runnable r : todo) {
                try {
                    r.run();
                } catch (RuntimeException | Error e) {
                    System.err.println("while ending: " + e);
                }
            }
        }
    }

    /** SIGTERM to each, then up to {@link #GRACE_MILLIS} for all of them, then each remaining process tree killed. */
    static void endAll(List<ChildJvm.Child> children) {
        List<ProcessHandle> trees = new ArrayList<>();
        for (ChildJvm.Child c : children) {
            c.process.descendants().forEach(trees::add);
            c.process.destroy();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS);
        for (ChildJvm.Child c : children) {
            try {
                long left = deadline - System.nanoTime();
                if (left > 0) c.process.waitFor(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (ChildJvm.Child c : children) {
            c.process.descendants().forEach(trees::add);
            c.process.destroyForcibly();
            untrack(c);
        }
        trees.forEach(ProcessHandle::destroyForcibly);
    }
}
