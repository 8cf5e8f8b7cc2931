package org.wireshootout.iex;

import org.wireshootout.model.iex.IexMessage;

/**
 * Receives a capture's IEX data as it is decoded: each segment, then its messages. The objects passed in are
 * reused for the next segment and message: copy what must outlive the call ({@link IexMessage#copy()}).
 */
public interface IexListener {
    /** A segment header, before its messages (also for heartbeats, which have none). */
    default void onSegment(IexTpSegment segment) {
    }

    /** One decoded message. */
    void onMessage(IexMessage message);

    /**
     * A message that was skipped by its length: its type byte is unknown ({@code unknownType}), or it is shorter
     * than its type requires. {@code type} is -1 for an empty message.
     */
    default void onSkippedMessage(int type, int length, long fileOffset, boolean unknownType) {
    }
}
