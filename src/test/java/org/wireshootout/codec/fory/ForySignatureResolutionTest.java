package org.wireshootout.codec.fory;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link ForySupport} has the loader of each registered class's JIT serializer resolve every class the serializer's
 * methods name as soon as it is built, so that C2 may inline Fory's {@code read} and {@code write} into the first
 * compile of a codec (see {@link ForySupport#resolveSignatures}). Fory defines its generated serializers in one loader
 * per JVM, which the other tests of this JVM have long since used, so each mode is checked in a fresh JVM
 * ({@link ForySignatureProbe}) before any message.
 */
class ForySignatureResolutionTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"schemaConsistent", "compatible", "channel"})
    void theSerializersLoaderHasResolvedEveryClassItsMethodsName(String mode) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-")) cmd.add(a);
        }
        cmd.add("--add-opens=java.base/java.lang=ALL-UNNAMED");
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ForySignatureProbe.class.getName(), mode));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the probe did not finish");
        assertTrue(out.contains("checked "), "the probe ran: " + out);
        assertEquals(0, p.exitValue(), "classes the serializer's loader had not resolved:\n" + out);
    }
}
