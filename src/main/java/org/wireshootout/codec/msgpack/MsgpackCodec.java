package org.wireshootout.codec.msgpack;

import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.ArrayBufferInput;
import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.value.ValueType;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code msgpack} row: a MessagePack map of the six fields named as in {@link DataFields}, through
 * msgpack-core's packer and unpacker, both made once and reused: the packer writes into an output the codec
 * owns ({@link MessageBufferSink}), the unpacker is {@code reset} onto an {@link ArrayBufferInput} over the
 * codec's byte array for every decode.
 *
 * <p>No String per message: field names are pre-encoded byte arrays written as raw string payloads, the text
 * is encoded to UTF-8 into a reused array ({@link StrictUtf8}) and read back from the payload bytes into the
 * target's StringBuilder. The price is always a float64 ({@code packDouble}); the integers take msgpack's
 * smallest form.
 *
 * <p>Decoding accepts the six fields in any order; an unknown, repeated or missing field, a value of the wrong
 * msgpack type, an integer out of range (msgpack-core's own exception), or a length reaching past the message
 * is a {@link DecodeException}.
 */
public final class MsgpackCodec extends NamedCodec<Data> {
    private static final byte[][] NAMES = new byte[6][];
    private static final byte[] BUY = Side.Buy.name().getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SELL = Side.Sell.name().getBytes(StandardCharsets.US_ASCII);
    private static final DataFields[] FIELDS = DataFields.values();

    static {
        for (DataFields f : DataFields.values()) NAMES[f.ordinal()] = f.name().getBytes(StandardCharsets.US_ASCII);
    }

    private final MessageBufferSink out = new MessageBufferSink(256);
    private final MessagePacker packer = MessagePack.newDefaultPacker(out);
    private byte[] scratch = new byte[256];

    /** The unpacker's input: a MessageBuffer over the whole owned array, re-made only when that array is replaced. */
    private byte[] wrapped;
    private MessageBuffer wrappedBuffer;
    private final ArrayBufferInput input = new ArrayBufferInput(new byte[0]);
    private final MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(input);


    public MsgpackCodec(String name) {
        super(name);
    }
    @Override
    public int encode(Data value) {
        out.reset();
        MessagePacker p = packer;
        try {
            p.packMapHeader(6);
            name(p, DataFields.price);
            p.packDouble(value.getPrice());
            name(p, DataFields.flag);
            p.packBoolean(value.isFlag());
            name(p, DataFields.text);
            CharSequence text = value.getText();
            int max = StrictUtf8.maxBytes(text.length());
            if (max > scratch.length) scratch = new byte[Math.max(max, scratch.length * 2)];
            int n = StrictUtf8.encode(text, scratch, 0);
            p.packRawStringHeader(n);
            p.writePayload(scratch, 0, n);
            name(p, DataFields.side);
            byte[] side = value.getSide() == Side.Buy ? BUY : SELL;
            p.packRawStringHeader(side.length);
            p.writePayload(side);
            name(p, DataFields.smallInt);
            p.packInt(value.getSmallInt());
            name(p, DataFields.longInt);
            p.packLong(value.getLongInt());
            p.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the output never throws; kept for the interface
        }
        return out.length();
    }

    private static void name(MessagePacker p, DataFields f) throws IOException {
        byte[] b = NAMES[f.ordinal()];
        p.packRawStringHeader(b.length);
        p.writePayload(b);
    }

    @Override
    public void decode(Data target) {
        byte[] array = out.array();
        int size = out.length();
        if (array != wrapped) {
            wrapped = array;
            wrappedBuffer = MessageBuffer.wrap(array);
        }
        MessageUnpacker u = unpacker;
        try {
            input.reset(wrappedBuffer);
            u.reset(input);
            if (u.getNextFormat().getValueType() != ValueType.MAP) throw fail(u, "expected a map, found " + u.getNextFormat());
            int entries = u.unpackMapHeader();
            if (entries != 6) throw fail(u, "expected 6 entries, found " + entries);
            int seen = 0;
            for (int i = 0; i < 6; i++) {
                int n = stringPayload(u, size, "field name");
                DataFields field = field(scratch, n);
                if (field == null) {
                    throw fail(u, "unknown field '" + new String(scratch, 0, n, StandardCharsets.UTF_8) + "'");
                }
                int bit = 1 << field.ordinal();
                if ((seen & bit) != 0) throw fail(u, "field '" + field + "' appears twice");
                seen |= bit;
                switch (field) {
                    case price: {
                        MessageFormat f = u.getNextFormat();
                        if (f != MessageFormat.FLOAT64 && f != MessageFormat.FLOAT32) throw fail(u, "price must be a float, found " + f);
                        target.setPrice(u.unpackDouble());
                        break;
                    }
                    case flag:
                        expect(u, ValueType.BOOLEAN, field);
                        target.setFlag(u.unpackBoolean());
                        break;
                    case text: {
                        long at = u.getTotalReadBytes();
                        int len = stringPayload(u, size, "text");
                        StringBuilder sb = target.textBuffer();
                        sb.setLength(0);
                        StrictUtf8.decode(scratch, 0, len, sb, name, at);
                        break;
                    }
                    case side: {
                        int len = stringPayload(u, size, "side");
                        if (Arrays.equals(scratch, 0, len, BUY, 0, BUY.length)) target.setSide(Side.Buy);
                        else if (Arrays.equals(scratch, 0, len, SELL, 0, SELL.length)) target.setSide(Side.Sell);
                        else throw fail(u, "side must be \"Buy\" or \"Sell\"");
                        break;
                    }
                    case smallInt:
                        expect(u, ValueType.INTEGER, field);
                        target.setSmallInt(u.unpackInt());
                        break;
                    case longInt:
                        expect(u, ValueType.INTEGER, field);
                        target.setLongInt(u.unpackLong());
                        break;
                    default:
                        throw new AssertionError(field);
                }
            }
            // six distinct known names: every field is there.
            // The input spans the whole owned array: reading past the message's own length is an error, as are bytes left over
            if (u.getTotalReadBytes() != size) {
                throw fail(u, "the map takes " + u.getTotalReadBytes() + " bytes but the message has " + size);
            }
        } catch (IOException | MessagePackException e) {
            throw new DecodeException(name, u.getTotalReadBytes(), e.toString(), e);
        }
    }

    /** Reads a string header and its payload into {@code scratch}, refusing a length that reaches past the message. */
    private int stringPayload(MessageUnpacker u, int size, String what) throws IOException {
        expect(u, ValueType.STRING, what);
        int n = u.unpackRawStringHeader();
        long left = size - u.getTotalReadBytes();
        if (n > left) throw fail(u, what + " of " + n + " bytes, only " + left + " left in the message");
        if (n > scratch.length) scratch = new byte[Math.max(n, scratch.length * 2)];
        u.readPayload(scratch, 0, n);
        return n;
    }

    private static DataFields field(byte[] b, int n) {
        for (DataFields f : FIELDS) {
            byte[] name = NAMES[f.ordinal()];
            if (Arrays.equals(b, 0, n, name, 0, name.length)) return f;
        }
        return null;
    }

    private void expect(MessageUnpacker u, ValueType type, Object what) throws IOException {
        MessageFormat f = u.getNextFormat();
        if (f.getValueType() != type) throw fail(u, what + " must be " + type + ", found " + f);
    }

    private DecodeException fail(MessageUnpacker u, String what) {
        return new DecodeException(name, u.getTotalReadBytes(), what);
    }

    @Override public org.wireshootout.codec.MessageBuffer buffer() { return out; }

    @Override public String render() { return out.render(); }
}
