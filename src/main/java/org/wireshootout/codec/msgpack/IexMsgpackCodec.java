package org.wireshootout.codec.msgpack;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.IexNamedFields;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The {@code msgpack} IEX row: each message a MessagePack map of its type's fields, keyed by field name
 * ({@link IexNamedFields}): {@code messageType} and the one-letter fields as one-char strings, the symbol and
 * the reason as their text, every number in msgpack's smallest integer form. msgpack-core's packer writes
 * straight into the caller's heap array ({@link CallerBufferOutput}); the unpacker is {@code reset} onto a view of
 * it for every decode ({@link CallerBufferInput}); over other memory each goes through one scratch array, a copy
 * each way. Both are made once.
 *
 * <p>No String per message: field names are pre-encoded byte arrays written as raw string payloads, and read
 * back as payload bytes looked up without decoding; text is converted between chars and UTF-8 by hand (every
 * char of the model is at most U+00FF, so one or two bytes). Decoding accepts the fields in any order; an
 * unknown, repeated, missing or extra field, a value of the wrong msgpack type, a number or char out of its
 * IEX range, or a length reaching past the message is a {@link DecodeException}.
 */
public final class IexMsgpackCodec implements BufferCodec<IexMessage> {
    /** The UTF-8 bytes of each char U+0000..U+00FF, for the one-char values. */
    private static final byte[][] CHAR_UTF8 = new byte[256][];
    /** No IEX type has more fields than there are (IexField.values() would copy its array on every call). */
    private static final int FIELD_COUNT = IexField.values().length;

    static {
        for (int c = 0; c < 256; c++) CHAR_UTF8[c] = String.valueOf((char) c).getBytes(StandardCharsets.UTF_8);
    }

    private final String name;
    private final CallerBufferOutput out;
    private MessagePacker packer;
    private final byte[] text = new byte[16];
    private final char[] chars = new char[8];
    private byte[] scratch = new byte[64];

    private final CallerBufferInput input = new CallerBufferInput();
    private final MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(new byte[0]);

    public IexMsgpackCodec(String name) {
        this.name = name;
        this.out = new CallerBufferOutput(name);
        this.packer = MessagePack.newDefaultPacker(out);
    }

    @Override
    public int encode(IexMessage m, MutableDirectBuffer dst, int offset) {
        out.wrap(dst, offset);
        MessagePacker p = packer;
        IexField[] fields = IexNamedFields.fields(m.type());
        try {
            p.packMapHeader(fields.length);
            for (IexField f : fields) {
                byte[] name = IexNamedFields.nameBytes(f);
                p.packRawStringHeader(name.length);
                p.writePayload(name);
                switch (IexNamedFields.kind(f)) {
                    case TYPE:
                    case CHAR: {
                        byte[] c = CHAR_UTF8[(int) m.get(f)];
                        p.packRawStringHeader(c.length);
                        p.writePayload(c);
                        break;
                    }
                    case SYMBOL:
                    case REASON: {
                        int n = utf8(IexNamedFields.packedBits(m, f), IexNamedFields.width(f));
                        p.packRawStringHeader(n);
                        p.writePayload(text, 0, n);
                        break;
                    }
                    default:
                        p.packLong(m.get(f));
                }
            }
            p.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the output never throws one; kept for the interface
        } catch (RuntimeException e) {
            packer = MessagePack.newDefaultPacker(out); // a packer stopped mid-flush still holds a buffer of the message
            throw e;
        }
        return out.finish();
    }

    /** The UTF-8 of packed text without its padding into {@link #text}; returns the byte count. */
    private int utf8(long bits, int width) {
        int n = IexNamedFields.unpack(bits, width, chars);
        int p = 0;
        for (int i = 0; i < n; i++) {
            char c = chars[i];
            if (c < 0x80) {
                text[p++] = (byte) c;
            } else {
                text[p++] = (byte) (0xC0 | (c >>> 6));
                text[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p;
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage m) {
        int size = length;
        MessageUnpacker u = unpacker;
        try {
            input.reset(u, src, offset, length);
            if (size == 0) throw fail(u, "empty message");
            MessageFormat head = u.getNextFormat();
            if (head.getValueType() != ValueType.MAP) throw fail(u, "expected a map, found " + head);
            int entries = u.unpackMapHeader();
            if (entries > FIELD_COUNT) throw fail(u, "a map of " + entries + " entries has more than any IEX type");
            long seen = 0;
            IexMessageType type = null;
            for (int e = 0; e < entries; e++) {
                int n = stringPayload(u, size, "field name");
                IexField f = IexNamedFields.byName(scratch, 0, n);
                if (f == null) throw fail(u, "unknown field '" + new String(scratch, 0, n, StandardCharsets.UTF_8) + "'");
                long bit = 1L << f.ordinal();
                if ((seen & bit) != 0) throw fail(u, "field '" + f + "' appears twice");
                seen |= bit;
                switch (IexNamedFields.kind(f)) {
                    case TYPE: {
                        char c = oneChar(u, size, f);
                        type = IexMessageType.of(c);
                        if (type == null) throw fail(u, "messageType '" + c + "' is no IEX message type");
                        m.setType(type);
                        break;
                    }
                    case CHAR:
                        m.set(f, oneChar(u, size, f));
                        break;
                    case SYMBOL:
                        m.setSymbolBits(packedText(u, size, f));
                        break;
                    case REASON:
                        m.setReasonBits((int) packedText(u, size, f));
                        break;
                    default: {
                        MessageFormat vf = u.getNextFormat();
                        if (vf.getValueType() != ValueType.INTEGER) throw fail(u, f + " must be an integer, found " + vf);
                        m.set(f, u.unpackLong()); // a value beyond the field's IEX range: IllegalArgumentException
                    }
                }
            }
            String wrong = IexNamedFields.checkComplete(type, seen);
            if (wrong != null) throw fail(u, wrong);
            // the input runs to the end of the caller's buffer: bytes left over are an error, as is reading past the message
            if (u.getTotalReadBytes() != size) {
                throw fail(u, "the map takes " + u.getTotalReadBytes() + " bytes but the message has " + size);
            }
        } catch (IOException | MessagePackException | IllegalArgumentException e) {
            throw new DecodeException(name, u.getTotalReadBytes(), e.toString(), e);
        }
    }

    /** Reads a string header and its payload into {@link #scratch}, refusing a length that reaches past the message. */
    private int stringPayload(MessageUnpacker u, int size, Object what) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f.getValueType() != ValueType.STRING) throw fail(u, what + " must be a string, found " + f);
        int n = u.unpackRawStringHeader();
        long left = size - u.getTotalReadBytes();
        if (n < 0 || n > left) throw fail(u, what + " of " + n + " bytes, only " + left + " left in the message");
        if (n > scratch.length) scratch = new byte[Math.max(n, scratch.length * 2)];
        u.readPayload(scratch, 0, n);
        return n;
    }

    /** A string value of exactly one char (at most U+00FF). */
    private char oneChar(MessageUnpacker u, int size, IexField f) throws IOException {
        int n = stringPayload(u, size, f);
        int count = latin1(u, n, f);
        if (count != 1) throw fail(u, f + " must be one char, found " + count);
        return chars[0];
    }

    /** A symbol or reason string, packed. */
    private long packedText(MessageUnpacker u, int size, IexField f) throws IOException {
        int n = stringPayload(u, size, f);
        int width = IexNamedFields.width(f);
        if (n > 2 * width) throw fail(u, f + " of " + n + " bytes is longer than " + width + " chars");
        int count = latin1(u, n, f);
        if (count > width) throw fail(u, f + " of " + count + " chars is longer than " + width);
        return IexNamedFields.pack(chars, 0, count, width);
    }

    /** Decodes {@code n} UTF-8 bytes of {@link #scratch} into {@link #chars}, refusing anything above U+00FF. */
    private int latin1(MessageUnpacker u, int n, IexField f) {
        int count = 0;
        for (int i = 0; i < n; ) {
            if (count == chars.length) throw fail(u, f + " is longer than " + chars.length + " chars");
            int b = scratch[i] & 0xFF;
            if (b < 0x80) {
                chars[count++] = (char) b;
                i++;
            } else if ((b == 0xC2 || b == 0xC3) && i + 1 < n && (scratch[i + 1] & 0xC0) == 0x80) {
                chars[count++] = (char) (((b & 0x1F) << 6) | (scratch[i + 1] & 0x3F));
                i += 2;
            } else {
                throw fail(u, f + " holds a char above U+00FF or malformed UTF-8");
            }
        }
        return count;
    }

    private DecodeException fail(MessageUnpacker u, String what) {
        return new DecodeException(name, u.getTotalReadBytes(), what);
    }

    /** msgpack's JSON view of the message, or null when it is not one valid value. */
    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return MsgpackMap.json(src, offset, length);
    }
}
