package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.ReadMarshallable;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.ValueOut;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireIn;
import net.openhft.chronicle.wire.WireKey;
import net.openhft.chronicle.wire.WireOut;
import net.openhft.chronicle.wire.WriteMarshallable;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.generator.spi.SchemaChecks;

import java.nio.charset.StandardCharsets;

/**
 * What a Wire codec generated from a message schema ({@link ChronicleWireGenerator}) is, and the calls it makes
 * beyond Chronicle's own {@code write(key).<type>(v)} and {@code read(key).<type>()}: the hand-written Wire rows'
 * codec ({@link WireCodec}) for any message. One {@link Wire} of the row's {@link WireVariant} over the codec's one
 * {@code Bytes} for the codec's life, pointed at the caller's buffer; {@code wire.clear()} then {@code writeDocument}
 * to encode, {@code rawReadData} to decode; the generated subclass is itself the marshallable handed to the wire,
 * its {@code writeMarshallable} and {@code readMarshallable} holding the message's fields, so nothing is allocated
 * per message where the hand-written rows allocate nothing.
 *
 * <p>What the hand-written rows do per variant, this does for every field of the message:
 * <ul>
 *   <li>the text wires (TextWire, JSONWire) read each field's name in the written order and require it to be the
 *       expected key, instead of {@code read(key)}'s search, which can loop forever on a damaged text document
 *       ({@link DataMarshallable}); and check the bytes of each flag, integer and text value they read
 *       ({@link StrictTextValues}, which here also accepts the separators of nested objects and lists), JSONWire
 *       also what follows the last field;</li>
 *   <li>BinaryWire takes a text's bytes whole when it is ASCII ({@link WireText}: its UTF-8 and its bytes are the
 *       same), else the builder;</li>
 *   <li>RawWire runs on an unchecked {@code Bytes}, as the library's benchmark does: encode compares the longest
 *       document the value can give with the room before writing, the reader checks every run of fixed-width values
 *       and every length against what is left of the document before reading it, and the read must end exactly at
 *       the document's end. RawWire UTF-8 reads an ASCII text straight from the bytes ({@link WireText}); RawWire
 *       8-bit carries the schema's UTF-8 as its 8-bit bytes ({@code text(BytesStore)}, which it writes as they are),
 *       read back through strict UTF-8 ({@link ChronicleGenerated#readText}), so for ASCII the bytes are the ones
 *       the hand-written row writes.</li>
 * </ul>
 * Every refusal is an exception naming the field, which {@link ChronicleBufferCodec#decode} reports as a
 * {@code DecodeException} naming the row and the offset where reading stopped.
 *
 * @param <M> the generated message class
 */
public abstract class ChronicleWireGenerated<M> extends ChronicleBufferCodec<M> implements WriteMarshallable, ReadMarshallable {
    private final WireVariant variant;
    private final Wire wire;
    private final boolean inOrder;
    private final boolean unchecked;
    private final boolean json;
    /** The text wires' value checks; null on the binary wires. */
    private final StrictTextValues strict;
    /** How text goes to the wire and comes back, as the hand-written row of the variant does it. */
    private final WireText text;
    /** RawWire 8-bit: the text as UTF-8 bytes, read back strictly. */
    private final ChronicleGenerated utf8;
    private final Latin1Text latin1 = new Latin1Text();
    private byte[] scratch = new byte[256];
    private Bytes<byte[]> scratchView = viewOf(scratch);
    /** Bytes values on their way to and from the wire. */
    private final Bytes<?> bytesValue = Bytes.allocateElasticOnHeap(64);
    private final StringBuilder fieldName = new StringBuilder(32);
    /** The message being written, for the generated {@code writeMarshallable}. */
    protected M source;
    /** The message being read into, for the generated {@code readMarshallable}. */
    protected M target;

    protected ChronicleWireGenerated(String name, WireVariant variant) {
        super(name, variant.unchecked());
        this.variant = variant;
        this.wire = variant.wire(bytes);
        this.inOrder = variant.inOrder();
        this.unchecked = variant.unchecked();
        this.json = variant.kind() == WireVariant.Kind.JSON;
        this.strict = variant.inOrder() ? new StrictTextValues(name, json, true) : null;
        DataMarshallable.TextOut out = switch (variant.kind()) {
            case BINARY -> DataMarshallable.TextOut.ASCII_AS_BYTES;
            default -> DataMarshallable.TextOut.BUILDER;
        };
        this.text = new WireText(out, variant == WireVariant.rwireUTF);
        this.utf8 = new ChronicleGenerated(name);
        bytesValue.singleThreadedCheckDisabled(true);
    }

    /**
     * Writes {@link #source}'s fields in the schema's order: the generated codec is the marshallable the wire calls,
     * with the fields in this method, so Chronicle's calls sit no deeper below {@code encode} than in the
     * hand-written row's marshallable (C2 stops inlining at a depth; two calls more left the bytes' leaf writes as
     * calls, "inlining too deep").
     */
    @Override
    public abstract void writeMarshallable(WireOut w);

    /** Reads the fields into {@link #target} in the schema's order, ending with {@link #readEnd}; as {@link #writeMarshallable}. */
    @Override
    public abstract void readMarshallable(WireIn w);

    /**
     * RawWire only: the most payload bytes {@code value} can take, each text at three bytes a char, or with
     * {@code exact} as the wire writes it (worked out only when the quick bound exceeds the room).
     */
    protected long maxPayload(M value, boolean exact) {
        throw new UnsupportedOperationException(name + " has a checked buffer");
    }

    /**
     * For a union stream's codec: this member codec as the marshallable that writes {@code value}'s fields, nested under
     * the event the union's codec writes first.
     */
    public final WriteMarshallable writing(M value) {
        source = value;
        return this;
    }

    /** For a union stream's codec: this member codec as the marshallable that reads the nested fields into {@code target}. */
    public final ReadMarshallable reading(M target) {
        this.target = target;
        return this;
    }

    /** RawWire: the most bytes {@code value}'s fields take nested in a union's event, for the union codec's room check. */
    public final long nestedPayload(M value, boolean exact) {
        return maxPayload(value, exact);
    }

    /**
     * RawWire, which writes an event name as a stop-bit length and the name's bytes: the position of the name in
     * {@code names} (ASCII, each shorter than 128 bytes) that the document's next bytes hold, read past; anything else,
     * or a length beyond the bytes left, refused.
     */
    protected static int rawEvent(WireIn w, byte[][] names, String what) {
        Bytes<?> b = w.bytes();
        left(w, 1, what);
        long at = b.readPosition();
        int n = b.readUnsignedByte(at);
        if (n >= 0x80 || n + 1L > b.readRemaining()) throw new IllegalStateException(what + ": an event name of " + n + " bytes, " + b.readRemaining() + " left");
        for (int i = 0; i < names.length; i++) {
            byte[] name = names[i];
            if (name.length != n) continue;
            int k = 0;
            while (k < n && b.readByte(at + 1 + k) == name[k]) k++;
            if (k == n) {
                b.readSkip(1L + n);
                return i;
            }
        }
        throw new IllegalStateException(what + ": no member's event name");
    }

    /** A field's key: its name on the keyed wires, its number on BinaryWire with numeric fields. */
    public static WireKey key(String name, int code) {
        return new Key(name, code);
    }

    private record Key(String name, int code) implements WireKey {
    }

    @Override
    protected final void writeDocument(M value, MutableDirectBuffer dst, int offset) {
        int room = caller.target(dst, offset);
        if (unchecked && HEADER + maxPayload(value, false) > room) checkRoom(HEADER + maxPayload(value, true), room);
        source = value;
        wire.clear();
        wire.writeDocument(false, this);
    }

    @Override
    protected final void readDocument(M target, int payloadLength) {
        // a decode that threw part-way may have left the value reader mid-document
        wire.getValueIn().resetState();
        this.target = target;
        wire.rawReadData(this);
        int end = HEADER + payloadLength;
        if (unchecked && bytes.readPosition() != end) {
            throw new IllegalStateException("the message ends " + (bytes.readPosition() - end) + " bytes from the end of the document");
        }
    }

    /** The last call of the generated {@code readMarshallable}: JSONWire checks what follows the last field. */
    protected final void readEnd(WireIn w) {
        if (json) end(w.bytes());
    }

    // ---- finding a field ----

    /**
     * The value of the field {@code key}: on the text wires the next field, whose name must be {@code key}'s; on the
     * others {@code read(key)}, as the hand-written rows read.
     */
    protected final ValueIn in(WireIn w, WireKey key) {
        if (!inOrder) return w.read(key);
        ValueIn in = w.read(fieldName);
        if (!key.name().toString().contentEquals(fieldName)) {
            throw new IllegalStateException("expected field '" + key.name() + "' but found '" + fieldName + "'");
        }
        return in;
    }

    // ---- the text wires' checks (generated only for them) ----

    /** Where the value about to be read starts. */
    protected final long at(WireIn w) {
        return w.bytes().readPosition();
    }

    /** The flag of field {@code key}, whose bytes must be exactly {@code true} or {@code false}. */
    protected final boolean flag(WireIn w, WireKey key) {
        ValueIn in = in(w, key);
        long at = w.bytes().readPosition();
        boolean value = in.bool();
        strict.flag(w.bytes(), at, value);
        return value;
    }

    /** An integer read from {@code at}: a sign and at most {@code digits} digits, nothing else. */
    protected final long integer(WireIn w, long at, long value, int digits, String field) {
        strict.integer(w.bytes(), at, value, digits, field);
        return value;
    }

    /** JSONWire: after the last field, the document's end or a further member only. */
    private void end(Bytes<?> b) {
        long p = b.readPosition();
        long limit = b.readLimit();
        p = blanks(b, p, limit);
        if (p >= limit) return;
        if (b.readUnsignedByte(p) == ',') p = blanks(b, p + 1, limit);
        if (p >= limit || b.readUnsignedByte(p) != '"') {
            b.readPosition(Math.min(p, limit));
            throw new IllegalStateException("bytes after the last field");
        }
    }

    private static long blanks(Bytes<?> b, long p, long limit) {
        while (p < limit) {
            int c = b.readUnsignedByte(p);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
            p++;
        }
        return p;
    }

    // ---- values with rules of their own ----

    /** An integer carried in a wider Java type (an unsigned one), refused outside {@code [min, max]}. */
    protected static long range(long value, long min, long max, String field) {
        if (value < min || value > max) throw new IllegalStateException(field + ": " + value + " is outside its type");
        return value;
    }

    /** A set's bits, refused when any names no choice. */
    protected static long bits(long value, long allowed, String field) {
        if ((value & ~allowed) != 0) throw new IllegalStateException(field + ": bits 0x" + Long.toHexString(value & ~allowed) + " name no choice");
        return value;
    }

    /** An enum value by name ({@code asEnum}); a name the enum lacks, or none, is refused. */
    protected final <E extends Enum<E>> E enumValue(WireIn w, ValueIn in, Class<E> type, String field) {
        if (unchecked) WireText.checkLength(w, field);
        E e = in.asEnum(type);
        if (e == null) throw new IllegalStateException(field + " is missing");
        return e;
    }

    // ---- text ----

    /**
     * Writes a {@code text(max)} value, refusing (IllegalArgumentException) more than {@code max} UTF-8 bytes before
     * writing it. The wire's text call is made here, not one call further down, as the hand-written marshallable makes
     * it. RawWire 8-bit encodes the text into its scratch array anyway, and checks the count it gets; the other wires
     * count a text that could pass the bound ({@code LenientUtf8.encodedLength}, a pass over its chars) first.
     */
    protected final WireOut text(ValueOut out, StringBuilder s, int max, String field) {
        if (variant == WireVariant.rwire8bit) return writeUtf8(out, s, max, field);
        int n = s.length();
        if (n > max || 3L * n > max) {
            int len = LenientUtf8.encodedLength(s);
            if (len > max) throw tooLong(field, len, max);
        }
        return text.write(out, s);
    }

    /** Writes an {@code ascii(length)} value: exactly {@code length} ASCII chars, else refused before writing. */
    protected final WireOut ascii(ValueOut out, StringBuilder s, int length, String field) {
        SchemaChecks.ascii(s, length, field);
        if (variant != WireVariant.rwire8bit) return text.write(out, s);
        return writeUtf8(out, s, length, field);
    }

    private static IllegalArgumentException tooLong(String field, int len, int max) {
        return new IllegalArgumentException(field + " holds " + len + " bytes, more than its bound " + max);
    }

    /** RawWire 8-bit: the text's UTF-8 bytes, at most {@code max} of them, else refused before any is written. */
    private WireOut writeUtf8(ValueOut out, StringBuilder s, int max, String field) {
        // ASCII held one byte a char goes as the hand-written row's text goes (its 8-bit view of the builder's bytes),
        // checked by the word-wise scan the reader uses; anything else through UTF-8 below
        byte[] own = Latin1Text.ownBytes(s);
        int length = s.length();
        if (own != null && ChronicleGenerated.ascii(own, length)) {
            if (length > max) throw tooLong(field, length, max);
            return out.text(latin1.copyOwn(own, length));
        }
        int n = StrictUtf8.maxBytes(length);
        if (scratch.length < n) {
            scratch = new byte[Math.max(n, 2 * scratch.length)];
            scratchView = viewOf(scratch);
        }
        int len = StrictUtf8.encode(s, scratch, 0);
        if (len > max) throw tooLong(field, len, max);
        scratchView.readPositionRemaining(0, len);
        return out.text(scratchView);
    }

    /** Reads a {@code text(max)} value into {@code to}, refusing a null and more than {@code max} UTF-8 bytes. */
    protected final void readText(WireIn w, ValueIn in, StringBuilder to, int max, String field) {
        if (variant == WireVariant.rwire8bit) {
            utf8.readText(w.bytes(), to, max, field);
            return;
        }
        if (strict != null) strict.text(w.bytes(), w.bytes().readPosition());
        text.read(w, in, to);
        int n = to.length();
        if (n > max || 3L * n > max) {
            int len = LenientUtf8.encodedLength(to);
            if (len > max) throw new IllegalStateException(field + " holds " + len + " bytes, more than its bound " + max);
        }
    }

    /** Reads an {@code ascii(length)} value into {@code to}: exactly {@code length} chars, none above 127. */
    protected final void readAscii(WireIn w, ValueIn in, StringBuilder to, int length, String field) {
        readText(w, in, to, 3 * length, field);
        if (to.length() != length) throw new IllegalStateException(field + " holds " + to.length() + " chars; ascii(" + length + ") takes exactly " + length);
        for (int i = 0; i < length; i++) {
            if (to.charAt(i) > 127) throw new IllegalStateException(field + " holds a non-ASCII char at " + i);
        }
    }

    /**
     * The most bytes RawWire writes for a text of at most {@code maxBytes} (an {@code ascii(N)}: N): its stop-bit
     * length and three bytes a char, or with {@code exact} as written; never more than {@code maxBytes} for the text,
     * since {@link #text} and {@link #ascii} refuse a longer one before writing it.
     */
    protected static long maxText(CharSequence s, int maxBytes, boolean exact) {
        int n = s.length();
        if (!exact) return 5 + Math.min(3L * n, maxBytes);
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        }
        return 5 + Math.min(bytes, maxBytes);
    }

    // ---- bytes ----

    /** Writes the first {@code length} bytes of {@code b} as the wire's bytes value, refusing more than {@code max}. */
    protected final WireOut bytes(ValueOut out, byte[] b, int length, int max, String field) {
        if (length > max) throw new IllegalArgumentException(field + " holds " + length + " bytes, more than its bound " + max);
        Bytes<?> v = bytesValue;
        v.clear();
        v.write(b, 0, length);
        return out.bytes(v);
    }

    /** Reads a bytes value; returns its length, refusing more than {@code max}: {@link #copyBytes} then copies it out. */
    protected final int readBytes(WireIn w, ValueIn in, int max, String field) {
        if (unchecked) WireText.checkLength(w, field);
        Bytes<?> v = bytesValue;
        v.clear();
        in.bytes(v);
        long n = v.readRemaining();
        if (n > max) throw new IllegalStateException(field + " holds " + n + " bytes, more than its bound " + max);
        return (int) n;
    }

    /** Copies the value {@link #readBytes} read into {@code to}, which has room for its {@code length} bytes. */
    protected final void copyBytes(byte[] to, int length) {
        bytesValue.read(to, 0, length);
    }

    // ---- nesting ----

    /** Reads a nested object ({@code marshallable}) into {@code m}; anything else is refused. */
    protected final void nested(WireIn w, ValueIn in, ReadMarshallable m, String field) {
        if (unchecked) left(w, 4, field);
        if (!in.marshallable(m)) throw new IllegalStateException(field + " is not an object");
    }

    /**
     * RawWire: reads the nested object into {@code m} as {@link #nested} does, then refuses bytes its fields leave inside
     * the object's length (Chronicle skips them), as a document's own end is checked.
     */
    protected final void rawNested(WireIn w, ValueIn in, ReadMarshallable m, String field) {
        nestedToEnd.of(m, field);
        nested(w, in, nestedToEnd, field);
    }

    private final ToEnd nestedToEnd = new ToEnd();

    /** {@link #rawNested}'s check, reused. */
    private static final class ToEnd implements ReadMarshallable {
        private ReadMarshallable m;
        private String field;

        void of(ReadMarshallable m, String field) {
            this.m = m;
            this.field = field;
        }

        @Override
        public void readMarshallable(WireIn w) {
            m.readMarshallable(w);
            long left = w.bytes().readRemaining();
            if (left != 0) throw new IllegalStateException(field + ": " + left + " bytes after its fields inside its length");
        }
    }

    /** Reads one entry of a list ({@code sequence}) into {@code m}; anything but an object is refused. */
    protected static void item(ValueIn in, ReadMarshallable m, String field) {
        if (!in.marshallable(m)) throw new IllegalStateException(field + ": an entry is not an object");
    }

    /** A list entry beyond the group's bound is refused. */
    protected static void entry(int count, int max, String field) {
        if (count >= max) throw new IllegalStateException(field + " has more than its bound of " + max + " entries");
    }

    /** RawWire: a group's count, refused when negative, above {@code max} or beyond what the bytes left can hold. */
    protected static int count(WireIn w, int count, int max, String field) {
        if (count < 0 || count > max || 4L * count > w.bytes().readRemaining()) {
            throw new IllegalStateException(field + ": count " + count + (count > max ? " beyond its bound " + max
                    : ", " + w.bytes().readRemaining() + " bytes left"));
        }
        return count;
    }

    /** RawWire: at least {@code n} bytes are left in the document before fixed-width values that take them are read. */
    protected static void left(WireIn w, int n, String what) {
        long left = w.bytes().readRemaining();
        if (left < n) throw new IllegalStateException(what + " take " + n + " bytes, " + left + " left in the document");
    }

    /** The text wires: the text itself; BinaryWire: Chronicle's own rendering; RawWire: none. */
    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return switch (variant.kind()) {
            case YAML -> ChronicleRender.payloadText(src, offset, length,
                    variant.use8bit() ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
            case JSON -> ChronicleRender.payloadText(src, offset, length, StandardCharsets.UTF_8);
            case BINARY -> ChronicleRender.binaryAsYaml(src, offset, length);
            case RAW -> null;
        };
    }

    private static Bytes<byte[]> viewOf(byte[] array) {
        Bytes<byte[]> b = Bytes.wrapForRead(array);
        b.singleThreadedCheckDisabled(true);
        return b;
    }
}
