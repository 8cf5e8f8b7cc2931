package org.wireshootout.process;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Main code starts processes in one class, {@link ChildJvm}, so that every child (a JVM or a tool such as protoc) ends
 * with its parent and is judged by its exit status: a source file elsewhere that makes a {@code ProcessBuilder} or calls
 * {@code Runtime.exec} fails this test, naming the file.
 */
class OneProcessStarterTest {

    @Test
    void onlyChildJvmStartsProcesses() throws IOException {
        Path main = Path.of("src", "main", "java");
        List<String> starters;
        try (Stream<Path> files = Files.walk(main)) {
            starters = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(OneProcessStarterTest::startsAProcess)
                    .map(p -> main.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .collect(Collectors.toList());
        }
        assertEquals(List.of("org/wireshootout/process/ChildJvm.java"), starters);
    }

    private static boolean startsAProcess(Path file) {
        try {
            String s = Files.readString(file);
            return s.contains("new ProcessBuilder(") || s.contains(".exec(");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
