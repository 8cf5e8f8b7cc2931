package org.wireshootout.codec.jdk;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.CallerBytes;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Labels;

import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.BufferOverflowException;

/**
 * The {@code java.io} streams a JDK-serialisation row writes a message into and reads one from, over the caller's
 * buffer: made once and pointed at the caller's bytes per message, so that only the object streams on top are new
 * each time (a message is a whole serialisation stream). {@code ObjectOutputStream} and {@code ObjectInputStream}
 * keep buffers of their own and move the bytes through these streams in blocks, a copy each way, as they moved
 * them through the codec's own store before.
 */
abstract class CallerStreams implements JavaSerialization.Unread {
    final String name;

    private CallerStreams(String name) {
        this.name = name;
    }

    /** The memory these streams work on without a copy of their own: what the row asks a caller for. */
    abstract Labels.Memory memory();

    /** Writes {@code object} as one whole stream into {@code dst} from {@code offset}; returns the message's length. */
    abstract int write(Object object, MutableDirectBuffer dst, int offset);

    /**
     * Reads the {@code length} bytes of {@code src} from {@code offset} with {@code reader} through {@code filter}: one
     * object of class {@code expected} and nothing after it, else a {@link org.wireshootout.codec.DecodeException}.
     */
    final Object read(DirectBuffer src, int offset, int length, ObjectInputFilter filter, Class<?> expected, ObjectReader reader) {
        return JavaSerialization.read(name, forRead(src, offset, length), this, filter, expected, reader);
    }

    /** The stream over exactly the {@code length} bytes of {@code src} from {@code offset}, from the first. */
    abstract InputStream forRead(DirectBuffer src, int offset, int length);

    /**
     * The caller's heap array where the message lies, or other memory through Agrona's {@code putBytes} /
     * {@code getBytes}: one copy per block of the object streams either way, nothing more. A stream that outgrows
     * the room is refused with an {@link EncodeOverflowException} before a byte is written past it.
     */
    static CallerStreams array(String name) {
        return new ArrayStreams(name);
    }

    /**
     * Chronicle {@code Bytes} over the caller's buffer ({@link CallerBytes}, bounds-checked) through Chronicle's own
     * {@code outputStream()} and {@code inputStream()}, made once: native memory in place, as the row's labels ask.
     */
    static CallerStreams chronicleBytes(String name) {
        return new ChronicleStreams(name);
    }

    private static final class ArrayStreams extends CallerStreams {
        private final HeapOut heapOut;
        private final DirectOut directOut;
        private final HeapIn heapIn = new HeapIn();
        private final DirectIn directIn = new DirectIn();
        /** The input the last {@link #forRead} pointed. */
        private MessageIn in = heapIn;

        ArrayStreams(String name) {
            super(name);
            this.heapOut = new HeapOut(name);
            this.directOut = new DirectOut(name);
        }

        @Override
        Labels.Memory memory() {
            return Labels.Memory.HEAP;
        }

        @Override
        int write(Object object, MutableDirectBuffer dst, int offset) {
            int room = dst.capacity() - offset;
            byte[] array = dst.byteArray();
            if (array != null) {
                HeapOut out = heapOut;
                int at = dst.wrapAdjustment() + offset;
                out.point(array, at, at + room);
                JavaSerialization.write(out, object);
                return out.pos - at;
            }
            DirectOut out = directOut;
            out.point(dst, offset, offset + room);
            JavaSerialization.write(out, object);
            return out.pos - offset;
        }

        @Override
        InputStream forRead(DirectBuffer src, int offset, int length) {
            byte[] array = src.byteArray();
            if (array != null) {
                int at = src.wrapAdjustment() + offset;
                heapIn.point(array, at, at + length);
                return in = heapIn;
            }
            directIn.point(src, offset, offset + length);
            return in = directIn;
        }

        @Override
        public long unread() {
            return in.unread();
        }

        @Override
        public long length() {
            return in.length();
        }
    }

    private static final class ChronicleStreams extends CallerStreams {
        private final CallerBytes caller = CallerBytes.checked();
        private final Bytes<Void> bytes = caller.bytes();
        private final OutputStream out = bytes.outputStream();
        private final InputStream in = bytes.inputStream();
        private int length;

        ChronicleStreams(String name) {
            super(name);
        }

        @Override
        Labels.Memory memory() {
            return Labels.Memory.DIRECT;
        }

        @Override
        int write(Object object, MutableDirectBuffer dst, int offset) {
            caller.forWrite(dst, offset);
            try {
                JavaSerialization.write(out, object);
            } catch (UncheckedIOException e) {
                // Chronicle's stream reports the checked Bytes' refusal to pass the room as an IOException
                for (Throwable t = e; t != null; t = t.getCause()) {
                    if (t instanceof BufferOverflowException) throw new EncodeOverflowException(name, caller.room(), e);
                }
                throw e;
            }
            return caller.written(dst, offset);
        }

        @Override
        InputStream forRead(DirectBuffer src, int offset, int length) {
            caller.forRead(src, offset, length);
            this.length = length;
            return in;
        }

        @Override
        public long unread() {
            return bytes.readRemaining();
        }

        @Override
        public long length() {
            return length;
        }
    }

    /** A stream over the bytes from {@code start} to {@code end}, which knows how many are left. */
    private abstract static class MessageIn extends InputStream {
        int start;
        int pos;
        int end;

        /** Makes the stream run from {@code from} to {@code to}, from the first. */
        final void bounds(int from, int to) {
            start = from;
            pos = from;
            end = to;
        }

        long unread() {
            return end - pos;
        }

        long length() {
            return end - start;
        }

        @Override
        public int available() {
            return end - pos;
        }
    }

    private static final class HeapIn extends MessageIn {
        private byte[] array;

        void point(byte[] array, int from, int to) {
            this.array = array;
            bounds(from, to);
        }

        @Override
        public int read() {
            return pos < end ? array[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) return 0;
            int n = Math.min(len, end - pos);
            if (n <= 0) return -1;
            System.arraycopy(array, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    private static final class DirectIn extends MessageIn {
        private DirectBuffer buffer;

        void point(DirectBuffer buffer, int from, int to) {
            this.buffer = buffer;
            bounds(from, to);
        }

        @Override
        public int read() {
            return pos < end ? buffer.getByte(pos++) & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) return 0;
            int n = Math.min(len, end - pos);
            if (n <= 0) return -1;
            buffer.getBytes(pos, b, off, n);
            pos += n;
            return n;
        }
    }

    /** A stream into the caller's room, from {@code pos} up to {@code end}, refusing what would pass it. */
    private abstract static class MessageOut extends OutputStream {
        private final String name;
        int start;
        int pos;
        int end;

        MessageOut(String name) {
            this.name = name;
        }

        /** Makes the stream run from {@code from} up to {@code to}, from the first. */
        final void bounds(int from, int to) {
            start = from;
            pos = from;
            end = to;
        }

        final EncodeOverflowException overflow() {
            return new EncodeOverflowException(name, end - start, null);
        }
    }

    private static final class HeapOut extends MessageOut {
        private byte[] array;

        HeapOut(String name) {
            super(name);
        }

        void point(byte[] array, int from, int to) {
            this.array = array;
            bounds(from, to);
        }

        @Override
        public void write(int b) {
            if (pos >= end) throw overflow();
            array[pos++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > end - pos) throw overflow();
            System.arraycopy(b, off, array, pos, len);
            pos += len;
        }
    }

    private static final class DirectOut extends MessageOut {
        private MutableDirectBuffer buffer;

        DirectOut(String name) {
            super(name);
        }

        void point(MutableDirectBuffer buffer, int from, int to) {
            this.buffer = buffer;
            bounds(from, to);
        }

        @Override
        public void write(int b) {
            if (pos >= end) throw overflow();
            buffer.putByte(pos++, (byte) b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > end - pos) throw overflow();
            buffer.putBytes(pos, b, off, len);
            pos += len;
        }
    }
}
