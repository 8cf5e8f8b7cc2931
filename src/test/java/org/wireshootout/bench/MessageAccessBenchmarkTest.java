package org.wireshootout.bench;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.infra.Blackhole;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.registry.MessageFormat;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageAccessBenchmarkTest {

    private static List<String> param(Class<?> c, String field) throws NoSuchFieldException {
        return List.of(c.getField(field).getAnnotation(Param.class).value());
    }

    @Test
    void theMessagesAreMessageBenchmarks() throws Exception {
        assertEquals(param(MessageBenchmark.class, "message"), param(MessageAccessBenchmark.class, "message"));
    }

    @Test
    void theFormatsAreExactlyTheRowsWhoseGeneratedCodecsReadInPlace() throws Exception {
        List<String> inPlace = new ArrayList<>();
        for (MessageFormat f : MessageFormat.values()) {
            boolean any = false;
            for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
                if (e.carriedBy(f) && e.newCodec(f) instanceof BufferAccess) any = true;
            }
            if (any) inPlace.add(f.name());
        }
        assertEquals(inPlace, param(MessageAccessBenchmark.class, "format"),
                "MessageAccessBenchmark's formats must be exactly the rows whose generated codecs implement BufferAccess, in registry order");
    }

    @Test
    void itForksWithTheSharedFlags() {
        assertTrue(BenchmarkDefaults.class.isAssignableFrom(MessageAccessBenchmark.class));
        assertNull(MessageAccessBenchmark.class.getDeclaredAnnotation(Fork.class));
    }

    @Test
    void everyCarriedMessageSetsUpAndReadsAndAnotherFailsWithTheReason() throws Exception {
        Blackhole bh = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        for (String format : param(MessageAccessBenchmark.class, "format")) {
            for (String message : param(MessageAccessBenchmark.class, "message")) {
                MessageAccessBenchmark bench = new MessageAccessBenchmark();
                bench.format = MessageFormat.of(format);
                bench.message = message;
                if (!GeneratedMessages.of(message).carriedBy(bench.format)) {
                    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, bench::setUp);
                    assertTrue(e.getMessage().contains(GeneratedMessages.of(message).cannot().get(format)), e.getMessage());
                    continue;
                }
                bench.setUp();
                bench.access(bh);
                bench.access(bh); // reading in place twice: nothing is consumed
            }
        }
    }
}
