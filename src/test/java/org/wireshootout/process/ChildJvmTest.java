package org.wireshootout.process;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.JvmFlags;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a child JVM inherits, and that a real child gets it. */
class ChildJvmTest {

    @Test
    void theParentsHeapAndPropertiesPassOnAndWin() {
        List<String> flags = ChildJvm.jvmFlags(List.of("-Xmx3g", "-Dwire.x=1", "-XX:+UseParallelGC",
                "-agentlib:jdwp=transport=dt_socket,server=y,address=5005", "-D" + ChildJvm.PARENT_PID + "=42"));
        assertTrue(flags.containsAll(List.of(JvmFlags.ALL)), flags.toString());
        assertTrue(flags.containsAll(List.of("-Xmx3g", "-Dwire.x=1", "-XX:+UseParallelGC")), flags.toString());
        assertFalse(flags.contains(JvmFlags.HEAP_MAX), "the parent's -Xmx replaces the fixed heap: " + flags);
        assertFalse(flags.contains(JvmFlags.HEAP_MIN), "no -Xms above a smaller -Xmx: " + flags);
        assertFalse(flags.stream().anyMatch(f -> f.contains("jdwp")), "a debugger's port cannot be taken twice: " + flags);
        assertFalse(flags.contains("-D" + ChildJvm.PARENT_PID + "=42"), "the grandparent is not the child's parent: " + flags);
    }

    @Test
    void withoutAHeapSizeTheFixedHeap() {
        List<String> flags = ChildJvm.jvmFlags(List.of("-Dwire.y=2"));
        assertTrue(flags.containsAll(List.of(JvmFlags.HEAP_MIN, JvmFlags.HEAP_MAX, "-Dwire.y=2")), flags.toString());
        assertEquals(flags.size(), flags.stream().distinct().count(), "no flag twice: " + flags);
    }

    /** A child JVM that prints what it was given: the parent's pid as its parent, and the flags its command line named. */
    public static final class Echo {
        public static void main(String[] args) throws Exception {
            ChildJvm.watchParentIfChild();
            Files.writeString(Path.of(args[0]), System.getProperty(ChildJvm.PARENT_PID) + " "
                    + ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L) + " "
                    + Runtime.getRuntime().maxMemory());
        }
    }

    @Test
    void aRealChildKnowsItsParentAndExitsZero(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("echo.txt");
        ChildJvm jvm = ChildJvm.of("echo", Echo.class.getName(), List.of(out.toString())).logTo(temp.resolve("echo.log"));
        try (ChildJvm.Child c = jvm.start()) {
            assertTrue(c.waitFor(120, TimeUnit.SECONDS), Files.exists(temp.resolve("echo.log")) ? Files.readString(temp.resolve("echo.log")) : "");
            assertEquals(0, c.exitStatus(), Files.readString(temp.resolve("echo.log")));
        }
        String[] seen = Files.readString(out).split(" ");
        long me = ProcessHandle.current().pid();
        assertEquals(Long.toString(me), seen[0]);
        assertEquals(Long.toString(me), seen[1]);
        assertTrue(jvm.command().contains(JvmFlags.HEAP_MAX) || jvm.command().stream().anyMatch(f -> f.startsWith("-Xmx")));
    }
}
