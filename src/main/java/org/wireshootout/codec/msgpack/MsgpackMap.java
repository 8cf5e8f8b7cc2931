package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A message as one MessagePack map of named fields, through msgpack-core's packer and unpacker: what the
 * {@code msgpack} row ({@link MsgpackCodec}, over the caller's buffer) and its version 2 ({@link MsgpackMapCodec},
 * over a buffer of its own: {@link MsgpackAddFieldCodec} under addField, {@link MsgpackEvolvedCodec} under the
 * other changes) share. They differ only in the map they write and read, through the field writers and readers here,
 * and in where the bytes are.
 *
 * <p>No String per message: field names are pre-encoded byte arrays written as raw string payloads, the text is
 * encoded to UTF-8 into a reused array ({@link StrictUtf8}) and read back from the payload bytes. A length
 * reaching past the message, or bytes left after the map, is a {@link DecodeException}, as is any exception of
 * msgpack-core's own (an integer out of range, malformed bytes).
 *
 * @param <T> the message
 */
abstract class MsgpackMap<T> {
    /**
     * The names of version 1's six fields in its order (as {@link DataFields}), then {@code venue}, the field
     * version 2 adds under {@code addField}: indexed as {@code Layout.Field}, pre-encoded.
     */
    static final byte[][] NAMES = new byte[Layout.Field.values().length][];
    static final byte[] BUY = Side.Buy.name().getBytes(StandardCharsets.US_ASCII);
    static final byte[] SELL = Side.Sell.name().getBytes(StandardCharsets.US_ASCII);

    static {
        for (Layout.Field f : Layout.Field.values()) NAMES[f.ordinal()] = f.name().getBytes(StandardCharsets.US_ASCII);
    }

    /** The row's name as the registry spells it. */
    final String name;
    /** Where string payloads are encoded to and read into. */
    byte[] scratch = new byte[256];

    MsgpackMap(String name) {
        this.name = name;
    }

    /** Packs {@code value} as one map (header included). */
    protected abstract void writeMap(MessagePacker p, T value) throws IOException;

    /** Unpacks one map (header included) of a message of {@code size} bytes into {@code target}. */
    protected abstract void readMap(MessageUnpacker u, int size, T target) throws IOException;

    /**
     * Reads the one map of a message of {@code size} bytes that the unpacker was reset onto into {@code target}. The
     * unpacker's input may run past the message (see the codecs): reading past its length is an error, as are bytes
     * left over.
     */
    final void readMessage(MessageUnpacker u, int size, T target) {
        try {
            if (u.getNextFormat().getValueType() != ValueType.MAP) throw fail(u, "expected a map, found " + u.getNextFormat());
            readMap(u, size, target);
            if (u.getTotalReadBytes() != size) {
                // a map cut short was read on past the message (the view runs to the buffer's end): its end is where it fails
                throw new DecodeException(name, Math.min(u.getTotalReadBytes(), size),
                        "the map takes " + u.getTotalReadBytes() + " bytes but the message has " + size);
            }
        } catch (IOException | MessagePackException e) {
            throw new DecodeException(name, Math.min(u.getTotalReadBytes(), size), e.toString(), e);
        }
    }

    /**
     * Version 1's six fields, names and values, in version 1's order, after a map header the caller packs: the
     * whole of version 1's map and the start of version 2's under {@code addField}.
     */
    final void writeSixFields(MessagePacker p, double price, boolean flag, CharSequence text, byte[] side, int smallInt,
                              long longInt) throws IOException {
        packString(p, NAMES[0]);
        p.packDouble(price);
        packString(p, NAMES[1]);
        p.packBoolean(flag);
        packString(p, NAMES[2]);
        packText(p, text);
        packString(p, NAMES[3]);
        packString(p, side);
        packString(p, NAMES[4]);
        p.packInt(smallInt);
        packString(p, NAMES[5]);
        p.packLong(longInt);
    }

    /**
     * The index in {@link #NAMES} of the name in {@code scratch[0, n)}, among the first {@code fields} of them,
     * or -1.
     */
    final int fieldIndex(int n, int fields) {
        for (int i = 0; i < fields; i++) {
            if (Arrays.equals(scratch, 0, n, NAMES[i], 0, NAMES[i].length)) return i;
        }
        return -1;
    }

    /** Packs a pre-encoded string (a field name, a side; a generated codec's keys and enum names). */
    protected static void packString(MessagePacker p, byte[] b) throws IOException {
        p.packRawStringHeader(b.length);
        p.writePayload(b);
    }

    /** Packs {@code text} as a string, encoded into {@link #scratch}. */
    final void packText(MessagePacker p, CharSequence text) throws IOException {
        int max = StrictUtf8.maxBytes(text.length());
        if (max > scratch.length) scratch = new byte[Math.max(max, scratch.length * 2)];
        int n = StrictUtf8.encode(text, scratch, 0);
        p.packRawStringHeader(n);
        p.writePayload(scratch, 0, n);
    }

    /** Reads a string into {@code sb} (emptied first), refusing malformed UTF-8. */
    final void readText(MessageUnpacker u, int size, StringBuilder sb) throws IOException {
        long at = u.getTotalReadBytes();
        int len = stringPayload(u, size, "text");
        sb.setLength(0);
        StrictUtf8.decode(scratch, 0, len, sb, name, at);
    }

    /** Reads a string header and its payload into {@code scratch}, refusing a length that reaches past the message. */
    final int stringPayload(MessageUnpacker u, int size, String what) throws IOException {
        expect(u, ValueType.STRING, what);
        int n = u.unpackRawStringHeader();
        long left = size - u.getTotalReadBytes();
        if (n > left) throw fail(u, what + " of " + n + " bytes, only " + left + " left in the message");
        if (n > scratch.length) scratch = new byte[Math.max(n, scratch.length * 2)];
        u.readPayload(scratch, 0, n);
        return n;
    }

    final boolean readFlag(MessageUnpacker u, Object what) throws IOException {
        expect(u, ValueType.BOOLEAN, what);
        return u.unpackBoolean();
    }

    /** Whether the side is Buy (true) or Sell (false); any other value fails. */
    final boolean readBuy(MessageUnpacker u, int size) throws IOException {
        int len = stringPayload(u, size, "side");
        if (Arrays.equals(scratch, 0, len, BUY, 0, BUY.length)) return true;
        if (Arrays.equals(scratch, 0, len, SELL, 0, SELL.length)) return false;
        throw fail(u, "side must be \"Buy\" or \"Sell\"");
    }

    /** An int32; beyond its range msgpack-core's own {@code MessageIntegerOverflowException}. */
    final int readInt(MessageUnpacker u, Object what) throws IOException {
        expect(u, ValueType.INTEGER, what);
        return u.unpackInt();
    }

    final long readLong(MessageUnpacker u, Object what) throws IOException {
        expect(u, ValueType.INTEGER, what);
        return u.unpackLong();
    }

    /** Reads a float64 or float32. */
    final double readPrice(MessageUnpacker u) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f != MessageFormat.FLOAT64 && f != MessageFormat.FLOAT32) throw fail(u, "price must be a float, found " + f);
        return u.unpackDouble();
    }

    final void expect(MessageUnpacker u, ValueType type, Object what) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f.getValueType() != type) throw fail(u, what + " must be " + type + ", found " + f);
    }

    final DecodeException fail(MessageUnpacker u, String what) {
        return new DecodeException(name, u.getTotalReadBytes(), what);
    }

    /** The message in {@code length} bytes of {@code src} from {@code offset} as msgpack's JSON view, or null when it is not one valid value. */
    static String json(org.agrona.DirectBuffer src, int offset, int length) {
        byte[] copy = new byte[length];
        src.getBytes(offset, copy);
        try (MessageUnpacker u = org.msgpack.core.MessagePack.newDefaultUnpacker(copy)) {
            return u.unpackValue().toJson();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
