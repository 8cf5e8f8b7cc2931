package org.wireshootout.codec.fory;

import org.apache.fory.config.CompatibleMode;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.jdk.EvolvedClasses;
import org.wireshootout.codec.jdk.EvolvedFields;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of a Fory row of the six-field model: Fory serialising the version-2 class of the change
 * ({@link EvolvedClasses}) as the row serialises {@code Data}, in the row's compatible mode, with the class and its
 * side enum registered under version 1's ids (so the stream identifies them as version 1's), over the same kind of
 * buffer ({@link ForySupport}). {@link EvolvedFields} copies between that class and {@link Evolved}.
 */
final class ForyEvolvedCodec extends NamedCodec<Evolved> {
    private final ForySupport fory;
    private final Class<?> v2Class;
    private final Object writeFrom;
    private final EvolvedFields fields;

    ForyEvolvedCodec(String name, CompatibleMode mode, Change change) {
        super(name);
        this.v2Class = EvolvedClasses.of(change);
        this.fory = new ForySupport(name, mode, v2Class, EvolvedClasses.side(change));
        try {
            java.lang.reflect.Constructor<?> c = v2Class.getDeclaredConstructor();
            c.setAccessible(true);
            this.writeFrom = c.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        this.fields = EvolvedFields.of(v2Class);
    }

    @Override
    public int encode(Evolved value) {
        fields.write(value, writeFrom);
        return fory.write(writeFrom);
    }

    @Override
    public void decode(Evolved target) {
        fields.read(fory.read(v2Class), target);
    }

    @Override public MessageBuffer buffer() { return fory.encoded; }
}
