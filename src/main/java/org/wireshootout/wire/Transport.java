package org.wireshootout.wire;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.util.Map;

/**
 * One real transport, started by {@link TransportKind#open} and stopped (temporary files removed) by
 * {@link #close}. A run takes one publisher, used only by its sender thread, and one subscriber, used only by
 * its receiver thread; each is made on the thread that uses it.
 */
public interface Transport extends AutoCloseable {

    /**
     * The sending end: a frame is written in place in the transport's own memory. {@link #tryClaim} takes room for
     * it, the caller writes the frame into {@link #buffer()} from {@link #offset()} and {@link #commit}s it; nothing
     * is copied on the way unless the transport cannot lend its memory for a frame of that length (then
     * {@link #describe} says so).
     */
    interface Publisher extends AutoCloseable {
        /** Takes room for a frame of at most {@code length} bytes; false when the transport refuses it now (back-pressure). */
        boolean tryClaim(int length);

        /** Where the claimed frame goes, valid from {@link #tryClaim} returning true until {@link #commit} or {@link #abort}. */
        MutableDirectBuffer buffer();

        /** The claimed frame's first byte in {@link #buffer()}. */
        int offset();

        /**
         * Publishes the first {@code used} bytes of the claim (a transport whose frames have a fixed length once
         * claimed sends the whole claim; the frame's own header says how much of it is the message). False when the
         * transport refuses it now: the frame stays claimed and written, and the caller commits again.
         */
        boolean commit(int used);

        /** Gives the claim back without publishing it (the frame could not be written). */
        void abort();

        @Override
        default void close() {
        }
    }

    /** What a subscriber hands each message to: the frame where it lies in the transport's memory, valid until the call returns. */
    interface FrameSink {
        void onFrame(DirectBuffer buffer, int offset, int length);
    }

    /** The receiving end. */
    interface Subscriber extends AutoCloseable {
        /** Delivers up to {@code limit} waiting messages to {@code sink}; returns how many (0 when none was waiting). */
        int poll(FrameSink sink, int limit);

        /**
         * What interrupted the stream on its way, when the transport saw it (an Aeron image that went unavailable: its
         * peer was silent past the liveness timeout, so what follows comes on a new image from the publication's current
         * position); null when nothing did. A gap after it is a stall of a peer or the machine, not a transport losing data.
         */
        default String interruption() {
            return null;
        }

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
