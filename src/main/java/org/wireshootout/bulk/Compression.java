package org.wireshootout.bulk;

import io.airlift.compress.zstd.ZstdCompressor;

import java.util.zip.Deflater;

/** Compressed sizes of a byte stream: deflate (the JDK's, level 6) and zstd (aircompressor's pure-Java zstd, its default level 3). */
public final class Compression {
    private Compression() {
    }

    public static long deflatedSize(byte[] data, int length) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
        try {
            deflater.setInput(data, 0, length);
            deflater.finish();
            byte[] out = new byte[64 * 1024];
            long total = 0;
            while (!deflater.finished()) total += deflater.deflate(out);
            return total;
        } finally {
            deflater.end();
        }
    }

    public static long zstdSize(byte[] data, int length) {
        ZstdCompressor zstd = new ZstdCompressor();
        byte[] out = new byte[zstd.maxCompressedLength(length)];
        return zstd.compress(data, 0, length, out, 0, out.length);
    }
}
