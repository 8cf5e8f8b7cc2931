package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.core.util.StringUtils;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.generator.spi.SchemaChecks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * What the BytesMarshallable codecs generated from a message schema ({@link BytesMarshallableGenerator}) call beyond
 * Chronicle's own {@code BytesOut} / {@code BytesIn} methods: text as the hand-written rows write it, the checks a
 * reader of an unchecked {@code Bytes} makes before it reads, and the strict readings of the bytes that have fewer
 * legal values than bits (a flag, an ordinal, a set). One instance per codec holds the scratch array the text goes
 * through when it is not ASCII; nothing is allocated per message once that array is long enough.
 *
 * <p>Text is carried as the schema says, UTF-8: a stop-bit byte count, then the bytes. For ASCII text those are
 * exactly the bytes {@code write8bit} writes for the hand-written rows (its stop-bit length, a byte a char), and
 * they are copied the same way ({@link Latin1Text}): straight from and into the builder's own array in one go when
 * it holds one byte a char. What is added is one OR over the bytes, eight at a time, to tell ASCII from the rest;
 * other text is encoded and decoded by {@link StrictUtf8} through the scratch array, so malformed UTF-8 is refused.
 *
 * <p>Every check that refuses bytes throws an {@link IllegalStateException} naming the field, with the read position
 * at the value refused: the codec reports it as a {@code DecodeException} at that offset.
 */
public final class ChronicleGenerated {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final long HIGH_BITS = 0x8080808080808080L;

    private final String name;
    private byte[] scratch = new byte[256];
    /** The chars of a non-ASCII text read, appended to the target in one go. */
    private char[] chars = new char[256];

    public ChronicleGenerated(String name) {
        this.name = name;
    }

    // ---- text (UTF-8, stop-bit byte count) ----

    /**
     * Writes {@code s} as a stop-bit byte count and its UTF-8 bytes: for ASCII held one byte a char, the builder's
     * own bytes with one {@code write}, as the hand-written rows write their text. More than {@code maxBytes} bytes,
     * or an unpaired surrogate, is refused (IllegalArgumentException) before any byte of the text is written.
     */
    public void writeText(BytesOut<?> out, StringBuilder s, int maxBytes, String field) {
        int n = s.length();
        byte[] own = Latin1Text.ownBytes(s);
        if (own != null && ascii(own, n)) {
            if (n > maxBytes) throw tooLong(field, n, maxBytes);
            out.writeStopBit(n);
            out.write(own, 0, n);
            return;
        }
        byte[] b = room(StrictUtf8.maxBytes(n));
        int len = StrictUtf8.encode(s, b, 0);
        if (len > maxBytes) throw tooLong(field, len, maxBytes);
        out.writeStopBit(len);
        out.write(b, 0, len);
    }

    /**
     * Reads what {@link #writeText} wrote into {@code to}: the count bounded by the document's end
     * ({@link StopBits}), by {@code maxBytes} and by the bytes left; when the bytes are all ASCII (checked where they
     * lie, {@link #ascii(BytesIn, long, int)}) and the builder holds one byte a char, copied in one go into its own
     * array; otherwise copied into a scratch array, decoded as UTF-8 and appended in one go, refusing a malformed
     * sequence.
     */
    public void readText(BytesIn<?> in, StringBuilder to, int maxBytes, String field) {
        int len = length(in, maxBytes, field);
        long at = in.readPosition();
        to.setLength(0);
        to.ensureCapacity(len);
        byte[] own = Latin1Text.ownBytes(to);
        if (own != null && ascii(in, at, len)) {
            in.read(own, 0, len);
            StringUtils.setCount(to, len);
            return;
        }
        byte[] b = room(len);
        in.read(b, 0, len);
        if (chars.length < len) chars = new char[Math.max(len, 2 * chars.length)];
        to.append(chars, 0, StrictUtf8.decode(b, 0, len, chars, name, at));
    }

    /**
     * The most bytes {@link #writeText} writes for {@code s}, a {@code text(maxBytes)} field: its count's 5 and three
     * bytes a char, or with {@code exact} its UTF-8 length; never more than {@code maxBytes} for the text, since
     * {@link #writeText} refuses a longer text before writing any of it. So a message whose texts are within their
     * bounds passes the quick check in a buffer of its schema's worst case, without the exact count (a second pass
     * over every char).
     */
    public static long maxText(CharSequence s, int maxBytes, boolean exact) {
        return 5 + Math.min(exact ? LenientUtf8.encodedLength(s) : 3L * s.length(), maxBytes);
    }

    // ---- ascii(N): N bytes, no length ----

    /** Exactly {@code length} ASCII chars, one byte each: refused (IllegalArgumentException) otherwise, before writing. */
    public void writeAscii(BytesOut<?> out, StringBuilder s, int length, String field) {
        SchemaChecks.asciiLength(s, length, field);
        byte[] own = Latin1Text.ownBytes(s);
        if (own == null || !ascii(own, length)) {
            // checked char by char for the message naming the char; a value held two bytes a char is narrowed here
            byte[] b = room(length);
            for (int i = 0; i < length; i++) {
                char c = s.charAt(i);
                if (c > 127) throw SchemaChecks.notAscii(field, i);
                b[i] = (byte) c;
            }
            own = b;
        }
        out.write(own, 0, length);
    }

    /** {@code length} bytes as chars, refusing fewer bytes left or a byte above 0x7F. */
    public void readAscii(BytesIn<?> in, StringBuilder to, int length, String field) {
        left(in, length, field);
        long at = in.readPosition();
        to.setLength(0);
        to.ensureCapacity(length);
        if (!ascii(in, at, length)) {
            long i = at;
            while (in.readByte(i) >= 0) i++;
            in.readPosition(i);
            throw new IllegalStateException(field + ": byte 0x" + Integer.toHexString(in.readUnsignedByte(i)) + " is not ASCII");
        }
        byte[] own = Latin1Text.ownBytes(to);
        byte[] b = own != null ? own : room(length);
        in.read(b, 0, length);
        if (own != null) {
            StringUtils.setCount(to, length);
        } else {
            for (int i = 0; i < length; i++) to.append((char) b[i]);
        }
    }

    // ---- bytes ----

    /** A stop-bit count and the bytes. */
    public static void writeBytes(BytesOut<?> out, byte[] b, int length, int maxLength, String field) {
        if (length > maxLength) throw tooLong(field, length, maxLength);
        out.writeStopBit(length);
        out.write(b, 0, length);
    }

    // ---- the reader's checks ----

    /**
     * A stop-bit length or count, bounded by the document's end, refused when negative, above {@code max} or beyond the
     * bytes left (every counted item takes at least one byte); the read position is left at it when refused.
     */
    public static int length(BytesIn<?> in, int max, String field) {
        long at = in.readPosition();
        long n = StopBits.read(in);
        if (n < 0 || n > max || n > in.readRemaining()) {
            in.readPosition(at);
            throw new IllegalStateException(field + ": length " + n + (n > max ? " beyond its bound " + max : ", " + in.readRemaining() + " bytes left"));
        }
        return (int) n;
    }

    /** Refuses, before a run of fixed-width fields is read, fewer than {@code n} bytes left in the document. */
    public static void left(BytesIn<?> in, int n, String field) {
        if (in.readRemaining() < n) {
            throw new IllegalStateException("the document ends before " + field + " (" + n + " bytes, " + in.readRemaining() + " left)");
        }
    }

    /** A stop-bit number bounded by the document's end ({@link StopBits}), as Chronicle's {@code readStopBit} reads it. */
    public static long stopBit(BytesIn<?> in) {
        return StopBits.read(in);
    }

    /** A stop-bit number, refused outside {@code [min, max]} (a narrower type than the 64 bits stop-bit can carry). */
    public static long stopBit(BytesIn<?> in, long min, long max, String field) {
        long at = in.readPosition();
        long v = StopBits.read(in);
        if (v < min || v > max) {
            in.readPosition(at);
            throw new IllegalStateException(field + ": " + v + " is outside its type");
        }
        return v;
    }

    /** A stop-bit double bounded by the document's end ({@link StopBits}), as {@code readStopBitDouble} reads it. */
    public static double stopBitDouble(BytesIn<?> in) {
        return StopBits.readDouble(in);
    }

    /** A flag as {@code writeBoolean} writes it, {@code 'Y'} or {@code 'N'}; any other byte is refused. */
    public static boolean flag(BytesIn<?> in, String field) {
        int b = in.readUnsignedByte();
        if (b == 'Y') return true;
        if (b == 'N') return false;
        throw wrongAt(in, 1, field + ": byte 0x" + Integer.toHexString(b) + " is neither 'Y' nor 'N'");
    }

    /** {@link #flag} where the byte is not inside a checked run (a presence flag). */
    public static boolean presence(BytesIn<?> in, String field) {
        left(in, 1, field);
        return flag(in, field);
    }

    /** An enum ordinal just read in {@code width} bytes, refused when it names no value. */
    public static int ordinal(BytesIn<?> in, int ordinal, int count, int width, String field) {
        if (ordinal >= count) throw wrongAt(in, width, field + ": ordinal " + ordinal + " names no value");
        return ordinal;
    }

    /** A set's bits just read in {@code width} bytes, refused when any lies outside {@code allowed}. */
    public static long set(BytesIn<?> in, long bits, long allowed, int width, String field) {
        if ((bits & ~allowed) != 0) throw wrongAt(in, width, field + ": bits 0x" + Long.toHexString(bits & ~allowed) + " name no choice");
        return bits;
    }

    /** A set's bits as a stop-bit number, refused when any lies outside {@code allowed}. */
    public static long stopBitSet(BytesIn<?> in, long allowed, String field) {
        long at = in.readPosition();
        long bits = StopBits.read(in);
        return set(in, bits, allowed, (int) (in.readPosition() - at), field);
    }

    /** A byte (an ordinal or a set narrower than 2 bytes) where the byte read is not inside a checked run. */
    public static int unsignedByte(BytesIn<?> in, String field) {
        left(in, 1, field);
        return in.readUnsignedByte();
    }

    /**
     * Whether the first {@code n} bytes of {@code b} are all ASCII. Eight bytes at a time, the last eight read where
     * they end (overlapping what came before, which an OR does not mind), so that text of 8 to 16 bytes takes two
     * reads and no loop, and 4 to 7 bytes two int reads: a loop with a byte-by-byte tail cost the generated
     * BytesMarshallable row about 7 ns a round trip on the six-field message's 12 characters (docs/schema.md).
     * Nothing at or past {@code n} is read.
     */
    static boolean ascii(byte[] b, int n) {
        long acc;
        if (n >= 8) {
            acc = (long) LONGS.get(b, 0) | (long) LONGS.get(b, n - 8);
            for (int i = 8; i < n - 8; i += 8) acc |= (long) LONGS.get(b, i);
        } else if (n >= 4) {
            acc = (int) INTS.get(b, 0) | (int) INTS.get(b, n - 4);
        } else {
            acc = 0;
            for (int i = 0; i < n; i++) acc |= b[i];
        }
        return (acc & HIGH_BITS) == 0;
    }

    /**
     * Whether the {@code n} bytes of {@code in} from {@code at} are all ASCII, read where they lie in the caller's
     * memory before they are copied anywhere: eight bytes at a time from {@code at}, then a four-, two- and one-byte
     * tail, no read straddling another. The readers check here rather than in the array they copy into: reading the
     * copy word by word just after the copy wrote it cost the generated BytesMarshallable row about 8 ns of a single
     * round trip's latency (a sample-time run put it 1.22 over the hand-written row's p50, while in average time it was
     * no slower), where reading the source adds nothing measurable (docs/schema.md). The caller has checked that the
     * document holds the {@code n} bytes.
     */
    static boolean ascii(BytesIn<?> in, long at, int n) {
        long acc = 0;
        long i = at;
        long end = at + n;
        for (; i <= end - 8; i += 8) acc |= in.readLong(i);
        if ((n & 4) != 0) {
            acc |= in.readInt(i);
            i += 4;
        }
        if ((n & 2) != 0) {
            acc |= in.readShort(i);
            i += 2;
        }
        if ((n & 1) != 0) acc |= in.readByte(i);
        return (acc & HIGH_BITS) == 0;
    }

    /** The scratch array, at least {@code n} long. */
    private byte[] room(int n) {
        if (scratch.length < n) scratch = new byte[Math.max(n, 2 * scratch.length)];
        return scratch;
    }

    private static IllegalArgumentException tooLong(String field, int n, int max) {
        return new IllegalArgumentException(field + " holds " + n + " bytes, more than its bound " + max);
    }

    /** The error for the value of {@code width} bytes just read, with the read position put back on its first byte. */
    private static IllegalStateException wrongAt(BytesIn<?> in, int width, String what) {
        in.readPosition(in.readPosition() - width);
        return new IllegalStateException(what);
    }
}
