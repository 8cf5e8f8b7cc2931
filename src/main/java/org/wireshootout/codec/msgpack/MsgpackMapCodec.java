package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.ArrayBufferInput;
import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.value.ValueType;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.utf8.StrictUtf8;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A message as one MessagePack map of named fields, through msgpack-core's packer and unpacker, both made once
 * and reused: the plumbing of the {@code msgpack} row ({@link MsgpackCodec}) and of its version 2
 * ({@link MsgpackEvolvedCodec}), which differ only in the map they write and read. The packer writes into an
 * output the codec owns ({@link MessageBufferSink}); the unpacker is {@code reset} onto an
 * {@link ArrayBufferInput} over the codec's byte array for every decode.
 *
 * <p>No String per message: field names are pre-encoded byte arrays written as raw string payloads, the text is
 * encoded to UTF-8 into a reused array ({@link StrictUtf8}) and read back from the payload bytes. A length
 * reaching past the message, or bytes left after the map, is a {@link DecodeException}, as is any exception of
 * msgpack-core's own (an integer out of range, malformed bytes).
 *
 * @param <T> the message
 */
abstract class MsgpackMapCodec<T> extends NamedCodec<T> {
    private final MessageBufferSink out = new MessageBufferSink(256);
    private final MessagePacker packer = MessagePack.newDefaultPacker(out);
    /** Where string payloads are encoded to and read into. */
    byte[] scratch = new byte[256];

    /** The unpacker's input: a MessageBuffer over the whole owned array, re-made only when that array is replaced. */
    private byte[] wrapped;
    private MessageBuffer wrappedBuffer;
    private final ArrayBufferInput input = new ArrayBufferInput(new byte[0]);
    private final MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(input);

    MsgpackMapCodec(String name) {
        super(name);
    }

    /** Packs {@code value} as one map (header included). */
    abstract void writeMap(MessagePacker p, T value) throws IOException;

    /** Unpacks one map (header included) of a message of {@code size} bytes into {@code target}. */
    abstract void readMap(MessageUnpacker u, int size, T target) throws IOException;

    @Override
    public final int encode(T value) {
        out.reset();
        try {
            writeMap(packer, value);
            packer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the output never throws; kept for the interface
        }
        return out.length();
    }

    @Override
    public final void decode(T target) {
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
            readMap(u, size, target);
            // The input spans the whole owned array: reading past the message's own length is an error, as are bytes left over
            if (u.getTotalReadBytes() != size) {
                throw fail(u, "the map takes " + u.getTotalReadBytes() + " bytes but the message has " + size);
            }
        } catch (IOException | MessagePackException e) {
            throw new DecodeException(name, u.getTotalReadBytes(), e.toString(), e);
        }
    }

    /** Packs a pre-encoded string (a field name, a side). */
    static void packString(MessagePacker p, byte[] b) throws IOException {
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

    @Override public org.wireshootout.codec.MessageBuffer buffer() { return out; }

    @Override public String render() { return out.render(); }
}
