package org.wireshootout.iex;

import java.io.IOException;

/**
 * A capture file that cannot be read on: says which file, at which byte offset (of the uncompressed stream when
 * the file is gzipped), and what is wrong. When the fault is found while reading IEX data, {@link #stats()}
 * holds everything read before it.
 */
public class CaptureFormatException extends IOException {
    private final String file;
    private final long offset;
    private final String problem;
    private IexCaptureStats stats;

    public CaptureFormatException(String file, long offset, String problem) {
        super(file + ": at byte " + offset + ": " + problem);
        this.file = file;
        this.offset = offset;
        this.problem = problem;
    }

    public CaptureFormatException(String file, long offset, String problem, Throwable cause) {
        this(file, offset, problem);
        initCause(cause);
    }

    public String file() { return file; }

    /** Byte offset of the fault in the (uncompressed) capture stream. */
    public long offset() { return offset; }

    /** The fault without the file and offset. */
    public String problem() { return problem; }

    /** What was read before the fault, or null when the fault came before any IEX data was looked at. */
    public IexCaptureStats stats() { return stats; }

    CaptureFormatException withStats(IexCaptureStats s) {
        this.stats = s;
        return this;
    }
}
