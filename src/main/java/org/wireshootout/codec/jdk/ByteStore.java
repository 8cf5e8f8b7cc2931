package org.wireshootout.codec.jdk;

import net.openhft.chronicle.bytes.Bytes;
import org.wireshootout.codec.ArrayMessage;
import org.wireshootout.codec.ChronicleBytesMessage;
import org.wireshootout.codec.MessageBuffer;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Where a JDK-serialisation codec that owns its buffer (version 2 of the rows, for the evolution matrix) keeps its
 * bytes, seen as the {@code java.io} streams that {@code ObjectOutputStream} and {@code ObjectInputStream} need.
 * Each store's two streams are made once and rewound per message; only the object streams on top are new each
 * time. The version-1 codecs use the caller's buffer instead ({@link CallerStreams}).
 */
abstract class ByteStore implements JavaSerialization.Unread {
    /** Empties the store and returns the stream to write a message into. */
    abstract OutputStream rewindForWrite();

    /** Rewinds to the first byte and returns the stream to read the message from. */
    abstract InputStream rewindForRead();

    /** Bytes not yet read since {@link #rewindForRead}. */
    @Override
    public abstract long unread();

    /** The stored message's length. */
    @Override
    public long length() {
        return message().length();
    }

    /** The stored message, for the codec's length / bytes / copyTo / load; reads never move the read position. */
    abstract MessageBuffer message();

    /** A byte array on the heap, grown when needed, with an output and an input stream over it. */
    static final class Heap extends ByteStore {
        private byte[] buf = new byte[512];
        private int size;
        private int readPos;

        private final OutputStream out = new OutputStream() {
            @Override
            public void write(int b) {
                ensure(1);
                buf[size++] = (byte) b;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                ensure(len);
                System.arraycopy(b, off, buf, size, len);
                size += len;
            }
        };

        private final InputStream in = new InputStream() {
            @Override
            public int read() {
                return readPos < size ? buf[readPos++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) return 0;
                int n = Math.min(len, size - readPos);
                if (n <= 0) return -1;
                System.arraycopy(buf, readPos, b, off, n);
                readPos += n;
                return n;
            }

            @Override
            public int available() {
                return size - readPos;
            }
        };

        private void ensure(int more) {
            if (more > buf.length - size) buf = Arrays.copyOf(buf, Math.max(size + more, buf.length * 2));
        }

        @Override OutputStream rewindForWrite() { size = 0; return out; }

        @Override InputStream rewindForRead() { readPos = 0; return in; }

        @Override public long unread() { return size - readPos; }

        private final ArrayMessage message = new ArrayMessage(() -> buf, () -> size, (src, offset, length) -> {
            size = 0;
            ensure(length);
            System.arraycopy(src, offset, buf, 0, length);
            size = length;
        });

        @Override MessageBuffer message() { return message; }
    }

    /** A direct Chronicle {@link Bytes}, through its own {@code outputStream()} and {@code inputStream()}. */
    static final class ChronicleBytes extends ByteStore {
        private final Bytes<?> bytes = Bytes.allocateElasticDirect(512);
        private final OutputStream out = bytes.outputStream();
        private final InputStream in = bytes.inputStream();

        @Override OutputStream rewindForWrite() { bytes.clear(); return out; }

        @Override InputStream rewindForRead() { bytes.readPosition(0); return in; }

        @Override public long unread() { return bytes.readRemaining(); }

        private final ChronicleBytesMessage message = new ChronicleBytesMessage(bytes);

        @Override MessageBuffer message() { return message; }
    }
}
