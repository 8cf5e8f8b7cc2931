package org.wireshootout.wire;

/** A run that did not deliver every message exactly once and intact; names the first sequence number that went wrong. */
public final class WireRunException extends RuntimeException {
    /** What went wrong with the message. */
    public enum Kind { LOST, DUPLICATED, CORRUPTED, STALLED, FAILED }

    private final Kind kind;
    private final long sequence;

    WireRunException(Kind kind, long sequence, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.sequence = sequence;
    }

    public Kind kind() {
        return kind;
    }

    /** The sequence number of the message concerned, or -1 when the failure is not about one message. */
    public long sequence() {
        return sequence;
    }
}
