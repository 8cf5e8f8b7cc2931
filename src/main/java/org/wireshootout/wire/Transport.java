package org.wireshootout.wire;

import java.util.Map;

/**
 * One real transport, started by {@link TransportKind#open} and stopped (temporary files removed) by
 * {@link #close}. A run takes one publisher, used only by its sender thread, and one subscriber, used only by
 * its receiver thread; each is made on the thread that uses it.
 */
public interface Transport extends AutoCloseable {

    /** The sending end. */
    interface Publisher extends AutoCloseable {
        /** Publishes {@code length} bytes of {@code frame} as one message; false when the transport refuses it now (back-pressure). */
        boolean offer(byte[] frame, int length);

        @Override
        default void close() {
        }
    }

    /** What a subscriber hands each message to: the bytes copied into {@code frame}, valid until the call returns. */
    interface FrameSink {
        void onFrame(byte[] frame, int length);
    }

    /** The receiving end. */
    interface Subscriber extends AutoCloseable {
        /** Delivers up to {@code limit} waiting messages to {@code sink}; returns how many (0 when none was waiting). */
        int poll(FrameSink sink, int limit);

        @Override
        default void close() {
        }
    }

    TransportKind kind();

    /** Made on the sender thread. */
    Publisher publisher();

    /** Made on the receiver thread. */
    Subscriber subscriber();

    /** What the result should record about this transport: threading mode, idle strategies, directories, sizes. */
    Map<String, Object> describe();

    /** Threads this transport runs of its own (a media driver's agents), by name, with the pinning each actually had. */
    Map<String, String> ownThreads();

    /** Stops everything this transport started and deletes its temporary files; throws if they could not be deleted. */
    @Override
    void close();
}
