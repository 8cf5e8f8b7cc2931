package org.wireshootout.wire;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

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

    private final Path dir;
    private final ChronicleQueue queue;
    private final boolean owner;

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
    }

    @Override
    public TransportKind kind() {
        return TransportKind.queue;
    }

    @Override
    public Publisher publisher() {
        ExcerptAppender appender = queue.createAppender();
        return new Publisher() {
            @Override
            public boolean offer(byte[] frame, int length) {
                try (DocumentContext dc = appender.writingDocument()) {
                    dc.wire().bytes().write(frame, 0, length);
                }
                return true;
            }

            @Override
            public void close() {
                appender.close();
            }
        };
    }

    @Override
    public Subscriber subscriber() {
        ExcerptTailer tailer = queue.createTailer();
        byte[] copy = new byte[1 << 16];
        return new Subscriber() {
            @Override
            public int poll(FrameSink sink, int limit) {
                int n = 0;
                while (n < limit) {
                    try (DocumentContext dc = tailer.readingDocument()) {
                        if (!dc.isPresent()) break;
                        Bytes<?> bytes = dc.wire().bytes();
                        int length = (int) bytes.readRemaining();
                        if (length > copy.length) {
                            throw new IllegalStateException("queue: a document of " + length + " bytes at index "
                                    + Long.toHexString(dc.index()) + " is larger than any frame this room sends");
                        }
                        bytes.read(copy, 0, length);
                        sink.onFrame(copy, length);
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
                + " (SingleChronicleQueue, binary); appender.writingDocument, tailer.readingDocument");
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
        try {
            queue.close();
        } finally {
            if (owner) TempDirs.delete(dir);
        }
    }
}
