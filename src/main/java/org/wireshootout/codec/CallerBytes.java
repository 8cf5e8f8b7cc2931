package org.wireshootout.codec;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.NativeBytes;
import net.openhft.chronicle.bytes.PointerBytesStore;
import net.openhft.chronicle.bytes.UncheckedNativeBytes;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Chronicle {@link Bytes} over the caller's Agrona buffer, for a {@link BufferCodec} whose library reads and writes
 * Chronicle {@code Bytes}: one {@code Bytes} object for the codec's whole life (a Chronicle {@code Wire} is bound to
 * its {@code Bytes}, so the codec keeps one {@code Wire} too), pointed at whatever buffer and offset each call
 * brings, without copying the message and without allocating per call.
 *
 * <p>Native memory (a direct buffer, a transport's claim): the {@code Bytes} sits on a {@link PointerBytesStore}
 * set to the buffer's address plus the offset, with the room the buffer has from there as its capacity. The store
 * is set again only when the address or the room differs from the last call's; setting it writes three fields and
 * allocates nothing, and the same {@code Bytes} object follows it: Chronicle's direct {@code Bytes} reads the
 * store's address field on every access, and this object keeps the {@code Bytes}' capacity equal to the store's
 * ({@code CallerBytesTest} checks both, and that a re-point allocates nothing). Position 0 of the {@code Bytes} is the caller's {@code offset}, so every
 * position a codec reports (a {@link DecodeException}'s offset) counts from it.
 *
 * <p>Heap memory: Chronicle cannot put position 0 of a {@code Bytes} at an offset in a heap array without a new
 * store for each array and offset (a heap store's array offset and capacity are fixed when it is made), so a heap
 * buffer goes through one scratch area of native memory kept for the object's life: the message is copied into
 * the caller's array after an encode and out of it before a decode, a copy each way. The Chronicle rows ask for
 * native memory ({@link BufferCodec#memory()}), so those copies are only paid by a caller that gives them heap
 * memory anyway. The scratch grows to the largest room a write asks for, at most {@value #HEAP_ROOM} bytes (the
 * room a heap buffer gives one message), and to the longest message a read brings, never per call.
 *
 * <p>Two kinds, as the codecs had them: {@linkplain #checked() checked}, Chronicle's bounds-checked direct
 * {@code Bytes} (a {@link NativeBytes}), whose writes stop at the room with a {@code BufferOverflowException}
 * and whose reads stop at the message's end; and {@linkplain #unchecked() unchecked}, Chronicle's
 * {@link UncheckedNativeBytes}, which checks nothing per field, for a codec that bounds every write and read once
 * per message itself (it must never write past {@link #room()} nor read past the message). In both, the
 * {@code Bytes}' capacity is the room of the current buffer, so {@code clear()} (and a {@code Wire}'s
 * {@code clear()}, which calls it) sets the write limit to the room.
 *
 * <p>Single-threaded, like the codec that holds it.
 */
public final class CallerBytes {
    /** The most a heap buffer gives one message: the scratch area's largest size. */
    public static final int HEAP_ROOM = 1 << 20;
    private static final int FIRST_SCRATCH = 4096;

    private final PointerBytesStore store = new PointerBytesStore();
    private final Room room;
    private final Bytes<Void> bytes;
    /** Where the store points now and how far; -1 before the first call. */
    private long address = -1;
    private long capacity = -1;
    /** The last {@link #forWrite}'s buffer was heap memory: {@link #written} copies the message into it. */
    private boolean heap;
    private UnsafeBuffer scratch;

    private CallerBytes(boolean unchecked) {
        // a store must point somewhere before a Bytes is made over it: the scratch area, until the first call
        UnsafeBuffer first = scratch(FIRST_SCRATCH);
        point(first.addressOffset(), first.capacity());
        if (unchecked) {
            UncheckedRoom b = new UncheckedRoom(new CheckedRoom(store));
            this.room = b;
            this.bytes = b;
        } else {
            CheckedRoom b = new CheckedRoom(store);
            this.room = b;
            this.bytes = b;
        }
        room.room(capacity);
        bytes.clear();
    }

    /** Bounds-checked Chronicle {@code Bytes} over the caller's buffer: writes past the room throw, as reads past the message do. */
    public static CallerBytes checked() {
        return new CallerBytes(false);
    }

    /** Chronicle's unchecked {@code Bytes} over the caller's buffer: the codec bounds every write and read itself. */
    public static CallerBytes unchecked() {
        return new CallerBytes(true);
    }

    /** The one {@code Bytes} this object points at the caller's buffers: make a {@code Wire} over it once. */
    public Bytes<Void> bytes() {
        return bytes;
    }

    /**
     * Points the {@code Bytes} at {@code dst} from {@code offset}, emptied to write from its position 0 (the caller's
     * {@code offset}) up to its write limit, the room {@code dst} has from there. After writing, {@link #written}
     * gives the length (and, for heap memory, puts the message into {@code dst}).
     */
    public Bytes<Void> forWrite(MutableDirectBuffer dst, int offset) {
        target(dst, offset);
        Bytes<Void> b = bytes;
        b.clear();
        return b;
    }

    /**
     * {@link #forWrite} without emptying the {@code Bytes}, for a codec whose {@code Wire} empties it anyway
     * ({@code Wire.clear()} calls {@code clear()} on its {@code Bytes}, which then writes from position 0 up to the
     * room): points the {@code Bytes} at {@code dst} from {@code offset} and returns the room.
     */
    public int target(MutableDirectBuffer dst, int offset) {
        int room = dst.capacity() - offset;
        if (offset < 0 || room < 0) throw new IndexOutOfBoundsException("offset " + offset + " outside the buffer's " + dst.capacity() + " bytes");
        if (dst.byteArray() == null) {
            heap = false;
            point(dst.addressOffset() + offset, room);
            return room;
        }
        heap = true;
        int r = Math.min(room, HEAP_ROOM);
        point(scratch(r).addressOffset(), r);
        return r;
    }

    /**
     * The room of the last {@link #forWrite} or {@link #target}: what an encoding may take, and what an
     * {@link EncodeOverflowException} names.
     */
    public int room() {
        return (int) capacity;
    }

    /**
     * Ends a write begun by {@link #forWrite} or {@link #target} on the same {@code dst} and {@code offset}: returns the bytes written (the
     * write position) and, when {@code dst} is heap memory, copies them into it at {@code offset}.
     */
    public int written(MutableDirectBuffer dst, int offset) {
        int length = (int) bytes.writePosition();
        if (heap) dst.putBytes(offset, scratch, 0, length);
        return length;
    }

    /**
     * Points the {@code Bytes} at exactly the {@code length} bytes of {@code src} from {@code offset}: read position 0
     * (the caller's {@code offset}), read limit and write limit {@code length}, so that neither Chronicle's
     * streaming reads (bounded by the read limit) nor its reads at an offset (bounded by the write limit) reach a
     * byte after the message in a checked {@code Bytes}. Heap memory is copied into the scratch area first.
     */
    public Bytes<Void> forRead(DirectBuffer src, int offset, int length) {
        int room = src.capacity() - offset;
        if (offset < 0 || length < 0 || length > room) {
            throw new IndexOutOfBoundsException(length + " bytes at offset " + offset + " outside the buffer's " + src.capacity() + " bytes");
        }
        if (src.byteArray() == null) {
            point(src.addressOffset() + offset, room);
        } else {
            UnsafeBuffer s = scratch(length);
            src.getBytes(offset, s, 0, length);
            point(s.addressOffset(), s.capacity());
        }
        Bytes<Void> b = bytes;
        b.clear();
        b.writeLimit(length);
        b.readLimit(length);
        return b;
    }

    /** Sets the store to {@code capacity} bytes at {@code address} unless it points there already. */
    private void point(long address, long capacity) {
        if (address == this.address && capacity == this.capacity) return;
        store.set(address, capacity);
        this.address = address;
        this.capacity = capacity;
        if (room != null) room.room(capacity);
    }

    /** The scratch area for heap buffers, at least {@code size} bytes (grown, never per call). */
    private UnsafeBuffer scratch(int size) {
        UnsafeBuffer s = scratch;
        if (s != null && s.capacity() >= size) return s;
        int grown = s == null ? Math.max(size, FIRST_SCRATCH) : Math.max(size, Math.min(2 * s.capacity(), HEAP_ROOM));
        // the store points into the scratch area until the next call moves it: a new area replaces the old one first
        return scratch = new UnsafeBuffer(BufferUtil.allocateDirectAligned(align(grown), 64));
    }

    private static int align(int size) {
        return (size + 63) & ~63;
    }

    /** A {@code Bytes} whose capacity is the room of the buffer the store points at now. */
    private interface Room {
        void room(long capacity);
    }

    /**
     * Chronicle's bounds-checked direct {@code Bytes}, the class the codecs' own buffers were, with its capacity kept
     * equal to the store's: it never grows (a growth would move the message into memory of Chronicle's own), so a
     * write past the room throws.
     */
    private static final class CheckedRoom extends NativeBytes<Void> implements Room {
        CheckedRoom(PointerBytesStore store) {
            super(store, store.capacity());
        }

        @Override
        public void room(long capacity) {
            this.capacity = capacity;
        }
    }

    /**
     * Chronicle's unchecked direct {@code Bytes}, the class of the codecs' own unchecked buffers. It takes its capacity
     * once, when made; this one answers the room of the current buffer instead, which is what {@code clear()} sets
     * the write limit to.
     */
    private static final class UncheckedRoom extends UncheckedNativeBytes<Void> implements Room {
        private long room;

        UncheckedRoom(Bytes<Void> underlying) {
            super(underlying);
        }

        @Override
        public void room(long capacity) {
            this.room = capacity;
        }

        @Override
        public long capacity() {
            return room;
        }
    }
}
