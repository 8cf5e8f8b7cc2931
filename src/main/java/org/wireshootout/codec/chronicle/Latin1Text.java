package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.core.util.StringUtils;

/**
 * A {@link StringBuilder}'s text as a Chronicle {@link Bytes}, one byte per char, so that Chronicle's writers
 * copy it in one go. Given a {@code CharSequence} that is not a {@code Bytes}, {@code write8bit}, RawWire's
 * 8-bit {@code text} and BinaryWire's {@code text} go through the builder char by char into the bounds-checked
 * buffer; given a {@code Bytes} they copy the bytes whole, which is how the library's own benchmark writes its
 * text (its message holds the text in a {@code Bytes}). The chars are copied out of the builder and narrowed
 * into a reused array that a reused {@code Bytes} view reads: nothing is allocated per message once the array
 * is long enough.
 *
 * <p>Where the builder already holds one byte a char (the JDK's compact strings: every char it has held is
 * Latin-1), its own array is those bytes, and the text is copied straight between it and the wire: written with
 * one {@code write(byte[], int, int)}, read with one {@code read(byte[], int, int)} and the builder's length set.
 * That is what Chronicle's own {@code read8bit(StringBuilder)} does, through the same chronicle-core helpers
 * ({@code StringUtils.extractBytes}, {@code setCount}), except that Chronicle looks up the builder's coder by
 * reflection on every call; here the array's length against the builder's capacity tells the same thing
 * ({@link #ownBytes}). A builder that holds two bytes a char takes the copying path above.
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
        byte[] own = ownBytes(text);
        if (own == null) {
            narrowLatin1(text);
            return view;
        }
        return copyOwn(own, text.length());
    }

    /**
     * {@code text} as bytes if every char is ASCII, where its UTF-8 and its 8-bit bytes are the same; otherwise
     * null, and the caller writes the builder itself.
     */
    Bytes<byte[]> ifAscii(StringBuilder text) {
        byte[] own = ownBytes(text);
        if (own == null) return narrow(text) < 0x80 ? view : null;
        int n = text.length();
        return ascii(own, n) ? copyOwn(own, n) : null;
    }

    /**
     * The first {@code n} bytes of a builder's own array, copied into the view's array (one array copy, nothing to
     * narrow): the view itself cannot wrap the builder's array, which differs from message to message.
     */
    Bytes<byte[]> copyOwn(byte[] own, int n) {
        ensureCapacity(n);
        System.arraycopy(own, 0, latin1, 0, n);
        view.readPositionRemaining(0, n);
        return view;
    }

    /**
     * The builder's own array when it holds one byte a char, else null. A builder's array is {@code capacity()}
     * bytes long with one byte a char and twice that with two (JDK 9 and later), so the lengths tell the coder
     * without reading it.
     */
    static byte[] ownBytes(StringBuilder text) {
        byte[] value = StringUtils.extractBytes(text);
        return value.length == text.capacity() ? value : null;
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
     * Writes {@code text} as {@code write8bit} would (a stop-bit length, then one byte a char) with one
     * {@code write(byte[], int, int)}, without going through a {@code Bytes} view: from the builder's own array when
     * it holds one byte a char, else narrowed into the reused array first. A char above U+00FF is refused with an
     * ArithmeticException, as {@code write8bit} refuses it.
     */
    void write(BytesOut<?> out, StringBuilder text) {
        byte[] own = ownBytes(text);
        int n = own != null ? text.length() : narrowLatin1(text);
        out.writeStopBit(n);
        out.write(own != null ? own : latin1, 0, n);
    }

    /**
     * Reads a text as {@code write8bit} wrote it (a stop-bit length, then one byte a char) into {@code text}: the
     * bytes copied in one go into the builder's own array ({@link #readIntoOwn}), or, for a builder that holds two
     * bytes a char, copied out and appended through a char view of them, which the builder copies in one tight
     * loop. Chronicle's {@code read8bit(StringBuilder)} does the same work but reads the builder's coder by
     * reflection on every call, about a tenth of the BytesMarshallable rows' time. A null text (length -1) or a
     * length beyond the bytes left is refused, as {@code read8bit} refuses it, with the read position left at the
     * length; so is a length whose stop-bit bytes run past the document's end ({@link StopBits}).
     */
    void read(BytesIn<?> in, StringBuilder text) {
        long at = in.readPosition();
        long n = StopBits.read(in);
        long left = in.readRemaining();
        if (n < 0 || n > left) {
            in.readPosition(at);
            throw new IllegalStateException(n == -1 ? "text is null" : "text of " + n + " bytes, " + left + " left in the document");
        }
        if (!readIntoOwn(in, text, (int) n)) {
            copyOut(in, (int) n);
            appendCopied(text, (int) n);
        }
    }

    /**
     * Copies the next {@code length} bytes of {@code in}, which holds that many, straight into the builder's own
     * array and sets its length, when it holds one byte a char; otherwise reads nothing and returns false.
     */
    private static boolean readIntoOwn(BytesIn<?> in, StringBuilder text, int length) {
        text.setLength(0);
        text.ensureCapacity(length);
        byte[] own = ownBytes(text);
        if (own == null) return false;
        in.read(own, 0, length);
        StringUtils.setCount(text, length);
        return true;
    }

    /**
     * RawWire UTF-8's text (a stop-bit byte count, then the bytes) into {@code text} when every byte is ASCII, whose
     * UTF-8 is one byte a char: the same bulk copy and append as {@link #read}, where the library's {@code textTo}
     * decodes UTF-8 into the builder by way of its coder, read by reflection. Anything else (a byte above 0x7F, a
     * null or a length beyond the bytes left) leaves the read position as it was and returns false, for the
     * library to read or refuse as before (the builder's content is then undefined: the library clears it). A length
     * whose stop-bit bytes run past the document's end is refused here ({@link StopBits}).
     */
    boolean readAscii(Bytes<?> in, StringBuilder text) {
        long at = in.readPosition();
        long n = StopBits.read(in);
        if (n < 0 || n > in.readRemaining()) {
            in.readPosition(at);
            return false;
        }
        int length = (int) n;
        if (readIntoOwn(in, text, length)) {
            if (ascii(StringUtils.extractBytes(text), length)) return true;
        } else {
            copyOut(in, length);
            if (ascii(latin1, length)) {
                appendCopied(text, length);
                return true;
            }
        }
        in.readPosition(at);
        return false;
    }

    /** Whether the first {@code length} bytes of {@code b} are all ASCII. */
    private static boolean ascii(byte[] b, int length) {
        int any = 0;
        for (int i = 0; i < length; i++) any |= b[i];
        return any >= 0;
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
