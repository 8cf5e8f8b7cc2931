package org.wireshootout.wire;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code queue}: Chronicle Queue on a fresh directory under the temporary root, an appender on the sender
 * thread writing each frame as one document and a tailer on the receiver thread reading from the start. The
 * queue is memory-mapped files: on /dev/shm they live in memory, on a disk the page cache carries them.
 */
final class QueueTransport implements Transport {
    static {
        // Chronicle's usage analytics are off for a benchmark (no network from a timed run)
        System.setProperty("chronicle.analytics.disable", "true");
    }

    /** An echo run is two queues on directories of their own; across processes the parent makes the directory and each side opens it. */
    static final TransportProvider PROVIDER = new TransportProvider() {
        @Override
        public Transport open(TransportKind kind, TransportOptions options) {
            return new QueueTransport(options);
        }

        @Override
        public EchoTransport openEcho(TransportKind kind, TransportOptions options) {
            return EchoTransport.pair(kind, () -> new QueueTransport(options));
        }

        @Override
        public Transport host(TransportKind kind, TransportOptions options) {
            return new QueueTransport(options);
        }

        @Override
        public String attachPoint(Transport hosted) {
            return ((QueueTransport) hosted).attachPoint();
        }

        @Override
        public Transport attach(TransportKind kind, TransportOptions options, String attachPoint) {
            return new QueueTransport(java.nio.file.Paths.get(attachPoint), false);
        }
    };

    private final Path dir;
    private final ChronicleQueue queue;
    private final boolean owner;
    /**
     * The owner's queue closed by the exit hook before its directory is deleted (registered after the directory, so
     * run first): a queue still open would make its files again when the sender's next append lands.
     */
    private final org.wireshootout.process.Lifecycle.Registration closeAtExit;

    QueueTransport(TransportOptions options) {
        this(TempDirs.create(options.tempRoot, "wire-queue-"), true);
    }

    /** On {@code dir}; the owner deletes it on close, a JVM that only attached to it does not. */
    QueueTransport(Path dir, boolean owner) {
        this.dir = dir;
        this.owner = owner;
        ChronicleQueue q;
        try {
            q = SingleChronicleQueueBuilder.binary(dir).build();
        } catch (RuntimeException | Error e) {
            if (owner) TempDirs.delete(dir);
            throw e;
        }
        this.queue = q;
        this.closeAtExit = owner
                ? org.wireshootout.process.Lifecycle.atExit(org.wireshootout.process.Lifecycle.Phase.CLEAN, q::close)
                : null;
    }

    @Override
    public TransportKind kind() {
        return TransportKind.queue;
    }

    @Override
    public Publisher publisher() {
        return new QueuePublisher(queue.createAppender());
    }

    /**
     * One document per frame: {@code writingDocument}, the frame written in place in the queue's mapped memory at the
     * document's write position, {@code writeSkip} by the frame's length, close. Where the room for the frame is not
     * one contiguous piece of the mapping (never seen with frames this small), the frame goes through a scratch
     * buffer and is written with {@code Bytes.write}, a copy.
     */
    private static final class QueuePublisher implements Publisher {
        private final ExcerptAppender appender;
        private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
        private UnsafeBuffer scratch = new UnsafeBuffer(new byte[0]);
        private DocumentContext dc;
        private boolean inPlace;

        QueuePublisher(ExcerptAppender appender) {
            this.appender = appender;
        }

        @Override
        public boolean tryClaim(int length) {
            dc = appender.writingDocument();
            Bytes<?> bytes = dc.wire().bytes();
            long position = bytes.writePosition();
            long address = bytes.addressForWrite(position);
            inPlace = length == 0 || bytes.addressForWrite(position + length - 1) == address + length - 1;
            if (inPlace) {
                view.wrap(address, length);
            } else if (scratch.capacity() < length) {
                scratch = new UnsafeBuffer(new byte[Math.max(length, 2 * scratch.capacity())]);
            }
            return true;
        }

        @Override
        public MutableDirectBuffer buffer() {
            return inPlace ? view : scratch;
        }

        @Override
        public int offset() {
            return 0;
        }

        @Override
        public boolean commit(int used) {
            Bytes<?> bytes = dc.wire().bytes();
            if (inPlace) {
                bytes.writeSkip(used);
            } else {
                bytes.write(scratch.byteArray(), 0, used);
            }
            dc.close();
            dc = null;
            return true;
        }

        @Override
        public void abort() {
            if (dc == null) return;
            dc.rollbackOnClose();
            dc.close();
            dc = null;
        }

        @Override
        public void close() {
            abort();
            appender.close();
        }
    }

    @Override
    public Subscriber subscriber() {
        ExcerptTailer tailer = queue.createTailer();
        UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
        return new Subscriber() {
            @Override
            public int poll(FrameSink sink, int limit) {
                int n = 0;
                while (n < limit) {
                    try (DocumentContext dc = tailer.readingDocument()) {
                        if (!dc.isPresent()) break;
                        Bytes<?> bytes = dc.wire().bytes();
                        int length = (int) bytes.readRemaining();
                        // the document where it lies in the mapped file, contiguous for its whole length
                        view.wrap(bytes.addressForRead(bytes.readPosition(), length), length);
                        sink.onFrame(view, 0, length);
                        n++;
                    }
                }
                return n;
            }

            @Override
            public void close() {
                tailer.close();
            }
        };
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("implementation", "Chronicle Queue " + ChronicleQueue.class.getPackage().getImplementationVersion()
                + " (SingleChronicleQueue, binary); appender.writingDocument with the frame encoded in place in the mapped file, tailer.readingDocument decoded in place");
        m.put("directory", dir.toString());
        m.put("rollCycle", String.valueOf(queue.rollCycle()));
        return m;
    }

    String attachPoint() {
        return dir.toString();
    }

    @Override
    public Map<String, String> ownThreads() {
        return Map.of();
    }

    @Override
    public void close() {
        if (closeAtExit != null) closeAtExit.close();
        try {
            queue.close();
        } finally {
            if (owner) TempDirs.delete(dir);
        }
    }
}
