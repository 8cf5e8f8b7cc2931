package org.wireshootout.codec;

/** Bytes a codec cannot decode: says which format and where in the message. */
public class DecodeException extends RuntimeException {
    private final long offset;

    public DecodeException(String format, long offset, String what) {
        super(format + ": at offset " + offset + ": " + what);
        this.offset = offset;
    }

    public DecodeException(String format, long offset, String what, Throwable cause) {
        super(format + ": at offset " + offset + ": " + what, cause);
        this.offset = offset;
    }

    public long offset() {
        return offset;
    }
}
