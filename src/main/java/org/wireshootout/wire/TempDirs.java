package org.wireshootout.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** The transports' temporary directories: made unique under a root, deleted with everything in them. */
final class TempDirs {
    private TempDirs() {
    }

    static Path create(Path root, String prefix) {
        try {
            Files.createDirectories(root);
            return Files.createTempDirectory(root, prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory under " + root, e);
        }
    }

    /** Deletes {@code dir} and its content; throws naming what could not be deleted. */
    static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) return;
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
}
