package org.wireshootout.codec.flatbuffers;

import com.google.flatbuffers.FlatBufferBuilder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeapView;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.generator.spi.SchemaChecks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * What the codecs generated from a message schema ({@link FlatBuffersGenerator}) call: the hand-written
 * {@code flatbuffers} row's machinery, for tables of any shape. One {@link FlatBufferBuilder} reused through
 * {@code clear()}, the finished message copied into the caller's buffer ({@link FlatBuffersCodec#copyFinished});
 * decode over a view of the caller's heap array whose index 0 is the message's first byte ({@link HeapView}), a
 * duplicate of it made once per view that the generated {@code xInByteBuffer} accessors position on a string's or
 * a byte vector's bytes, and text decoded strictly into the target's {@code StringBuilder}.
 *
 * <p>flatbuffers-java has no verifier, so, as {@link FlatBuffersVerifier} does for the hand-written table, every
 * decode first checks the structure of the bytes against the schema's tables ({@link Slot}s in slot order): each
 * offset, vtable and field extent inside the bytes, a bool byte 0 or 1, each string's length (within its schema bound,
 * exactly N for {@code ascii(N)}) and NUL, each vector's length (a group's within its bound), the nested tables,
 * the {@code (required)} fields present, a union's type naming one of its members and its value checked as that
 * member's table, and no more than a builder's padding after the furthest part. The
 * generated accessors then read bytes known to be inside the message.
 */
public final class FlatBuffersGenerated {
    static final int SCALAR = 0, BOOL = 1, STRING = 2, BYTES = 3, TABLE = 4, TABLES = 5, UNION_TYPE = 6, UNION = 7;

    /** One slot of a table as the verifier checks it: its kind, its size in the table, a bound and, for tables, which. */
    public record Slot(String field, int kind, int size, int bound, boolean exact, int table, boolean required) {
    }

    /** A scalar of {@code size} bytes (an integer, float, enum or set). */
    public static Slot scalar(String field, int size) {
        return new Slot(field, SCALAR, size, 0, false, -1, false);
    }

    /** A bool: one byte, 0 or 1. */
    public static Slot bool(String field) {
        return new Slot(field, BOOL, 1, 0, false, -1, false);
    }

    /** A string of at most {@code maxBytes} UTF-8 bytes. */
    public static Slot text(String field, int maxBytes, boolean required) {
        return new Slot(field, STRING, 4, maxBytes, false, -1, required);
    }

    /** A string of exactly {@code length} bytes ({@code ascii(N)}; each byte is checked as it is read). */
    public static Slot ascii(String field, int length, boolean required) {
        return new Slot(field, STRING, 4, length, true, -1, required);
    }

    /** A {@code [ubyte]} of at most {@code maxLength} bytes. */
    public static Slot bytes(String field, int maxLength, boolean required) {
        return new Slot(field, BYTES, 4, maxLength, false, -1, required);
    }

    /** A nested table, of the shape at {@code table}. */
    public static Slot table(String field, int table, boolean required) {
        return new Slot(field, TABLE, 4, 0, false, table, required);
    }

    /** A vector of at most {@code maxCount} tables of the shape at {@code table}. */
    public static Slot tables(String field, int table, int maxCount, boolean required) {
        return new Slot(field, TABLES, 4, maxCount, false, table, required);
    }

    /** A union's type byte: 1 to {@code members} names a member; 0 (none, also when the slot is absent) or more is refused. */
    public static Slot unionType(String field, int members) {
        return new Slot(field, UNION_TYPE, 1, members, false, -1, false);
    }

    /**
     * A union's value, in the slot after its {@link #unionType type}: the table of the member the type names, whose
     * shape is at {@code firstTable + type - 1} (the members' shapes in the union's order). Present in every message.
     */
    public static Slot union(String field, int firstTable, int members) {
        return new Slot(field, UNION, 4, members, false, firstTable, true);
    }

    private final String name;
    private final Slot[][] shapes;
    private final FlatBufferBuilder builder = new FlatBufferBuilder(4096);
    private final HeapView in = new HeapView(0);
    /** Offsets of a group's entries while its vector is built (entries of nested groups above them). */
    private int[] entries = new int[64];
    private int top;
    private ByteBuffer scratch;
    private int start;
    private ByteBuffer viewOf;
    private ByteBuffer bytes;
    /**
     * The bytes the tables, strings and vectors the verifier has still to visit may take: a builder writes each once, in
     * bytes of its own, so together they fit in the message; offsets that share a part over and over do not.
     */
    private long budget;

    /** @param shapes the slots of each table, the message's first, each nested table's index as {@link #table} names it */
    public FlatBuffersGenerated(String name, Slot[][] shapes) {
        this.name = name;
        this.shapes = shapes;
    }

    // ---- encode

    /** The builder, cleared for a new message, and no group entries pending (an encode refused inside a group leaves some). */
    public FlatBufferBuilder begin() {
        FlatBufferBuilder b = builder;
        b.clear();
        top = 0;
        return b;
    }

    /** Finishes the message at {@code root} and copies it into {@code dst} from {@code offset}; returns its length. */
    public int finish(int root, MutableDirectBuffer dst, int offset) {
        builder.finish(root);
        return FlatBuffersCodec.copyFinished(builder, dst, offset, name);
    }

    /** Where the offsets of a group's entries start: the entries are then {@link #entry added} and the vector {@link #endEntries ended}. */
    public int mark() {
        return top;
    }

    /** The offset of one entry of the group being written. */
    public void entry(int tableOffset) {
        if (top == entries.length) entries = Arrays.copyOf(entries, top * 2);
        entries[top++] = tableOffset;
    }

    /** Writes the vector of the entries added since {@code mark}, in their order, and returns its offset. */
    public int endEntries(int mark) {
        FlatBufferBuilder b = builder;
        b.startVector(4, top - mark, 4);
        for (int i = top - 1; i >= mark; i--) b.addOffset(entries[i]);
        top = mark;
        return b.endVector();
    }

    // ---- decode

    /**
     * The message's {@code length} bytes as a little-endian buffer whose index 0 is its first byte, verified against
     * the schema's tables: over the caller's heap array, or else a copy in a scratch array of the codec's own.
     */
    public ByteBuffer read(DirectBuffer src, int offset, int length) {
        ByteBuffer bb;
        if (src.byteArray() != null) {
            bb = in.forRead(src, offset, length, name);
            start = in.start();
        } else {
            if (scratch == null || scratch.capacity() < length) {
                scratch = ByteBuffer.allocate(Math.max(length, 4096)).order(ByteOrder.LITTLE_ENDIAN);
            }
            bb = scratch;
            src.getBytes(offset, bb, 0, length);
            bb.limit(length).position(0);
            start = 0;
        }
        if (bb != viewOf) {
            // a new view (a new array or place in it): once per place, not per message
            bytes = bb.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            viewOf = bb;
        }
        verify(bb, length);
        bb.position(0);
        return bb;
    }

    /** The buffer the generated {@code xInByteBuffer} accessors position on a string's or a vector's bytes. */
    public ByteBuffer bytes() {
        return bytes;
    }

    /** The string {@code s} (positioned on its bytes) decoded strictly as UTF-8 into {@code to}. */
    public void text(ByteBuffer s, StringBuilder to) {
        to.setLength(0);
        int at = s.arrayOffset() + s.position();
        StrictUtf8.decode(s.array(), at, s.remaining(), to, name, at - start);
    }

    /** The string {@code s} as ASCII into {@code to}, a byte above 127 refused. */
    public void ascii(ByteBuffer s, StringBuilder to, String field) {
        to.setLength(0);
        byte[] a = s.array();
        int at = s.arrayOffset() + s.position();
        for (int i = 0, n = s.remaining(); i < n; i++) {
            byte c = a[at + i];
            if (c < 0) throw new DecodeException(name, at + i - start, field + ": byte " + (c & 0xFF) + " is not ASCII");
            to.append((char) c);
        }
    }

    /** An error found in a value after the structure was verified (an enum number no value has, bits no choice names). */
    public DecodeException error(String what) {
        return new DecodeException(name, -1, what);
    }

    /** The enum value {@code value} read as {@code raw}, refused when null (the number names no value). */
    public <E> E known(E value, long raw, String field) {
        if (value == null) throw error(field + ": " + raw + " names no value of its enum");
        return value;
    }

    /** A set's bits, refused when one names no choice. */
    public long bits(long raw, long allowed, String field) {
        if ((raw & ~allowed) != 0) throw error(field + ": bits 0x" + Long.toHexString(raw & ~allowed) + " name no choice");
        return raw;
    }

    /** An {@code ascii(length)} value to write, refused (before anything is written) unless exactly {@code length} ASCII chars. */
    public static CharSequence ascii(CharSequence s, int length, String field) {
        SchemaChecks.ascii(s, length, field);
        return s;
    }

    // ---- the verifier

    private void verify(ByteBuffer bb, int len) {
        if (len < 8) throw new DecodeException(name, 0, "buffer of " + len + " bytes is too short for a root offset and a table");
        budget = len - 4;
        long root = uint32(bb, 0);
        long end = verifyTable(bb, 0, root, 0, len, "root");
        verifyEnd(bb, Math.max(4, end), len);
    }

    /** Checks the table at {@code table} (pointed to from {@code from}) of shape {@code shape}; returns the furthest byte its parts reach. */
    private long verifyTable(ByteBuffer bb, long from, long table, int shape, int len, String what) {
        if ((table & 3) != 0 || table < 4 || table > len - 4) {
            throw new DecodeException(name, from, what + ": table offset " + table + " is unaligned or outside the " + len + " bytes");
        }
        int t = (int) table;
        long vtable = table - bb.getInt(t);
        if ((vtable & 1) != 0 || vtable < 0 || vtable > len - 4) {
            throw new DecodeException(name, t, what + ": vtable at " + vtable + " is unaligned or outside the buffer");
        }
        int v = (int) vtable;
        int vtableSize = uint16(bb, v);
        int tableSize = uint16(bb, v + 2);
        if (vtableSize < 4 || (vtableSize & 1) != 0 || v + vtableSize > len) {
            throw new DecodeException(name, v, what + ": vtable size " + vtableSize + " is invalid");
        }
        if (tableSize < 4 || t + tableSize > len) {
            throw new DecodeException(name, v + 2, what + ": table size " + tableSize + " runs past the buffer");
        }
        spend(tableSize, from, what);
        long end = Math.max(v + vtableSize, t + tableSize);
        Slot[] slots = shapes[shape];
        int unionType = 0; // the type byte read last: a union's value follows its type in the table's slots
        for (int i = 0; i < slots.length; i++) {
            Slot s = slots[i];
            int slot = 4 + 2 * i;
            int fieldOffset = slot + 2 > vtableSize ? 0 : uint16(bb, v + slot);
            if (fieldOffset == 0) {
                if (s.required) throw new DecodeException(name, v, s.field + ": a required field is absent");
                continue;
            }
            if (fieldOffset < 4 || fieldOffset + s.size > tableSize) {
                throw new DecodeException(name, v + slot, s.field + " at " + fieldOffset + " lies outside its table");
            }
            int at = t + fieldOffset;
            switch (s.kind) {
                case BOOL -> {
                    byte b = bb.get(at);
                    if (b != 0 && b != 1) throw new DecodeException(name, at, s.field + ": bool byte " + b + " is neither 0 nor 1");
                }
                case STRING -> end = Math.max(end, verifyString(bb, at, len, s));
                case BYTES -> end = Math.max(end, verifyVector(bb, at, len, 1, s));
                case TABLE -> end = Math.max(end, verifyTable(bb, at, at + uint32(bb, at), s.table, len, s.field));
                case UNION_TYPE -> {
                    unionType = bb.get(at) & 0xFF;
                    if (unionType == 0 || unionType > s.bound) {
                        throw new DecodeException(name, at, s.field + ": type " + unionType + " names none of the union's " + s.bound + " members");
                    }
                }
                case UNION -> {
                    if (unionType == 0) throw new DecodeException(name, at, s.field + ": a value with no member type before it");
                    end = Math.max(end, verifyTable(bb, at, at + uint32(bb, at), s.table + unionType - 1, len, s.field));
                }
                case TABLES -> {
                    long vectorEnd = verifyVector(bb, at, len, 4, s);
                    end = Math.max(end, vectorEnd);
                    long first = at + uint32(bb, at) + 4;
                    for (long e = first; e < vectorEnd; e += 4) {
                        end = Math.max(end, verifyTable(bb, e, e + uint32(bb, (int) e), s.table, len, s.field + "[" + (e - first) / 4 + "]"));
                    }
                }
                default -> {
                }
            }
        }
        return end;
    }

    /** Checks the vector the field at {@code at} points to, of elements of {@code elementSize}; returns where it ends. */
    private long verifyVector(ByteBuffer bb, int at, int len, int elementSize, Slot s) {
        long target = at + uint32(bb, at);
        if ((target & 3) != 0 || target > len - 4) {
            throw new DecodeException(name, at, s.field + ": vector offset points to " + target + ", unaligned or outside the buffer");
        }
        int v = (int) target;
        long count = uint32(bb, v);
        if (count > s.bound) throw new DecodeException(name, v, s.field + ": " + count + " elements, more than its bound " + s.bound);
        if (count * elementSize > len - v - 4) throw new DecodeException(name, v, s.field + ": " + count + " elements run past the buffer");
        spend(4 + count * elementSize, at, s.field);
        return v + 4 + count * elementSize;
    }

    /** Checks the string the field at {@code at} points to; returns where its NUL ends. */
    private long verifyString(ByteBuffer bb, int at, int len, Slot s) {
        long target = at + uint32(bb, at);
        if ((target & 3) != 0 || target > len - 4) {
            throw new DecodeException(name, at, s.field + ": string offset points to " + target + ", unaligned or outside the buffer");
        }
        int v = (int) target;
        long size = uint32(bb, v);
        if (s.exact ? size != s.bound : size > s.bound) {
            throw new DecodeException(name, v, s.field + ": " + size + " bytes, " + (s.exact ? "not exactly " : "more than its bound ") + s.bound);
        }
        if (size > len - v - 4 - 1) throw new DecodeException(name, v, s.field + ": " + size + " bytes and the NUL run past the buffer");
        if (bb.get(v + 4 + (int) size) != 0) throw new DecodeException(name, v + 4 + size, s.field + ": the string is not NUL-terminated");
        spend(4 + size + 1, at, s.field);
        return v + 4 + size + 1;
    }

    private void spend(long bytes, long at, String what) {
        budget -= bytes;
        if (budget < 0) throw new DecodeException(name, at, what + ": the parts reached so far take more bytes than the message has (a part shared by offsets)");
    }

    /**
     * Refuses bytes after the buffer's parts, which a builder cannot have written: it finishes a buffer at a multiple
     * of 4 bytes, and what lies beyond the furthest part is the zero padding it adds for alignment, fewer than 8 bytes.
     */
    private void verifyEnd(ByteBuffer bb, long end, int len) {
        if ((len & 3) != 0 || len - end >= 8) {
            throw new DecodeException(name, end, (len - end) + " bytes after the buffer's parts, more than a builder pads"
                    + ((len & 3) != 0 ? " (the length " + len + " is no multiple of 4)" : ""));
        }
        for (int i = (int) end; i < len; i++) {
            if (bb.get(i) != 0) throw new DecodeException(name, i, "non-zero byte after the buffer's parts, where a builder pads with zeros");
        }
    }

    private static long uint32(ByteBuffer bb, int at) {
        return bb.getInt(at) & 0xFFFF_FFFFL;
    }

    private static int uint16(ByteBuffer bb, int at) {
        return bb.getShort(at) & 0xFFFF;
    }
}
