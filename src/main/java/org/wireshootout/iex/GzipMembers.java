package org.wireshootout.iex;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Inflates a gzip file member by member (RFC 1952), so that nothing after the first member can end the stream
 * unnoticed. The JDK's {@code GZIPInputStream} treats bytes after a member that do not parse as a gzip header as
 * the end of the data and drops them without a word; here every member is inflated and its CRC-32 and length
 * checked, and whatever follows a member is either another member or a {@link ZipException} naming the compressed
 * offset. A stream that ends inside a member raises {@link EOFException} (the data inflated before it stays good).
 */
final class GzipMembers extends InputStream {
    private static final int FTEXT_RESERVED = 0xE0;
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final InputStream raw;
    private final byte[] buf;
    private int pos;
    private int limit;
    /** Compressed offset of buf[0]. */
    private long base;
    private boolean rawEnded;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private int member;
    private long memberStart;
    private long memberBytes;
    private boolean done;
    private final byte[] one = new byte[1];

    /** Reads the first member's header: an {@link EOFException} when it is cut, a {@link ZipException} when bad. */
    GzipMembers(InputStream raw, int bufferSize) throws IOException {
        this.raw = raw;
        this.buf = new byte[bufferSize];
        readHeader();
    }

    /** Offset in the compressed file of the next byte not yet handed to the inflater. */
    private long compressedOffset() {
        return base + pos;
    }

    @Override
    public int read() throws IOException {
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        while (!done) {
            if (inflater.finished()) {
                endMember();
                continue;
            }
            if (inflater.needsInput()) {
                if (!fill()) {
                    throw new EOFException("the gzip stream ends inside member " + member + " (which starts at "
                            + "compressed byte " + memberStart + ") after " + compressedOffset() + " compressed bytes");
                }
                inflater.setInput(buf, pos, limit - pos);
            }
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new ZipException("gzip member " + member + " (from compressed byte " + memberStart
                        + ") holds corrupt deflate data near compressed byte " + compressedOffset() + ": " + e.getMessage());
            }
            pos = limit - inflater.getRemaining();
            if (n > 0) {
                crc.update(b, off, n);
                memberBytes += n;
                return n;
            }
            if (inflater.needsDictionary()) {
                throw new ZipException("gzip member " + member + " asks for a preset dictionary, which gzip never uses");
            }
        }
        return -1;
    }

    /** Checks the member's trailer, then starts the next member or ends the stream where the file ends. */
    private void endMember() throws IOException {
        long trailerAt = compressedOffset();
        long crcStored = u32le("trailer");
        long sizeStored = u32le("trailer");
        if (crcStored != crc.getValue()) {
            throw new ZipException(String.format("gzip member %d (from compressed byte %d): CRC-32 %08x in its trailer "
                    + "at compressed byte %d, but the data inflates to %08x", member, memberStart, crcStored, trailerAt,
                    crc.getValue()));
        }
        if (sizeStored != (memberBytes & 0xFFFF_FFFFL)) {
            throw new ZipException("gzip member " + member + " (from compressed byte " + memberStart + "): its trailer "
                    + "at compressed byte " + trailerAt + " gives a length of " + sizeStored + " (mod 2^32), but it "
                    + "inflates to " + memberBytes + " bytes");
        }
        if (pos == limit && !fill()) {
            done = true;
            return;
        }
        readHeader();
    }

    private void readHeader() throws IOException {
        memberStart = compressedOffset();
        member++;
        int id1 = byteOf("header");
        if (id1 != 0x1f) {
            // not even the start of a member: trailing garbage, however short, and not a member cut short
            throw new ZipException(String.format("%s at compressed byte %d is the byte %02x, not the gzip magic 1f 8b",
                    member == 1 ? "the gzip stream" : "what follows gzip member " + (member - 1), memberStart, id1));
        }
        int id2 = byteOf("header");
        if (id1 != 0x1f || id2 != 0x8b) {
            throw new ZipException(String.format("%s at compressed byte %d starts %02x %02x, not the gzip magic 1f 8b",
                    member == 1 ? "the gzip stream" : "what follows gzip member " + (member - 1), memberStart, id1, id2));
        }
        int method = byteOf("header");
        if (method != 8) throw badHeader("compression method " + method + " is not deflate (8)");
        int flags = byteOf("header");
        if ((flags & FTEXT_RESERVED) != 0) throw badHeader(String.format("reserved flag bits are set (flags %02x)", flags));
        for (int i = 0; i < 6; i++) byteOf("header"); // modification time, extra flags, operating system
        if ((flags & FEXTRA) != 0) {
            int extra = byteOf("header") | byteOf("header") << 8;
            for (int i = 0; i < extra; i++) byteOf("header");
        }
        if ((flags & FNAME) != 0) while (byteOf("header") != 0) { /* file name, zero-terminated */ }
        if ((flags & FCOMMENT) != 0) while (byteOf("header") != 0) { /* comment, zero-terminated */ }
        if ((flags & FHCRC) != 0) {
            byteOf("header");
            byteOf("header");
        }
        inflater.reset();
        crc.reset();
        memberBytes = 0;
    }

    private ZipException badHeader(String what) {
        return new ZipException("gzip member " + member + " at compressed byte " + memberStart + " has a bad header: " + what);
    }

    private long u32le(String part) throws IOException {
        return byteOf(part) | byteOf(part) << 8 | byteOf(part) << 16 | (long) byteOf(part) << 24;
    }

    private int byteOf(String part) throws IOException {
        if (pos == limit && !fill()) {
            throw new EOFException("the gzip stream ends inside the " + part + " of member " + member
                    + " (which starts at compressed byte " + memberStart + ")");
        }
        return buf[pos++] & 0xFF;
    }

    /** Refills the buffer once it is used up; false at the end of the file. */
    private boolean fill() throws IOException {
        if (pos < limit) return true;
        if (rawEnded) return false;
        base += limit;
        pos = 0;
        limit = 0;
        while (limit == 0) {
            int r = raw.read(buf, 0, buf.length);
            if (r < 0) {
                rawEnded = true;
                return false;
            }
            limit = r;
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        raw.close();
    }
}
