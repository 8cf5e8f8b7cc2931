package org.wireshootout.wire;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sender and receiver in JVMs of their own: every message arrives once and intact (the receiver JVM checks each
 * one's sequence and field checksum and would fail the run naming it), the merged histogram holds one value per
 * message, the temporary directories are gone; a dropped message fails the run naming its sequence.
 */
class CrossProcessTest {
    private static final int MESSAGES = 1_000;

    private static TransportOptions options(Path temp) {
        return TransportOptions.builder().tempRoot(temp).termLength(1 << 20).driverIdle(IdleKind.sleep).build();
    }

    private static WireConfig.Builder lowRate() {
        return WireConfig.builder().rate(2_000).messages(MESSAGES).warmupFraction(0).receiverIdle(IdleKind.yield);
    }

    @ParameterizedTest
    @EnumSource(value = TransportKind.class, names = {"aeronIpc", "aeronUdp", "queue"})
    void everyMessageCrossesBetweenJvms(TransportKind transport, @TempDir Path temp) throws Exception {
        Payload<?> payload = Payloads.data("sbe");
        WireResult r = CrossProcess.run(payload, CrossProcess.payloadArgs("data", "sbe", null), transport, options(temp),
                lowRate().build());
        assertEquals(MESSAGES, r.sent);
        assertEquals(MESSAGES, r.received);
        assertEquals(MESSAGES, r.histogram.getTotalCount());
        assertTrue(r.senderPinning.contains("own JVM"), r.senderPinning);
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(), left.toList(), "temporary files left behind by " + transport.label());
        }
    }

    @Test
    void aDroppedMessageFailsTheRunNamingIt(@TempDir Path temp) {
        WireRunException e = assertThrows(WireRunException.class, () -> CrossProcess.run(Payloads.data("sbe"),
                CrossProcess.payloadArgs("data", "sbe", null), TransportKind.queue, options(temp),
                lowRate().messages(400).dropSequence(77).build()));
        assertEquals(WireRunException.Kind.LOST, e.kind());
        assertEquals(77, e.sequence());
        assertTrue(e.getMessage().contains("message 77 lost"), e.getMessage());
    }

    @Test
    void theRingCannotCrossProcesses(@TempDir Path temp) {
        assertThrows(IllegalArgumentException.class, () -> CrossProcess.run(Payloads.data("sbe"),
                CrossProcess.payloadArgs("data", "sbe", null), TransportKind.ring, options(temp), lowRate().build()));
    }
}
