package org.wireshootout.codec.msgpack;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A map of named fields ({@link MsgpackMap}) in the caller's buffer: the {@code msgpack} row ({@link MsgpackCodec})
 * and its version 2 ({@link MsgpackAddFieldCodec} under addField, {@link MsgpackEvolvedCodec} under the other
 * changes), written and read through {@link CallerBufferOutput} and {@link CallerBufferInput}: the packer and the
 * unpacker are made once and reused.
 *
 * @param <T> the message
 */
abstract class MsgpackMapCodec<T> extends MsgpackMap<T> implements BufferCodec<T> {
    private final CallerBufferOutput out;
    private MessagePacker packer;
    private final CallerBufferInput input = new CallerBufferInput();
    private final MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(new byte[0]);

    MsgpackMapCodec(String name) {
        super(name);
        this.out = new CallerBufferOutput(name);
        this.packer = MessagePack.newDefaultPacker(out);
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
        out.wrap(dst, offset);
        try {
            writeMap(packer, value);
            packer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the output never throws one; kept for the interface
        } catch (RuntimeException e) {
            packer = MessagePack.newDefaultPacker(out); // a packer stopped mid-flush still holds a buffer of the message
            throw e;
        }
        return out.finish();
    }

    @Override
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        try {
            input.reset(unpacker, src, offset, length);
        } catch (IOException e) {
            throw new DecodeException(name, 0, e.toString(), e); // an array input never throws; kept for the interface
        }
        readMessage(unpacker, length, target);
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return MsgpackMap.json(src, offset, length);
    }
}
