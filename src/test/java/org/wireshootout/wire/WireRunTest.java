package org.wireshootout.wire;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.Data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every transport at a low rate for about a second with three formats: every message arrives once and decodes
 * equal to what was sent, and the histogram holds one value per message; a message the receiver is told to
 * drop, or to corrupt, fails the run naming its sequence number. Timings are not asserted.
 */
class WireRunTest {
    private static final double RATE = 2_000;
    private static final int MESSAGES = 2_000;

    static Stream<Arguments> transportsAndFormats() {
        List<Arguments> out = new ArrayList<>();
        for (TransportKind t : TransportKind.values()) {
            // foryShared: a codec that is a channel (its first message carries Fory's type definition, later ones a
            // reference), so each receiving codec must meet its sender's messages from the first, in order
            for (String f : List.of("bytesMarshallable", "sbe", "foryShared")) out.add(Arguments.of(t, f));
        }
        return out.stream();
    }

    private static TransportOptions options(Path temp) {
        return TransportOptions.builder().tempRoot(temp).termLength(1 << 20).ringCapacity(1 << 16)
                .driverIdle(IdleKind.sleep).build();
    }

    private static WireConfig.Builder lowRate() {
        // sleep-free defaults would spin two threads for the whole test on a shared build machine: yield instead
        return WireConfig.builder().rate(RATE).messages(MESSAGES).warmupFraction(0).receiverIdle(IdleKind.yield);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("transportsAndFormats")
    void everyMessageArrivesOnceAndDecodesEqual(TransportKind transport, String format, @org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        Payload<Data> payload = Payloads.data(format);
        BitSet seen = new BitSet(MESSAGES);
        List<String> problems = new ArrayList<>();
        WireRun<Data> run = new WireRun<>(payload, transport, options(temp), lowRate().build(), (seq, decoded) -> {
            if (seen.get((int) seq)) problems.add("message " + seq + " seen twice");
            seen.set((int) seq);
            Data sent = payload.message((int) (seq % payload.size()));
            if (!sent.equals(decoded) && problems.size() < 5) problems.add("message " + seq + ": sent " + sent + ", decoded " + decoded);
        });
        WireResult r = run.run();

        assertEquals(List.of(), problems);
        assertEquals(MESSAGES, seen.cardinality(), "distinct messages received");
        assertEquals(MESSAGES, r.sent);
        assertEquals(MESSAGES, r.received);
        assertEquals(MESSAGES, r.histogram.getTotalCount(), "one latency per message sent");
        Histogram back = WireResult.decodeHistogram(r.encodedHistogram());
        assertEquals(r.histogram.getTotalCount(), back.getTotalCount());
        assertEquals(r.histogram.getMaxValue(), back.getMaxValue());
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(), left.toList(), "temporary files left behind by " + transport.label());
        }
    }

    @org.junit.jupiter.api.Test
    void theIexStreamCrossesWithEveryMessageDecodedEqual(@org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        Payload<org.wireshootout.model.iex.IexMessage> payload = Payloads.iex("sbe", null);
        List<String> problems = new ArrayList<>();
        WireResult r = new WireRun<>(payload, TransportKind.ring, options(temp), lowRate().messages(1_000).build(), (seq, decoded) -> {
            org.wireshootout.model.iex.IexMessage sent = payload.message((int) (seq % payload.size()));
            if (!sent.equals(decoded) && problems.size() < 5) problems.add("message " + seq + ": sent " + sent + ", decoded " + decoded);
        }).run();
        assertEquals(List.of(), problems);
        assertEquals(1_000, r.received);
        assertEquals(1_000, r.histogram.getTotalCount());
        assertEquals("iex", r.kind);
    }

    /** A message generated from a schema, as the benchmarks' {@code message} parameter, through each transport. */
    @ParameterizedTest
    @EnumSource(TransportKind.class)
    <M extends org.wireshootout.generator.GeneratedMessage<M>> void aGeneratedMessageCrossesWithEveryMessageDecodedEqual(
            TransportKind transport, @org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        for (String[] kf : new String[][] {{"orderentry", "sbe"}, {"booksnapshot", "jackson"}}) {
            @SuppressWarnings("unchecked")
            Payload<M> payload = (Payload<M>) Payloads.of(kf[0], kf[1], null);
            List<String> problems = new ArrayList<>();
            WireResult r = new WireRun<>(payload, transport, options(temp), lowRate().messages(1_000).build(), (seq, decoded) -> {
                M sent = payload.message((int) (seq % payload.size()));
                String diff = sent.firstDifference(decoded);
                if (diff != null && problems.size() < 5) problems.add(kf[1] + "/" + kf[0] + " message " + seq + ": field " + diff + " differs");
            }).run();
            assertEquals(List.of(), problems);
            assertEquals(1_000, r.received);
            assertEquals(kf[0], r.kind);
            assertEquals(kf[1], r.format);
        }
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(), left.toList(), "temporary files left behind by " + transport.label());
        }
    }

    @org.junit.jupiter.api.Test
    void aLibraryWithNoRowForTheMessageIsRefusedSayingWhy() {
        // the build generates no sbe row for MediaContent (its index gives the reason)
        org.wireshootout.generator.GeneratedMessages.Entry e = org.wireshootout.generator.GeneratedMessages.of("mediacontent");
        assertFalse(e.carriedBy(org.wireshootout.registry.MessageFormat.sbe), "sbe carries mediacontent");
        UnsupportedOperationException x = assertThrows(UnsupportedOperationException.class, () -> Payloads.message("mediacontent", "sbe"));
        assertTrue(x.getMessage().contains("sbe has no row for message mediacontent"), x.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> Payloads.of("nosuchmessage", "sbe", null));
        assertTrue(unknown.getMessage().contains("no generated message 'nosuchmessage'"), unknown.getMessage());
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void aDroppedMessageFailsTheRunNamingIt(TransportKind transport, @org.junit.jupiter.api.io.TempDir Path temp) {
        WireRun<Data> run = new WireRun<>(Payloads.data("sbe"), transport, options(temp),
                lowRate().messages(500).dropSequence(137).build());
        WireRunException e = assertThrows(WireRunException.class, run::run);
        assertEquals(WireRunException.Kind.LOST, e.kind());
        assertEquals(137, e.sequence());
        assertTrue(e.getMessage().contains("message 137 lost"), e.getMessage());
    }

    /**
     * The last message lost: no later message arrives in its place, but the end of the stream does, so the run fails
     * at once naming it (a loss is never found by waiting out a silence, which a busy machine can cause).
     */
    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void theLastMessageLostIsFoundByTheEndOfTheStream(TransportKind transport, @org.junit.jupiter.api.io.TempDir Path temp) {
        WireRun<Data> run = new WireRun<>(Payloads.data("sbe"), transport, options(temp),
                lowRate().messages(200).dropSequence(199).build());
        WireRunException e = assertThrows(WireRunException.class, run::run);
        assertEquals(WireRunException.Kind.LOST, e.kind(), e.getMessage());
        assertEquals(199, e.sequence());
        assertTrue(e.getMessage().contains("message 199 lost: the end of the stream arrived in its place"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void aCorruptedMessageFailsTheRunNamingIt(TransportKind transport, @org.junit.jupiter.api.io.TempDir Path temp) {
        WireRun<Data> run = new WireRun<>(Payloads.data("bytesMarshallable"), transport, options(temp),
                lowRate().messages(300).corruptSequence(42).build());
        WireRunException e = assertThrows(WireRunException.class, run::run);
        assertEquals(WireRunException.Kind.CORRUPTED, e.kind());
        assertEquals(42, e.sequence());
        assertTrue(e.getMessage().contains("message 42 corrupted"), e.getMessage());
        assertFalse(e.getMessage().contains("message 41"), e.getMessage());
    }
}
