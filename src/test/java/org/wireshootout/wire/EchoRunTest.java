package org.wireshootout.wire;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Echo mode: every transport in one process at a low rate for about a second with three formats, every message
 * echoed once and decoded equal on the sender's side, one round trip recorded per message; a message the echoer
 * does not send back fails the run naming its sequence; and one run with the sender's side and the echoer in
 * JVMs of their own, each with its own media driver, over UDP on the loopback.
 */
class EchoRunTest {
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
        return TransportOptions.builder().tempRoot(temp).termLength(1 << 20).ringCapacity(1 << 16).driverIdle(IdleKind.sleep).build();
    }

    private static WireConfig.Builder lowRate() {
        return WireConfig.builder().echo(true).rate(2_000).messages(MESSAGES).warmupFraction(0).receiverIdle(IdleKind.yield);
    }

    private static void assertNothingLeft(Path temp, TransportKind transport) throws Exception {
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(), left.toList(), "temporary files left behind by " + transport.label());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("transportsAndFormats")
    void everyMessageIsEchoedOnceAndDecodesEqual(TransportKind transport, String format, @TempDir Path temp) throws Exception {
        Payload<Data> payload = Payloads.data(format);
        BitSet seen = new BitSet(MESSAGES);
        List<String> problems = new ArrayList<>();
        WireResult r = new WireRun<>(payload, transport, options(temp), lowRate().build(), (seq, decoded) -> {
            if (seen.get((int) seq)) problems.add("echo of message " + seq + " seen twice");
            seen.set((int) seq);
            Data sent = payload.message((int) (seq % payload.size()));
            if (!sent.equals(decoded) && problems.size() < 5) problems.add("message " + seq + ": sent " + sent + ", echoed " + decoded);
        }).run();

        assertEquals(List.of(), problems);
        assertEquals(MESSAGES, seen.cardinality(), "distinct echoes received");
        assertEquals(MESSAGES, r.sent);
        assertEquals(MESSAGES, r.received);
        assertEquals(MESSAGES, r.histogram.getTotalCount(), "one round trip per message sent");
        assertEquals("echo", r.mode);
        assertEquals("echo", r.toJson().get("mode"));
        assertTrue(((String) r.toJson().get("latencyIs")).startsWith("the round trip"));
        assertTrue(r.echoerPinning() != null);
        assertNothingLeft(temp, transport);
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void anEchoTheEchoerLosesFailsTheRunNamingIt(TransportKind transport, @TempDir Path temp) throws Exception {
        WireRun<Data> run = new WireRun<>(Payloads.data("sbe"), transport, options(temp), lowRate().messages(500).dropSequence(137).build());
        WireRunException e = assertThrows(WireRunException.class, run::run);
        assertEquals(WireRunException.Kind.LOST, e.kind());
        assertEquals(137, e.sequence());
        assertTrue(e.getMessage().contains("echo of message 137 lost"), e.getMessage());
        assertNothingLeft(temp, transport);
    }

    @Test
    void aMessageCorruptedBeforeTheEchoerFailsTheRunNamingIt(@TempDir Path temp) {
        WireRun<Data> run = new WireRun<>(Payloads.data("bytesMarshallable"), TransportKind.ring, options(temp),
                lowRate().messages(300).corruptSequence(42).build());
        WireRunException e = assertThrows(WireRunException.class, run::run);
        assertEquals(WireRunException.Kind.CORRUPTED, e.kind());
        assertEquals(42, e.sequence());
        assertTrue(e.getMessage().contains("message 42 corrupted at the echoer"), e.getMessage());
    }

    @Test
    void theSenderSideAndTheEchoerRunInJvmsOfTheirOwnOverUdp(@TempDir Path temp) throws Exception {
        WireResult r = CrossProcess.run(Payloads.data("sbe"), CrossProcess.payloadArgs("data", "sbe", null), TransportKind.aeronUdp,
                options(temp), lowRate().messages(1_000).build());
        assertEquals(1_000, r.sent);
        assertEquals(1_000, r.received);
        assertEquals(1_000, r.histogram.getTotalCount());
        assertEquals("echo", r.mode);
        assertTrue(r.echoerPinning().contains("own JVM"), r.echoerPinning());
        assertNothingLeft(temp, TransportKind.aeronUdp);
    }

    @Test
    void echoBetweenProcessesIsForUdpOnly(@TempDir Path temp) {
        assertThrows(IllegalArgumentException.class, () -> CrossProcess.run(Payloads.data("sbe"),
                CrossProcess.payloadArgs("data", "sbe", null), TransportKind.queue, options(temp), lowRate().build()));
    }
}
