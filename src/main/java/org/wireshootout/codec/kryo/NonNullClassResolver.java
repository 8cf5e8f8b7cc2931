package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.util.DefaultClassResolver;
import com.esotericsoftware.kryo.util.MapReferenceResolver;
import com.esotericsoftware.kryo.Kryo;

/**
 * Kryo's default class resolver, refusing a class id of 0 (Kryo's null). {@code CompatibleFieldSerializer} with
 * {@code readUnknownFieldData} writes the class of each field's value before it, 0 for a null value, and on reading
 * a 0 it leaves the field as the new object has it: a null side or text reads as {@code Data}'s default (Buy, an
 * empty text) without an error. The rows' writers never write a null field, so the {@code kryoCompatible} rows
 * refuse one here. No other read of these rows goes through the class resolver ({@code readObject} with a known
 * class reads no class).
 */
final class NonNullClassResolver extends DefaultClassResolver {

    /** A Kryo with the rows' settings ({@link KryoSupport#configure}) and this resolver. */
    static Kryo newKryo() {
        return KryoSupport.configure(new Kryo(new NonNullClassResolver(), new MapReferenceResolver()));
    }

    @Override
    public Registration readClass(Input input) {
        int at = input.position();
        Registration r = super.readClass(input);
        if (r == null) {
            throw new KryoException("a null value (class id 0) at position " + KryoSupport.offsetOf(input, at)
                    + ": the writer writes no null field");
        }
        return r;
    }
}
