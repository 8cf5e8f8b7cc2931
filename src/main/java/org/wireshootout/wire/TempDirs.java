package org.wireshootout.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.wireshootout.process.Lifecycle;

/**
 * The transports' temporary directories: made unique under a root, deleted with everything in them, by their
 * owner or, when this JVM ends first (SIGTERM, SIGINT), by {@link Lifecycle}'s hook once the child JVMs are ended.
 */
final class TempDirs {
    private static final Map<Path, Lifecycle.Registration> LIVE = new ConcurrentHashMap<>();

    private TempDirs() {
    }

    static Path create(Path root, String prefix) {
        try {
            Files.createDirectories(root);
            Path dir = Files.createTempDirectory(root, prefix);
            LIVE.put(dir, Lifecycle.atExit(Lifecycle.Phase.CLEAN, () -> deleteQuietly(dir)));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory under " + root, e);
        }
    }

    /** Deletes {@code dir} and its content; throws naming what could not be deleted. */
    static void delete(Path dir) {
        if (dir == null) return;
        Lifecycle.Registration r = LIVE.remove(dir);
        if (r != null) r.close();
        if (!Files.exists(dir)) return;
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) return FileVisitResult.CONTINUE;
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    if (e != null && !(e instanceof NoSuchFileException)) throw e;
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete temporary directory " + dir, e);
        }
        if (Files.exists(dir)) throw new IllegalStateException("temporary directory " + dir + " is still there after deleting it");
    }

    /**
     * The exit hook's removal. The transport's own threads are still running while the hook runs (a JVM ending on a
     * signal stops nothing first), and Aeron's driver makes the directories it needs again when a publication or an
     * image comes or goes; so the directory is deleted until it stays gone for {@value #SETTLE_MILLIS} ms, for at
     * most {@value #HOOK_ATTEMPTS} attempts, and only the last failure is reported.
     */
    private static void deleteQuietly(Path dir) {
        RuntimeException last = null;
        for (int attempt = 0; attempt < HOOK_ATTEMPTS; attempt++) {
            try {
                if (Files.exists(dir)) delete(dir);
                last = null;
                Thread.sleep(SETTLE_MILLIS);
                if (!Files.exists(dir)) return;
            } catch (RuntimeException e) {
                last = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        System.err.println("wire: " + (last != null ? last.getMessage() : "temporary directory " + dir + " keeps coming back"));
    }

    private static final int HOOK_ATTEMPTS = 40;
    private static final long SETTLE_MILLIS = 50;
}
