package org.wireshootout.wire;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paired mode: the schedule's rotation, the interleaved codec's round trip and refusals, the arithmetic of the
 * pairing on made-up latencies, and a real run over every transport in which every message of every slot is checked
 * and each format gets figures against the floor. Timings are not asserted.
 */
class PairedRunTest {

    @Test
    void everyCycleOpensOnTheFloorAndRotatesTheFormats() {
        Interleaved.Schedule s = new Interleaved.Schedule(3, 10);
        List<Integer> slots = new ArrayList<>();
        for (long slice = 0; slice < 12; slice++) slots.add(s.slotOfSlice(slice));
        assertEquals(List.of(0, 1, 2, 3, 0, 2, 3, 1, 0, 3, 1, 2), slots);
        assertEquals(0, s.slot(0));
        assertEquals(1, s.slot(10));
        assertEquals(1, s.slot(19));
        assertEquals(2, s.slot(20));
        assertEquals((2L * 4 + 1) * 10, s.messages(2), "two cycles and the closing floor slice");
        assertThrows(IllegalArgumentException.class, () -> new Interleaved.Schedule(Interleaved.MAX_FORMATS + 1, 10));
        assertThrows(IllegalArgumentException.class, () -> new Interleaved.Schedule(2, 0));
    }

    @Test
    void theInterleavedPayloadGivesBackEverySlotsMessages() {
        Payload<Interleaved.Slotted<Data>> p = Interleaved.of(List.of(Payloads.data("sbe"), Payloads.data("jackson")), 7);
        assertTrue(p.verifyRoundTrip() > Interleaved.SLOT_WORD, "the largest room is a format's message behind the slot word");
        Interleaved.Schedule s = new Interleaved.Schedule(2, 7);
        for (int i = 0; i < p.size(); i++) assertEquals(s.slot(i), p.message(i).slot(), "message " + i + "'s slot");
        assertNull(p.message(0).message(), "the floor carries no message");
        assertEquals(Payloads.data("sbe").message(0), p.message(7).message(), "slot 1 starts on its payload's first message");
    }

    @Test
    void aFrameWithAnUnknownSlotOrAFloorWithBytesIsRefusedNamingTheOffset() {
        Payload<Interleaved.Slotted<Data>> p = Interleaved.of(List.of(Payloads.data("sbe")), 4);
        BufferCodec<Interleaved.Slotted<Data>> codec = p.newCodec();
        UnsafeBuffer b = new UnsafeBuffer(new byte[256]);
        b.putLong(0, 2);
        DecodeException unknown = assertThrows(DecodeException.class, () -> codec.decode(b, 0, 16, p.newTarget()));
        assertTrue(unknown.getMessage().contains("slot word 2"), unknown.getMessage());
        b.putLong(0, 0);
        DecodeException floor = assertThrows(DecodeException.class, () -> codec.decode(b, 0, 12, p.newTarget()));
        assertTrue(floor.getMessage().contains("4 bytes after its slot word"), floor.getMessage());
        assertThrows(DecodeException.class, () -> codec.decode(b, 0, 3, p.newTarget()));
    }

    @Test
    void theAddedCostIsTheSliceMedianLessTheFloorsAroundIt() {
        // one format, slices of 3: cycle 0 floor 100, format 150; cycle 1 floor 120, format 190; closing floor 140
        Interleaved.Schedule s = new Interleaved.Schedule(1, 3);
        long[] lat = {100, 99, 101, 150, 1000, 149, 120, 119, 121, 190, 189, 191, 140, 141, 139};
        PairedFigures f = PairedFigures.of(s, List.of("floor", "x"), 0, lat);
        assertEquals(2, f.cycles());
        PairedFigures.Slot floor = f.slots().get(0);
        assertTrue(Arrays.equals(new double[]{100, 120, 140}, floor.sliceMedians()), Arrays.toString(floor.sliceMedians()));
        PairedFigures.Slot x = f.slots().get(1);
        assertTrue(Arrays.equals(new double[]{150, 190}, x.sliceMedians()));
        // cycle 0: 150 - (100 + 120) / 2 = 40; cycle 1: 190 - (120 + 140) / 2 = 60; the median of two is their mean
        assertEquals(50, x.added().median(), 1e-9);
        assertEquals(40, x.added().low(), 1e-9);
        assertEquals(60, x.added().high(), 1e-9);
        assertEquals((150.0 / 110 + 190.0 / 130) / 2, x.ratio().median(), 1e-9);
        assertEquals(1000, x.worst(), 1);
        assertEquals(6, x.messages());
        assertEquals(9, floor.messages());
        assertThrows(IllegalArgumentException.class, () -> PairedFigures.of(s, List.of("floor", "x"), 0, Arrays.copyOf(lat, 12)),
                "latencies that do not end on the closing floor slice");
        assertThrows(IllegalArgumentException.class, () -> PairedFigures.of(s, List.of("floor", "x"), 3, lat), "a start inside a cycle");
    }

    @Test
    void theIntervalIsTheBinomialOrderStatistics() {
        double[] v = new double[30];
        for (int i = 0; i < v.length; i++) v[i] = 30 - i; // 1..30, shuffled order does not matter
        PairedFigures.Interval i = PairedFigures.interval(v);
        assertEquals(15.5, i.median(), 1e-9);
        // n = 30: the 10th smallest and the 10th largest, coverage 0.957
        assertEquals(10, i.low(), 1e-9);
        assertEquals(21, i.high(), 1e-9);
        assertEquals(0.957, i.coverage(), 0.001);
        PairedFigures.Interval few = PairedFigures.interval(new double[]{3, 1, 2, 5, 4});
        assertEquals(1, few.low(), 1e-9);
        assertEquals(5, few.high(), 1e-9);
        assertEquals(1 - 2.0 / 32, few.coverage(), 1e-9, "five values: the whole range, below 95 %");
    }

    @ParameterizedTest
    @EnumSource(TransportKind.class)
    void everySlotCrossesEveryTransportCheckedAndGetsItsFigures(TransportKind transport, @TempDir Path temp) throws Exception {
        List<Payload<Data>> formats = List.of(Payloads.data("sbe"), Payloads.data("jackson"));
        TransportOptions options = TransportOptions.builder().tempRoot(temp).termLength(1 << 20).ringCapacity(1 << 16)
                .driverIdle(IdleKind.sleep).build();
        WireConfig base = WireConfig.builder().rate(5_000).messages(1).receiverIdle(IdleKind.yield).build();
        PairedRun.Result r = PairedRun.run(formats, transport, options, base, 50, 4, 1);

        Interleaved.Schedule s = new Interleaved.Schedule(2, 50);
        assertEquals(3 * 50 + s.messages(4), r.run().received, "every message of the warm-up and measured cycles, checked");
        assertEquals(s.messages(4), r.run().histogram.getTotalCount());
        List<PairedFigures.Slot> slots = r.figures().slots();
        assertEquals(List.of("floor", "sbe", "jackson"), slots.stream().map(PairedFigures.Slot::name).toList());
        assertEquals(5 * 50, slots.get(0).messages(), "the floor's four slices and the closing one");
        for (PairedFigures.Slot slot : slots.subList(1, 3)) {
            assertEquals(4 * 50, slot.messages(), slot.name());
            assertNotNull(slot.added(), slot.name());
            assertTrue(slot.p50() > 0, slot.name());
        }
        Map<String, Object> json = r.toJson();
        assertEquals(transport.label(), json.get("transport"));
        assertEquals(3, ((List<?>) json.get("slots")).size());
        String table = PairedRun.table(r);
        assertTrue(table.contains("| floor (no codec) |") && table.contains("| sbe |") && table.contains("| jackson |"), table);
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(), left.toList(), "temporary files left behind by " + transport.label());
        }
    }

    @Test
    void aCorruptedFrameInAnySlotFailsTheRunNamingIt(@TempDir Path temp) {
        List<Payload<Data>> formats = List.of(Payloads.data("sbe"));
        TransportOptions options = TransportOptions.builder().tempRoot(temp).ringCapacity(1 << 16).build();
        // message 130: slice 13 of 10-message slices, cycle 6's first format slice
        WireConfig base = WireConfig.builder().rate(5_000).messages(1).receiverIdle(IdleKind.yield).corruptSequence(130).build();
        WireRunException e = assertThrows(WireRunException.class, () -> PairedRun.run(formats, TransportKind.ring, options, base, 10, 8, 1));
        assertEquals(WireRunException.Kind.CORRUPTED, e.kind());
        assertEquals(130, e.sequence());
    }

    @Test
    void aRecordedPaceIsRefusedWhenItsSendTimesGoBack() {
        Payload<Data> p = Payloads.data("sbe");
        long[] offsets = new long[p.size()];
        for (int i = 0; i < offsets.length; i++) offsets[i] = i * 1000L;
        offsets[7] = 5_000;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.withRecordedPace(offsets));
        assertTrue(e.getMessage().contains("message #7's send time goes back 1000 ns"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> p.withRecordedPace(new long[3]), "one send time per message");
    }
}
