package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;

/**
 * A {@link StringBuilder}'s text as a Chronicle {@link Bytes}, one byte per char, so that Chronicle's writers
 * copy it in one go. Given a {@code CharSequence} that is not a {@code Bytes}, {@code write8bit}, RawWire's
 * 8-bit {@code text} and BinaryWire's {@code text} go through the builder char by char into the bounds-checked
 * buffer; given a {@code Bytes} they copy the bytes whole, which is how the library's own benchmark writes its
 * text (its message holds the text in a {@code Bytes}). The chars are copied out of the builder and narrowed
 * into a reused array that a reused {@code Bytes} view reads: nothing is allocated per message once the array
 * is long enough.
 */
final class Latin1Text {
    private char[] chars = new char[64];
    private byte[] latin1 = new byte[64];
    private Bytes<byte[]> view = viewOf(latin1);

    /**
     * {@code text} as 8-bit bytes: the returned view (valid until the next call) reads exactly its chars. A char
     * above U+00FF is refused with an ArithmeticException, as {@code write8bit} refuses it.
     */
    Bytes<byte[]> of(StringBuilder text) {
        narrowLatin1(text);
        return view;
    }

    /**
     * {@code text} as bytes if every char is ASCII, where its UTF-8 and its 8-bit bytes are the same; otherwise
     * null, and the caller writes the builder itself.
     */
    Bytes<byte[]> ifAscii(StringBuilder text) {
        return narrow(text) < 0x80 ? view : null;
    }

    /** Narrows the chars into the view's array; returns all the chars OR-ed together, to tell what range they span. */
    private int narrow(StringBuilder text) {
        int n = text.length();
        ensureCapacity(n);
        char[] c = chars;
        byte[] b = latin1;
        text.getChars(0, n, c, 0);
        int any = 0;
        for (int i = 0; i < n; i++) {
            any |= c[i];
            b[i] = (byte) c[i];
        }
        view.readPositionRemaining(0, n);
        return any;
    }

    /** {@link #narrow}, refusing a char above U+00FF as {@code write8bit} does; returns the text's length. */
    private int narrowLatin1(StringBuilder text) {
        if (narrow(text) > 0xFF) throw new ArithmeticException("text has a char above U+00FF, which 8-bit text cannot hold");
        return text.length();
    }

    /** Makes the arrays (and the view of the byte array) hold at least {@code n}. */
    private void ensureCapacity(int n) {
        if (n <= chars.length) return;
        chars = new char[Math.max(n, 2 * chars.length)];
        latin1 = new byte[chars.length];
        view = viewOf(latin1);
    }

    /**
     * Writes {@code text} as {@code write8bit} would (a stop-bit length, then one byte a char): narrowed into the
     * reused array and copied out with one {@code write(byte[], int, int)}, without going through a {@code Bytes}
     * view. A char above U+00FF is refused with an ArithmeticException, as {@code write8bit} refuses it.
     */
    void write(BytesOut<?> out, StringBuilder text) {
        int n = narrowLatin1(text);
        out.writeStopBit(n);
        out.write(latin1, 0, n);
    }

    /**
     * Reads a text as {@code write8bit} wrote it (a stop-bit length, then one byte a char) into {@code text}: the
     * bytes copied out in one go and appended through a char view of them, which the builder copies in one tight
     * loop. Chronicle's {@code read8bit(StringBuilder)} does the same work but reads the builder's coder by
     * reflection on every call, about a tenth of the BytesMarshallable rows' time. A null text (length -1) or a
     * length beyond the bytes left is refused, as {@code read8bit} refuses it.
     */
    void read(BytesIn<?> in, StringBuilder text) {
        long n = in.readStopBit();
        long left = in.readRemaining();
        if (n < 0 || n > left) {
            throw new IllegalStateException(n == -1 ? "text is null" : "text of " + n + " bytes, " + left + " left in the document");
        }
        copyOut(in, (int) n);
        appendCopied(text, (int) n);
    }

    /**
     * RawWire UTF-8's text (a stop-bit byte count, then the bytes) into {@code text} when every byte is ASCII, whose
     * UTF-8 is one byte a char: the same bulk copy and append as {@link #read}, where the library's {@code textTo}
     * decodes UTF-8 into the builder by way of its coder, read by reflection. Anything else (a byte above 0x7F, a
     * null or a length beyond the bytes left) leaves the read position as it was and returns false, for the
     * library to read or refuse as before.
     */
    boolean readAscii(Bytes<?> in, StringBuilder text) {
        long at = in.readPosition();
        long n = in.readStopBit();
        if (n < 0 || n > in.readRemaining()) {
            in.readPosition(at);
            return false;
        }
        int length = (int) n;
        copyOut(in, length);
        byte[] b = latin1;
        int any = 0;
        for (int i = 0; i < length; i++) any |= b[i];
        if (any < 0) {
            in.readPosition(at);
            return false;
        }
        appendCopied(text, length);
        return true;
    }

    /** Copies the next {@code length} bytes of {@code in}, which holds that many, into the array in one go. */
    private void copyOut(BytesIn<?> in, int length) {
        ensureCapacity(length);
        in.read(latin1, 0, length);
    }

    /** Replaces {@code text} with the {@code length} bytes {@link #copyOut} copied, one char each. */
    private void appendCopied(StringBuilder text, int length) {
        readChars.length = length;
        text.setLength(0);
        text.append(readChars);
    }

    /** The last text {@link #read} copied out, as chars: what the builder's bulk append loops over. */
    private final class ReadChars implements CharSequence {
        int length;

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            return (char) (latin1[index] & 0xFF);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().subSequence(start, end);
        }

        @Override
        public String toString() {
            return new String(latin1, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }

    private final ReadChars readChars = new ReadChars();

    /**
     * A read view of {@code array}. Chronicle ties a {@code Bytes} to the first thread that uses it; this one is
     * private to its codec, which may be built on one thread and used on another (a benchmark's or a test's
     * worker), so the check is off.
     */
    private static Bytes<byte[]> viewOf(byte[] array) {
        Bytes<byte[]> b = Bytes.wrapForRead(array);
        b.singleThreadedCheckDisabled(true);
        return b;
    }
}
