package org.wireshootout.bulk;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.registry.MessageFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A generated message's bulk run: every record comes back through every row that carries it, each into a target of its own. */
class MessageBulkRunTest {
    private static final int RECORDS = 200;

    /** Every generated row of three shapes: a flat one, one with a group, and the six-field message. */
    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (String key : List.of("data", "orderentry", "booksnapshot")) {
            GeneratedMessages.Entry e = GeneratedMessages.of(key);
            for (MessageFormat f : MessageFormat.values()) if (e.carriedBy(f)) out.add(Arguments.of(key, f));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <M extends GeneratedMessage<M>> void everyRecordComesBack(String key, MessageFormat format) {
        MessageBulkRun<M> run = new MessageBulkRun<>(key, format, RECORDS);
        long bytes = run.dump();
        assertTrue(bytes >= RECORDS, format + "/" + key + ": " + bytes + " bytes for " + RECORDS + " records");
        run.verify();
        assertEquals(RECORDS, run.load());
        Object[] back = run.decoded();
        GeneratedMessages.Entry e = GeneratedMessages.of(key);
        for (int i = 0; i < RECORDS; i++) {
            @SuppressWarnings("unchecked") M decoded = (M) back[i];
            assertNull(e.<M>sample(GeneratedSamples.SEED + i).firstDifference(decoded), format + "/" + key + " record " + i);
            if (i > 0) assertNotSame(back[i - 1], back[i]);
        }
        long again = run.dump();
        if (format == MessageFormat.foryShared) {
            // a channel: the first dump's first record carried the type definition, the second dump's refers to it
            assertTrue(again < bytes, "a channel's second dump is shorter: " + again + " against " + bytes);
        } else {
            assertEquals(bytes, again, "a second dump writes the same bytes");
        }
        run.verify(); // and the decoder, a channel too, reads the second dump
    }

    @Test
    void aLibraryWithNoRowForTheMessageIsRefusedSayingWhy() {
        UnsupportedOperationException x = assertThrows(UnsupportedOperationException.class,
                () -> new MessageBulkRun<>("mediacontent", MessageFormat.sbe, 10));
        assertTrue(x.getMessage().contains("sbe has no row for message mediacontent"), x.getMessage());
    }
}
