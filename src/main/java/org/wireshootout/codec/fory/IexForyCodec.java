package org.wireshootout.codec.fory;

import org.apache.fory.config.CompatibleMode;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.iex.IexMessage;

/**
 * The {@code fory} and {@code foryCompatible} IEX rows: Apache Fory serialising one plain class per IEX message
 * type ({@link IexForyMessages}), registered with explicit ids, so that the type id Fory writes before the fields
 * says which message it is. Encoding fills the type's reused instance and serialises it into the codec's array;
 * decoding gets a new instance of the type's class from Fory (it cannot read into an existing object) and copies
 * it into the target. Settings in {@link ForySupport}, which says why these rows still own their buffer.
 */
public final class IexForyCodec extends NamedCodec<IexMessage> {
    private final ForySupport fory;
    private final IexForyMessages.Message[] byType = IexForyMessages.newInstances();

    private IexForyCodec(String name, CompatibleMode mode) {
        super(name);
        this.fory = ForySupport.owning(name, mode, IexForyMessages.CLASSES);
    }

    public static IexForyCodec schemaConsistent(String name) {
        return new IexForyCodec(name, CompatibleMode.SCHEMA_CONSISTENT);
    }

    public static IexForyCodec compatible(String name) {
        return new IexForyCodec(name, CompatibleMode.COMPATIBLE);
    }

    @Override
    public int encode(IexMessage value) {
        IexForyMessages.Message m = byType[value.type().ordinal()];
        m.from(value);
        return fory.write(m);
    }

    @Override
    public void decode(IexMessage target) {
        // Object: the registered class in the stream picks the type; anything but one of ours is refused below
        Object read = fory.read(Object.class);
        if (!(read instanceof IexForyMessages.Message)) {
            throw new DecodeException(name, 0, "the message holds a " + read.getClass().getName() + ", not an IEX message");
        }
        try {
            ((IexForyMessages.Message) read).to(target);
        } catch (IllegalArgumentException e) { // the model's range checks
            throw new DecodeException(name, -1, e.getMessage(), e);
        }
    }

    @Override public MessageBuffer buffer() { return fory.encoded; }
}
