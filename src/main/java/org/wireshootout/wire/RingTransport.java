package org.wireshootout.wire;

import org.agrona.BufferUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
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

    /** In one process only: an echo run is two rings. */
    static final TransportProvider PROVIDER = new TransportProvider() {
        @Override
        public Transport open(TransportKind kind, TransportOptions options) {
            return new RingTransport(options);
        }

        @Override
        public EchoTransport openEcho(TransportKind kind, TransportOptions options) {
            return EchoTransport.pair(kind, () -> new RingTransport(options));
        }

        @Override
        public boolean crossesProcesses() {
            return false;
        }
    };

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
        return new RingPublisher();
    }

    /** Claims a record in the ring and lets the frame be written there: no copy. */
    private final class RingPublisher implements Publisher {
        private int index = -1;

        @Override
        public boolean tryClaim(int length) {
            int i = ring.tryClaim(MSG_TYPE, length);
            if (i < 0) return false;
            index = i;
            return true;
        }

        @Override
        public MutableDirectBuffer buffer() {
            return ring.buffer();
        }

        @Override
        public int offset() {
            return index;
        }

        @Override
        public boolean commit(int used) {
            ring.commit(index); // the record keeps its claimed length; the frame's header says what of it is the message
            index = -1;
            return true;
        }

        @Override
        public void abort() {
            if (index >= 0) ring.abort(index);
            index = -1;
        }
    }

    @Override
    public Subscriber subscriber() {
        return new RingSubscriber(ring);
    }

    /** Reads with one handler made up front, so a poll allocates nothing; each frame is handed on where it lies. */
    private static final class RingSubscriber implements Subscriber, MessageHandler {
        private final OneToOneRingBuffer ring;
        private FrameSink sink;

        RingSubscriber(OneToOneRingBuffer ring) {
            this.ring = ring;
        }

        @Override
        public int poll(FrameSink sink, int limit) {
            this.sink = sink;
            return ring.read(this, limit);
        }

        @Override
        public void onMessage(int msgTypeId, MutableDirectBuffer buffer, int index, int length) {
            sink.onFrame(buffer, index, length);
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("implementation", "org.agrona.concurrent.ringbuffer.OneToOneRingBuffer (Agrona): tryClaim, the frame encoded in place, commit; read in place");
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
