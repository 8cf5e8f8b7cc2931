package org.wireshootout.codec;

/**
 * An encoding that does not fit the buffer the caller gave: the caller owns the bytes, so it is the caller's to
 * make room (a larger buffer, a larger claim) and encode again. Names the row, the room there was and, where the
 * library says, what was needed.
 */
public final class EncodeOverflowException extends IllegalStateException {
    public EncodeOverflowException(String format, int room, Throwable cause) {
        super(format + ": the message does not fit the " + room + " bytes the caller's buffer has from the offset", cause);
    }
}
