package org.wireshootout.codec.fory;

import org.apache.fory.config.CompatibleMode;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.iex.IexMessage;

/**
 * The {@code fory} and {@code foryCompatible} IEX rows: Apache Fory serialising one plain class per IEX message
 * type ({@link IexForyMessages}), registered with explicit ids, so that the type id Fory writes before the fields
 * says which message it is. Encoding fills the type's reused instance, serialises it into an array of the codec's
 * own and copies the message into the caller's buffer: Fory's varint writes run a few bytes past each IEX message's
 * end (see {@link ForySupport}), which the caller's buffer must not get, so the copy is the price (labelled). Decoding
 * reads the caller's buffer in place, gets a new instance of the type's class from Fory (it cannot read into an
 * existing object) and copies it into the target.
 */
public final class IexForyCodec implements BufferCodec<IexMessage> {
    private final String name;
    private final ForySupport fory;
    private final IexForyMessages.Message[] byType = IexForyMessages.newInstances();

    private IexForyCodec(String name, CompatibleMode mode) {
        this.name = name;
        this.fory = ForySupport.owning(name, mode, IexForyMessages.CLASSES);
    }

    public static IexForyCodec schemaConsistent(String name) {
        return new IexForyCodec(name, CompatibleMode.SCHEMA_CONSISTENT);
    }

    public static IexForyCodec compatible(String name) {
        return new IexForyCodec(name, CompatibleMode.COMPATIBLE);
    }

    @Override
    public int encode(IexMessage value, MutableDirectBuffer dst, int offset) {
        IexForyMessages.Message m = byType[value.type().ordinal()];
        m.from(value);
        int length = fory.write(m);
        int room = dst.capacity() - offset;
        if (length > room) throw new EncodeOverflowException(name, room, null);
        dst.putBytes(offset, fory.encoded, 0, length);
        return length;
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage target) {
        // Object: the registered class in the stream picks the type; anything but one of ours is refused below
        Object read = fory.read(Object.class, src, offset, length);
        if (!(read instanceof IexForyMessages.Message)) {
            throw new DecodeException(name, 0, "the message holds a " + read.getClass().getName() + ", not an IEX message");
        }
        try {
            ((IexForyMessages.Message) read).to(target);
        } catch (IllegalArgumentException e) { // the model's range checks
            throw new DecodeException(name, -1, e.getMessage(), e);
        }
    }
}
