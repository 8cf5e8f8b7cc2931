package org.wireshootout.bench;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.BufferAccess;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;

class AccessBenchmarkTest {

    @Test
    void formatListIsExactlyTheRegistryRowsThatReadInPlace() throws Exception {
        Param param = AccessBenchmark.class.getField("format").getAnnotation(Param.class);
        assertNotNull(param, "AccessBenchmark.format must carry @Param");
        List<String> inPlace = new ArrayList<>();
        for (Format f : Format.values()) {
            if (f.supportsAccess()) inPlace.add(f.name());
        }
        assertEquals(inPlace, Arrays.asList(param.value()),
                "AccessBenchmark's @Param list must name exactly the rows labelled with in-place access, in registry order");
    }

    @Test
    void theInPlaceLabelIsTrueExactlyForTheCodecsThatReadInPlace() {
        for (Format f : Format.values()) {
            assertEquals(f.newCodec() instanceof BufferAccess, f.labels().inPlaceAccess, f.name());
        }
        for (IexFormat f : IexFormat.values()) {
            assertEquals(f.newCodec() instanceof BufferAccess, f.labels().inPlaceAccess, f.name());
        }
    }

    @Test
    void everyBenchmarkForksWithTheSharedFlags() {
        // JMH takes @Fork and the run settings from the superclass; a class declaring its own @Fork would drop
        // the JVM flags the libraries need, so none may.
        for (Class<?> c : List.of(DataBenchmark.class, AccessBenchmark.class, BulkBenchmark.class)) {
            assertTrue(BenchmarkDefaults.class.isAssignableFrom(c), c.getSimpleName() + " must extend BenchmarkDefaults");
            assertNull(c.getDeclaredAnnotation(Fork.class), c.getSimpleName() + " must not declare its own @Fork");
        }
        Fork fork = BenchmarkDefaults.class.getAnnotation(Fork.class);
        assertNotNull(fork);
        assertTrue(List.of(fork.jvmArgsAppend()).containsAll(List.of(org.wireshootout.JvmFlags.ALL)),
                "forks must get every flag of JvmFlags.ALL");
        List<Class<? extends Annotation>> settings = List.of(BenchmarkMode.class, OutputTimeUnit.class, Warmup.class,
                Measurement.class, Threads.class);
        for (Class<? extends Annotation> a : settings) {
            assertNotNull(BenchmarkDefaults.class.getAnnotation(a), "BenchmarkDefaults has no @" + a.getSimpleName());
            assertNull(DataBenchmark.class.getDeclaredAnnotation(a), "DataBenchmark overrides @" + a.getSimpleName());
            assertNull(AccessBenchmark.class.getDeclaredAnnotation(a), "AccessBenchmark overrides @" + a.getSimpleName());
        }
    }

    @Test
    void everyListedFormatSetsUpAndReads() {
        Blackhole sink = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        for (String name : paramValues()) {
            AccessBenchmark bench = new AccessBenchmark();
            bench.format = Format.valueOf(name);
            bench.setUp();
            bench.access(sink);
            bench.access(sink); // reading in place twice: nothing is consumed
        }
    }

    private static String[] paramValues() {
        try {
            return AccessBenchmark.class.getField("format").getAnnotation(Param.class).value();
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }
}
