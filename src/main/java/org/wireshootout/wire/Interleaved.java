package org.wireshootout.wire;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;

import java.util.ArrayList;
import java.util.List;

/**
 * Several formats and a floor sent through one transport in one run, in short slices that take turns, so that every
 * format's slices sit next to the floor's in time: whatever the machine does to the run (a neighbour, the host's
 * level, a frequency step) lands on the formats and the floor alike, and the difference between adjacent slices is
 * the format's own.
 *
 * <p>Slot 0 is the floor: a frame with the header and the 8-byte slot word and no codec at all (claim, commit, poll,
 * the header's checks: the transport and the harness alone). Slots 1..K are the formats. The schedule is slices of
 * {@code sliceMessages} messages: every cycle starts with a floor slice and then has one slice of each format, their
 * order rotated by one each cycle (floor, A, B, C, floor, B, C, A, floor, C, A, B, ...), and the run ends on a floor
 * slice, so each format slice has a floor slice before it and after it at most one cycle away.
 *
 * <p>Each message is the format's message behind a little-endian 8-byte word naming its slot (8 so that the codec's
 * bytes start 8-byte aligned in the frame, as they do in a run of one format). The receiver reads the word and decodes
 * with that slot's codec; the frame's checksum covers the slot, so a frame decoded as another slot's fails its check. Every slot claims the same frame, the largest
 * any slot needs. Each format's codec is called from a call site of its own, so the JIT sees one receiver type at each
 * (a run of one format has one call site with one type); at most {@link #MAX_FORMATS} formats.
 */
public final class Interleaved {
    /** The most formats one run interleaves: each has its own call site in {@link SlotCodec}. */
    public static final int MAX_FORMATS = 7;
    /** The slot word's length ahead of each format's bytes. */
    static final int SLOT_WORD = 8;

    private Interleaved() {
    }

    /** A message of the interleaved run: the slot (0 the floor) and that slot's message (null for the floor). */
    public static final class Slotted<T> {
        int slot;
        T message;
        // the decode target of each slot, reused
        final Object[] targets;

        Slotted(int slot, T message) {
            this.slot = slot;
            this.message = message;
            this.targets = null;
        }

        Slotted(Object[] targets) {
            this.targets = targets;
        }

        public int slot() { return slot; }
        public T message() { return message; }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Slotted<?> s)) return false;
            return s.slot == slot && java.util.Objects.equals(s.message, message);
        }

        @Override
        public int hashCode() {
            return 31 * slot + java.util.Objects.hashCode(message);
        }

        @Override
        public String toString() {
            return slot == 0 ? "floor" : "slot " + slot + ": " + message;
        }
    }

    /** Which slot message {@code seq} belongs to, and which slice: the schedule as a pure function of the sequence. */
    public record Schedule(int formats, int sliceMessages) {
        public Schedule {
            if (formats < 1 || formats > MAX_FORMATS) {
                throw new IllegalArgumentException("an interleaved run takes 1 to " + MAX_FORMATS + " formats, not " + formats);
            }
            if (sliceMessages < 1) throw new IllegalArgumentException("a slice needs at least one message, not " + sliceMessages);
        }

        /** Slices per cycle: the floor's and one per format. */
        public int slotsPerCycle() {
            return formats + 1;
        }

        public long slice(long seq) {
            return seq / sliceMessages;
        }

        public long cycle(long seq) {
            return slice(seq) / slotsPerCycle();
        }

        /** The slot of slice {@code slice}: 0 (the floor) first in each cycle, then the formats rotated by the cycle. */
        public int slotOfSlice(long slice) {
            long cycle = slice / slotsPerCycle();
            int pos = (int) (slice % slotsPerCycle());
            return pos == 0 ? 0 : 1 + (int) ((pos - 1 + cycle) % formats);
        }

        public int slot(long seq) {
            return slotOfSlice(slice(seq));
        }

        /** Messages in {@code cycles} whole cycles and the floor slice that closes the last one. */
        public long messages(int cycles) {
            return ((long) cycles * slotsPerCycle() + 1) * sliceMessages;
        }

        /** The length of one rotation of the schedule: after it the slots repeat. */
        int period() {
            return formats * slotsPerCycle() * sliceMessages;
        }
    }

    /**
     * The interleaved payload of {@code formats} (each a payload of the same kind): its messages are one period of
     * the schedule, each slot cycling through its own payload's messages; its codec writes the slot word and calls
     * the slot's codec; its checksum is the slot's checksum mixed with the slot.
     */
    public static <T> Payload<Slotted<T>> of(List<Payload<T>> formats, int sliceMessages) {
        Schedule schedule = new Schedule(formats.size(), sliceMessages);
        List<Slotted<T>> messages = new ArrayList<>(schedule.period());
        int[] next = new int[formats.size() + 1];
        for (int seq = 0; seq < schedule.period(); seq++) {
            int slot = schedule.slot(seq);
            if (slot == 0) {
                messages.add(new Slotted<>(0, null));
            } else {
                Payload<T> p = formats.get(slot - 1);
                messages.add(new Slotted<>(slot, p.message(next[slot]++ % p.size())));
            }
        }
        StringBuilder name = new StringBuilder("floor");
        for (Payload<T> p : formats) name.append('+').append(p.format());
        Payload<T> first = formats.get(0);
        for (Payload<T> p : formats) {
            if (!p.kind().equals(first.kind())) throw new IllegalArgumentException("interleaved formats carry one kind of message: " + p.kind() + " and " + first.kind());
        }
        return new Payload<>(first.kind(), name.toString(), first.source() + ", interleaved in slices of " + sliceMessages,
                messages, () -> new SlotCodec<>(formats), () -> target(formats), m -> checksum(formats, m));
    }

    private static <T> Slotted<T> target(List<Payload<T>> formats) {
        Object[] targets = new Object[formats.size() + 1];
        for (int i = 0; i < formats.size(); i++) targets[i + 1] = formats.get(i).newTarget();
        return new Slotted<>(targets);
    }

    private static <T> long checksum(List<Payload<T>> formats, Slotted<T> m) {
        long slot = m.slot;
        if (slot == 0) return 0x9E3779B97F4A7C15L;
        return formats.get(m.slot - 1).checksum(m.message) * 31 + slot;
    }

    /**
     * The interleaved codec: the slot word, then the slot's codec. One call site per slot (a switch over final
     * fields), so each sees a single codec class.
     */
    static final class SlotCodec<T> implements BufferCodec<Slotted<T>> {
        private final int formats;
        private final BufferCodec<T> c1, c2, c3, c4, c5, c6, c7;

        SlotCodec(List<Payload<T>> payloads) {
            formats = payloads.size();
            c1 = codec(payloads, 1);
            c2 = codec(payloads, 2);
            c3 = codec(payloads, 3);
            c4 = codec(payloads, 4);
            c5 = codec(payloads, 5);
            c6 = codec(payloads, 6);
            c7 = codec(payloads, 7);
        }

        private static <T> BufferCodec<T> codec(List<Payload<T>> payloads, int slot) {
            return slot <= payloads.size() ? payloads.get(slot - 1).newCodec() : null;
        }

        @Override
        public int encode(Slotted<T> value, MutableDirectBuffer dst, int offset) {
            if (dst.capacity() - offset < SLOT_WORD) throw new EncodeOverflowException("interleaved", dst.capacity() - offset, null);
            int slot = value.slot;
            dst.putLong(offset, slot);
            int at = offset + SLOT_WORD;
            T m = value.message;
            int length = switch (slot) {
                case 0 -> 0;
                case 1 -> c1.encode(m, dst, at);
                case 2 -> c2.encode(m, dst, at);
                case 3 -> c3.encode(m, dst, at);
                case 4 -> c4.encode(m, dst, at);
                case 5 -> c5.encode(m, dst, at);
                case 6 -> c6.encode(m, dst, at);
                case 7 -> c7.encode(m, dst, at);
                default -> throw new IllegalArgumentException("no slot " + slot);
            };
            return SLOT_WORD + length;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void decode(DirectBuffer src, int offset, int length, Slotted<T> target) {
            if (length < SLOT_WORD) throw new DecodeException("interleaved", 0, "a message of " + length + " bytes, shorter than its " + SLOT_WORD + "-byte slot word");
            long word = src.getLong(offset);
            if (word < 0 || word > formats) throw new DecodeException("interleaved", 0, "slot word " + word + ": the run has slots 0 to " + formats);
            int slot = (int) word;
            int at = offset + SLOT_WORD;
            int n = length - SLOT_WORD;
            T t = slot == 0 ? null : (T) target.targets[slot];
            switch (slot) {
                case 0 -> {
                    if (n != 0) throw new DecodeException("interleaved", SLOT_WORD, "the floor's frame carries " + n + " bytes after its slot word, not 0");
                }
                case 1 -> c1.decode(src, at, n, t);
                case 2 -> c2.decode(src, at, n, t);
                case 3 -> c3.decode(src, at, n, t);
                case 4 -> c4.decode(src, at, n, t);
                case 5 -> c5.decode(src, at, n, t);
                case 6 -> c6.decode(src, at, n, t);
                default -> c7.decode(src, at, n, t);
            }
            target.slot = slot;
            target.message = t;
        }
    }
}
