package org.wireshootout.codec.capnp;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.capnproto.Allocator;
import org.capnproto.ArrayOutputStream;
import org.capnproto.Data;
import org.capnproto.DefaultAllocator;
import org.capnproto.FromPointerBuilder;
import org.capnproto.FromPointerReader;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.ReaderOptions;
import org.capnproto.Serialize;
import org.capnproto.SerializePacked;
import org.capnproto.Text;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapView;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.generator.spi.SchemaChecks;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What the codecs generated from a message schema ({@link CapnpGenerator}) call: the hand-written {@code capnp} and
 * {@code capnpPacked} rows' machinery ({@link CapnpCodecBase}) for structs of any shape. One {@link MessageBuilder}
 * over a first segment the codec owns, cleared after each write ({@code clearFirstSegment()}), written by
 * {@code Serialize} or {@code SerializePacked} into the caller's buffer ({@link CapnpOutput}; the packed row through
 * {@link PackedCopy}); read over a view of the caller's heap array whose index 0 is the message's first byte
 * ({@link HeapView}), with the runtime's traversal and nesting limits set from the schema's bounds, and the text
 * decoded strictly.
 *
 * <p>The first segment holds the longest message the schema allows, up to 1 MiB; a longer message spills into
 * segments the runtime allocates, which clearing the first would not reset, so after such a message the builder is
 * made anew (only then).
 */
public final class CapnpGenerated {
    private static final int MAX_FIRST_SEGMENT_WORDS = 1 << 17;

    private final String name;
    private final boolean packed;
    private final int segmentWords;
    private final ReaderOptions limits;
    private final CapnpOutput output;
    private final CapnpOutput.Framing framing;
    private final HeapView readView;
    private final PackedInput packedIn = new PackedInput();
    private PackedCopy packedCopy;
    private int packedCapacity;
    private MessageBuilder message;
    private boolean spilled;
    private final Allocator allocator = new Allocator() {
        private final DefaultAllocator more = new DefaultAllocator();

        @Override
        public ByteBuffer allocateSegment(int minimumSize) {
            spilled = true;
            return more.allocateSegment(minimumSize);
        }
    };
    /** The index in its array of the message's first byte when a text lies in that array (unpacked), else 0. */
    private int textBase;

    /**
     * @param maxWords the longest message the schema allows, in words (root pointer and every part at its bound)
     * @param depth    how deep its structs and lists nest
     */
    public CapnpGenerated(String name, boolean packed, long maxWords, int depth) {
        this.name = name;
        this.packed = packed;
        this.segmentWords = (int) Math.max(1024, Math.min(maxWords, MAX_FIRST_SEGMENT_WORDS));
        this.limits = new ReaderOptions(Math.max(1024, maxWords + 1024), depth + 4);
        int capacity = 2 * (8 + segmentWords * 8);
        this.output = new CapnpOutput(name, capacity);
        this.readView = new HeapView(capacity);
        this.packedCapacity = capacity;
        this.framing = packed ? this::writePacked : (out, m) -> Serialize.write(out, m);
        newMessage();
    }

    private void newMessage() {
        message = new MessageBuilder(allocator, ByteBuffer.allocate(segmentWords * 8).order(ByteOrder.LITTLE_ENDIAN));
        spilled = false;
    }

    private void writePacked(ArrayOutputStream out, MessageBuilder m) throws IOException {
        while (true) {
            if (packedCopy == null) packedCopy = new PackedCopy(packedCapacity);
            try {
                packedCopy.write(out, m);
                return;
            } catch (BufferOverflowException tooLongForOwn) {
                if (packedCapacity >= 1 << 30) throw tooLongForOwn;
                packedCapacity *= 2;
                packedCopy = null;
            }
        }
    }

    // ---- encode

    /** A new root of {@code factory}'s struct in the reused message. */
    public <B> B begin(FromPointerBuilder<B> factory) {
        return message.initRoot(factory);
    }

    /** Writes the message built since {@link #begin} into {@code dst} from {@code offset}; returns its length. */
    public int finish(MutableDirectBuffer dst, int offset) {
        try {
            return output.write(message, framing, dst, offset);
        } finally {
            if (spilled) newMessage();
        }
    }

    /** The UTF-8 length of {@code s}, for {@code initX(size)}. */
    public static int utf8Length(CharSequence s) {
        return LenientUtf8.encodedLength(s);
    }

    /** Writes {@code s} as UTF-8 into the space {@code initX(utf8Length(s))} gave. */
    public static void text(Text.Builder t, CharSequence s) {
        LenientUtf8.encode(s, t.buffer, t.offset);
    }

    /** An {@code ascii(length)} value to write, refused (before anything is written) unless exactly {@code length} ASCII chars. */
    public static CharSequence ascii(CharSequence s, int length, String field) {
        SchemaChecks.ascii(s, length, field);
        return s;
    }

    /** Copies {@code length} bytes of {@code from} into the space {@code initX(length)} gave. */
    public static void bytes(Data.Builder d, byte[] from, int length) {
        if (length > 0) d.buffer.put(d.offset, from, 0, length);
    }

    // ---- decode

    /** The root of the message in {@code length} bytes of {@code src} from {@code offset}, as {@code factory}'s struct. */
    public <R> R root(FromPointerReader<R> factory, DirectBuffer src, int offset, int length) {
        try {
            ByteBuffer view = readView.forRead(src, offset, length, name);
            MessageReader reader;
            if (packed) {
                textBase = 0;
                reader = SerializePacked.read(packedIn.over(view), limits);
                packedIn.requireEnd(name);
            } else {
                textBase = readView.start();
                reader = Serialize.read(view, limits);
                CapnpCodec.requireEnd(name, view);
            }
            return reader.getRoot(factory);
        } catch (IOException | RuntimeException e) {
            throw wrap(e);
        }
    }

    /** {@code t} into {@code to}, strictly UTF-8, refused beyond {@code maxBytes}. */
    public void text(Text.Reader t, StringBuilder to, int maxBytes, String field) {
        to.setLength(0);
        if (t.size > maxBytes) throw error(field + ": " + t.size + " bytes, more than its bound " + maxBytes);
        if (t.size == 0) return;
        ByteBuffer b = t.buffer;
        if (b.hasArray()) {
            int at = b.arrayOffset() + t.offset;
            StrictUtf8.decode(b.array(), at, t.size, to, name, at - textBase);
        } else {
            LenientUtf8.decode(b, t.offset, t.size, to);
        }
    }

    /** {@code t} into {@code to} as exactly {@code length} ASCII chars. */
    public void ascii(Text.Reader t, StringBuilder to, int length, String field) {
        to.setLength(0);
        if (t.size != length) throw error(field + ": " + t.size + " bytes, not exactly " + length);
        for (int i = 0; i < length; i++) {
            byte c = t.buffer.get(t.offset + i);
            if (c < 0) throw error(field + ": byte " + (c & 0xFF) + " at " + i + " is not ASCII");
            to.append((char) c);
        }
    }

    /** The length of text {@code t}, refused beyond {@code maxBytes} (as {@link #text} refuses it), for reading in place. */
    public int textLength(Text.Reader t, int maxBytes, String field) {
        if (t.size > maxBytes) throw error(field + ": " + t.size + " bytes, more than its bound " + maxBytes);
        return t.size;
    }

    /** The length of an {@code ascii(length)} value {@code t}, refused unless exactly {@code length} (as {@link #ascii} refuses it), for reading in place. */
    public int asciiLength(Text.Reader t, int length, String field) {
        if (t.size != length) throw error(field + ": " + t.size + " bytes, not exactly " + length);
        return t.size;
    }

    /** The length of {@code d}, refused beyond {@code maxLength}. */
    public int bytesLength(Data.Reader d, int maxLength, String field) {
        if (d.size > maxLength) throw error(field + ": " + d.size + " bytes, more than its bound " + maxLength);
        return d.size;
    }

    /** Copies the bytes of {@code d} into {@code to}. */
    public static void bytes(Data.Reader d, byte[] to) {
        if (d.size > 0) d.buffer.get(d.offset, to, 0, d.size); // a null pointer reads as an empty Data without a buffer
    }

    /** A group's entry count, refused beyond {@code max}. */
    public int count(int n, int max, String field) {
        if (n > max) throw error(field + ": " + n + " entries, more than its bound " + max);
        return n;
    }

    /** A set's bits, refused when one names no choice. */
    public long bits(long raw, long allowed, String field) {
        if ((raw & ~allowed) != 0) throw error(field + ": bits 0x" + Long.toHexString(raw & ~allowed) + " name no choice");
        return raw;
    }

    /** An enumerant's ordinal, refused when it is the runtime's {@code _NOT_IN_SCHEMA} (at {@code count}). */
    public int ordinal(Enum<?> e, int count, String field) {
        int o = e.ordinal();
        if (o >= count) throw error(field + ": an enumerant the schema does not declare");
        return o;
    }

    /** An error found in a value: the runtime does not say where, so the offset is -1, as the hand-written rows' enum check. */
    public DecodeException error(String what) {
        return new DecodeException(name, -1, what);
    }

    /** What the runtime throws on hostile bytes, as this row's DecodeException (see {@link CapnpCodecBase#wrap}). */
    public DecodeException wrap(Exception e) {
        if (e instanceof DecodeException d) return d;
        return new DecodeException(name, 0, "malformed message: " + e, e);
    }
}
