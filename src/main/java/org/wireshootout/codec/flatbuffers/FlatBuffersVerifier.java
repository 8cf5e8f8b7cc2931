package org.wireshootout.codec.flatbuffers;

import org.wireshootout.codec.DecodeException;

import java.nio.ByteBuffer;

/**
 * The structural check a FlatBuffers verifier makes of a one-table buffer (flatbuffers-java 2.0.8 has no
 * Verifier): every offset, the vtable, each field's extent and the string's length and NUL terminator inside
 * the bytes. Parametrised by the table's field sizes in slot order, so each version of the schema checks the
 * table it declares.
 */
final class FlatBuffersVerifier {
    private final String name;
    private final int[] fieldSizes;
    private final int textField;

    /**
     * @param fieldSizes the size of each field in slot order (a string is its 4-byte offset)
     * @param textField  the slot of the one string field
     */
    FlatBuffersVerifier(String name, int[] fieldSizes, int textField) {
        this.name = name;
        this.fieldSizes = fieldSizes.clone();
        this.textField = textField;
    }

    /** Checks a buffer of {@code len} bytes from index 0, as a FlatBuffers verifier makes. */
    void verify(ByteBuffer bb, int len) {
        if (len < 8) throw new DecodeException(name, 0, "buffer of " + len + " bytes is too short for a root offset and a table");
        long table = uint32(bb, 0);
        if ((table & 3) != 0 || table < 4 || table > len - 4) {
            throw new DecodeException(name, 0, "root table offset " + table + " is unaligned or outside the " + len + " bytes");
        }
        int t = (int) table;
        long vtable = (long) t - bb.getInt(t);
        if ((vtable & 1) != 0 || vtable < 0 || vtable > len - 4) {
            throw new DecodeException(name, t, "vtable at " + vtable + " is unaligned or outside the buffer");
        }
        int v = (int) vtable;
        int vtableSize = uint16(bb, v);
        int tableSize = uint16(bb, v + 2);
        if (vtableSize < 4 || (vtableSize & 1) != 0 || v + vtableSize > len) {
            throw new DecodeException(name, v, "vtable size " + vtableSize + " is invalid");
        }
        if (tableSize < 4 || t + tableSize > len) {
            throw new DecodeException(name, v + 2, "table size " + tableSize + " runs past the buffer");
        }
        long end = Math.max(Math.max(4, v + vtableSize), t + tableSize); // the furthest byte a part reaches
        for (int field = 0; field < fieldSizes.length; field++) {
            int slot = 4 + 2 * field;
            if (slot + 2 > vtableSize) break; // absent from an older, shorter vtable: the default applies
            int fieldOffset = uint16(bb, v + slot);
            if (fieldOffset == 0) continue;
            if (fieldOffset < 4 || fieldOffset + fieldSizes[field] > tableSize) {
                throw new DecodeException(name, v + slot, "field " + field + " at " + fieldOffset + " lies outside its table");
            }
            if (field == textField) end = Math.max(end, verifyString(bb, t + fieldOffset, len));
        }
        verifyEnd(bb, end, len);
    }

    /**
     * Refuses bytes after the buffer's parts, which a builder cannot have written: it finishes a buffer at a multiple
     * of 4 bytes (its root offset's alignment), and what lies beyond the furthest part is the zero padding it adds
     * for alignment, fewer than 8 bytes.
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

    /** Checks the string the field at {@code at} points to; returns where its NUL ends. */
    private long verifyString(ByteBuffer bb, int at, int len) {
        long target = at + uint32(bb, at);
        if ((target & 3) != 0 || target > len - 4) {
            throw new DecodeException(name, at, "text offset points to " + target + ", unaligned or outside the buffer");
        }
        int s = (int) target;
        long size = uint32(bb, s);
        if (size > len - s - 4 - 1) {
            throw new DecodeException(name, s, "text of " + size + " bytes and its NUL run past the buffer");
        }
        if (bb.get(s + 4 + (int) size) != 0) {
            throw new DecodeException(name, s + 4 + size, "text is not NUL-terminated");
        }
        return s + 4 + size + 1;
    }

    private static long uint32(ByteBuffer bb, int at) {
        return bb.getInt(at) & 0xFFFF_FFFFL;
    }

    private static int uint16(ByteBuffer bb, int at) {
        return bb.getShort(at) & 0xFFFF;
    }
}
