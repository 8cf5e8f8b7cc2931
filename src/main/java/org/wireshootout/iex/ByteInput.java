package org.wireshootout.iex;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;

/**
 * A buffered window over a capture stream that knows the stream offset of every byte it holds, so that a
 * reader can parse records in place (no copy per record) and name the exact offset of any fault.
 *
 * <p>The buffer starts small and grows (by doubling) only up to a fixed maximum, so nothing a file declares can
 * make it larger than that; small files stay cheap to open. The stream ends either normally, or
 * because a compressed stream was cut short ({@link EOFException} from the inflater: the data before the cut is
 * still good), or because compressed data is corrupt ({@link ZipException}). Either way the bytes already
 * buffered stay readable; {@link #endCause()} says why the stream ended.
 */
final class ByteInput {
    private final InputStream in;
    byte[] buf;
    private final int maxCapacity;
    /** Next unread byte. */
    int pos;
    /** End of the valid bytes. */
    int limit;
    /** Stream offset of buf[0]. */
    private long base;
    private boolean eof;
    private IOException endCause;

    ByteInput(InputStream in, int initialCapacity, int maxCapacity) {
        this.in = in;
        this.buf = new byte[Math.min(initialCapacity, maxCapacity)];
        this.maxCapacity = maxCapacity;
    }

    /** Stream offset of the next unread byte. */
    long offset() {
        return base + pos;
    }

    /** Stream offset of the byte at buffer index {@code index}. */
    long offsetOf(int index) {
        return base + index;
    }

    /** Bytes buffered and not yet consumed. */
    int available() {
        return limit - pos;
    }

    /**
     * Makes at least {@code n} bytes (at most the maximum capacity) readable from {@link #pos} unless the
     * stream ends first. Returns the bytes now readable, which is less than {@code n} only at the end. May
     * replace {@link #buf}: read it after this call.
     */
    int require(int n) throws IOException {
        int avail = limit - pos;
        if (avail >= n || eof) return avail;
        if (n > maxCapacity) throw new IllegalArgumentException(n + " bytes exceed the " + maxCapacity + "-byte buffer");
        if (n > buf.length) grow(n);
        if (pos + n > buf.length) compact();
        while (limit - pos < n && !eof) fill();
        return limit - pos;
    }

    /** True when the stream has ended (the buffered bytes may still be unread). */
    boolean atEnd() throws IOException {
        return require(1) == 0;
    }

    /** Why the stream ended early: an {@link EOFException} (compressed stream cut short), a {@link ZipException}
     *  (corrupt compressed data), or null when it ended normally or has not ended. */
    IOException endCause() {
        return endCause;
    }

    /** Stream offset just past the last byte the stream delivered. */
    long endOffset() {
        return base + limit;
    }

    private void grow(int n) {
        int capacity = buf.length;
        while (capacity < n) capacity = Math.min(maxCapacity, capacity * 2);
        byte[] bigger = new byte[capacity];
        int avail = limit - pos;
        System.arraycopy(buf, pos, bigger, 0, avail);
        base += pos;
        pos = 0;
        limit = avail;
        buf = bigger;
    }

    private void compact() {
        int avail = limit - pos;
        System.arraycopy(buf, pos, buf, 0, avail);
        base += pos;
        pos = 0;
        limit = avail;
    }

    private void fill() throws IOException {
        if (limit == buf.length) throw new IllegalStateException("fill with a full buffer");
        int r;
        try {
            r = in.read(buf, limit, buf.length - limit);
        } catch (EOFException | ZipException e) {
            // the compressed stream is cut short or corrupt: what was delivered so far is still readable
            endCause = e;
            eof = true;
            return;
        }
        if (r < 0) eof = true;
        else limit += r;
    }
}
