package org.wireshootout.codec.fory;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wireshootout.process.ChildJvm;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link ForySupport} has the loader of each registered class's JIT serializer resolve every class the serializer's
 * methods name as soon as it is built, so that C2 may inline Fory's {@code read} and {@code write} into the first
 * compile of a codec (see {@link ForySupport#resolveSignatures}). Fory defines its generated serializers in one loader
 * per JVM, which the other tests of this JVM have long since used, so each mode is checked in a fresh JVM
 * ({@link ForySignatureProbe}, started as every child JVM of the project is, by {@link ChildJvm}) before any message.
 */
class ForySignatureResolutionTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"schemaConsistent", "compatible", "channel"})
    void theSerializersLoaderHasResolvedEveryClassItsMethodsName(String mode, @TempDir Path temp) throws Exception {
        Path log = temp.resolve("probe.log");
        try (ChildJvm.Child c = ChildJvm.of("signature probe", ForySignatureProbe.class.getName(), List.of(mode)).logTo(log).start()) {
            assertTrue(c.waitFor(2, TimeUnit.MINUTES), "the probe did not finish");
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(out.contains("checked "), "the probe ran: " + out);
            assertEquals(0, c.exitStatus(), "classes the serializer's loader had not resolved:\n" + out);
        }
    }
}
