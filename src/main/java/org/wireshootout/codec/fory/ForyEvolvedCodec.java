package org.wireshootout.codec.fory;

import org.apache.fory.config.CompatibleMode;
import org.wireshootout.codec.DecodeException;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.jdk.EvolvedAdapter;
import org.wireshootout.codec.jdk.EvolvedClasses;
import org.wireshootout.codec.jdk.EvolvedFields;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of a Fory row of the six-field model: Fory serialising the version-2 class of the change
 * ({@link EvolvedClasses}) as the row serialises {@code Data}, in the row's compatible mode, with the class and its
 * side enum registered under version 1's ids (so the stream identifies them as version 1's), in the caller's buffer
 * as version 1 writes and reads it. Under {@link Change#addField} (the change
 * that is timed) the class copies itself to and from {@link Evolved} by hand and decoding refuses null fields as
 * version 1's codec does; under the others {@link EvolvedFields} copies, by reflection.
 *
 * <p>The id rows' version 2 is the same with the change's class from {@link ForyIdClasses} (its fields carry
 * {@code @ForyField} ids), and for the channel row over a {@linkplain ForySupport#channel channel} support.
 */
final class ForyEvolvedCodec extends NamedCodec<Evolved> {
    private final ForySupport fory;
    private final Class<?> v2Class;
    private final Object writeFrom;
    /** Null under addField, whose class copies itself. */
    private final EvolvedFields fields;

    ForyEvolvedCodec(String name, CompatibleMode mode, Change change) {
        this(name, change, EvolvedClasses.of(change), new ForySupport(name, mode, EvolvedClasses.of(change), EvolvedClasses.side(change)));
    }

    /** The id rows' version 2: {@link ForyIdClasses}'s class of the change, over a channel support if {@code channel}. */
    static ForyEvolvedCodec withIds(String name, boolean channel, Change change) {
        Class<?> c = ForyIdClasses.of(change);
        Class<?> side = EvolvedClasses.side(change);
        return new ForyEvolvedCodec(name, change, c,
                channel ? ForySupport.channel(name, c, side) : new ForySupport(name, CompatibleMode.COMPATIBLE, c, side));
    }

    private ForyEvolvedCodec(String name, Change change, Class<?> v2Class, ForySupport fory) {
        super(name);
        this.v2Class = v2Class;
        this.fory = fory;
        try {
            java.lang.reflect.Constructor<?> c = v2Class.getDeclaredConstructor();
            c.setAccessible(true);
            this.writeFrom = c.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        this.fields = change == Change.addField ? null : EvolvedFields.of(v2Class);
    }

    @Override
    public int encode(Evolved value, MutableDirectBuffer dst, int offset) {
        if (fields == null) ((EvolvedAdapter) writeFrom).from(value);
        else fields.write(value, writeFrom);
        return fory.write(writeFrom, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Evolved target) {
        if (fields != null) {
            fields.read(fory.read(v2Class, src, offset, length), target);
            return;
        }
        int learned = fory.learnedCount();
        Object read = fory.read(v2Class, src, offset, length);
        String nullField = read instanceof EvolvedClasses.AddField
                ? ((EvolvedClasses.AddField) read).nullField() : ((ForyIdClasses.AddField) read).nullField();
        if (nullField != null) {
            fory.forgetLearned(learned);
            throw new DecodeException(name, -1, nullField + " is null");
        }
        ((EvolvedAdapter) read).into(target);
    }
}
