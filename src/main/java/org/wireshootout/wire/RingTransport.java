package org.wireshootout.wire;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code ring}: Agrona's single-producer single-consumer ring buffer in this process, in a cache-line aligned
 * direct buffer. No transport at all: what is left is the hand-off between two CPUs, the floor under every
 * other row.
 */
final class RingTransport implements Transport {
    private static final int MSG_TYPE = 1;

    private final OneToOneRingBuffer ring;
    private final int capacity;

    RingTransport(TransportOptions options) {
        this.capacity = options.ringCapacity;
        UnsafeBuffer buffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(
                capacity + RingBufferDescriptor.TRAILER_LENGTH, 64));
        this.ring = new OneToOneRingBuffer(buffer);
    }

    @Override
    public TransportKind kind() {
        return TransportKind.ring;
    }

    @Override
    public Publisher publisher() {
        return (frame, length) -> {
            int index = ring.tryClaim(MSG_TYPE, length);
            if (index < 0) return false;
            ring.buffer().putBytes(index, frame, 0, length);
            ring.commit(index);
            return true;
        };
    }

    @Override
    public Subscriber subscriber() {
        return new RingSubscriber();
    }

    /** Reads with one handler made up front, so a poll allocates nothing. */
    private final class RingSubscriber implements Subscriber, org.agrona.concurrent.MessageHandler {
        private final byte[] copy = new byte[ring.maxMsgLength()];
        private FrameSink sink;

        @Override
        public int poll(FrameSink sink, int limit) {
            this.sink = sink;
            return ring.read(this, limit);
        }

        @Override
        public void onMessage(int msgTypeId, org.agrona.MutableDirectBuffer buffer, int index, int length) {
            buffer.getBytes(index, copy, 0, length);
            sink.onFrame(copy, length);
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("implementation", "org.agrona.concurrent.ringbuffer.OneToOneRingBuffer (Agrona), tryClaim + putBytes + commit");
        m.put("capacityBytes", capacity);
        return m;
    }

    @Override
    public Map<String, String> ownThreads() {
        return Map.of();
    }

    @Override
    public void close() {
        // a direct buffer: nothing on disk, freed with the object
    }
}
