package org.wireshootout.codec.msgpack;

import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.ArrayBufferInput;
import org.msgpack.core.buffer.MessageBuffer;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A map of named fields ({@link MsgpackMap}) in a buffer the codec owns: the plumbing of the {@code msgpack} row's
 * version 2 ({@link MsgpackAddFieldCodec} under addField, {@link MsgpackEvolvedCodec} under the other changes). The
 * packer and unpacker are made once and reused: the packer writes into an output the codec owns
 * ({@link MessageBufferSink}); the unpacker is {@code reset} onto an {@link ArrayBufferInput} over the codec's byte
 * array for every decode.
 *
 * @param <T> the message
 */
abstract class MsgpackMapCodec<T> extends MsgpackMap<T> implements Codec<T> {
    private final MessageBufferSink out = new MessageBufferSink(256);
    private final MessagePacker packer = MessagePack.newDefaultPacker(out);

    /** The unpacker's input: a MessageBuffer over the whole owned array, re-made only when that array is replaced. */
    private byte[] wrapped;
    private MessageBuffer wrappedBuffer;
    private final ArrayBufferInput input = new ArrayBufferInput(new byte[0]);
    private final MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(input);

    MsgpackMapCodec(String name) {
        super(name);
    }

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
        if (array != wrapped) {
            wrapped = array;
            wrappedBuffer = MessageBuffer.wrap(array);
        }
        MessageUnpacker u = unpacker;
        try {
            input.reset(wrappedBuffer);
            u.reset(input);
        } catch (IOException e) {
            throw new DecodeException(name, 0, e.toString(), e); // an array input never throws; kept for the interface
        }
        // the input spans the whole owned array: the map must end at the message's own length
        readMessage(u, out.length(), target);
    }

    @Override public org.wireshootout.codec.MessageBuffer buffer() { return out; }

    @Override public String render() { return out.render(); }
}
