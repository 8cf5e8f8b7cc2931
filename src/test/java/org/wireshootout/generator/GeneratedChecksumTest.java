package org.wireshootout.generator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The checksum a receiver in another process compares ({@link GeneratedMessage#checksum}): equal messages give equal
 * sums whatever storage they kept from earlier values, and a change of any one field changes the sum.
 */
class GeneratedChecksumTest {

    static Stream<String> keys() {
        return GeneratedMessages.all().keySet().stream();
    }

    @ParameterizedTest
    @MethodSource("keys")
    <M extends GeneratedMessage<M>> void equalMessagesGiveEqualSumsAndDifferentOnesDifferent(String key) {
        GeneratedMessages.Entry e = GeneratedMessages.of(key);
        Map<Long, Long> seedBySum = new HashMap<>();
        for (long seed = 1; seed <= 50; seed++) {
            M a = e.sample(seed);
            // the same value filled into a message that held bigger ones first (longer text, more entries)
            M b = e.<M>newMessage().edge(1).clear().fill(new SplittableRandom(seed));
            assertNull(a.firstDifference(b));
            assertEquals(a.checksum(17), b.checksum(17), key + " seed " + seed + ": equal messages, different sums");
            Long before = seedBySum.put(a.checksum(17), seed);
            if (before != null) assertEquals(e.sample(before), a, key + ": seeds " + before + " and " + seed + " give one sum for two messages");
        }
        for (int which = 0; which < GeneratedMessage.EDGES; which++) {
            assertEquals(e.<M>newMessage().edge(which).checksum(17), e.<M>newMessage().fill(new SplittableRandom(9)).edge(which).checksum(17),
                    key + " edge " + which);
        }
    }

    /** Each of the six-field message's fields, changed alone, changes the sum. */
    @Test
    <M extends GeneratedMessage<M>> void everyFieldOfDataCounts() throws Exception {
        GeneratedMessages.Entry e = GeneratedMessages.of("data");
        M base = GeneratedSamples.of(e);
        long sum = base.checksum(17);
        Map<String, UnaryOperator<M>> changes = new java.util.LinkedHashMap<>();
        changes.put("price", m -> call(m, "price", double.class, Math.nextUp(((Number) get(m, "price")).doubleValue())));
        changes.put("flag", m -> call(m, "flag", boolean.class, !((Boolean) get(m, "flag"))));
        changes.put("text", m -> { ((StringBuilder) get(m, "text")).append('x'); return m; });
        changes.put("smallInt", m -> call(m, "smallInt", int.class, ((Integer) get(m, "smallInt")) + 1));
        changes.put("longInt", m -> call(m, "longInt", long.class, ((Long) get(m, "longInt")) ^ (1L << 62)));
        changes.put("side", m -> {
            Enum<?> side = (Enum<?>) get(m, "side");
            Object[] values = side.getDeclaringClass().getEnumConstants();
            return call(m, "side", side.getDeclaringClass(), values[(side.ordinal() + 1) % values.length]);
        });
        for (Map.Entry<String, UnaryOperator<M>> c : changes.entrySet()) {
            M changed = c.getValue().apply(GeneratedSamples.of(e));
            assertNotEquals(null, base.firstDifference(changed), c.getKey() + " did not change");
            assertNotEquals(sum, changed.checksum(17), "a change of " + c.getKey() + " alone left the sum as it was");
        }
    }

    private static Object get(Object m, String name) {
        try {
            return m.getClass().getMethod(name).invoke(m);
        } catch (ReflectiveOperationException ex) {
            throw new AssertionError(ex);
        }
    }

    @SuppressWarnings("unchecked")
    private static <M> M call(M m, String name, Class<?> type, Object v) {
        try {
            return (M) m.getClass().getMethod(name, type).invoke(m, v);
        } catch (ReflectiveOperationException ex) {
            throw new AssertionError(ex);
        }
    }
}
